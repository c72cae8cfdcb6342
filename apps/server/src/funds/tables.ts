import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { amount, at, createdAt } from '../db/columns.ts';

/** A deposit the user declares with a payment voucher; an operator confirms it (credit once) or rejects it. */
export const recharges = pgTable(
  'recharges',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    currencyId: integer('currency_id').notNull(),
    network: text('network').notNull(),
    /** The platform address shown to the user when they declared the deposit. */
    address: text('address').notNull(),
    amount: amount('amount').notNull(),
    voucher: text('voucher').notNull(),
    status: text('status', { enum: ['pending', 'confirmed', 'rejected'] }).notNull().default('pending'),
    reason: text('reason'),
    entryId: bigint('entry_id', { mode: 'number' }),
    operatorId: integer('operator_id'),
    createdAt: createdAt(),
    reviewedAt: at('reviewed_at'),
  },
  (t) => [
    index('recharges_user_idx').on(t.userId, t.id),
    index('recharges_status_idx').on(t.status, t.id),
    // One voucher upload backs one recharge request.
    uniqueIndex('recharges_voucher_key').on(t.voucher),
    check('recharges_status_check', sql`${t.status} in ('pending', 'confirmed', 'rejected')`),
  ],
);

/**
 * A withdrawal request: `number` is frozen on request; approval sends number - fee out through
 * withdrawals in transit and the fee to fees; rejection unfreezes. `btc_value` is the request valued
 * in BTC at request time, summed for the 24-hour limit.
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    currencyId: integer('currency_id').notNull(),
    network: text('network').notNull(),
    destinationType: text('destination_type', { enum: ['address', 'bank', 'international'] }).notNull(),
    /** A copy of the address or card at request time, so later edits do not change where money went. */
    destination: jsonb('destination').notNull(),
    number: amount('number').notNull(),
    fee: amount('fee').notNull(),
    arrival: amount('arrival').notNull(),
    btcValue: amount('btc_value').notNull(),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] }).notNull().default('pending'),
    reference: text('reference'),
    reason: text('reason'),
    operatorId: integer('operator_id'),
    createdAt: createdAt(),
    reviewedAt: at('reviewed_at'),
  },
  (t) => [
    index('withdrawals_user_idx').on(t.userId, t.id),
    index('withdrawals_status_idx').on(t.status, t.id),
    check('withdrawals_status_check', sql`${t.status} in ('pending', 'approved', 'rejected')`),
  ],
);

export const walletAddresses = pgTable(
  'wallet_addresses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    currencyId: integer('currency_id').notNull(),
    network: text('network').notNull(),
    name: text('name').notNull(),
    address: text('address').notNull(),
    /** The address as compared (contract addressKey): one coin, network and address saved once per user. */
    addressKey: text('address_key').notNull(),
    qrcode: text('qrcode').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('wallet_addresses_user_idx').on(t.userId, t.id), uniqueIndex('wallet_addresses_user_address_key').on(t.userId, t.currencyId, t.network, t.addressKey)],
);

/** One domestic and one international card per user; saving again replaces the details. */
export const bankCards = pgTable(
  'bank_cards',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    kind: text('kind', { enum: ['bank', 'international'] }).notNull(),
    details: jsonb('details').notNull(),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('bank_cards_user_kind_key').on(t.userId, t.kind)],
);

/** A move between two account kinds of one user (POST /wallet/change). */
export const accountTransfers = pgTable(
  'account_transfers',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    currencyId: integer('currency_id').notNull(),
    fromKind: text('from_kind').notNull(),
    toKind: text('to_kind').notNull(),
    number: amount('number').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('account_transfers_user_idx').on(t.userId, t.id)],
);

/** A conversion between two coins at the index price with the configured fee (POST /user/Transfer). */
export const exchanges = pgTable(
  'exchanges',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    fromCurrencyId: integer('from_currency_id').notNull(),
    toCurrencyId: integer('to_currency_id').notNull(),
    number: amount('number').notNull(),
    /** Units of the target coin per unit of the source coin. */
    rate: amount('rate').notNull(),
    fee: amount('fee').notNull(),
    received: amount('received').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('exchanges_user_idx').on(t.userId, t.id)],
);

/** An operator's manual balance change, with its required reason. */
export const balanceAdjustments = pgTable(
  'balance_adjustments',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    currencyId: integer('currency_id').notNull(),
    kind: text('kind').notNull(),
    amount: amount('amount').notNull(),
    reason: text('reason').notNull(),
    operatorId: integer('operator_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('balance_adjustments_user_idx').on(t.userId, t.id)],
);
