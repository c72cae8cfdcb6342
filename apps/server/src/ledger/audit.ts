/**
 * Proves the ledger invariant, one named check at a time (the back office shows each by name): every
 * entry sums to zero per currency; every account's figures equal the sum of its postings; no user
 * bucket is negative; frozen and locked equal what open business rows hold; no business reference is posted
 * twice; fixed-sign system accounts keep their sign; every bucket's balance_after chain runs on without
 * a gap. Then the business rules the legs alone cannot show (review 2026-11-27): NFT bids backed by
 * freezes, option and dual payouts equal to their rule on the cited ticks, the insurance fund paying only
 * accounts left without equity, no open position without margin; and the latest proof of liabilities'
 * totals equal to its leaves and to the ledger's figures read with it (issue 26). A few aggregate queries, each one pass.
 */
import { LEDGER_AUDIT_CHECKS, type LedgerAuditCheck } from '@fairex/contract';
import type { Executor } from '../db/client.ts';
import { selectBrokenBalanceChains, selectFrozenMismatches, selectLockedMismatches, selectRepeatedReferences, selectWrongSignSystemAccounts } from './audit-repository.ts';
import { selectDualPayoutsOffRule } from '../invest/audit.ts';
import { selectInsurancePayoutsWithEquityLeft, selectZeroMarginOpenPositions } from '../contracts/audit.ts';
import { selectLiabilityMismatches } from '../liabilities/repository.ts';
import { selectUnbackedBids } from '../nft/repository.ts';
import { selectOptionsOffTheirTicks } from '../options/repository.ts';
import { countJournal, selectMismatchedAccounts, selectNegativeUserAccounts, selectUnbalancedEntries } from './repository.ts';

/** Offenders listed per check; the first few are enough to start looking. */
export const AUDIT_SAMPLE_MAX = 20;

export type AuditRow = Record<string, string | number | null>;
export type AuditCheckResult = { name: LedgerAuditCheck; ok: boolean; rows: AuditRow[] };

/** Each check lists its first offenders; none means it holds. */
const CHECKS: Record<LedgerAuditCheck, (db: Executor, limit: number) => Promise<AuditRow[]>> = {
  entries_balance: selectUnbalancedEntries,
  accounts_match_postings: selectMismatchedAccounts,
  user_accounts_not_negative: selectNegativeUserAccounts,
  frozen_matches_holds: selectFrozenMismatches,
  locked_matches_holds: selectLockedMismatches,
  references_posted_once: selectRepeatedReferences,
  system_account_signs: selectWrongSignSystemAccounts,
  balance_after_chain: selectBrokenBalanceChains,
  nft_bids_backed: selectUnbackedBids,
  option_payouts_follow_ticks: selectOptionsOffTheirTicks,
  dual_payouts_follow_rule: selectDualPayoutsOffRule,
  contract_insurance_only_net_deficit: selectInsurancePayoutsWithEquityLeft,
  contract_no_zero_margin_open: selectZeroMarginOpenPositions,
  liabilities_match_ledger: selectLiabilityMismatches,
};

export async function audit(db: Executor) {
  const checks: AuditCheckResult[] = [];
  // In the contract's order, the one the back office lists them in.
  for (const name of LEDGER_AUDIT_CHECKS) {
    const rows = await CHECKS[name](db, AUDIT_SAMPLE_MAX);
    checks.push({ name, ok: rows.length === 0, rows });
  }
  const { entries, postings } = await countJournal(db);
  return { ok: checks.every((c) => c.ok), entries, postings, checks };
}

export type AuditResult = Awaited<ReturnType<typeof audit>>;

/** The offenders of one check (empty when it holds). */
export const offenders = (result: AuditResult, name: LedgerAuditCheck) => result.checks.find((c) => c.name === name)?.rows ?? [];
