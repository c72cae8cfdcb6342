/**
 * Coupons (/pages/setting/coupon): the coupon centre (batches claimable now), claiming within a batch's
 * quantity and per-user limit (conditional writes, so parallel claims cannot pass either), my coupons by
 * tab, and applying a fee discount. Fee refunds are paid by the fee-posting job (referrals/fee-postings.ts);
 * experience coupons are spent at the options checkout (experience.ts). A recurring job expires the
 * coupons past their validity, each once. The rules are in rules.ts.
 */
import { type CouponMineInput, type CouponOfferView, type CouponView, type Lang } from '@fairex/contract';
import type { Clock } from '../clock.ts';
import type { Db, Tx } from '../db/client.ts';
import type { EventBus } from '../events/bus.ts';
import { DomainError } from '../http/errors.ts';
import type { JobScheduler } from '../jobs/scheduler.ts';
import {
  activateFeeCoupon,
  batchById,
  claimsOf,
  expireDue,
  insertCouponUnderLimit,
  latestPostingId,
  lockCoupon,
  offeredBatches,
  pageCoupons,
  standingOf,
  takeFromBatch,
  usesOf,
  type CouponWithNames,
} from './repository.ts';
import { claimRefusal, couponExpiresAt, isEligible, TAB_STATUSES } from './rules.ts';
import { couponView, offerView } from './views.ts';

/** The recurring job that expires coupons past their validity. */
export const COUPON_EXPIRY_JOB = 'coupons.expire';
export const COUPON_EXPIRY_EVERY_MS = 10_000;
/** Coupons one run expires at most; a full batch leaves the rest to the next run. */
export const COUPON_EXPIRY_BATCH_MAX = 1_000;
/** Batches the coupon centre lists at most (newest first). */
export const COUPON_CENTRE_MAX = 50;

export type CouponOptions = { now: Clock; bus: EventBus; onError?: (error: unknown) => void; expiryBatchMax?: number };

export class CouponService {
  constructor(
    readonly db: Db,
    readonly options: CouponOptions,
  ) {}

  register(jobs: JobScheduler) {
    jobs.every(COUPON_EXPIRY_JOB, COUPON_EXPIRY_EVERY_MS, async (tx) => {
      await this.expire(tx);
    });
    return this;
  }

  /** GET /coupon/centre: the batches claimable now, with what is left, the user's claims and eligibility. */
  async centre(userId: number, lang: Lang): Promise<CouponOfferView[]> {
    const batches = await offeredBatches(this.db, this.options.now(), COUPON_CENTRE_MAX);
    const [claims, standing] = await Promise.all([
      claimsOf(
        this.db,
        userId,
        batches.map((b) => b.batch.id),
      ),
      standingOf(this.db, userId),
    ]);
    return batches.map((b) => offerView(b, lang, claims.get(b.batch.id) ?? 0, isEligible(b.batch.eligibility, standing)));
  }

  /**
   * POST /coupon/claim: one coupon of the batch, valid from now for the batch's days. The batch's count
   * goes up in a conditional UPDATE that holds its row, then the coupon is written only while the user
   * holds fewer than the limit; any refusal rolls both back.
   */
  async claim(userId: number, lang: Lang, batchId: number): Promise<CouponView> {
    const now = this.options.now();
    return this.db.transaction(async (tx) => {
      const batch = await takeFromBatch(tx, batchId, now);
      if (!batch) {
        const found = await batchById(tx, batchId);
        if (!found) throw new DomainError('not_found');
        throw new DomainError(claimRefusal(found, now) ?? 'coupon_not_claimable');
      }
      if (!isEligible(batch.eligibility, await standingOf(tx, userId))) throw new DomainError('coupon_not_eligible');
      const coupon = await insertCouponUnderLimit(
        tx,
        {
          batchId: batch.id,
          userId,
          kind: batch.kind,
          currencyId: batch.currencyId,
          value: batch.value,
          remaining: batch.value,
          claimedAt: now,
          expiresAt: couponExpiresAt(now, batch.validDays),
        },
        batch.perUserLimit,
      );
      if (!coupon) throw new DomainError('coupon_limit_reached');
      return this.viewOf(tx, coupon.id, lang);
    });
  }

  /** GET /coupon/mine: the user's own coupons of a tab; available ones soonest to expire first. */
  async mine(userId: number, lang: Lang, input: CouponMineInput) {
    const { rows, total } = await pageCoupons(this.db, { userId, statuses: TAB_STATUSES[input.status] }, input.page, input.limit, input.status === 'available');
    return { data: await this.views(this.db, rows, lang), total, page: input.page, limit: input.limit };
  }

  /**
   * POST /coupon/use: applies one of the user's available fee discounts. It covers the fee postings from
   * now on (after the latest one); the fee-posting job refunds them within seconds of each fill.
   */
  async use(userId: number, lang: Lang, id: number): Promise<CouponView> {
    const now = this.options.now();
    return this.db.transaction(async (tx) => {
      const coupon = await lockCoupon(tx, id);
      if (!coupon || coupon.userId !== userId) throw new DomainError('not_found');
      if (coupon.kind !== 'fee_discount') throw new DomainError('coupon_wrong_kind');
      if (coupon.status === 'expired' || coupon.expiresAt <= now) throw new DomainError('coupon_expired');
      if (!(await activateFeeCoupon(tx, id, userId, now, await latestPostingId(tx)))) throw new DomainError('coupon_unavailable');
      return this.viewOf(tx, id, lang);
    });
  }

  /** One run of the expiry job: coupons past their validity become expired, each once. Answers how many. */
  async expire(tx: Tx): Promise<number> {
    return expireDue(tx, this.options.now(), this.options.expiryBatchMax ?? COUPON_EXPIRY_BATCH_MAX, await latestPostingId(tx));
  }

  private async viewOf(db: Db | Tx, id: number, lang: Lang): Promise<CouponView> {
    const { rows } = await pageCoupons(db, { couponId: id }, 1, 1);
    const [view] = await this.views(db, rows, lang);
    if (!view) throw new Error(`coupon ${id} not found`);
    return view;
  }

  private async views(db: Db | Tx, rows: CouponWithNames[], lang: Lang): Promise<CouponView[]> {
    const uses = await usesOf(
      db,
      rows.map((r) => r.coupon.id),
    );
    return rows.map((r) => couponView(r, lang, uses.get(r.coupon.id)));
  }
}
