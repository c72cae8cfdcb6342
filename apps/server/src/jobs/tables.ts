import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, createdAt } from '../db/columns.ts';

export const JOB_STATUSES = ['pending', 'done', 'failed'] as const;

/**
 * Scheduled work (migration 0011): one row per job, due at `run_at`. A one-off job is marked done; a
 * recurring one (`every_ms`) moves to its next due time; a failed attempt is retried later, and a
 * one-off job that keeps failing ends as failed. (name, key) is unique, so scheduling is idempotent.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    key: text('key').notNull(),
    payload: jsonb('payload').notNull().default({}),
    status: text('status', { enum: JOB_STATUSES }).notNull().default('pending'),
    runAt: at('run_at').notNull(),
    everyMs: integer('every_ms'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
    doneAt: at('done_at'),
  },
  (t) => [
    uniqueIndex('jobs_name_key_key').on(t.name, t.key),
    index('jobs_due_idx').on(t.runAt, t.id).where(sql`${t.status} = 'pending'`),
    check('jobs_status_check', sql`${t.status} in ('pending', 'done', 'failed')`),
    check('jobs_every_ms_check', sql`${t.everyMs} is null or ${t.everyMs} > 0`),
  ],
);
