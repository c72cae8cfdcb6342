import type { TablePaginationConfig } from 'antd';
import { useNavigate, useNavigation, useSearchParams } from 'react-router';
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

/**
 * Changes some of the URL's parameters and keeps the others, so each list of a screen with several keeps
 * its place. `undefined` or '' removes a parameter: a filter passes its list's page so to go back to page 1.
 */
export function useUrlChange() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  return (changes: Record<string, string | number | undefined>) => {
    const params = new URLSearchParams(search);
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined || value === '') params.delete(key);
      else params.set(key, String(value));
    }
    navigate(`?${params}`);
  };
}
