/**
 * The back office's lock-up mining calls (/api/admin/mining/*): the overview (products with what their
 * orders hold, recent and upcoming daily rates, coins, interest_expense per coin), saving a product,
 * publishing a rate for a day that has not started, the order search, and the runs of the payout job
 * (/api/admin/wealth/runs?job=mining.payout).
 */
import type { MiningCategory, MiningOrderStatus, MiningOrderView } from '@fairex/contract';
import { pageQuery, queryString, request, type Page, type PageQuery } from './api.ts';

export type MiningProductRow = {
  id: number;
  category: MiningCategory;
  name_en: string;
  name_zh: string;
  currency_id: number;
  currency: string;
  term_days: number;
  daily_yield_min: string;
  daily_yield_max: string;
  amount_min: string;
  amount_max: string | null;
  penalty_ratio: string;
  enabled: boolean;
  sort: number;
  demo: boolean;
  active_orders: number;
  locked: string;
};
export type MiningRateRow = { product_id: number; day: string; rate: string; source: 'operator' | 'range_low'; published_at: number };
export type MiningOverview = {
  time_zone: string;
  today: string;
  products: MiningProductRow[];
  rates: MiningRateRow[];
  coins: { id: number; name: string; decimals: number }[];
  interest_expense: { currency: string; balance: string }[];
};
/** What POST /mining/products takes (miningProductInput): no id creates, an id edits. */
export type MiningProductSave = {
  id?: number;
  category: MiningCategory;
  name_en: string;
  name_zh: string;
  currency_id: number;
  term_days: number;
  daily_yield_min: string;
  daily_yield_max: string;
  amount_min: string;
  amount_max?: string;
  penalty_ratio: string;
  enabled: boolean;
  sort: number;
};
export type MiningOrderRow = Omit<MiningOrderView, 'payouts'> & { user_id: number };
export type MiningOrderQuery = PageQuery & { user_id?: number; product_id?: number; status?: MiningOrderStatus };
export type MiningRun = {
  id: number;
  job: 'mining.payout';
  ran_at: number;
  items: number;
  summary: { paid?: Record<string, string>; returned?: Record<string, string>; orders_paid?: number; days_paid?: number; orders_unlocked?: number };
};

export const miningApi = {
  overview: () => request<MiningOverview>('GET', '/mining'),
  saveProduct: (input: MiningProductSave) => request<MiningProductRow>('POST', '/mining/products', input),
  publishRate: (input: { product_id: number; day: string; rate: string }) => request<MiningRateRow>('POST', '/mining/rates', input),
  orders: (query: MiningOrderQuery) => request<Page<MiningOrderRow>>('GET', `/mining/orders?${queryString(query)}`),
  runs: (query: PageQuery) => request<Page<MiningRun>>('GET', `/wealth/runs?${pageQuery(query)}&job=mining.payout`),
};
