/**
 * The ledger: `post` is the only way a balance changes; `audit` proves that entries balance and that
 * account figures equal their postings. SQL lives in repository.ts.
 */
export { post, postMany, freeze, unfreeze, transfer, LEGS_PER_ENTRY_MAX, BATCH_LEGS_PER_ENTRY_MAX, type Bucket, type Entry, type EntryRef, type Leg } from './post.ts';
export { openUserAccounts, userAccount, systemAccount, accountsOf } from './accounts.ts';
export { audit, offenders, AUDIT_SAMPLE_MAX, type AuditCheckResult, type AuditResult } from './audit.ts';
export type { AccountRow } from './repository.ts';
