import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Page } from '../api/funds.ts';
import { Empty, LoadMore } from './funds/funds.tsx';
import { PageState } from './funds/page-state.tsx';

/**
 * The app's one paging style: a list read 10 at a time, its pages' rows in one labelled list, a message
 * when there is none, and "load more" under it while the server has more ("no more data" after the last).
 * Feed it `usePaged(key, (page) => get<Page<Row>>(path, { page }))` from api/funds.ts; each row renders
 * inside an <li> (with `itemClassName`).
 */
export function PagedList<T>({
  query,
  label,
  empty,
  keyOf,
  className,
  itemClassName,
  children,
}: {
  query: UseInfiniteQueryResult<InfiniteData<Page<T>>>;
  label: string;
  empty?: string;
  keyOf: (row: T, index: number) => string | number;
  className?: string;
  itemClassName?: string;
  children: (row: T) => ReactNode;
}) {
  return (
    <PageState query={query}>
      {(data) => {
        const rows = data.pages.flatMap((page) => page.data);
        if (rows.length === 0) return <Empty>{empty}</Empty>;
        return (
          <>
            <ul className={className} aria-label={label}>
              {rows.map((row, index) => (
                <li key={keyOf(row, index)} className={itemClassName}>
                  {children(row)}
                </li>
              ))}
            </ul>
            <LoadMore hasMore={query.hasNextPage} loading={query.isFetchingNextPage} onMore={() => void query.fetchNextPage()} />
          </>
        );
      }}
    </PageState>
  );
}
