import type { candleItem, favouriteItem, quotationItem } from '@fairex/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { useStore } from '../store/store.ts';
import { get, post } from './client.ts';

/** Market calls of spec section 7 "Market and trade": quotations, candles and favourites. */
export type Quotation = z.infer<typeof quotationItem>;
export type Candle = z.infer<typeof candleItem>;
export type Favourite = z.infer<typeof favouriteItem>;
export type SymbolKind = Quotation['kind'];

export const marketKeys = {
  quotations: ['market', 'quotations'] as const,
  favourites: ['market', 'favourites'] as const,
};

/** How often the list is refetched as a fallback for tickers the socket did not deliver. */
const QUOTATIONS_REFRESH_MS = 30_000;

/** GET /currency/quotation_new: every symbol's quotation (also prefetched with the pages that show one). */
export const quotationsQuery = queryOptions({
  queryKey: marketKeys.quotations,
  queryFn: () => get<Quotation[]>('/currency/quotation_new', undefined, true),
});

export function useQuotations() {
  return useQuery({ ...quotationsQuery, refetchInterval: QUOTATIONS_REFRESH_MS });
}

/** The quotation of one symbol ("BTC/USDT"), once the list has loaded. */
export function useQuotation(symbol: string) {
  const quotations = useQuotations();
  return { ...quotations, data: quotations.data?.find((q) => q.symbol === symbol) };
}

/**
 * GET /currency/new_timeshar, oldest first; from and to are epoch seconds. source 'index': the index's own
 * candles from its ticks (what options settle on), else the stored ones (trades where a bar has any).
 */
export const fetchCandles = (symbol: string, period: string, from: number, to: number, source: 'trades' | 'index' = 'trades') =>
  get<Candle[]>('/currency/new_timeshar', source === 'index' ? { symbol, period, from, to, source } : { symbol, period, from, to }, true);

/** GET /optional/list, only while logged in. */
export function useFavourites() {
  const token = useStore((s) => s.token);
  return useQuery({
    queryKey: marketKeys.favourites,
    queryFn: () => get<Favourite[]>('/optional/list'),
    enabled: token !== '',
  });
}

/** POST /optional/add or /optional/del by the symbol's id (quotation `id`). */
export function useToggleFavourite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ symbolId, add }: { symbolId: number; add: boolean }) =>
      post<null>(add ? '/optional/add' : '/optional/del', { currency_id: symbolId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: marketKeys.favourites }),
  });
}
