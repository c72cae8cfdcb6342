/**
 * `post` is the only way a balance changes. It locks the touched accounts in id order (deadlock-free),
 * then checks and writes the entry in one statement: either the whole entry lands or nothing does.
 */
import { money, toAmountString } from '@fairex/contract';
import type { Tx } from '../db/client.ts';
import { DomainError } from '../http/errors.ts';
import { lockAccounts, writeEntry, type Bucket, type CheckedLeg } from './repository.ts';

export type { Bucket } from './repository.ts';
export type Leg = { accountId: number; bucket?: Bucket; amount: string };
export type EntryRef = { kind: string; refType: string; refId: string | number; memo?: string };
export type Entry = EntryRef & { legs: Leg[] };

/** One entry moves a handful of buckets; a long list is a bug in the caller. */
export const LEGS_PER_ENTRY_MAX = 64;
/** NUMERIC(36,18): an amount with more decimals would be rounded by the database, so it is refused. */
const AMOUNT_DECIMALS_MAX = 18;
const BUCKETS: readonly Bucket[] = ['available', 'frozen', 'locked'];

/** A malformed entry is a programming error, so these throw plain Errors (not business refusals). */
function checkLegs(legs: Leg[]): CheckedLeg[] {
  if (legs.length < 2 || legs.length > LEGS_PER_ENTRY_MAX) throw new Error(`ledger entry needs 2..${LEGS_PER_ENTRY_MAX} legs, got ${legs.length}`);
  return legs.map((leg) => {
    const bucket = leg.bucket ?? 'available';
    if (!BUCKETS.includes(bucket)) throw new Error(`ledger leg has an unknown bucket: ${bucket}`);
    if (!Number.isInteger(leg.accountId)) throw new Error(`ledger leg has no account id: ${leg.accountId}`);
    const value = money(leg.amount);
    if (!value.isFinite() || value.decimalPlaces() > AMOUNT_DECIMALS_MAX) throw new Error(`ledger leg amount is not a NUMERIC(36,18): ${leg.amount}`);
    return { accountId: leg.accountId, bucket, amount: toAmountString(value) };
  });
}

export async function post(tx: Tx, entry: Entry): Promise<number> {
  const legs = checkLegs(entry.legs);
  const ids = [...new Set(legs.map((l) => l.accountId))].sort((a, b) => a - b);
  if ((await lockAccounts(tx, ids)) !== ids.length) throw new Error(`ledger entry names an unknown account: ${ids.join(', ')}`);
  const header = { kind: entry.kind, refType: entry.refType, refId: String(entry.refId), memo: entry.memo ?? null };
  const result = await writeEntry(tx, header, legs);
  if (result.unbalancedCurrencies.length) {
    throw new Error(`ledger entry ${entry.kind} ${entry.refType}:${entry.refId} does not sum to zero in currencies ${result.unbalancedCurrencies.join(', ')}`);
  }
  if (result.shortAccounts.length) throw new DomainError('insufficient_balance', { accounts: result.shortAccounts });
  // A figure the columns cannot hold is a number no one should enter, refused like an overdraft.
  if (result.tooLarge) throw new DomainError('wrong_number');
  if (result.entryId === null) throw new Error('ledger entry was accepted but not written');
  return result.entryId;
}

const negate = (amount: string) => toAmountString(money(amount).negated());

/** Moves an amount within one account from available to frozen (an open order, a withdrawal request). */
export const freeze = (tx: Tx, accountId: number, amount: string, ref: EntryRef) =>
  post(tx, { ...ref, legs: [{ accountId, amount: negate(amount) }, { accountId, bucket: 'frozen', amount }] });

/** The reverse of `freeze`: frozen back to available. */
export const unfreeze = (tx: Tx, accountId: number, amount: string, ref: EntryRef) =>
  post(tx, { ...ref, legs: [{ accountId, bucket: 'frozen', amount: negate(amount) }, { accountId, amount }] });

/** Available to available between two accounts of the same currency. */
export const transfer = (tx: Tx, fromAccountId: number, toAccountId: number, amount: string, ref: EntryRef) =>
  post(tx, { ...ref, legs: [{ accountId: fromAccountId, amount: negate(amount) }, { accountId: toAccountId, amount }] });
