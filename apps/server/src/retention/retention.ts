/**
 * Retention: rows kept only as long as they serve, removed by a recurring job of the scheduler.
 *  - Idempotency keys answer a retry of the same request, which comes within minutes: a key is kept
 *    IDEMPOTENCY_KEYS_KEEP_MS (7 days); after that the same key is a new request.
 *  - Index ticks are recorded every second per symbol, hash-chained and public (markets/tick-routes.ts),
 *    so anyone can check a result against them. The ones an option order, a contract position, a
 *    settled dual investment product or a loan liquidation names (its open and close ticks, the evidence
 *    for its result) are kept for good; all others INDEX_TICKS_KEEP_MS (90 days: every tick of that span
 *    stays, so the chain between any two ticks of it, and each day's chain head, can be checked), and
 *    never while an option order still opening or open may need a tick (none from its acceptance on),
 *    nor one a dual product not yet settled may settle on (none from a minute before its settlement
 *    time on).
 *  - Proof-of-liabilities leaves and inner nodes (liabilities/) give each user their own proof of a
 *    snapshot; a day's proof is checked within days. They are kept POL_PROOFS_KEEP_MS (90 days); each
 *    snapshot's root and totals stay for good (the transparency page lists them).
 * Each run removes at most RETENTION_ROWS_PER_RUN rows of each kind, so its transaction stays short;
 * a backlog goes over the next runs.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../db/client.ts';
import type { JobScheduler } from '../jobs/scheduler.ts';

export const RETENTION_JOB = 'retention.prune';
export const RETENTION_EVERY_MS = 60 * 60_000;
export const RETENTION_ROWS_PER_RUN = 50_000;
export const IDEMPOTENCY_KEYS_KEEP_MS = 7 * 24 * 60 * 60_000;
export const INDEX_TICKS_KEEP_MS = 90 * 24 * 60 * 60_000;
export const POL_PROOFS_KEEP_MS = 90 * 24 * 60 * 60_000;

/** Removes what has served its time as of `now`; answers how many rows of each kind went. */
export async function prune(db: Executor, now: number, rowsMax = RETENTION_ROWS_PER_RUN): Promise<{ idempotencyKeys: number; indexTicks: number; proofRows: number }> {
  const keysBefore = new Date(now - IDEMPOTENCY_KEYS_KEEP_MS).toISOString();
  const [keys] = await queryRows<{ n: number }>(
    db,
    sql`with gone as (
          delete from idempotency_keys where ctid in (
            select ctid from idempotency_keys where created_at < ${keysBefore}::timestamptz limit ${rowsMax})
          returning 1)
        select count(*)::int as n from gone`,
  );
  const [ticks] = await queryRows<{ n: number }>(
    db,
    sql`with cutoff as (
          select least(${now - INDEX_TICKS_KEEP_MS}::bigint, coalesce((select min(accepted_at) from option_orders where status in ('opening', 'open')), ${now}::bigint),
            coalesce((select min(settle_at) - 60000 from dual_products where status = 'open'), ${now}::bigint)) as time),
        gone as (
          delete from index_ticks where id in (
            select t.id from index_ticks t, cutoff c
            where t.time < c.time
              and not exists (select 1 from option_orders o where o.open_tick_id = t.id or o.close_tick_id = t.id)
              and not exists (select 1 from contract_positions p where p.open_tick_id = t.id or p.close_tick_id = t.id)
              and not exists (select 1 from dual_products d where d.settle_tick_id = t.id)
              and not exists (select 1 from loan_liquidations l where l.tick_id = t.id)
            limit ${rowsMax})
          returning 1)
        select count(*)::int as n from gone`,
  );
  let proofRows = 0;
  const proofsBefore = new Date(now - POL_PROOFS_KEEP_MS).toISOString();
  for (const table of [sql`pol_leaves`, sql`pol_nodes`]) {
    const [gone] = await queryRows<{ n: number }>(
      db,
      sql`with gone as (
            delete from ${table} where ctid in (
              select ctid from ${table} where snapshot_id in (select id from pol_snapshots where taken_at < ${proofsBefore}::timestamptz) limit ${rowsMax})
            returning 1)
          select count(*)::int as n from gone`,
    );
    proofRows += gone?.n ?? 0;
  }
  return { idempotencyKeys: keys?.n ?? 0, indexTicks: ticks?.n ?? 0, proofRows };
}

export function registerRetention(jobs: JobScheduler) {
  jobs.every(RETENTION_JOB, RETENTION_EVERY_MS, async (tx, _job, now) => {
    await prune(tx, now.getTime());
  });
}
