import { bigint, bigserial, index, integer, pgTable, smallint, text, unique } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables.ts';
import { amount } from '../db/columns.ts';
import { ledgerAccounts, ledgerPostings } from '../ledger/tables.ts';
import { currencies } from '../site/tables.ts';

/** The operator's rebate shares (migration 0020): one row; together at most 1. */
export const referralSettings = pgTable('referral_settings', {
  id: integer('id').primaryKey().default(1),
  level1Share: amount('level1_share').notNull(),
  level2Share: amount('level2_share').notNull(),
  updatedAt: bigint('updated_at', { mode: 'number' }),
});

/** The fee-posting job's watermark per fees account: every posting up to last_posting_id is handled. */
export const feePostingCursors = pgTable('fee_posting_cursors', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => ledgerAccounts.id),
  lastPostingId: bigint('last_posting_id', { mode: 'number' }).notNull().default(0),
  updatedAt: bigint('updated_at', { mode: 'number' }),
});

/** One rebate per fee posting and level (the unique key pays it once). */
export const referralRebates = pgTable(
  'referral_rebates',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    postingId: bigint('posting_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerPostings.id),
    level: smallint('level').notNull().$type<1 | 2>(),
    inviterId: integer('inviter_id')
      .notNull()
      .references(() => users.id),
    inviteeId: integer('invitee_id')
      .notNull()
      .references(() => users.id),
    currencyId: integer('currency_id')
      .notNull()
      .references(() => currencies.id),
    /** The business row the fee posting names (spot_order, contract_position, option_order) and its id. */
    sourceType: text('source_type').notNull(),
    sourceId: text('source_id').notNull(),
    fee: amount('fee').notNull(),
    /** What fee coupons refunded of the fee first; the rebate is a share of the rest. */
    refunded: amount('refunded').notNull().default('0'),
    share: amount('share').notNull(),
    amount: amount('amount').notNull(),
    paidAt: bigint('paid_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    unique('referral_rebates_posting_level_key').on(t.postingId, t.level),
    index('referral_rebates_inviter_idx').on(t.inviterId, t.id),
    index('referral_rebates_invitee_idx').on(t.inviteeId, t.id),
  ],
);
