import { bigint, bigserial, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';

/** Each run of a wealth job that moved money (migration 0018): the back office lists what it paid and when. */
export const wealthRuns = pgTable(
  'wealth_runs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    job: text('job').notNull(),
    ranAt: bigint('ran_at', { mode: 'number' }).notNull(),
    items: integer('items').notNull(),
    /** Totals per coin name ({ paid: { USDT: "1.5" } } and the like) and anything else the job reports. */
    summary: jsonb('summary').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [index('wealth_runs_job_idx').on(t.job, t.id)],
);
