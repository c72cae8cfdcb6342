import { boolean, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { amount, at } from '../db/columns.ts';

/** Coins. One id per coin; networks (USDT on ERC20 and TRC20) hang below it. */
export const currencies = pgTable(
  'currencies',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    fullName: text('full_name').notNull(),
    decimals: integer('decimals').notNull().default(8),
    logo: text('logo'),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    /** Price in USDT used for valuations until the price feed provides one. */
    referencePriceUsdt: amount('reference_price_usdt').notNull().default('0'),
  },
  (t) => [uniqueIndex('currencies_name_key').on(t.name)],
);

export const currencyNetworks = pgTable(
  'currency_networks',
  {
    id: serial('id').primaryKey(),
    currencyId: integer('currency_id')
      .notNull()
      .references(() => currencies.id),
    network: text('network').notNull(),
    depositAddress: text('deposit_address').notNull().default(''),
    withdrawFee: amount('withdraw_fee').notNull().default('0'),
    withdrawMin: amount('withdraw_min').notNull().default('0'),
    /** The smallest deposit a user may declare on this network; 0 means none. */
    depositMin: amount('deposit_min').notNull().default('0'),
    depositEnabled: boolean('deposit_enabled').notNull().default(true),
    withdrawEnabled: boolean('withdraw_enabled').notNull().default(true),
  },
  (t) => [uniqueIndex('currency_networks_key').on(t.currencyId, t.network)],
);

/** Fiat rates against USD (spec: the 11 kept currencies, USD rate 1). */
export const fiatRates = pgTable('fiat_rates', {
  currencyCode: text('currency_code').primaryKey(),
  rate: amount('rate').notNull(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** Operator-editable site settings, one JSON value per key (GET /getSetting?keyword=). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
});

