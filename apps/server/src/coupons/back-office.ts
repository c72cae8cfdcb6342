/**
 * Back office for coupons: batches (created by admins, switched off or on by admins, logged), the
 * claimed coupons with what each did (fee refunds paid, the trial option staked and its result), and the
 * coupon fund's balance. No call changes a coupon's value or a refund: those follow from fills alone.
 */
import { money, toAmountString, type AdminCouponListInput, type AdminCouponRow, type CouponBatchInput, type Lang } from '@fairex/contract';
import { logAction, type Operator } from '../admin/operators.ts';
import type { AppContext } from '../app-context.ts';
import type { Executor } from '../db/client.ts';
import { DomainError } from '../http/errors.ts';
import { listDurations } from '../options/repository.ts';
import { COUPON_FUND_COIN } from './fund.ts';
import { batchById, coinById, couponFundBalances, insertBatch, listCoins, pageBatches, pageCoupons, setBatchEnabled, usesOf } from './repository.ts';
import { batchRow, couponView } from './views.ts';

/** GET /api/admin/coupons: the coins a batch may be in and the coupon fund's balance per coin. */
export async function couponsOverview(db: Executor) {
  const [coins, fund] = await Promise.all([listCoins(db), couponFundBalances(db)]);
  return {
    coins: coins.map((c) => ({ id: c.id, name: c.name, decimals: c.decimals })),
    coupon_fund: fund.map((f) => ({ currency: f.currency, balance: toAmountString(f.balance) })),
    experience_coin: COUPON_FUND_COIN,
  };
}

/** GET /api/admin/coupons/batches: batches, newest first, with claims, uses and the value used. */
export async function searchBatches(db: Executor, input: { page: number; limit: number }) {
  const { rows, total } = await pageBatches(db, input.page, input.limit);
  return { data: rows.map((r) => batchRow(r, r)), total, page: input.page, limit: input.limit };
}

/**
 * POST /api/admin/coupons/batches: a new batch. Its value is a whole multiple of the coin's unit; an
 * experience batch is in the option stake coin and its value is a stake some offered duration takes
 * (coupon_experience_unusable otherwise). Logged.
 */
export async function createBatch(ctx: Pick<AppContext, 'clock' | 'db'>, operator: Operator, input: CouponBatchInput) {
  const coin = await coinById(ctx.db, input.currency_id);
  if (!coin) throw new DomainError('currency_unavailable');
  if (money(input.value).decimalPlaces() > coin.decimals) throw new DomainError('wrong_number');
  if (input.kind === 'experience') {
    const durations = await listDurations(ctx.db, { enabledOnly: true });
    const fits = durations.some((d) => money(input.value).greaterThanOrEqualTo(d.stakeMin) && money(input.value).lessThanOrEqualTo(d.stakeMax));
    if (coin.name !== COUPON_FUND_COIN || !fits) throw new DomainError('coupon_experience_unusable');
  }
  return ctx.db.transaction(async (tx) => {
    const batch = await insertBatch(tx, {
      kind: input.kind,
      name: { en: input.name_en, ...(input.name_zh ? { zh: input.name_zh } : {}) },
      currencyId: coin.id,
      value: toAmountString(input.value),
      eligibility: input.eligibility,
      quantity: input.quantity,
      perUserLimit: input.per_user_limit,
      validDays: input.valid_days,
      claimStartsAt: input.claim_starts_at,
      claimEndsAt: input.claim_ends_at,
      createdAt: ctx.clock(),
    });
    const row = batchRow({ batch, currency: coin.name }, { used: 0, expired: 0, valueUsed: '0' });
    await logAction(tx, operator.id, 'coupons.batch.create', `coupon_batch:${batch.id}`, { after: row });
    return row;
  });
}

/** POST /api/admin/coupons/batches/enabled: stops or resumes claims of a batch (coupons already claimed stay). Logged. */
export async function switchBatch(ctx: Pick<AppContext, 'db'>, operator: Operator, input: { id: number; enabled: boolean }) {
  return ctx.db.transaction(async (tx) => {
    const before = await batchById(tx, input.id);
    if (!before) throw new DomainError('not_found');
    const after = (await setBatchEnabled(tx, input.id, input.enabled))!;
    await logAction(tx, operator.id, input.enabled ? 'coupons.batch.enable' : 'coupons.batch.disable', `coupon_batch:${input.id}`, { before: { enabled: before.enabled }, after: { enabled: after.enabled } });
    return { id: after.id, enabled: after.enabled };
  });
}

/** GET /api/admin/coupons/claims: claimed coupons, newest first, each with its refunds and its trial option. */
export async function searchCoupons(db: Executor, lang: Lang, input: AdminCouponListInput) {
  const filter = { userId: input.user_id, batchId: input.batch_id, statuses: input.status ? [input.status] : undefined };
  const { rows, total } = await pageCoupons(db, filter, input.page, input.limit);
  const uses = await usesOf(
    db,
    rows.map((r) => r.coupon.id),
  );
  const data: AdminCouponRow[] = rows.map((r) => {
    const use = uses.get(r.coupon.id)!;
    return { ...couponView(r, lang, use), user_id: r.coupon.userId, refunds: use.refunds, refunded: toAmountString(use.refunded) };
  });
  return { data, total, page: input.page, limit: input.limit };
}
