/**
 * The ledger: `post` is the only way a balance changes. It locks the touched accounts in id order
 * (deadlock-free), refuses to take a user bucket below zero, and writes the entry and its postings in
 * the caller's transaction. `audit` proves that entries balance and figures equal their postings.
 */
import { ACCOUNT_KINDS, type AccountKind, type SystemAccount, money, toAmountString, sum } from '@fairex/contract';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { queryRows, type Executor, type Tx } from '../db/client.ts';
import { DomainError } from '../http/errors.ts';
import { currencies } from '../site/tables.ts';
import { ledgerAccounts, ledgerEntries, ledgerPostings } from './tables.ts';

export type Bucket = 'available' | 'frozen' | 'locked';
export type Leg = { accountId: number; bucket?: Bucket; amount: string };
export type Entry = { kind: string; refType: string; refId: string | number; memo?: string; legs: Leg[] };

/** A broken invariant is a programming error, not a refusal: it must crash loudly. */
function assertBalanced(legsByCurrency: Map<number, string[]>) {
  for (const [currencyId, amounts] of legsByCurrency) {
    if (!money(sum(amounts)).isZero()) throw new Error(`ledger entry does not balance for currency ${currencyId}: ${amounts.join(', ')}`);
  }
}

export async function post(tx: Tx, entry: Entry): Promise<number> {
  if (entry.legs.length < 2) throw new Error('ledger entry needs at least two legs');
  const ids = [...new Set(entry.legs.map((l) => l.accountId))].sort((a, b) => a - b);
  const accounts = await tx
    .select()
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.id, ids))
    .orderBy(asc(ledgerAccounts.id))
    .for('update');
  if (accounts.length !== ids.length) throw new Error('ledger entry names an unknown account');
  const byId = new Map(accounts.map((a) => [a.id, { ...a }]));

  const legsByCurrency = new Map<number, string[]>();
  const postings: (typeof ledgerPostings.$inferInsert)[] = [];
  for (const leg of entry.legs) {
    const account = byId.get(leg.accountId)!;
    const bucket = leg.bucket ?? 'available';
    const after = toAmountString(money(account[bucket]).plus(leg.amount));
    if (account.system === null && money(after).isNegative()) throw new DomainError('insufficient_balance');
    account[bucket] = after;
    legsByCurrency.set(account.currencyId, [...(legsByCurrency.get(account.currencyId) ?? []), leg.amount]);
    postings.push({ entryId: 0, accountId: account.id, currencyId: account.currencyId, bucket, amount: leg.amount, balanceAfter: after });
  }
  assertBalanced(legsByCurrency);

  const [row] = await tx
    .insert(ledgerEntries)
    .values({ kind: entry.kind, refType: entry.refType, refId: String(entry.refId), memo: entry.memo })
    .returning({ id: ledgerEntries.id });
  await tx.insert(ledgerPostings).values(postings.map((p) => ({ ...p, entryId: row!.id })));
  for (const id of ids) {
    const a = byId.get(id)!;
    await tx.update(ledgerAccounts).set({ available: a.available, frozen: a.frozen, locked: a.locked }).where(eq(ledgerAccounts.id, id));
  }
  return row!.id;
}

/** Moves an amount within one account from available to frozen (an order or a withdrawal request). */
export const freeze = (tx: Tx, accountId: number, amount: string, ref: Omit<Entry, 'legs'>) =>
  post(tx, { ...ref, legs: [{ accountId, amount: `-${amount}` }, { accountId, bucket: 'frozen', amount }] });

export const unfreeze = (tx: Tx, accountId: number, amount: string, ref: Omit<Entry, 'legs'>) =>
  post(tx, { ...ref, legs: [{ accountId, bucket: 'frozen', amount: `-${amount}` }, { accountId, amount }] });

export const transfer = (tx: Tx, fromAccountId: number, toAccountId: number, amount: string, ref: Omit<Entry, 'legs'>) =>
  post(tx, { ...ref, legs: [{ accountId: fromAccountId, amount: `-${amount}` }, { accountId: toAccountId, amount }] });

/** Opens every account kind in every enabled currency for a user; safe to call again. */
export async function openUserAccounts(tx: Executor, userId: number, currencyIds?: number[]) {
  const ids = currencyIds ?? (await tx.select({ id: currencies.id }).from(currencies).where(eq(currencies.enabled, true))).map((c) => c.id);
  const rows = ids.flatMap((currencyId) => ACCOUNT_KINDS.map((kind) => ({ userId, currencyId, kind })));
  if (rows.length) await tx.insert(ledgerAccounts).values(rows).onConflictDoNothing();
}

export async function userAccount(tx: Executor, userId: number, currencyId: number, kind: AccountKind): Promise<number> {
  const where = and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.currencyId, currencyId), eq(ledgerAccounts.kind, kind));
  const [found] = await tx.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(where).limit(1);
  if (found) return found.id;
  await tx.insert(ledgerAccounts).values({ userId, currencyId, kind }).onConflictDoNothing();
  const [created] = await tx.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(where).limit(1);
  return created!.id;
}

/** System accounts stand on the other side of movements with the outside world; they may go negative. */
export async function systemAccount(tx: Executor, name: SystemAccount, currencyId: number): Promise<number> {
  const where = and(eq(ledgerAccounts.system, name), eq(ledgerAccounts.currencyId, currencyId), isNull(ledgerAccounts.userId));
  const [found] = await tx.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(where).limit(1);
  if (found) return found.id;
  await tx.insert(ledgerAccounts).values({ system: name, currencyId, kind: 'system' }).onConflictDoNothing();
  const [created] = await tx.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(where).limit(1);
  return created!.id;
}

/** A user's accounts with their figures (balance = available + frozen + locked), amounts as strings. */
export async function accountsOf(db: Executor, userId: number) {
  const rows = await db
    .select({ account: ledgerAccounts, currency: currencies.name })
    .from(ledgerAccounts)
    .innerJoin(currencies, eq(currencies.id, ledgerAccounts.currencyId))
    .where(eq(ledgerAccounts.userId, userId))
    .orderBy(asc(currencies.sort), asc(ledgerAccounts.id));
  return rows.map(({ account, currency }) => ({
    id: account.id,
    currency_id: account.currencyId,
    currency,
    kind: account.kind,
    balance: toAmountString(money(account.available).plus(account.frozen).plus(account.locked)),
    available: toAmountString(account.available),
    frozen: toAmountString(account.frozen),
    locked: toAmountString(account.locked),
  }));
}

const AUDIT_SAMPLE_MAX = 20;

/** Proves the invariant with three aggregate queries; lists up to AUDIT_SAMPLE_MAX offenders of each kind. */
export async function audit(db: Executor) {
  const unbalanced = await queryRows<{ entry_id: number; currency_id: number; total: string }>(db, sql`
    select entry_id, currency_id, sum(amount)::text as total from ledger_postings
    group by entry_id, currency_id having sum(amount) <> 0 order by entry_id limit ${AUDIT_SAMPLE_MAX}`);
  const mismatched = await queryRows<{ account_id: number; bucket: string; figure: string; postings: string }>(db, sql`
    with sums as (
      select account_id,
        coalesce(sum(amount) filter (where bucket = 'available'), 0) as available,
        coalesce(sum(amount) filter (where bucket = 'frozen'), 0) as frozen,
        coalesce(sum(amount) filter (where bucket = 'locked'), 0) as locked
      from ledger_postings group by account_id)
    select a.id as account_id,
      case when a.available <> coalesce(s.available, 0) then 'available'
           when a.frozen <> coalesce(s.frozen, 0) then 'frozen' else 'locked' end as bucket,
      (a.available + a.frozen + a.locked)::text as figure,
      (coalesce(s.available, 0) + coalesce(s.frozen, 0) + coalesce(s.locked, 0))::text as postings
    from ledger_accounts a left join sums s on s.account_id = a.id
    where a.available <> coalesce(s.available, 0) or a.frozen <> coalesce(s.frozen, 0) or a.locked <> coalesce(s.locked, 0)
    order by a.id limit ${AUDIT_SAMPLE_MAX}`);
  const negative = await queryRows<{ account_id: number; available: string; frozen: string; locked: string }>(db, sql`
    select id as account_id, available::text, frozen::text, locked::text from ledger_accounts
    where system is null and (available < 0 or frozen < 0 or locked < 0) order by id limit ${AUDIT_SAMPLE_MAX}`);
  const [counts] = await queryRows<{ entries: number; postings: number }>(
    db,
    sql`select (select count(*) from ledger_entries)::int as entries, (select count(*) from ledger_postings)::int as postings`,
  );
  return {
    ok: unbalanced.length === 0 && mismatched.length === 0 && negative.length === 0,
    entries: counts?.entries ?? 0,
    postings: counts?.postings ?? 0,
    unbalancedEntries: unbalanced,
    mismatchedAccounts: mismatched,
    negativeAccounts: negative,
  };
}
