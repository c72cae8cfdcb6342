import type { DualOrderStatus, DualOrderView, DualProductView, DualType } from '@fairex/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useStore } from '../store/store.ts';
import { get, post } from './client.ts';
import { useIdempotent } from './idempotency.ts';

/**
 * Dual investment (spec section 7, dual/*): the product index by type and underlying coin, one product
 * with its income estimate for a number of shares, buying whole shares, and the user's orders.
 */
export type DualProduct = DualProductView;
export type DualOrder = DualOrderView;
export type DualOrderPage = { data: DualOrder[]; total: number; page: number; limit: number };
export type DualBuyInput = { id: number; num: number };

export const investKeys = {
  all: ['invest'] as const,
  /** Logged in or not is part of the key: the answers carry the reader's balance. */
  index: (type: DualType, currencyId: number | undefined, signedIn: boolean) => ['invest', 'index', type, currencyId ?? 'all', signedIn] as const,
  detail: (id: number, signedIn: boolean) => ['invest', 'detail', id, signedIn] as const,
  orders: (status: DualOrderStatus | undefined) => ['invest', 'orders', status ?? 'all'] as const,
};

const useSignedIn = () => useStore((s) => s.token !== '');

/** GET /dual/index: the open products of a type; every underlying when `currencyId` is undefined. */
export function useDualIndex(type: DualType, currencyId?: number) {
  const signedIn = useSignedIn();
  return useQuery({
    queryKey: investKeys.index(type, currencyId, signedIn),
    queryFn: () => get<DualProduct[]>('/dual/index', { type, currency_id: currencyId }),
  });
}

/**
 * GET /dual/detail: one product. The purchase screen previews any number of shares with the contract's
 * rules (the ones the server settles by), so the product is asked for once, not per keystroke.
 */
export function useDualDetail(id: number) {
  const signedIn = useSignedIn();
  return useQuery({
    queryKey: investKeys.detail(id, signedIn),
    queryFn: () => get<DualProduct>('/dual/detail', { id }),
    enabled: id > 0,
    retry: false,
  });
}

/** While an order waits for its settlement, the list is asked again this often (the job looks every 10 s). */
export const SETTLING_REFRESH_MS = 10_000;

const awaitsSettlement = (order: DualOrder) => order.status === 'settling' || (order.status === 'purchased' && order.settle_at <= Date.now());

/** POST /dual/dual_list: the user's orders, 10 a page, loaded on demand. */
export function useDualOrders(status?: DualOrderStatus) {
  return useInfiniteQuery({
    queryKey: investKeys.orders(status),
    queryFn: ({ pageParam }) => post<DualOrderPage>('/dual/dual_list', { page: pageParam, status }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.limit < last.total ? last.page + 1 : undefined),
    refetchInterval: (query) => (query.state.data?.pages.some((page) => page.data.some(awaitsSettlement)) ? SETTLING_REFRESH_MS : false),
  });
}

/** POST /dual/buyDual with an idempotency key: a double tap or a resend buys once. */
export function useBuyDual() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: useIdempotent((input: DualBuyInput) => post<DualOrder>('/dual/buyDual', input)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: investKeys.all }),
  });
}
