/**
 * The back office's copy-trading calls (/api/admin/copy/*): trader applications and traders with their
 * statistics and the decision on them (approve, reject, revoke), every follow, the copies followers got
 * none of and why, and the settings every new or edited follow is held to.
 */
import type {
  CopyFollowAdminView,
  CopyFollowStatus,
  CopySettingsInput,
  CopySettingsView,
  CopySkipAdminView,
  CopyTraderAdminView,
  CopyTraderStatus,
} from '@fairex/contract';
import { queryString, request, type Page, type PageQuery } from './api.ts';

export type { CopyFollowAdminView, CopySettingsInput, CopySettingsView, CopySkipAdminView, CopyTraderAdminView };
/** What POST /copy/traders/decide takes (copyTraderDecisionInput): a reason is required to reject or revoke. */
export type CopyTraderDecision = { user_id: number; decision: 'approve' | 'reject' | 'revoke'; reason: string };

export const copyApi = {
  traders: (query: PageQuery & { status: CopyTraderStatus | 'all' }) => request<Page<CopyTraderAdminView>>('GET', `/copy/traders?${queryString(query)}`),
  decide: (input: CopyTraderDecision) => request<CopyTraderAdminView>('POST', '/copy/traders/decide', input),
  follows: (query: PageQuery & { status: CopyFollowStatus | 'all'; trader_user_id?: number }) => request<Page<CopyFollowAdminView>>('GET', `/copy/follows?${queryString(query)}`),
  skips: (query: PageQuery) => request<Page<CopySkipAdminView>>('GET', `/copy/skips?${queryString(query)}`),
  settings: () => request<CopySettingsView>('GET', '/copy/settings'),
  saveSettings: (input: CopySettingsInput) => request<CopySettingsView>('POST', '/copy/settings', input),
};
