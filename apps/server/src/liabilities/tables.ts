import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const POL_REASONS = ['daily', 'operator', 'start'] as const;
export type PolReason = (typeof POL_REASONS)[number];

/** A proof-of-liabilities snapshot: its published root and totals per coin (base units, aligned with `coins`). */
export const polSnapshots = pgTable(
  'pol_snapshots',
  {
    id: serial('id').primaryKey(),
    takenAt: timestamp('taken_at', { withTimezone: true }).notNull(),
    /** The UTC day (YYYY-MM-DD) of takenAt; one 'daily' snapshot per day. */
    day: text('day').notNull(),
    reason: text('reason', { enum: POL_REASONS }).notNull(),
    operatorId: integer('operator_id'),
    coins: jsonb('coins').$type<string[]>().notNull(),
    rootHash: text('root_hash').notNull(),
    totals: jsonb('totals').$type<string[]>().notNull(),
    /** The ledger's user-account totals per coin, read from the postings in the snapshot's transaction. */
    ledgerTotals: jsonb('ledger_totals').$type<string[]>().notNull(),
    leafCount: integer('leaf_count').notNull(),
    demo: boolean('demo').notNull().default(false),
  },
  (t) => [
    uniqueIndex('pol_snapshots_daily_key').on(t.day).where(sql`${t.reason} = 'daily'`),
    check('pol_snapshots_reason_check', sql`${t.reason} in ('daily', 'operator', 'start')`),
  ],
);

/** One user's leaf: salt, sums (comma-joined base units) and the committed detail lines. */
export const polLeaves = pgTable(
  'pol_leaves',
  {
    snapshotId: integer('snapshot_id')
      .notNull()
      .references(() => polSnapshots.id),
    position: integer('position').notNull(),
    userId: integer('user_id').notNull(),
    salt: text('salt').notNull(),
    sums: text('sums').notNull(),
    detail: jsonb('detail').$type<string[]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.snapshotId, t.position], name: 'pol_leaves_pkey' }), uniqueIndex('pol_leaves_user_key').on(t.snapshotId, t.userId)],
);

/** The inner nodes, level 1 (pairs of leaves) up to the root. */
export const polNodes = pgTable(
  'pol_nodes',
  {
    snapshotId: integer('snapshot_id')
      .notNull()
      .references(() => polSnapshots.id),
    level: smallint('level').notNull(),
    position: integer('position').notNull(),
    hash: text('hash').notNull(),
    sums: text('sums').notNull(),
  },
  (t) => [primaryKey({ columns: [t.snapshotId, t.level, t.position], name: 'pol_nodes_pkey' })],
);

