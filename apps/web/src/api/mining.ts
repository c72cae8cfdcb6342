import type { MiningCategory, MiningOrderView, MiningProductView } from '@fairex/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useStore } from '../store/store.ts';
import { get, post } from './client.ts';
import { fundsKeys, usePaged, type Page } from './funds.ts';
import { useIdempotent } from './idempotency.ts';

/**
 * Lock-up mining (spec section 7, lh/*): the products on offer with today's rate (and the spot balance
 * when logged in), a deposit, the user's orders in progress or ended, and early redemption.
 */
export type MiningProduct = MiningProductView;
export type MiningOrder = MiningOrderView;
/** The order lists: in progress (status 1) and ended (status 2: redeemed or expired). */
export type MiningOrderTab = 'active' | 'ended';
const ORDER_STATUS: Record<MiningOrderTab, number> = { active: 1, ended: 2 };

export const miningKeys = {
  all: ['mining'] as const,
  // The answer carries the balance only with a session: a login or logout is another list.
  products: (loggedIn: boolean) => ['mining', 'products', loggedIn] as const,
  orders: (tab: MiningOrderTab) => ['mining', 'orders', tab] as const,
};

/** GET /lh/deposit/config: every product on offer (the screens pick a category or one id from it). */
export function useMiningProducts() {
  const loggedIn = useStore((s) => s.token !== '');
  return useQuery({ queryKey: miningKeys.products(loggedIn), queryFn: () => get<MiningProduct[]>('/lh/deposit/config') });
}

/** The products of one category, in the server's order (sort, then id). */
export const ofCategory = (products: readonly MiningProduct[], category: MiningCategory) => products.filter((p) => p.category === category);

/** GET /lh/deposit/order: the user's orders of a tab, 10 a page, newest first. */
export const useMiningOrders = (tab: MiningOrderTab) =>
  usePaged(miningKeys.orders(tab), (page) => get<Page<MiningOrder>>('/lh/deposit/order', { page, status: ORDER_STATUS[tab] }));

function useRefreshMining() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: miningKeys.all }), queryClient.invalidateQueries({ queryKey: fundsKeys.all })]);
}

/** POST /lh/deposit: locks an amount of the product's coin from the spot account. */
export function useMiningDeposit() {
  const refresh = useRefreshMining();
  return useMutation({
    mutationFn: useIdempotent((input: { config_id: number; amount: string }) => post<MiningOrder>('/lh/deposit', input)),
    onSettled: refresh,
  });
}

/** POST /lh/deposit/order/cancel: early redemption of one of the user's orders. */
export function useMiningRedeem() {
  const refresh = useRefreshMining();
  return useMutation({
    mutationFn: useIdempotent((input: { id: string }) => post<MiningOrder>('/lh/deposit/order/cancel', input)),
    onSettled: refresh,
  });
}
