/**
 * The ledger audit (audit.ts) as a scheduled job, so a broken invariant is noticed within the hour
 * without anyone asking: its result goes to the metrics (fairex_ledger_audit_ok, the FairexLedgerAuditFailed
 * alert) and a failure to the log with the failed checks' names. Each run is also kept as a row
 * (audit-runs.ts) for the public transparency page.
 */
import type { JobScheduler } from '../jobs/scheduler.ts';
import { audit } from './audit.ts';
import { recordAuditRun } from './audit-runs.ts';

export const LEDGER_AUDIT_JOB = 'ledger.audit';
/** The audit reads every posting (about 5 s for 382,000 on the bench machine): every 15 minutes. */
export const LEDGER_AUDIT_EVERY_MS = 15 * 60_000;

export function registerLedgerAudit(jobs: JobScheduler, told: (result: { ok: boolean; failed: string[] }, at: number) => void) {
  // In the job's transaction: every check reads the same snapshot of the ledger.
  jobs.every(LEDGER_AUDIT_JOB, LEDGER_AUDIT_EVERY_MS, async (tx, _job, now) => {
    const result = await audit(tx);
    // Same transaction: the row shows exactly the snapshot the checks read, or nothing if the job fails.
    await recordAuditRun(tx, result, now);
    told({ ok: result.ok, failed: result.checks.filter((c) => !c.ok).map((c) => c.name) }, now.getTime());
  });
}
