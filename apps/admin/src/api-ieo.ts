/**
 * The back office's IEO calls (/api/admin/ieo/*): the overview (coins, ieo_sale balances), projects,
 * creating and editing them, new token coins, the orders with their allocation results, and the runs of
 * the allocation and release jobs (/api/admin/wealth/runs?job=).
 */
import type { IeoOrderView, IeoProjectView } from '@fairex/contract';
import { pageQuery, queryString, request, type Page, type PageQuery } from './api.ts';

export type IeoCoin = { id: number; name: string; decimals: number; enabled: boolean };
export type IeoOverview = { now: number; coins: IeoCoin[]; sale_balances: { currency: string; balance: string }[] };
export type IeoProjectRow = IeoProjectView & { enabled: boolean; demo: boolean; allocated_at: number | null; orders: number; pending_orders: number };
export type IeoOrderRow = IeoOrderView & { user_id: number; account: string; allocated_at: number | null; released_at: number | null };
export type IeoRun = { id: number; job: IeoJob; ran_at: number; items: number; summary: { paid?: Record<string, string>; charged?: Record<string, string>; refunded?: Record<string, string>; orders?: number; projects?: number[] } };
export type IeoJob = 'ieo.allocate' | 'ieo.release';

/** What POST /ieo/projects takes (ieoProjectInput): no id creates, an id edits. Times are epoch ms. */
export type IeoProjectSave = {
  id?: number;
  name: string;
  description: string;
  currency_id: number;
  pay_currency_id: number;
  price: string;
  total_issuance: string;
  amount_min: string;
  amount_max_per_user?: string;
  white_paper: string;
  website: string;
  lock_days: number;
  start_at: number;
  end_at: number;
  listing_at?: number;
  enabled: boolean;
};
export type IeoTokenCreate = { name: string; full_name: string; decimals: number; reference_price: string };

export type IeoOrderQuery = PageQuery & { product_id?: number; user_id?: number };

export const ieoApi = {
  overview: () => request<IeoOverview>('GET', '/ieo'),
  projects: (query: PageQuery) => request<Page<IeoProjectRow>>('GET', `/ieo/projects?${pageQuery(query)}`),
  saveProject: (input: IeoProjectSave) => request<IeoProjectView>('POST', '/ieo/projects', input),
  createToken: (input: IeoTokenCreate) => request<IeoCoin>('POST', '/ieo/tokens', input),
  orders: (query: IeoOrderQuery) => request<Page<IeoOrderRow>>('GET', `/ieo/orders?${queryString(query)}`),
  runs: (job: IeoJob, query: PageQuery) => request<Page<IeoRun>>('GET', `/wealth/runs?${pageQuery(query)}&job=${job}`),
};
