import { useDeferredValue } from 'react';

/**
 * A query's data as a deferred copy: its first render when the data arrives, and each update's (a live
 * ticker), is a transition React does in slices, not one long task (a query's update alone renders at
 * once). `loading` holds while the query is pending and until the copy has caught up with its first data.
 */
export function useDeferredData<T>(query: { data: T | undefined; isPending: boolean }): { shown: T | undefined; loading: boolean } {
  const shown = useDeferredValue(query.data);
  return { shown, loading: query.isPending || (query.data !== undefined && shown === undefined) };
}
