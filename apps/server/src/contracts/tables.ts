import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { amount } from '../db/columns.ts';

/** Migration 0015: the contract settings of futures and stock symbols, positions and overnight fees. */

export type SessionColumn = { open: string; close: string; weekdays: number[]; time_zone: string };

export const contractSettings = pgTable(
  'contract_settings',
  {
    symbolId: integer('symbol_id').primaryKey(),
    contractSize: amount('contract_size').notNull(),
    multiples: jsonb('multiples').$type<number[]>().notNull(),
    lotsMin: integer('lots_min').notNull(),
    lotsMax: integer('lots_max').notNull(),
    feeRate: amount('fee_rate').notNull(),
    overnightRate: amount('overnight_rate').notNull(),
    spread: amount('spread').notNull(),
    maintenanceThreshold: amount('maintenance_threshold').notNull(),
    session: jsonb('session').$type<SessionColumn | null>(),
    enabled: boolean('enabled').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('contract_settings_size_check', sql`${t.contractSize} > 0`),
    check('contract_settings_lots_check', sql`${t.lotsMin} >= 1 AND ${t.lotsMax} >= ${t.lotsMin}`),
    check(
      'contract_settings_rates_check',
      sql`${t.feeRate} >= 0 AND ${t.feeRate} < 1 AND ${t.overnightRate} >= 0 AND ${t.overnightRate} < 1 AND ${t.spread} >= 0`,
    ),
    check('contract_settings_threshold_check', sql`${t.maintenanceThreshold} >= 0 AND ${t.maintenanceThreshold} < 100`),
  ],
);

/**
 * Migration 0033: scheduled changes of a symbol's maintenance threshold, overnight rate or spread; each
 * applies from effective_at (contracts/settings.ts, contract-settings-rules.ts), one scheduled per field.
 */
export const contractSettingChanges = pgTable(
  'contract_setting_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    symbolId: integer('symbol_id').notNull(),
    field: text('field', { enum: ['maintenance_threshold', 'overnight_rate', 'spread'] }).notNull(),
    /** The value in force when the change was made (the operator log and the back office show both). */
    previousValue: amount('previous_value').notNull(),
    value: amount('value').notNull(),
    effectiveAt: timestamp('effective_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: ['scheduled', 'applied', 'cancelled'] }).notNull().default('scheduled'),
    operatorId: integer('operator_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('contract_setting_changes_scheduled_idx').on(t.symbolId, t.field).where(sql`${t.status} = 'scheduled'`),
    check('contract_setting_changes_field_check', sql`${t.field} IN ('maintenance_threshold', 'overnight_rate', 'spread')`),
    check('contract_setting_changes_status_check', sql`${t.status} IN ('scheduled', 'applied', 'cancelled')`),
    check(
      'contract_setting_changes_value_check',
      sql`${t.value} >= 0 AND (${t.field} <> 'maintenance_threshold' OR ${t.value} < 100) AND (${t.field} <> 'overnight_rate' OR ${t.value} < 1)`,
    ),
  ],
);

export const contractPositions = pgTable(
  'contract_positions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull(),
    symbolId: integer('symbol_id').notNull(),
    /** The margin coin (the symbol's quote coin). */
    currencyId: integer('currency_id').notNull(),
    side: text('side', { enum: ['long', 'short'] }).notNull(),
    orderKind: text('order_kind', { enum: ['market', 'limit'] }).notNull(),
    status: text('status', { enum: ['pending', 'open', 'closed', 'cancelled'] }).notNull(),
    lots: integer('lots').notNull(),
    multiple: integer('multiple').notNull(),
    contractSize: amount('contract_size').notNull(),
    targetPrice: amount('target_price'),
    openPrice: amount('open_price'),
    closePrice: amount('close_price'),
    /** Held in the contract_margins system account while open; frozen in the user's account while pending (with the fee). */
    margin: amount('margin').notNull(),
    fee: amount('fee').notNull(),
    overnightFee: amount('overnight_fee').notNull().default('0'),
    takeProfit: amount('take_profit'),
    stopLoss: amount('stop_loss'),
    /** Realised P&L once closed. */
    profit: amount('profit'),
    closeReason: text('close_reason', { enum: ['user', 'take_profit', 'stop_loss', 'liquidation', 'batch', 'copy', 'account'] }),
    openTickId: bigint('open_tick_id', { mode: 'number' }),
    closeTickId: bigint('close_tick_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** Copy trading (migration 0025): a follower's copy of the trader's position `copyOf`, from follow `copyFollowId`. */
    copyOf: bigint('copy_of', { mode: 'number' }),
    copyTraderId: integer('copy_trader_id'),
    copyFollowId: bigint('copy_follow_id', { mode: 'number' }),
    /** The follow's profit share when the copy opened, and the share paid when it closed with the trader. */
    copyShareRate: amount('copy_share_rate'),
    copyShare: amount('copy_share'),
    /** Taken over by the follower: closes by hand, no longer with the trader. */
    selfHeldAt: timestamp('self_held_at', { withTimezone: true }),
  },
  (t) => [
    index('contract_positions_user_status_idx').on(t.userId, t.status, t.id),
    index('contract_positions_live_idx').on(t.symbolId).where(sql`${t.status} IN ('pending', 'open')`),
    index('contract_positions_open_tick_idx').on(t.openTickId).where(sql`${t.openTickId} IS NOT NULL`),
    index('contract_positions_close_tick_idx').on(t.closeTickId).where(sql`${t.closeTickId} IS NOT NULL`),
    check('contract_positions_side_check', sql`${t.side} IN ('long', 'short')`),
    check('contract_positions_kind_check', sql`${t.orderKind} IN ('market', 'limit')`),
    check('contract_positions_status_check', sql`${t.status} IN ('pending', 'open', 'closed', 'cancelled')`),
    check('contract_positions_amounts_check', sql`${t.lots} > 0 AND ${t.multiple} > 0 AND ${t.margin} >= 0 AND ${t.fee} >= 0 AND ${t.overnightFee} >= 0`),
    check('contract_positions_open_check', sql`${t.status} NOT IN ('open', 'closed') OR (${t.openPrice} IS NOT NULL AND ${t.openedAt} IS NOT NULL)`),
  ],
);

export const contractOvernightFees = pgTable(
  'contract_overnight_fees',
  {
    positionId: bigint('position_id', { mode: 'number' }).notNull(),
    /** The UTC day of the cut-off, "YYYY-MM-DD". */
    day: text('day').notNull(),
    amount: amount('amount').notNull(),
    fromMargin: amount('from_margin').notNull(),
    fromAvailable: amount('from_available').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'contract_overnight_fees_pkey', columns: [t.positionId, t.day] })],
);
