import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  OTC_AD_STATUSES,
  OTC_CANCEL_REASONS,
  OTC_MERCHANT_STATUSES,
  OTC_METHOD_KINDS,
  OTC_ORDER_STATUSES,
  OTC_PRICE_TYPES,
  OTC_RELEASED_BY,
  OTC_SIDES,
  type OtcPaymentDetail,
} from '@fairex/contract';
import { users } from '../accounts/tables.ts';
import { operators } from '../admin/tables.ts';
import { amount, createdAt } from '../db/columns.ts';
import { currencies } from '../site/tables.ts';

/** Ways to pay (migration 0023): the two card kinds are built in; operators add accounts-based methods. */
export const otcPaymentMethods = pgTable(
  'otc_payment_methods',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: OTC_METHOD_KINDS }).notNull(),
    name: text('name').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('otc_payment_methods_card_key').on(t.kind).where(sql`${t.kind} <> 'account'`)],
);

/** A user's account of an operator's method (cards are kept by funds: bank_cards). */
export const otcPaymentAccounts = pgTable(
  'otc_payment_accounts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    methodId: integer('method_id')
      .notNull()
      .references(() => otcPaymentMethods.id),
    holder: text('holder').notNull(),
    account: text('account').notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [uniqueIndex('otc_payment_accounts_user_method_key').on(t.userId, t.methodId)],
);

export const otcMerchants = pgTable(
  'otc_merchants',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    status: text('status', { enum: OTC_MERCHANT_STATUSES }).notNull().default('pending'),
    reason: text('reason'),
    appliedAt: bigint('applied_at', { mode: 'number' }).notNull(),
    decidedAt: bigint('decided_at', { mode: 'number' }),
    operatorId: integer('operator_id').references(() => operators.id),
    /** Seeded by a development start (DESIGN.md: demo data is marked as demo). */
    demo: boolean('demo').notNull().default(false),
  },
  (t) => [uniqueIndex('otc_merchants_user_key').on(t.userId), index('otc_merchants_status_idx').on(t.status, t.id)],
);

export const otcAds = pgTable(
  'otc_ads',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => otcMerchants.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    side: text('side', { enum: OTC_SIDES }).notNull(),
    currencyId: integer('currency_id')
      .notNull()
      .references(() => currencies.id),
    fiat: text('fiat').notNull(),
    priceType: text('price_type', { enum: OTC_PRICE_TYPES }).notNull(),
    price: amount('price'),
    margin: amount('margin'),
    quantity: amount('quantity').notNull(),
    /** What orders may still take; a sell ad's remaining is frozen in the merchant's fiat account while online. */
    remaining: amount('remaining').notNull(),
    minFiat: amount('min_fiat').notNull(),
    maxFiat: amount('max_fiat').notNull(),
    methodIds: jsonb('method_ids').$type<number[]>().notNull(),
    payMinutes: integer('pay_minutes').notNull(),
    remark: text('remark').notNull().default(''),
    status: text('status', { enum: OTC_AD_STATUSES }).notNull().default('online'),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    closedAt: bigint('closed_at', { mode: 'number' }),
    /** merchant, operator, or suspension (the merchant was suspended). */
    closedBy: text('closed_by'),
    demo: boolean('demo').notNull().default(false),
  },
  (t) => [
    index('otc_ads_market_idx').on(t.currencyId, t.fiat, t.side).where(sql`${t.status} = 'online'`),
    index('otc_ads_user_idx').on(t.userId, t.status, t.id),
  ],
);

export const otcOrders = pgTable(
  'otc_orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    adId: integer('ad_id')
      .notNull()
      .references(() => otcAds.id),
    adSide: text('ad_side', { enum: OTC_SIDES }).notNull(),
    /** The ad's owner and the user who took it; one is the buyer, the other the seller. */
    makerId: integer('maker_id')
      .notNull()
      .references(() => users.id),
    takerId: integer('taker_id')
      .notNull()
      .references(() => users.id),
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => users.id),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => users.id),
    currencyId: integer('currency_id')
      .notNull()
      .references(() => currencies.id),
    fiat: text('fiat').notNull(),
    price: amount('price').notNull(),
    quantity: amount('quantity').notNull(),
    fiatAmount: amount('fiat_amount').notNull(),
    status: text('status', { enum: OTC_ORDER_STATUSES }).notNull().default('pending'),
    payDeadline: bigint('pay_deadline', { mode: 'number' }).notNull(),
    /** The seller's payment details as they were when the order was placed. */
    paymentDetails: jsonb('payment_details').$type<OtcPaymentDetail[]>().notNull(),
    paidMethodId: integer('paid_method_id').references(() => otcPaymentMethods.id),
    /** The buyer's proof of payment: their upload's bare reference. */
    proof: text('proof'),
    paidAt: bigint('paid_at', { mode: 'number' }),
    /** Marked paid and not released by then: the order goes to appeal by itself (the limit in force when marked paid). */
    releaseDueAt: bigint('release_due_at', { mode: 'number' }),
    releasedAt: bigint('released_at', { mode: 'number' }),
    releasedBy: text('released_by', { enum: OTC_RELEASED_BY }),
    cancelledAt: bigint('cancelled_at', { mode: 'number' }),
    cancelReason: text('cancel_reason', { enum: OTC_CANCEL_REASONS }),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('otc_orders_buyer_idx').on(t.buyerId, t.id),
    index('otc_orders_seller_idx').on(t.sellerId, t.id),
    index('otc_orders_maker_idx').on(t.makerId, t.status),
    index('otc_orders_status_idx').on(t.status, t.id),
    index('otc_orders_due_idx').on(t.payDeadline).where(sql`${t.status} = 'pending'`),
    index('otc_orders_release_due_idx').on(t.releaseDueAt).where(sql`${t.status} = 'paid'`),
    index('otc_orders_proof_idx').on(t.proof).where(sql`${t.proof} IS NOT NULL`),
  ],
);

export const otcAppeals = pgTable('otc_appeals', {
  orderId: bigint('order_id', { mode: 'number' })
    .primaryKey()
    .references(() => otcOrders.id),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id),
  role: text('role', { enum: ['buyer', 'seller'] }).notNull(),
  reason: text('reason').notNull(),
  /** Opened by the release time limit, not by a side (userId is then the buyer waiting for the coins). */
  automatic: boolean('automatic').notNull().default(false),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  decision: text('decision', { enum: ['release', 'return'] }),
  note: text('note'),
  operatorId: integer('operator_id').references(() => operators.id),
  decidedAt: bigint('decided_at', { mode: 'number' }),
});

/** The order chat: a side's text and/or image (their own upload's bare reference), or an operator's note. */
export const otcMessages = pgTable(
  'otc_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => otcOrders.id),
    userId: integer('user_id').references(() => users.id),
    operatorId: integer('operator_id').references(() => operators.id),
    body: text('body').notNull().default(''),
    image: text('image'),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('otc_messages_order_idx').on(t.orderId, t.id), index('otc_messages_image_idx').on(t.image).where(sql`${t.image} IS NOT NULL`)],
);
