/**
 * The back office's OTC calls (/api/admin/otc/*): merchants and their decisions, the payment methods on
 * offer, ads (an operator takes one offline), orders and one order with both sides' chat and proof, and
 * the appeals queue (orders appealed and undecided) with the decision.
 */
import type {
  OtcAdminAdRow,
  OtcAdminMerchantRow,
  OtcAdminMethodRow,
  OtcAdminOrderDetail,
  OtcAdminOrderRow,
  OtcAdStatus,
  OtcMerchantStatus,
  OtcOrderStatus,
  OtcSettingsView,
} from '@fairex/contract';
import { queryString, request, type Page, type PageQuery } from './api.ts';

export type { OtcSettingsView, OtcAdminAdRow, OtcAdminMerchantRow, OtcAdminMethodRow, OtcAdminOrderDetail, OtcAdminOrderRow };
export type MerchantDecision = 'approve' | 'reject' | 'suspend' | 'reinstate';
export type MethodSave = { id?: number; name: string; enabled: boolean; sort: number };

export const otcApi = {
  merchants: (query: PageQuery & { status?: OtcMerchantStatus; user_id?: number }) => request<Page<OtcAdminMerchantRow>>('GET', `/otc/merchants?${queryString(query)}`),
  decideMerchant: (input: { id: number; decision: MerchantDecision; reason: string }) =>
    request<{ id: number; status: OtcMerchantStatus }>('POST', '/otc/merchants/decide', input),
  methods: () => request<OtcAdminMethodRow[]>('GET', '/otc/methods'),
  saveMethod: (input: MethodSave) => request<OtcAdminMethodRow>('POST', '/otc/methods', input),
  ads: (query: PageQuery & { status?: OtcAdStatus; user_id?: number }) => request<Page<OtcAdminAdRow>>('GET', `/otc/ads?${queryString(query)}`),
  closeAd: (input: { id: number; reason: string }) => request<{ id: number }>('POST', '/otc/ads/close', input),
  orders: (query: PageQuery & { status?: OtcOrderStatus; user_id?: number }) => request<Page<OtcAdminOrderRow>>('GET', `/otc/orders?${queryString(query)}`),
  order: (id: string) => request<OtcAdminOrderDetail>('GET', `/otc/order?id=${encodeURIComponent(id)}`),
  settings: () => request<OtcSettingsView>('GET', '/otc/settings'),
  saveSettings: (input: { release_minutes: number }) => request<OtcSettingsView>('POST', '/otc/settings', input),
  decideAppeal: (input: { id: string; decision: 'release' | 'return'; note: string }) => request<OtcAdminOrderDetail>('POST', '/otc/appeals/decide', input),
};
