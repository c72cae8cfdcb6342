/**
 * What the markets screens share: a save that toasts and reloads the page's data, and the search
 * filters of the order and trade pages, kept in the URL (?user_id=&symbol_id=&status=&side=&from=&to=)
 * so Back and reload keep them.
 */
import type { SpotSearchQuery } from './api.ts';
import { useI18n } from './i18n.tsx';
import { pageQueryOf, positiveIntParam } from './load.ts';
import { useDecision } from './review-queue.ts';

/** Runs one change through the shared decision helper: a "saved" toast and fresh data, or the server's message. */
export function useSave() {
  const decide = useDecision();
  const { t } = useI18n();
  return (action: () => Promise<unknown>) => decide(action, t('markets.saved'));
}

/** Filters read from the URL; times are ISO strings the server parses. */
export function searchQueryOf(request: Request): SpotSearchQuery {
  const params = new URL(request.url).searchParams;
  const { page, limit } = pageQueryOf(request);
  return {
    page,
    limit,
    user_id: positiveIntParam(params, 'user_id'),
    symbol_id: positiveIntParam(params, 'symbol_id'),
    status: params.get('status') || undefined,
    side: params.get('side') || undefined,
    from: params.get('from') || undefined,
    to: params.get('to') || undefined,
  };
}

/** A datetime-local field's value (the operator's local time) as an ISO instant, and back. */
export const isoOfLocal = (value: string) => (value ? new Date(value).toISOString() : '');
export function localOfIso(iso: string | undefined) {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
