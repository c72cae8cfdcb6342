/**
 * Coupons, pure (issue 12). The rules, as a real exchange runs them:
 *
 * Claiming. A batch can be claimed while it is switched on and between its claim start (inclusive) and
 * end (exclusive), until `quantity` coupons are out, at most `per_user_limit` per user, by the users its
 * eligibility admits (all; invited: registered with an invite code; verified: identity level 1 or more).
 * A claimed coupon is valid for `valid_days` days from its claim; past that it is expired by a job.
 *
 * Fee discount. Applying it ("use") starts it. It then refunds the holder's spot trading fees in its coin,
 * fill by fill, from the fees account: every fee posting after the one that was latest when it was applied
 * and up to the one that was latest when it expired (fills decide, not the job's timing). A fee is taken
 * from the holder's coupons soonest-to-expire first, each giving min(fee left, its remaining), rounded down
 * to the coin's unit (the holder receives it); a coupon whose value is spent is used. Worked examples
 * (USDT has 6 decimals):
 *  1. A 10 USDT coupon and a spot fee of 1.3 USDT: 1.3 is refunded, 8.7 is left.
 *  2. 0.5 USDT left and a fee of 1.3: 0.5 is refunded and the coupon is used; the holder pays 0.8.
 *  3. Two coupons, 0.5 left (expiring first) and 10 left, and a fee of 1.3: 0.5 from the first, 0.8 from
 *     the second (9.2 left).
 *  4. A fee of 0.1234567 USDT (a fine amount) and 10 left: 0.123456 is refunded (rounded down).
 *
 * Experience. One coupon stakes one seconds option (POST /microtrade/submit with coupon_id): the whole
 * value, in the option stake coin, within the chosen duration's stake range, placed before the coupon
 * expires. The stake moves from the platform's coupon_fund to the option pool; the fee is waived. At
 * settlement a win pays the profit, stake x ratio (rounded down), to the holder's options account and
 * the stake back to coupon_fund; a draw returns the stake to coupon_fund; a loss leaves it in the pool.
 * The holder never pays or receives the stake, so it can be neither withdrawn nor transferred.
 *  5. A 10 USDT experience coupon on a 60 s duration with ratio 0.85 that wins: 8.5 USDT to the holder,
 *     10 back to coupon_fund. The same order drawing: 0 to the holder, 10 to coupon_fund; losing: nothing.
 */
import type { CouponEligibility, CouponStatus, CouponTab, ErrorCode, MoneyInput, OptionOutcome } from '@fairex/contract';
import { DAY_MS, isPositive, money, receiveUnits, toAmountString } from '@fairex/contract';

export type Claimable = { enabled: boolean; claimStartsAt: number; claimEndsAt: number; quantity: number; claimed: number };

/** Why a batch cannot be claimed now (before the user's own limit and eligibility), or undefined. */
export function claimRefusal(batch: Claimable, now: number): ErrorCode | undefined {
  if (!batch.enabled || now < batch.claimStartsAt || now >= batch.claimEndsAt) return 'coupon_not_claimable';
  if (batch.claimed >= batch.quantity) return 'coupon_sold_out';
  return undefined;
}

/** Whether a user of this standing may claim a batch of this eligibility. */
export function isEligible(eligibility: CouponEligibility, standing: { invited: boolean; verified: boolean }): boolean {
  if (eligibility === 'invited') return standing.invited;
  if (eligibility === 'verified') return standing.verified;
  return true;
}

/** A coupon claimed at `claimedAt` expires `validDays` days later. */
export const couponExpiresAt = (claimedAt: number, validDays: number) => claimedAt + validDays * DAY_MS;

/** The statuses each tab of "my coupons" shows. */
export const TAB_STATUSES: Record<CouponTab, CouponStatus[]> = {
  available: ['available', 'active'],
  used: ['used'],
  expired: ['expired'],
};

export type RefundingCoupon = { id: number; remaining: string };

/**
 * How a fee is refunded by the holder's covering coupons, in the order given (soonest to expire first):
 * each gives min(fee left, its remaining), rounded down to the coin's unit; shares of 0 are left out.
 */
export function refundSplit(fee: MoneyInput, coinDecimals: number, coupons: readonly RefundingCoupon[]): { couponId: number; amount: string }[] {
  const split: { couponId: number; amount: string }[] = [];
  let left = money(receiveUnits(fee, coinDecimals));
  for (const coupon of coupons) {
    if (!isPositive(left)) break;
    const amount = money(receiveUnits(money(coupon.remaining).lessThan(left) ? coupon.remaining : left, coinDecimals));
    if (!isPositive(amount)) continue;
    split.push({ couponId: coupon.id, amount: toAmountString(amount) });
    left = left.minus(amount);
  }
  return split;
}

/** Where an experience order's settlement goes: the holder gets a win's profit only, coupon_fund its stake back on a win or a draw. */
export function experienceSettlement(outcome: OptionOutcome, payout: MoneyInput, stake: MoneyInput): { toHolder: string; toFund: string } {
  if (outcome === 'lose') return { toHolder: '0', toFund: '0' };
  return { toHolder: toAmountString(money(payout).minus(stake)), toFund: toAmountString(stake) };
}
