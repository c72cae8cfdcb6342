/**
 * Coupon tests: batches made through the back-office API, claims and uses through the user API, on the
 * growth rig (referrals/support.ts: a moved clock, real spot fills, the fee-posting job).
 */
import { DAY_MS, type CouponView } from '@fairex/contract';
import { call } from '../support/app.ts';
import type { GrowthRig, User } from '../referrals/support.ts';

let batchCounter = 0;

export type BatchFields = {
  kind?: 'fee_discount' | 'experience';
  currency_id?: number;
  value?: string;
  eligibility?: 'all' | 'invited' | 'verified';
  quantity?: number;
  per_user_limit?: number;
  valid_days?: number;
  claim_starts_at?: number;
  claim_ends_at?: number;
};

/** Creates a batch through the back office: by default a 10 USDT fee discount for anyone, 100 of them, one each, valid 30 days, claimable for 30 days from now. */
export async function makeBatch(rig: GrowthRig, fields: BatchFields = {}) {
  const res = await call(rig.test.app, '/admin/coupons/batches', {
    token: rig.op,
    payload: {
      kind: 'fee_discount',
      name_en: `Coupon ${++batchCounter}`,
      name_zh: `优惠券 ${batchCounter}`,
      currency_id: rig.usdt,
      value: '10',
      eligibility: 'all',
      quantity: 100,
      per_user_limit: 1,
      valid_days: 30,
      claim_starts_at: rig.clock.now,
      claim_ends_at: rig.clock.now + 30 * DAY_MS,
      ...fields,
    },
  });
  if (res.body.type !== 'ok') throw new Error(`batch: ${JSON.stringify(res.body)}`);
  return res.body.message as { id: number; name_en: string };
}

export const claim = (rig: GrowthRig, user: User, batchId: number, lang?: string) => call(rig.test.app, '/coupon/claim', { token: user.token, lang, payload: { batch_id: batchId } });

/** Claims a coupon that must be given. */
export async function claimed(rig: GrowthRig, user: User, batchId: number): Promise<CouponView> {
  const res = await claim(rig, user, batchId);
  if (res.body.type !== 'ok') throw new Error(`claim: ${JSON.stringify(res.body)}`);
  return res.body.message;
}

export const useCoupon = (rig: GrowthRig, user: User, id: number, lang?: string) => call(rig.test.app, '/coupon/use', { token: user.token, lang, payload: { id } });

export async function myCoupons(rig: GrowthRig, user: User, status?: 'available' | 'used' | 'expired'): Promise<CouponView[]> {
  const res = await call(rig.test.app, '/coupon/mine', { method: 'GET', token: user.token, payload: { status } });
  if (res.body.type !== 'ok') throw new Error(`mine: ${JSON.stringify(res.body)}`);
  return res.body.message.data;
}

export async function couponOf(rig: GrowthRig, user: User, id: number): Promise<CouponView | undefined> {
  for (const status of ['available', 'used', 'expired'] as const) {
    const found = (await myCoupons(rig, user, status)).find((c) => c.id === id);
    if (found) return found;
  }
  return undefined;
}

/** One run of the expiry job in a transaction of its own. */
export const runExpiry = (rig: GrowthRig) => rig.test.db.transaction((tx) => rig.test.ctx.coupons.expire(tx));
