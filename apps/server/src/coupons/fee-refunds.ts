/**
 * Fee-discount refunds, as the fee-posting job (referrals/fee-postings.ts) pays them: which of the
 * payer's applied coupons cover each spot fee posting and what each gives (rules.ts). The plan is made
 * on the coupon rows locked by the job's transaction; the refunds and the coupons' new remaining values
 * are written with the ledger entry that pays them.
 */
import { isPositive, money, toAmountString } from '@fairex/contract';
import type { Tx } from '../db/client.ts';
import { insertRefunds, refundingCoupons, setRemaining, type Coupon, type CouponRefund } from './repository.ts';
import { refundSplit } from './rules.ts';

export type FeeToRefund = { postingId: number; amount: string; payerId: number };
export type PlannedRefund = { postingId: number; couponId: number; userId: number; amount: string };
export type RefundPlan = { refunds: PlannedRefund[]; coupons: Map<number, Coupon> };

/** Whether a fee discount covers a fee posting: applied before it, and not expired before it. */
const covers = (coupon: Coupon, postingId: number) =>
  coupon.fromPostingId !== null && coupon.fromPostingId < postingId && (coupon.untilPostingId === null || postingId <= coupon.untilPostingId);

/** The refunds of these fees (in posting order) from their payers' applied coupons in the fee coin. */
export async function planRefunds(tx: Tx, fees: readonly FeeToRefund[], currencyId: number, coinDecimals: number): Promise<RefundPlan> {
  const held = await refundingCoupons(tx, [...new Set(fees.map((f) => f.payerId))], currencyId);
  const coupons = new Map(held.map((c) => [c.id, c]));
  const remaining = new Map(held.map((c) => [c.id, toAmountString(c.remaining)]));
  const refunds: PlannedRefund[] = [];
  for (const fee of fees) {
    const covering = held
      .filter((c) => c.userId === fee.payerId && covers(c, fee.postingId) && isPositive(remaining.get(c.id)!))
      .map((c) => ({ id: c.id, remaining: remaining.get(c.id)! }));
    for (const { couponId, amount } of refundSplit(fee.amount, coinDecimals, covering)) {
      refunds.push({ postingId: fee.postingId, couponId, userId: fee.payerId, amount });
      remaining.set(couponId, toAmountString(money(remaining.get(couponId)!).minus(amount)));
    }
  }
  return { refunds, coupons };
}

/** What each fee posting had refunded, by posting id. */
export function refundedByPosting(refunds: readonly { postingId: number; amount: string }[]): Map<number, string> {
  const totals = new Map<number, string>();
  for (const r of refunds) totals.set(r.postingId, toAmountString(money(totals.get(r.postingId) ?? 0).plus(r.amount)));
  return totals;
}

/**
 * Writes the planned refunds (a (posting, coupon) already refunded is skipped) and takes what was
 * written off each coupon; a coupon left with nothing is used. Answers the refund rows written.
 */
export async function recordRefunds(tx: Tx, plan: RefundPlan, now: number): Promise<CouponRefund[]> {
  const written = await insertRefunds(
    tx,
    plan.refunds.map((r) => ({ ...r, paidAt: now })),
  );
  const taken = new Map<number, string>();
  for (const r of written) taken.set(r.couponId, toAmountString(money(taken.get(r.couponId) ?? 0).plus(r.amount)));
  await setRemaining(
    tx,
    [...taken].map(([id, amount]) => ({ id, remaining: toAmountString(money(plan.coupons.get(id)!.remaining).minus(amount)) })),
    now,
  );
  return written;
}
