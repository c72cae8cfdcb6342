import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { LOAN_EVENT_KINDS, LOAN_LIQUIDATION_REASONS, LOAN_POOL_ACCOUNTS, LOAN_STATUSES } from '@fairex/contract';
import { users } from '../accounts/tables.ts';
import { operators } from '../admin/tables.ts';
import { amount, createdAt } from '../db/columns.ts';
import { indexTicks, marketSymbols } from '../markets/tables.ts';
import { currencies } from '../site/tables.ts';

/** Loan products (migration 0024): the coin lent, the LTV levels, the daily rate and the terms offered (0 = flexible). */
export const loanProducts = pgTable('loan_products', {
  id: serial('id').primaryKey(),
  /** The name per language ({ en, zh, ... }); English is the fallback. */
  name: jsonb('name').$type<Record<string, string>>().notNull(),
  currencyId: integer('currency_id')
    .notNull()
    .references(() => currencies.id),
  initialLtv: amount('initial_ltv').notNull(),
  marginCallLtv: amount('margin_call_ltv').notNull(),
  liquidationLtv: amount('liquidation_ltv').notNull(),
  dailyRate: amount('daily_rate').notNull(),
  terms: integer('terms').array().notNull(),
  amountMin: amount('amount_min').notNull(),
  amountMax: amount('amount_max'),
  enabled: boolean('enabled').notNull().default(true),
  sort: integer('sort').notNull().default(0),
  /** Seeded by a development start (DESIGN.md: demo data is marked as demo). */
  demo: boolean('demo').notNull().default(false),
  createdAt: createdAt(),
});

/**
 * The coins a product takes as collateral, each with the index it is valued at (a spot symbol collateral/loan
 * coin). A coin the product no longer takes stays as a row, not accepted: the watch job reads the indexes
 * to follow from these rows, and loans against that coin may still be open.
 */
export const loanProductCollaterals = pgTable(
  'loan_product_collaterals',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => loanProducts.id),
    currencyId: integer('currency_id')
      .notNull()
      .references(() => currencies.id),
    symbolId: integer('symbol_id')
      .notNull()
      .references(() => marketSymbols.id),
    accepted: boolean('accepted').notNull().default(true),
  },
  (t) => [primaryKey({ name: 'loan_product_collaterals_pkey', columns: [t.productId, t.currencyId] })],
);

/**
 * A user's loan. Its terms (rate, LTV levels, term) are copied from the product at borrowing, so a later
 * edit does not touch it. While open, its collateral sits in the user's spot account's locked bucket, and
 * the two trigger prices (the index at or below which LTV reaches the margin-call and the liquidation
 * level, rounded up) let the watch job find the loans a tick concerns without reading the others.
 */
export const loans = pgTable(
  'loans',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    productId: integer('product_id')
      .notNull()
      .references(() => loanProducts.id),
    currencyId: integer('currency_id')
      .notNull()
      .references(() => currencies.id),
    collateralCurrencyId: integer('collateral_currency_id')
      .notNull()
      .references(() => currencies.id),
    symbolId: integer('symbol_id')
      .notNull()
      .references(() => marketSymbols.id),
    borrowed: amount('borrowed').notNull(),
    principal: amount('principal').notNull(),
    interestOutstanding: amount('interest_outstanding').notNull(),
    interestCharged: amount('interest_charged').notNull(),
    interestPaid: amount('interest_paid').notNull().default('0'),
    collateral: amount('collateral').notNull(),
    dailyRate: amount('daily_rate').notNull(),
    initialLtv: amount('initial_ltv').notNull(),
    marginCallLtv: amount('margin_call_ltv').notNull(),
    liquidationLtv: amount('liquidation_ltv').notNull(),
    termDays: integer('term_days').notNull(),
    borrowedAt: bigint('borrowed_at', { mode: 'number' }).notNull(),
    /** The index the initial LTV was checked at. */
    borrowPrice: amount('borrow_price').notNull(),
    daysCharged: integer('days_charged').notNull(),
    /** When the next day's interest is charged; null once the loan ended (or a fixed term reached its overdue liquidation). */
    nextChargeAt: bigint('next_charge_at', { mode: 'number' }),
    overdueLiquidationAt: bigint('overdue_liquidation_at', { mode: 'number' }),
    marginCallPrice: amount('margin_call_price'),
    liquidationPrice: amount('liquidation_price'),
    marginCalledAt: bigint('margin_called_at', { mode: 'number' }),
    status: text('status', { enum: LOAN_STATUSES }).notNull().default('open'),
    endedAt: bigint('ended_at', { mode: 'number' }),
  },
  (t) => [
    index('loans_user_idx').on(t.userId, t.status, t.id),
    index('loans_charge_idx').on(t.nextChargeAt).where(sql`${t.status} = 'open'`),
    index('loans_liquidation_idx').on(t.symbolId, t.liquidationPrice).where(sql`${t.status} = 'open'`),
    index('loans_margin_call_idx').on(t.symbolId, t.marginCallPrice).where(sql`${t.status} = 'open'`),
    index('loans_overdue_idx').on(t.overdueLiquidationAt).where(sql`${t.status} = 'open'`),
  ],
);

/** One charge per loan and day (1 = the day of borrowing): the key is what makes a day charged once. */
export const loanInterest = pgTable(
  'loan_interest',
  {
    loanId: bigint('loan_id', { mode: 'number' })
      .notNull()
      .references(() => loans.id),
    day: integer('day').notNull(),
    principal: amount('principal').notNull(),
    /** The rate charged that day (the daily rate, or 3 x it when overdue). */
    rate: amount('rate').notNull(),
    amount: amount('amount').notNull(),
    overdue: boolean('overdue').notNull(),
    chargedAt: bigint('charged_at', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ name: 'loan_interest_pkey', columns: [t.loanId, t.day] })],
);

/** Every step of a loan, as its owner's history shows it; repayments and top-ups name theirs in the ledger. */
export const loanEvents = pgTable(
  'loan_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    loanId: bigint('loan_id', { mode: 'number' })
      .notNull()
      .references(() => loans.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: LOAN_EVENT_KINDS }).notNull(),
    amount: amount('amount'),
    interest: amount('interest'),
    principal: amount('principal'),
    collateral: amount('collateral'),
    price: amount('price'),
    ltv: amount('ltv'),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('loan_events_user_idx').on(t.userId, t.id), index('loan_events_loan_idx').on(t.loanId, t.id)],
);

/** A liquidation, once per loan: the recorded index tick it used and what it settled. */
export const loanLiquidations = pgTable(
  'loan_liquidations',
  {
    loanId: bigint('loan_id', { mode: 'number' })
      .primaryKey()
      .references(() => loans.id),
    reason: text('reason', { enum: LOAN_LIQUIDATION_REASONS }).notNull(),
    tickId: bigint('tick_id', { mode: 'bigint' })
      .notNull()
      .references(() => indexTicks.id),
    price: amount('price').notNull(),
    ltv: amount('ltv').notNull(),
    principal: amount('principal').notNull(),
    interest: amount('interest').notNull(),
    debt: amount('debt').notNull(),
    collateral: amount('collateral').notNull(),
    collateralSold: amount('collateral_sold').notNull(),
    collateralReturned: amount('collateral_returned').notNull(),
    proceeds: amount('proceeds').notNull(),
    shortfall: amount('shortfall').notNull(),
    reserveCovered: amount('reserve_covered').notNull(),
    liquidatedAt: bigint('liquidated_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('loan_liquidations_time_idx').on(t.liquidatedAt, t.loanId), index('loan_liquidations_tick_idx').on(t.tickId)],
);

/** An operator's move of equity into the lending pool or its reserve: the business row its ledger entry names. */
export const loanPoolFundings = pgTable('loan_pool_fundings', {
  id: serial('id').primaryKey(),
  account: text('account', { enum: LOAN_POOL_ACCOUNTS }).notNull(),
  currencyId: integer('currency_id')
    .notNull()
    .references(() => currencies.id),
  amount: amount('amount').notNull(),
  operatorId: integer('operator_id')
    .notNull()
    .references(() => operators.id),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
});
