/**
 * The back office's coupon calls (/api/admin/coupons/*): the coins a batch may be in and the coupon
 * fund's balance, the batches with their claims and uses, creating a batch and switching one off or on
 * (admins), and the claimed coupons with what each did.
 */
import type { AdminCouponRow, CouponBatchInput, CouponBatchRow, CouponStatus } from '@fairex/contract';
import { pageQuery, queryString, request, type Page, type PageQuery } from './api.ts';

export type CouponsOverview = { coins: { id: number; name: string; decimals: number }[]; coupon_fund: { currency: string; balance: string }[]; experience_coin: string };
export type CouponClaimQuery = PageQuery & { batch_id?: number; user_id?: number; status?: CouponStatus };

export const couponsApi = {
  overview: () => request<CouponsOverview>('GET', '/coupons'),
  batches: (query: PageQuery) => request<Page<CouponBatchRow>>('GET', `/coupons/batches?${pageQuery(query)}`),
  createBatch: (input: CouponBatchInput) => request<CouponBatchRow>('POST', '/coupons/batches', input),
  switchBatch: (input: { id: number; enabled: boolean }) => request<{ id: number; enabled: boolean }>('POST', '/coupons/batches/enabled', input),
  claims: (query: CouponClaimQuery) => request<Page<AdminCouponRow>>('GET', `/coupons/claims?${queryString(query)}`),
};
