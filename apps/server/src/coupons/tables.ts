import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, serial, text, unique } from 'drizzle-orm/pg-core';
import type { CouponEligibility, CouponKind, CouponStatus } from '@fairex/contract';
import { users } from '../accounts/tables.ts';
import { amount } from '../db/columns.ts';
import { ledgerPostings } from '../ledger/tables.ts';
import { currencies } from '../site/tables.ts';

/** Coupon batches the operator issues (migration 0020); `claimed` counts claims against `quantity`. */
export const couponBatches = pgTable('coupon_batches', {
  id: serial('id').primaryKey(),
  kind: text('kind').$type<CouponKind>().notNull(),
  /** The name per language ({ en, zh }); English is the fallback. */
  name: jsonb('name').$type<Record<string, string>>().notNull(),
  currencyId: integer('currency_id')
    .notNull()
    .references(() => currencies.id),
  value: amount('value').notNull(),
  eligibility: text('eligibility').$type<CouponEligibility>().notNull().default('all'),
  quantity: integer('quantity').notNull(),
  claimed: integer('claimed').notNull().default(0),
  perUserLimit: integer('per_user_limit').notNull(),
  validDays: integer('valid_days').notNull(),
  claimStartsAt: bigint('claim_starts_at', { mode: 'number' }).notNull(),
  claimEndsAt: bigint('claim_ends_at', { mode: 'number' }).notNull(),
  enabled: boolean('enabled').notNull().default(true),
  /** Seeded by a development start (DESIGN.md: demo data is marked as demo). */
  demo: boolean('demo').notNull().default(false),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
});

/** A claimed coupon: kind, coin and value copied from its batch. */
export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    batchId: integer('batch_id')
      .notNull()
      .references(() => couponBatches.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind').$type<CouponKind>().notNull(),
    currencyId: integer('currency_id')
      .notNull()
      .references(() => currencies.id),
    value: amount('value').notNull(),
    remaining: amount('remaining').notNull(),
    status: text('status').$type<CouponStatus>().notNull().default('available'),
    claimedAt: bigint('claimed_at', { mode: 'number' }).notNull(),
    expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
    activatedAt: bigint('activated_at', { mode: 'number' }),
    /** A fee discount covers the fee postings after from_posting_id (latest when applied) up to until_posting_id (latest when it expired). */
    fromPostingId: bigint('from_posting_id', { mode: 'number' }),
    untilPostingId: bigint('until_posting_id', { mode: 'number' }),
    usedAt: bigint('used_at', { mode: 'number' }),
    expiredAt: bigint('expired_at', { mode: 'number' }),
  },
  (t) => [
    index('coupons_user_idx').on(t.userId, t.status, t.id),
    index('coupons_batch_user_idx').on(t.batchId, t.userId),
    index('coupons_expiry_idx').on(t.expiresAt).where(sql`${t.status} in ('available', 'active')`),
  ],
);

/** One fee refund per fee posting and coupon. */
export const couponRefunds = pgTable(
  'coupon_refunds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    postingId: bigint('posting_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerPostings.id),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    amount: amount('amount').notNull(),
    paidAt: bigint('paid_at', { mode: 'number' }).notNull(),
  },
  (t) => [unique('coupon_refunds_posting_coupon_key').on(t.postingId, t.couponId), index('coupon_refunds_coupon_idx').on(t.couponId, t.id)],
);
