import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, date, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables.ts';
import { amount, createdAt } from '../db/columns.ts';
import { indexTicks, marketSymbols } from '../markets/tables.ts';
import { currencies } from '../site/tables.ts';

export const DUAL_PRODUCT_STATUSES = ['open', 'settled', 'cancelled'] as const;

/** Dual investment products (migration 0018): linked to a symbol's index, settled at 16:00 on the maturity date. */
export const dualProducts = pgTable(
  'dual_products',
  {
    id: serial('id').primaryKey(),
    type: text('type', { enum: ['call', 'put'] }).notNull(),
    symbolId: integer('symbol_id')
      .notNull()
      .references(() => marketSymbols.id),
    baseCurrencyId: integer('base_currency_id')
      .notNull()
      .references(() => currencies.id),
    quoteCurrencyId: integer('quote_currency_id')
      .notNull()
      .references(() => currencies.id),
    linkedPrice: amount('linked_price').notNull(),
    apr: amount('apr').notNull(),
    perPrice: amount('per_price').notNull(),
    totalShares: integer('total_shares').notNull(),
    soldShares: integer('sold_shares').notNull().default(0),
    maturityDate: date('maturity_date', { mode: 'string' }).notNull(),
    /** 16:00 on the maturity date in the operator's time zone, fixed when the product is created. */
    settleAt: bigint('settle_at', { mode: 'number' }).notNull(),
    saleEndAt: bigint('sale_end_at', { mode: 'number' }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    demo: boolean('demo').notNull().default(false),
    status: text('status', { enum: DUAL_PRODUCT_STATUSES }).notNull().default('open'),
    settleTickId: bigint('settle_tick_id', { mode: 'bigint' }).references(() => indexTicks.id),
    settlePrice: amount('settle_price'),
    settledAt: bigint('settled_at', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [index('dual_products_due_idx').on(t.settleAt).where(sql`${t.status} = 'open'`)],
);

export const DUAL_ORDER_ROW_STATUSES = ['purchased', 'success', 'fail'] as const;

/** A purchase: its invested amount locked in the user's financial account until settlement. */
export const dualOrders = pgTable(
  'dual_orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    productId: integer('product_id')
      .notNull()
      .references(() => dualProducts.id),
    num: integer('num').notNull(),
    amount: amount('amount').notNull(),
    investCurrencyId: integer('invest_currency_id')
      .notNull()
      .references(() => currencies.id),
    holdingDays: integer('holding_days').notNull(),
    purchasedAt: bigint('purchased_at', { mode: 'number' }).notNull(),
    status: text('status', { enum: DUAL_ORDER_ROW_STATUSES }).notNull().default('purchased'),
    payoutCurrencyId: integer('payout_currency_id').references(() => currencies.id),
    payout: amount('payout'),
    settledAt: bigint('settled_at', { mode: 'number' }),
  },
  (t) => [index('dual_orders_user_idx').on(t.userId, t.id), index('dual_orders_product_idx').on(t.productId, t.status)],
);
