import { bigint, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** The running processes of a cluster (migration 0040; cluster/membership.ts queries them in SQL). */
export const clusterMembers = pgTable('cluster_members', {
  id: serial('id').primaryKey(),
  address: text('address').notNull(),
  token: text('token').notNull(),
  pid: integer('pid').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Who holds each lease ('core', 'spot:<symbol id>') and its epoch, raised at each take-over. */
export const clusterLeases = pgTable('cluster_leases', {
  name: text('name').primaryKey(),
  memberId: integer('member_id'),
  epoch: bigint('epoch', { mode: 'number' }).notNull().default(0),
  takenAt: timestamp('taken_at', { withTimezone: true }),
});
