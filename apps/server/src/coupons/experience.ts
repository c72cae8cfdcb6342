/**
 * Experience coupons at the options checkout (options/service.ts): one of the user's own available
 * experience coupons in the stake coin, not expired, its whole value as the stake, is spent on the order
 * in the order's transaction (rules.ts has the rule). The order row names it; settlement pays the
 * holder only a win's profit (rules.ts experienceSettlement).
 */
import { cmp } from '@fairex/contract';
import type { Tx } from '../db/client.ts';
import { DomainError } from '../http/errors.ts';
import { lockCoupon, markExperienceUsed, type Coupon } from './repository.ts';

/** Checks the coupon and marks it used, its row locked (two orders on one coupon: the second finds it used). */
export async function spendExperienceCoupon(tx: Tx, userId: number, couponId: number, stake: { currencyId: number; amount: string }, now: number): Promise<Coupon> {
  const coupon = await lockCoupon(tx, couponId);
  if (!coupon || coupon.userId !== userId) throw new DomainError('not_found');
  if (coupon.kind !== 'experience' || coupon.currencyId !== stake.currencyId) throw new DomainError('coupon_wrong_kind');
  if (coupon.status !== 'available') throw new DomainError(coupon.status === 'expired' ? 'coupon_expired' : 'coupon_unavailable');
  if (coupon.expiresAt <= now) throw new DomainError('coupon_expired');
  if (cmp(stake.amount, coupon.value) !== 0) throw new DomainError('coupon_value_mismatch');
  await markExperienceUsed(tx, coupon.id, now);
  return coupon;
}
