/**
 * The ledger audit's runs as rows (ledger_audit_runs): written by the scheduled audit (audit-job.ts) in
 * its own transaction, read by the public transparency page. Only the last AUDIT_RUNS_KEEP_DAYS are kept:
 * at one run every 15 minutes that is about 2,900 rows.
 */
import { DAY_MS, type AuditRunView } from '@fairex/contract';
import { desc, lt } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import type { AuditResult } from './audit.ts';
import { ledgerAuditRuns } from './tables.ts';

export const AUDIT_RUNS_KEEP_DAYS = 30;

/**
 * Records one run and drops the runs older than the kept window. `offenders` is the count of the check's
 * sample (the audit reads at most AUDIT_SAMPLE_MAX offenders per check), enough to tell 0 from some.
 */
export async function recordAuditRun(tx: Executor, result: AuditResult, now: Date) {
  await tx.insert(ledgerAuditRuns).values({
    ranAt: now,
    ok: result.ok,
    entries: result.entries,
    postings: result.postings,
    checks: result.checks.map((c) => ({ name: c.name, ok: c.ok, offenders: c.rows.length })),
  });
  await tx.delete(ledgerAuditRuns).where(lt(ledgerAuditRuns.ranAt, new Date(now.getTime() - AUDIT_RUNS_KEEP_DAYS * DAY_MS)));
}

/** The latest run, or null before the first. */
export async function latestAuditRun(db: Executor): Promise<AuditRunView | null> {
  const [row] = await db.select().from(ledgerAuditRuns).orderBy(desc(ledgerAuditRuns.ranAt), desc(ledgerAuditRuns.id)).limit(1);
  if (!row) return null;
  return { ran_at: row.ranAt.toISOString(), ok: row.ok, entries: row.entries, postings: row.postings, checks: row.checks };
}
