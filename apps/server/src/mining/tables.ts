import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, date, index, integer, jsonb, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables.ts';
import { amount, createdAt } from '../db/columns.ts';
import { currencies } from '../site/tables.ts';

/** Lock-up mining products (migration 0018): term, advertised daily yield range, minimum, penalty ratio. */
export const miningProducts = pgTable('mining_products', {
  id: serial('id').primaryKey(),
  category: text('category', { enum: ['lock', 'defi', 'cloud'] }).notNull().default('lock'),
  /** The name per language ({ en, zh, ... }); English is the fallback. */
  name: jsonb('name').$type<Record<string, string>>().notNull(),
  currencyId: integer('currency_id')
    .notNull()
    .references(() => currencies.id),
  termDays: integer('term_days').notNull(),
  dailyYieldMin: amount('daily_yield_min').notNull(),
  dailyYieldMax: amount('daily_yield_max').notNull(),
  amountMin: amount('amount_min').notNull(),
  amountMax: amount('amount_max'),
  penaltyRatio: amount('penalty_ratio').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  sort: integer('sort').notNull().default(0),
  /** Seeded by a development start (DESIGN.md: demo data is marked as demo). */
  demo: boolean('demo').notNull().default(false),
  createdAt: createdAt(),
});

/** One published rate per product and day ("YYYY-MM-DD", operator time zone). */
export const miningRates = pgTable(
  'mining_rates',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => miningProducts.id),
    day: date('day', { mode: 'string' }).notNull(),
    rate: amount('rate').notNull(),
    source: text('source', { enum: ['operator', 'range_low'] }).notNull(),
    publishedAt: bigint('published_at', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ name: 'mining_rates_pkey', columns: [t.productId, t.day] })],
);

export const MINING_ORDER_STATUSES = ['active', 'redeemed', 'expired'] as const;

/** A user's locked amount: its terms are copied from the product at purchase, so later edits do not touch it. */
export const miningOrders = pgTable(
  'mining_orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    productId: integer('product_id')
      .notNull()
      .references(() => miningProducts.id),
    currencyId: integer('currency_id')
      .notNull()
      .references(() => currencies.id),
    amount: amount('amount').notNull(),
    termDays: integer('term_days').notNull(),
    penaltyRatio: amount('penalty_ratio').notNull(),
    /** The first interest day (the day of deposit) and the time zone its days are counted in. */
    startDay: date('start_day', { mode: 'string' }).notNull(),
    timeZone: text('time_zone').notNull(),
    lockedAt: bigint('locked_at', { mode: 'number' }).notNull(),
    unlockAt: bigint('unlock_at', { mode: 'number' }).notNull(),
    daysPaid: integer('days_paid').notNull().default(0),
    /** When the next unpaid day ends (its interest is due then); null once every day is paid or the order ended. */
    nextPayoutAt: bigint('next_payout_at', { mode: 'number' }),
    interestPaid: amount('interest_paid').notNull().default('0'),
    status: text('status', { enum: MINING_ORDER_STATUSES }).notNull().default('active'),
    penalty: amount('penalty'),
    returned: amount('returned'),
    endedAt: bigint('ended_at', { mode: 'number' }),
  },
  (t) => [
    index('mining_orders_user_idx').on(t.userId, t.status, t.id),
    index('mining_orders_due_idx').on(t.nextPayoutAt).where(sql`${t.status} = 'active'`),
    index('mining_orders_unlock_idx').on(t.unlockAt).where(sql`${t.status} = 'active'`),
  ],
);

/** One payout per order and day: the key is what makes a day paid once. */
export const miningPayouts = pgTable(
  'mining_payouts',
  {
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => miningOrders.id),
    day: date('day', { mode: 'string' }).notNull(),
    rate: amount('rate').notNull(),
    amount: amount('amount').notNull(),
    paidAt: bigint('paid_at', { mode: 'number' }).notNull(),
    runId: bigint('run_id', { mode: 'number' }),
  },
  (t) => [primaryKey({ name: 'mining_payouts_pkey', columns: [t.orderId, t.day] })],
);
