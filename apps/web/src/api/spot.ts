import type { SpotMarketMakerView, SpotOrderItem, SpotTradeInput } from '@fairex/contract';
import { SPOT_PAGE_SIZE } from '@fairex/contract/constants';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useStore } from '../store/store.ts';
import { get, post, put } from './client.ts';
import { usePaged } from './funds.ts';
import { useIdempotent } from './idempotency.ts';

/** Spot orders (POST /coin/trade, PUT /coin/trade?id=, GET /coin/list) and the spot balances. */
export type SpotListStatus = 'in_progress' | 'completed';
export type SpotOrderPage = { data: SpotOrderItem[]; total: number; page: number; limit: number };
export type { SpotOrderItem };

/** GET /currency/user_currency_list: each coin with its available amount per account field. */
export type UserCurrency = { id: number; name: string; logo?: string; decimals?: number; available: Record<string, string> };

export const spotKeys = {
  all: ['spot'] as const,
  orderPages: (status: SpotListStatus, currencyId?: number) => ['spot', 'order-pages', status, currencyId ?? 0] as const,
  balances: ['spot', 'balances'] as const,
};

/** The user's spot orders (open or history) read page after page ("load more"), one symbol's (its quotation id) or all. */
export const useSpotOrderPages = (status: SpotListStatus, currencyId?: number) =>
  usePaged(spotKeys.orderPages(status, currencyId), (page) => get<SpotOrderPage>('/coin/list', { status, page, limit: SPOT_PAGE_SIZE, currency_id: currencyId }));

/** Available spot balance per coin id (the spot account is "change" in the legacy field names). */
export function useSpotBalances() {
  const token = useStore((s) => s.token);
  return useQuery({
    queryKey: spotKeys.balances,
    queryFn: async () => {
      const coins = await get<UserCurrency[]>('/currency/user_currency_list');
      return new Map(coins.map((coin) => [coin.id, coin.available.change ?? coin.available.spot ?? '0']));
    },
    enabled: token !== '',
  });
}

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: useIdempotent((input: Omit<SpotTradeInput, 'target_price' | 'client_id'> & { target_price: string }) =>
      post<SpotOrderItem>('/coin/trade', input),
    ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: spotKeys.all }),
  });
}

/** The server answers the translated "order cancelled" text. */
export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => put<string>(`/coin/trade?id=${id}`, { id }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: spotKeys.all }),
  });
}

/** How long the market-maker line is kept: who quotes the books changes only when an operator switches the demo traders. */
const MARKET_MAKER_STALE_MS = 5 * 60_000;

/** GET /coin/market_maker (public): the platform market maker's account and the demo traders trading against it (none in production). */
export function useMarketMaker() {
  return useQuery({ queryKey: ['spot', 'market-maker'], queryFn: () => get<SpotMarketMakerView>('/coin/market_maker', undefined, true), staleTime: MARKET_MAKER_STALE_MS });
}
