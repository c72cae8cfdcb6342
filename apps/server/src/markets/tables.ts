import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, doublePrecision, index, integer, pgTable, primaryKey, serial, text, uniqueIndex, bigint } from 'drizzle-orm/pg-core';
import { amount, createdAt } from '../db/columns.ts';

export const SYMBOL_KINDS = ['spot', 'futures', 'stock'] as const;
export type SymbolKind = (typeof SYMBOL_KINDS)[number];

/**
 * Tradable symbols and the simulation that prices them offline. Operators add symbols and set start
 * prices; nothing here sets a price later on — the feed does.
 */
export const marketSymbols = pgTable(
  'market_symbols',
  {
    id: serial('id').primaryKey(),
    symbol: text('symbol').notNull(),
    kind: text('kind', { enum: SYMBOL_KINDS }).notNull(),
    /** The coin for spot symbols (currencies.id); null for stocks and index futures. */
    baseCurrencyId: integer('base_currency_id'),
    quoteCurrencyId: integer('quote_currency_id').notNull(),
    startPrice: amount('start_price').notNull(),
    /** Annualised volatility of the offline simulation (a model parameter, not money). */
    volatility: doublePrecision('volatility').notNull(),
    priceDecimals: integer('price_decimals').notNull(),
    quantityDecimals: integer('quantity_decimals').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    /** Spot: the smallest order value accepted, in the quote coin (quantity x price; 0 = none). */
    orderValueMin: amount('order_value_min').notNull().default('0'),
  },
  (t) => [uniqueIndex('market_symbols_symbol_key').on(t.symbol), check('market_symbols_order_value_min_check', sql`${t.orderValueMin} >= 0`)],
);

/** K-line candles per symbol and period, built from trades and index ticks. */
export const candles = pgTable(
  'candles',
  {
    symbolId: integer('symbol_id').notNull(),
    period: text('period').notNull(),
    openTime: bigint('open_time', { mode: 'number' }).notNull(),
    open: amount('open').notNull(),
    high: amount('high').notNull(),
    low: amount('low').notNull(),
    close: amount('close').notNull(),
    volume: amount('volume').notNull(),
    amount: amount('amount').notNull(),
  },
  (t) => [primaryKey({ columns: [t.symbolId, t.period, t.openTime] })],
);

/**
 * Every index tick the feed emitted, recorded in batches (markets/ticks.ts): a liquidation, trigger or
 * option settlement names the tick id it used, so a user can check the result against it.
 */
export const indexTicks = pgTable(
  'index_ticks',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    symbolId: integer('symbol_id')
      .notNull()
      .references(() => marketSymbols.id),
    price: amount('price').notNull(),
    /** Epoch milliseconds. */
    time: bigint('time', { mode: 'number' }).notNull(),
    /**
     * When the price was first knowable, where earlier than `time` (migration 0038: the public feed's
     * oldest quote request time); null means `time`. Not covered by the hash. An order opens only on a
     * tick with time and coalesce(priced_at, time) after its acceptance (index-freshness.ts tickAfter).
     */
    pricedAt: bigint('priced_at', { mode: 'number' }),
    /** The tick chain (migration 0030, markets/tick-chain.ts): hash = sha256 of the canonical string of prev_hash, symbol, id, price, time. */
    prevHash: text('prev_hash'),
    hash: text('hash'),
  },
  (t) => [index('index_ticks_symbol_time_idx').on(t.symbolId, t.time), index('index_ticks_time_idx').on(t.time), check('index_ticks_price_check', sql`${t.price} > 0`)],
);

/**
 * The declared simulation's history: a symbol that had no candles at first start got simulated candles
 * from `from_time` to `to_time` (1-minute steps of the offline model); the back office labels them so
 * (markets/history.ts). No seed is kept (migration 0029 dropped it): whoever knows it knows the path.
 */
export const marketHistoryBackfills = pgTable('market_history_backfills', {
  symbolId: integer('symbol_id')
    .primaryKey()
    .references(() => marketSymbols.id),
  fromTime: bigint('from_time', { mode: 'number' }).notNull(),
  toTime: bigint('to_time', { mode: 'number' }).notNull(),
  stepMs: integer('step_ms').notNull(),
  createdAt: createdAt(),
});
