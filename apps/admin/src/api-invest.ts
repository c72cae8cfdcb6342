/**
 * The back office's dual-investment calls (/api/admin/dual/*): the overview (time zone, symbols a product
 * may link to, the invest pool per coin), products, creating, editing and cancelling them, the orders,
 * and the runs of the settlement job.
 */
import type { DualOrderView, DualType } from '@fairex/contract';
import { pageQuery, queryString, request, type Page, type PageQuery } from './api.ts';

type Coin = { id: number; name: string; decimals: number };
export type DualSymbol = { id: number; symbol: string; base: Coin; quote: Coin };
export type DualOverview = { time_zone: string; settle_time: string; now: number; symbols: DualSymbol[]; pool: { currency: string; balance: string }[] };
export type DualProductRow = {
  id: number;
  type: DualType;
  symbol_id: number;
  symbol: string;
  currency: string;
  quote_currency: string;
  invest_currency: string;
  linked_price: string;
  apr: string;
  per_price: string;
  total_shares: number;
  sold_shares: number;
  maturity_date: string;
  settle_at: number;
  sale_end_at: number;
  enabled: boolean;
  demo: boolean;
  status: 'open' | 'settled' | 'cancelled';
  on_sale: boolean;
  settle_tick: { id: string; price: string; time: number } | null;
  settled_at: number | null;
};
export type DualOrderRow = DualOrderView & { user_id: number };
export type DualRun = { id: number; job: 'dual.settle'; ran_at: number; items: number; summary: { paid?: Record<string, string>; orders?: number; products?: { productId: number; tickId: string; price: string; orders: number; settled: boolean }[] } };

/** What POST /dual/products takes (dualProductInput): no id creates, an id edits. APR as a fraction, sale end in epoch ms. */
export type DualProductSave = {
  id?: number;
  type: DualType;
  symbol_id: number;
  linked_price: string;
  apr: string;
  per_price: string;
  total_shares: number;
  maturity_date: string;
  sale_end_at: number;
  enabled: boolean;
};
export type DualOrderQuery = PageQuery & { product_id?: number; user_id?: number };

export const investApi = {
  overview: () => request<DualOverview>('GET', '/dual'),
  products: (query: PageQuery) => request<Page<DualProductRow>>('GET', `/dual/products?${pageQuery(query)}`),
  saveProduct: (input: DualProductSave) => request<DualProductRow>('POST', '/dual/products', input),
  cancelProduct: (id: number) => request<{ product: DualProductRow; refunded: { orders: number; amount: string } }>('POST', '/dual/products/cancel', { id }),
  orders: (query: DualOrderQuery) => request<Page<DualOrderRow>>('GET', `/dual/orders?${queryString(query)}`),
  runs: (query: PageQuery) => request<Page<DualRun>>('GET', `/dual/runs?${pageQuery(query)}`),
};
