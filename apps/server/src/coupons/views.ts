/** The wire forms of coupons and batches (the coupon centre, my coupons and the back office). */
import { toAmountString, type CouponBatchRow, type CouponOfferView, type CouponView, type Lang } from '@fairex/contract';
import { nameIn } from '../mining/views.ts';
import type { BatchTotals, BatchWithCoin, CouponUse, CouponWithNames } from './repository.ts';
import { experienceSettlement } from './rules.ts';

export function offerView({ batch, currency }: BatchWithCoin, lang: Lang, claimedByMe: number, eligible: boolean): CouponOfferView {
  return {
    id: batch.id,
    kind: batch.kind,
    name: nameIn(batch.name, lang),
    currency_id: batch.currencyId,
    currency,
    value: toAmountString(batch.value),
    eligibility: batch.eligibility,
    valid_days: batch.validDays,
    quantity: batch.quantity,
    left: batch.quantity - batch.claimed,
    per_user_limit: batch.perUserLimit,
    claimed_by_me: claimedByMe,
    eligible,
    claim_ends_at: batch.claimEndsAt,
    demo: batch.demo,
  };
}

/** A claimed coupon; an experience coupon with the trial option it staked and, once settled, what it paid. */
export function couponView({ coupon, name, currency, demo }: CouponWithNames, lang: Lang, use: CouponUse | undefined): CouponView {
  const settled = use !== undefined && use.outcome !== null && use.payout !== null && use.stake !== null;
  return {
    id: coupon.id,
    batch_id: coupon.batchId,
    kind: coupon.kind,
    name: nameIn(name, lang),
    currency_id: coupon.currencyId,
    currency,
    value: toAmountString(coupon.value),
    remaining: toAmountString(coupon.remaining),
    status: coupon.status,
    claimed_at: coupon.claimedAt,
    expires_at: coupon.expiresAt,
    activated_at: coupon.activatedAt,
    used_at: coupon.usedAt,
    option_order_id: use?.orderId ? String(use.orderId) : null,
    option_outcome: use?.outcome ?? null,
    option_profit: settled ? experienceSettlement(use.outcome!, use.payout!, use.stake!).toHolder : null,
    demo,
  };
}

export function batchRow({ batch, currency }: BatchWithCoin, totals: BatchTotals): CouponBatchRow {
  return {
    id: batch.id,
    kind: batch.kind,
    name_en: batch.name.en ?? '',
    name_zh: batch.name.zh ?? '',
    currency_id: batch.currencyId,
    currency,
    value: toAmountString(batch.value),
    eligibility: batch.eligibility,
    quantity: batch.quantity,
    claimed: batch.claimed,
    per_user_limit: batch.perUserLimit,
    valid_days: batch.validDays,
    claim_starts_at: batch.claimStartsAt,
    claim_ends_at: batch.claimEndsAt,
    enabled: batch.enabled,
    demo: batch.demo,
    used: totals.used,
    expired: totals.expired,
    value_used: toAmountString(totals.valueUsed),
    created_at: batch.createdAt,
  };
}
