/**
 * `post` is the only way a balance changes. It locks the touched accounts in id order (deadlock-free),
 * then checks and writes the entry in one statement: either the whole entry lands or nothing does.
 */
import { money, toAmountString } from '@fairex/contract';
import type { Tx } from '../db/client.ts';
import { DomainError } from '../http/errors.ts';
import { lockAccounts, writeEntries, type Bucket, type CheckedLeg } from './repository.ts';

export type { Bucket } from './repository.ts';
/**
 * A leg may name its own business reference (refType + refId) where one entry moves money for several
 * (a spot batch: each leg names the order it belongs to); a user's bill line then shows the leg's own
 * reference, never another user's. Without one, the entry's reference stands for the leg.
 */
export type Leg = { accountId: number; bucket?: Bucket; amount: string; refType?: string; refId?: string | number };
export type EntryRef = { kind: string; refType: string; refId: string | number; memo?: string };
export type Entry = EntryRef & { legs: Leg[] };

/** One entry moves a handful of buckets; a long list is a bug in the caller. */
export const LEGS_PER_ENTRY_MAX = 64;
/**
 * A batch that pays many users at once (an option settlement window) may ask for long entries: one
 * statement writes them, each leg naming its own business row. Beyond this, split into more entries.
 */
export const BATCH_LEGS_PER_ENTRY_MAX = 1_024;
/** NUMERIC(36,18): an amount with more decimals would be rounded by the database, so it is refused. */
const AMOUNT_DECIMALS_MAX = 18;
const BUCKETS: readonly Bucket[] = ['available', 'frozen', 'locked'];

/** A malformed entry is a programming error, so these throw plain Errors (not business refusals). */
function checkLegs(legs: Leg[], legsMax: number): CheckedLeg[] {
  if (legs.length < 2 || legs.length > legsMax) throw new Error(`ledger entry needs 2..${legsMax} legs, got ${legs.length}`);
  return legs.map((leg) => {
    const bucket = leg.bucket ?? 'available';
    if (!BUCKETS.includes(bucket)) throw new Error(`ledger leg has an unknown bucket: ${bucket}`);
    if (!Number.isInteger(leg.accountId)) throw new Error(`ledger leg has no account id: ${leg.accountId}`);
    const value = money(leg.amount);
    if (!value.isFinite() || value.decimalPlaces() > AMOUNT_DECIMALS_MAX) throw new Error(`ledger leg amount is not a NUMERIC(36,18): ${leg.amount}`);
    if ((leg.refType === undefined) !== (leg.refId === undefined)) throw new Error('ledger leg reference needs both refType and refId');
    return { accountId: leg.accountId, bucket, amount: toAmountString(value), refType: leg.refType ?? null, refId: leg.refId === undefined ? null : String(leg.refId) };
  });
}

/** Posts an entry; `legsMax` above LEGS_PER_ENTRY_MAX only for batches (up to BATCH_LEGS_PER_ENTRY_MAX). */
export async function post(tx: Tx, entry: Entry, legsMax = LEGS_PER_ENTRY_MAX): Promise<number> {
  const [id] = await postMany(tx, [entry], legsMax);
  return id!;
}

/** Legs written per statement at most: a longer list is written in several, one after the other. */
const LEGS_PER_STATEMENT_MAX = 20_000;

/**
 * Posts many entries in one set-based statement (several when they hold more than
 * LEGS_PER_STATEMENT_MAX legs): the same checks and the same outcome as posting them one after the other
 * with `post`, in a fraction of the round trips. Bulk paths (batches, settlements, interest) use it. The
 * touched accounts are locked once, in id order. Returns the entries' ids in order.
 */
export async function postMany(tx: Tx, entries: Entry[], legsMax = LEGS_PER_ENTRY_MAX): Promise<number[]> {
  if (legsMax > BATCH_LEGS_PER_ENTRY_MAX) throw new Error(`ledger entry legs are capped at ${BATCH_LEGS_PER_ENTRY_MAX}`);
  if (entries.length === 0) return [];
  const checked = entries.map((entry) => checkLegs(entry.legs, legsMax));
  const ids = [...new Set(checked.flatMap((legs) => legs.map((l) => l.accountId)))].sort((a, b) => a - b);
  if ((await lockAccounts(tx, ids)) !== ids.length) throw new Error(`ledger entry names an unknown account: ${ids.join(', ')}`);
  const entryIds: number[] = [];
  for (let first = 0; first < entries.length; ) {
    let last = first;
    let legCount = 0;
    while (last < entries.length && (last === first || legCount + checked[last]!.length <= LEGS_PER_STATEMENT_MAX)) legCount += checked[last++]!.length;
    entryIds.push(...(await writeChunk(tx, entries.slice(first, last), checked.slice(first, last))));
    first = last;
  }
  return entryIds;
}

async function writeChunk(tx: Tx, entries: Entry[], checked: CheckedLeg[][]): Promise<number[]> {
  const headers = entries.map((entry) => ({ kind: entry.kind, refType: entry.refType, refId: String(entry.refId), memo: entry.memo ?? null }));
  const result = await writeEntries(tx, headers, checked.flatMap((legs, entry) => legs.map((leg) => ({ ...leg, entry }))));
  if (result.unbalancedEntry !== null) {
    const entry = entries[result.unbalancedEntry]!;
    throw new Error(`ledger entry ${entry.kind} ${entry.refType}:${entry.refId} does not sum to zero in currencies ${result.unbalancedCurrencies.join(', ')}`);
  }
  if (result.shortAccounts.length) throw new DomainError('insufficient_balance', { accounts: result.shortAccounts });
  // A figure the columns cannot hold is a number no one should enter, refused like an overdraft.
  if (result.tooLarge) throw new DomainError('wrong_number');
  if (result.entryIds.length !== entries.length) throw new Error('ledger entries were accepted but not written');
  return result.entryIds;
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
