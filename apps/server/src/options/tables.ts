import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables.ts';
import { amount, at, createdAt } from '../db/columns.ts';
import { indexTicks, marketSymbols } from '../markets/tables.ts';
import { coupons } from '../coupons/tables.ts';
import { currencies } from '../site/tables.ts';

/**
 * opening: accepted, waiting for the first index tick recorded after acceptance (its open tick); open:
 * opened, waiting for expiry; settled: decided on a fresh close tick; void: no fresh tick to open or
 * settle on, stake and fee refunded in full (void_reason says which).
 */
export const OPTION_ORDER_STATUSES = ['opening', 'open', 'settled', 'void'] as const;
export const OPTION_VOID_REASONS = ['no_opening_tick', 'stale_close'] as const;

/** The durations operators offer (migration 0014): payout ratio, stake range and fee rate per duration. */
export const optionDurations = pgTable(
  'option_durations',
  {
    seconds: integer('seconds').primaryKey(),
    payoutRatio: amount('payout_ratio').notNull(),
    stakeMin: amount('stake_min').notNull(),
    stakeMax: amount('stake_max').notNull(),
    feeRate: amount('fee_rate').notNull(),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [
    check('option_durations_seconds_check', sql`${t.seconds} > 0`),
    check(
      'option_durations_figures_check',
      sql`${t.payoutRatio} > 0 AND ${t.stakeMin} > 0 AND ${t.stakeMax} >= ${t.stakeMin} AND ${t.feeRate} >= 0 AND ${t.feeRate} < 1`,
    ),
  ],
);

/**
 * The open stake per symbol and direction: an order adds its stake once the symbol's limits allow it
 * (options/exposure.ts, under the lock of the symbol's limits row), settlement takes it off.
 */
export const optionExposure = pgTable(
  'option_exposure',
  {
    symbolId: integer('symbol_id')
      .notNull()
      .references(() => marketSymbols.id),
    direction: text('direction', { enum: ['up', 'down'] }).notNull(),
    openStake: amount('open_stake').notNull().default('0'),
  },
  (t) => [
    primaryKey({ name: 'option_exposure_pkey', columns: [t.symbolId, t.direction] }),
    check('option_exposure_direction_check', sql`${t.direction} IN ('up', 'down')`),
    check('option_exposure_figures_check', sql`${t.openStake} >= 0`),
  ],
);

/**
 * Migration 0033: the limits of open stake of a symbol, the same for both directions (options/exposure.ts):
 * all users' open stake on the symbol, and one user's.
 */
export const optionExposureLimits = pgTable(
  'option_exposure_limits',
  {
    symbolId: integer('symbol_id')
      .primaryKey()
      .references(() => marketSymbols.id),
    stakeMax: amount('stake_max').notNull(),
    userStakeMax: amount('user_stake_max').notNull(),
  },
  (t) => [check('option_exposure_limits_figures_check', sql`${t.stakeMax} >= 0 AND ${t.userStakeMax} >= 0`)],
);

/** Seconds options: the stake, the ticks it opened and closed at, and the settled outcome. */
export const optionOrders = pgTable(
  'option_orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    symbolId: integer('symbol_id')
      .notNull()
      .references(() => marketSymbols.id),
    currencyId: integer('currency_id')
      .notNull()
      .references(() => currencies.id),
    direction: text('direction', { enum: ['up', 'down'] }).notNull(),
    seconds: integer('seconds').notNull(),
    stake: amount('stake').notNull(),
    fee: amount('fee').notNull(),
    payoutRatio: amount('payout_ratio').notNull(),
    /** The open tick: the first recorded after accepted_at (null while opening, and on a void order that never opened). */
    openTickId: bigint('open_tick_id', { mode: 'bigint' }).references(() => indexTicks.id),
    openPrice: amount('open_price'),
    /** Epoch milliseconds of the open tick, of acceptance (migration 0030), and of expiry (acceptance + seconds). */
    openTime: bigint('open_time', { mode: 'number' }),
    acceptedAt: bigint('accepted_at', { mode: 'number' }).notNull(),
    expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
    status: text('status', { enum: OPTION_ORDER_STATUSES }).notNull().default('open'),
    outcome: text('outcome', { enum: ['win', 'lose', 'draw'] }),
    payout: amount('payout'),
    closeTickId: bigint('close_tick_id', { mode: 'bigint' }).references(() => indexTicks.id),
    closePrice: amount('close_price'),
    closeTime: bigint('close_time', { mode: 'number' }),
    createdAt: createdAt(),
    settledAt: at('settled_at'),
    /** The experience coupon that staked the order (migration 0020): stake from coupon_fund, no fee. */
    couponId: integer('coupon_id').references(() => coupons.id),
    voidReason: text('void_reason', { enum: OPTION_VOID_REASONS }),
  },
  (t) => [
    index('option_orders_user_idx').on(t.userId, t.status, t.id),
    index('option_orders_open_idx').on(t.currencyId, t.expiresAt).where(sql`${t.status} IN ('opening', 'open')`),
    index('option_orders_opening_idx').on(t.symbolId, t.acceptedAt).where(sql`${t.status} = 'opening'`),
    index('option_orders_due_idx').on(t.symbolId, t.expiresAt, t.id).where(sql`${t.status} = 'open'`),
    index('option_orders_open_tick_idx').on(t.openTickId),
    index('option_orders_close_tick_idx').on(t.closeTickId).where(sql`${t.closeTickId} IS NOT NULL`),
    check('option_orders_direction_check', sql`${t.direction} IN ('up', 'down')`),
    check('option_orders_status_check', sql`${t.status} IN ('opening', 'open', 'settled', 'void')`),
    check('option_orders_outcome_check', sql`${t.outcome} IS NULL OR ${t.outcome} IN ('win', 'lose', 'draw')`),
    check(
      'option_orders_figures_check',
      sql`${t.stake} > 0 AND ${t.fee} >= 0 AND ${t.payoutRatio} > 0 AND ${t.seconds} > 0 AND ${t.expiresAt} > ${t.openTime}`,
    ),
    // Migration 0030 states these checks in full: open tick set from open on, close figures only when settled, payout once ended.
  ],
);
