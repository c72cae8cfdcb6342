import { boolean, doublePrecision, integer, pgTable, primaryKey, serial, text, uniqueIndex, bigint } from 'drizzle-orm/pg-core';
import { amount } from '../db/columns.ts';

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
  },
  (t) => [uniqueIndex('market_symbols_symbol_key').on(t.symbol)],
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
