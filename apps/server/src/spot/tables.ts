import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { amount, at, createdAt } from '../db/columns.ts';

export const SPOT_ORDER_STATUSES = ['open', 'filled', 'cancelled'] as const;
export type SpotOrderStatus = (typeof SPOT_ORDER_STATUSES)[number];

/**
 * Spot trading settings per market symbol: fee rates (fractions, e.g. 0.001 = 0.1 %). Fees are
 * charged in the quote coin on both sides. Rates carry at most 6 decimals so fees stay exact.
 */
export const spotMarkets = pgTable('spot_markets', {
  symbolId: integer('symbol_id').primaryKey(),
  makerFeeRate: amount('maker_fee_rate').notNull(),
  takerFeeRate: amount('taker_fee_rate').notNull(),
});

/**
 * Orders. Ids come from the sequence before the engine sees the order (the engine needs unique ids);
 * open rows are the book, rebuilt in id order at start. `frozen` is what was frozen for the order (quote
 * for a buy, base for a sell, a whole number of the coin's units) and `used` what fills consumed of it
 * plus what was released: a buy releases at each fill what its remaining quantity no longer needs, and
 * every order releases the rest when it ends, so frozen - used is what an open order still holds.
 * `filled_quote` and `fee` are exact (they may carry more decimals than the coin); what reached the
 * ledger was rounded by the settlement rule (amounts.ts settleFill).
 */
export const spotOrders = pgTable(
  'spot_orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull(),
    symbolId: integer('symbol_id').notNull(),
    side: text('side', { enum: ['buy', 'sell'] }).notNull(),
    type: text('type', { enum: ['limit', 'market'] }).notNull(),
    /** Limit price, or a market buy's protection price; null for a market sell. */
    price: amount('price'),
    quantity: amount('quantity').notNull(),
    /** A quote amount to spend (market buy by amount); not offered by the API yet, kept for the engine's mode. */
    quoteAmount: amount('quote_amount'),
    filledQuantity: amount('filled_quantity').notNull().default('0'),
    filledQuote: amount('filled_quote').notNull().default('0'),
    fee: amount('fee').notNull().default('0'),
    frozen: amount('frozen').notNull().default('0'),
    used: amount('used').notNull().default('0'),
    status: text('status', { enum: SPOT_ORDER_STATUSES }).notNull(),
    /** Why it ended: the engine's done reason (filled, cancelled, self_trade_prevented, no_liquidity). */
    doneReason: text('done_reason'),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('spot_orders_open_idx').on(t.symbolId, t.id).where(sql`${t.status} = 'open'`),
    // Lists are newest first by time, then id (ids rise within a symbol only: each writer reserves its own
    // blocks): a user's list and the back office's search read these backwards instead of sorting.
    index('spot_orders_user_time_idx').on(t.userId, t.createdAt, t.id),
    index('spot_orders_time_idx').on(t.createdAt, t.id),
    check('spot_orders_status_check', sql`${t.status} in ('open', 'filled', 'cancelled')`),
  ],
);

/** Trades: one per maker order met; the ledger entry of the taker's order references both orders. */
export const spotTrades = pgTable(
  'spot_trades',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    symbolId: integer('symbol_id').notNull(),
    makerOrderId: bigint('maker_order_id', { mode: 'number' }).notNull(),
    takerOrderId: bigint('taker_order_id', { mode: 'number' }).notNull(),
    makerUserId: integer('maker_user_id').notNull(),
    takerUserId: integer('taker_user_id').notNull(),
    takerSide: text('taker_side', { enum: ['buy', 'sell'] }).notNull(),
    price: amount('price').notNull(),
    quantity: amount('quantity').notNull(),
    quote: amount('quote').notNull(),
    makerFee: amount('maker_fee').notNull(),
    takerFee: amount('taker_fee').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('spot_trades_symbol_idx').on(t.symbolId, t.id), index('spot_trades_maker_idx').on(t.makerOrderId), index('spot_trades_taker_idx').on(t.takerOrderId)],
);

/** A user's favourite symbols (POST /optional/add). */
export const favourites = pgTable(
  'favourites',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    symbolId: integer('symbol_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('favourites_user_symbol_key').on(t.userId, t.symbolId)],
);
