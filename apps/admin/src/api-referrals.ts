/**
 * The back office's invitation and rebate calls (/api/admin/referrals/*): the shares in force and their
 * edit (admins), the users who invited someone with their totals, and the rebate records.
 */
import type { AdminRebateRow, InviterTotalsRow, ReferralSettingsView } from '@fairex/contract';
import { queryString, request, type Page, type PageQuery } from './api.ts';

export type InviterQuery = PageQuery & { inviter_id?: number };
export type RebateQuery = PageQuery & { inviter_id?: number; invitee_id?: number };

export const referralsApi = {
  settings: () => request<ReferralSettingsView>('GET', '/referrals'),
  saveShares: (input: { level1_share: string; level2_share: string }) => request<ReferralSettingsView>('POST', '/referrals/settings', input),
  inviters: (query: InviterQuery) => request<Page<InviterTotalsRow>>('GET', `/referrals/inviters?${queryString(query)}`),
  rebates: (query: RebateQuery) => request<Page<AdminRebateRow>>('GET', `/referrals/rebates?${queryString(query)}`),
};
