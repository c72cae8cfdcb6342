/**
 * The back office's calls for wealth products in general (/api/admin/wealth*): the operator's time zone,
 * the balances of the system accounts behind the products, and the runs of every wealth job.
 */
import type { WealthJobName } from '@fairex/contract/rules';
import { pageQuery, request, type Page, type PageQuery } from './api.ts';

export type WealthJob = WealthJobName;
export type WealthOverview = { time_zone: string; now: number; system_accounts: { system: string; currency: string; balance: string }[] };
export type WealthRun = { id: number; job: WealthJob; ran_at: number; items: number; summary: Record<string, unknown> };

export const wealthApi = {
  overview: () => request<WealthOverview>('GET', '/wealth'),
  runs: (query: PageQuery & { job?: WealthJob }) => request<Page<WealthRun>>('GET', `/wealth/runs?${pageQuery(query)}${query.job ? `&job=${query.job}` : ''}`),
  saveTimeZone: (timeZone: string) => request<{ time_zone: string }>('POST', '/wealth/settings', { time_zone: timeZone }),
};
