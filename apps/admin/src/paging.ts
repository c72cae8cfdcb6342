import type { TablePaginationConfig } from 'antd';
import { useNavigation, useSearchParams } from 'react-router';
import type { Page } from './api.ts';

/** Table pagination bound to ?page=&limit= in the URL; the route's loader fetches the page. */
export function usePaging(result: Page<unknown>) {
  const [params, setParams] = useSearchParams();
  const busy = useNavigation().state === 'loading';
  const pagination: TablePaginationConfig = {
    current: result.page,
    pageSize: result.limit,
    total: result.total,
    showSizeChanger: true,
    onChange: (page, limit) =>
      setParams((previous) => {
        const next = new URLSearchParams(previous);
        next.set('page', String(page));
        next.set('limit', String(limit));
        return next;
      }),
  };
  return { pagination, busy, params, setParams };
}
