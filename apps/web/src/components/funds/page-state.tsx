import { Button, DotLoading } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { isNotFound } from '../not-found.tsx';

/** The parts of a query it reads: a TanStack query, or figures drawn from several (their data once all are in). */
export type PageQuery<T> = { data: T | undefined; isError: boolean; error: unknown; refetch: () => unknown };

/**
 * A query's faces: loading, failed (with a retry button) and its data; a page reading one thing by its id
 * passes `notFound` (components/not-found.tsx), shown instead of a pointless retry when nothing has that id.
 */
export function PageState<T>({ query, children, notFound }: { query: PageQuery<T>; children: (data: T) => ReactNode; notFound?: ReactNode }) {
  const { t } = useTranslation();
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.isError && notFound !== undefined && isNotFound(query.error)) return <>{notFound}</>;
  if (query.isError) {
    return (
      <div className="empty" role="alert">
        <span>{query.error instanceof ApiError ? query.error.message : t('funds.loadFailed')}</span>
        <Button size="small" shape="rounded" fill="outline" onClick={() => void query.refetch()}>
          {t('funds.retry')}
        </Button>
      </div>
    );
  }
  return (
    <div className="empty" role="status" aria-label={t('funds.loading')}>
      <DotLoading color="currentColor" />
    </div>
  );
}
