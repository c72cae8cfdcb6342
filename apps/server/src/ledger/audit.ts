/**
 * Proves the ledger invariant: every entry sums to zero per currency, every account's figures equal
 * the sum of its postings, and no user bucket is negative. A few aggregate queries, each one pass.
 */
import type { Executor } from '../db/client.ts';
import { countJournal, selectMismatchedAccounts, selectNegativeUserAccounts, selectUnbalancedEntries } from './repository.ts';

/** Offenders listed per kind; the first few are enough to start looking. */
export const AUDIT_SAMPLE_MAX = 20;

export async function audit(db: Executor) {
  const unbalancedEntries = await selectUnbalancedEntries(db, AUDIT_SAMPLE_MAX);
  const mismatchedAccounts = await selectMismatchedAccounts(db, AUDIT_SAMPLE_MAX);
  const negativeAccounts = await selectNegativeUserAccounts(db, AUDIT_SAMPLE_MAX);
  const { entries, postings } = await countJournal(db);
  return {
    ok: unbalancedEntries.length === 0 && mismatchedAccounts.length === 0 && negativeAccounts.length === 0,
    entries,
    postings,
    unbalancedEntries,
    mismatchedAccounts,
    negativeAccounts,
  };
}

export type AuditResult = Awaited<ReturnType<typeof audit>>;
