import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns.ts';

/**
 * One row per (user, call, client key): the fingerprint of the first request and its answer. Written
 * in the same transaction as the business row it answers for (or, for spot orders, claimed first with
 * no answer and answered once the order is placed).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id').notNull(),
    call: text('call').notNull(),
    key: text('key').notNull(),
    /** sha256 of the request's validated input, so the same key with another request is refused. */
    fingerprint: text('fingerprint').notNull(),
    /** The first answer as JSON text, exactly as first sent; null while the first request is still running. */
    answer: text('answer'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ name: 'idempotency_keys_pkey', columns: [t.userId, t.call, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);
