/**
 * The ledger's SQL. Balance arithmetic happens here, in NUMERIC, in the same statement that checks
 * and writes an entry (the money module would be exact too: it carries 40 significant digits).
 */
import type { AccountKind, SystemAccount } from '@fairex/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { bigintArray, queryRows, type Executor, type Tx } from '../db/client.ts';
import { currencies } from '../site/tables.ts';
import { ledgerAccounts } from './tables.ts';

export type Bucket = 'available' | 'frozen' | 'locked';
export type CheckedLeg = { accountId: number; bucket: Bucket; amount: string; refType: string | null; refId: string | null };
export type EntryHeader = { kind: string; refType: string; refId: string; memo: string | null };

/** Locks the accounts in ascending id order (the same order for every caller, so no deadlock); returns how many exist. */
export async function lockAccounts(tx: Tx, ids: number[]): Promise<number> {
  // One array parameter however many accounts (a batch entry names up to a thousand).
  const rows = await queryRows<{ id: number }>(tx, sql`select id from ledger_accounts where id = any(${bigintArray(ids)}::int[]) order by id for update`);
  return rows.length;
}

/** On refusal, `unbalancedEntry` (an index into the entries) and its currencies, or the short accounts of the first entry that takes one below zero. */
export type WriteResult = { entryIds: number[]; unbalancedEntry: number | null; unbalancedCurrencies: number[]; shortAccounts: number[]; tooLarge: boolean };

/** NUMERIC(36,18) holds figures below 10^18 in magnitude; the entries are refused before a figure would overflow. */
const FIGURE_LIMIT = '1e18';

/**
 * Writes entries in one statement, or nothing at all, exactly as writing them one after the other would:
 * each entry's legs sum to zero per currency; no user bucket is below zero at the end of any entry; no
 * figure goes beyond NUMERIC(36,18). Only when all hold do the account update, the entries and their
 * postings run. Every part reads the accounts as they were before the statement, so a posting's
 * balance_after is the old figure plus the running sum, in entry and leg order, of the legs on that
 * bucket. Entry ids are taken from the sequence in entry order, so they increase as posting one by one
 * would make them.
 * The caller has locked the accounts.
 */
export async function writeEntries(tx: Tx, headers: EntryHeader[], legs: (CheckedLeg & { entry: number })[]): Promise<WriteResult> {
  // Headers and legs travel as two JSON parameters (amounts as strings, read by NUMERIC's own input): two
  // binds however many entries, which keeps a batch cheap.
  const headersJson = JSON.stringify(headers.map((h, e) => ({ e, kind: h.kind, ref_type: h.refType, ref_id: h.refId, memo: h.memo })));
  const legsJson = JSON.stringify(legs.map((leg, ord) => ({ e: leg.entry, ord, account_id: leg.accountId, bucket: leg.bucket, amount: leg.amount, ref_type: leg.refType, ref_id: leg.refId })));
  // The accounts also as an array: with `id = any(...)` the planner reads them by index (it cannot size a JSON set).
  const accountIds = bigintArray([...new Set(legs.map((l) => l.accountId))]);
  const [row] = await queryRows<{ entry_ids: string[] | null; unbalanced_entry: number | null; unbalanced: number[]; short: number[]; too_large: boolean }>(
    tx,
    sql`
    with headers as (
      select * from json_to_recordset(${headersJson}::json) as h (e int, kind text, ref_type text, ref_id text, memo text)),
    legs as (
      select * from json_to_recordset(${legsJson}::json) as l (e int, ord int, account_id int, bucket text, amount numeric, ref_type text, ref_id text)),
    accounts as (
      select id, system, currency_id, available, frozen, locked from ledger_accounts
      where id = any(${accountIds}::int[])),
    unbalanced as (
      select l.e, a.currency_id from legs l join accounts a on a.id = l.account_id
      group by l.e, a.currency_id having sum(l.amount) <> 0),
    moves as (
      select l.e, l.account_id, l.bucket, sum(l.amount) as amount from legs l group by l.e, l.account_id, l.bucket),
    ends as (
      select m.e, m.account_id, a.system,
        case m.bucket when 'available' then a.available when 'frozen' then a.frozen else a.locked end
          + sum(m.amount) over (partition by m.account_id, m.bucket order by m.e) as balance
      from moves m join accounts a on a.id = m.account_id),
    short as (
      select e, account_id from ends where system is null and balance < 0),
    next as (
      select a.id,
        a.available + coalesce(sum(l.amount) filter (where l.bucket = 'available'), 0) as available,
        a.frozen + coalesce(sum(l.amount) filter (where l.bucket = 'frozen'), 0) as frozen,
        a.locked + coalesce(sum(l.amount) filter (where l.bucket = 'locked'), 0) as locked
      from accounts a join legs l on l.account_id = a.id
      group by a.id, a.available, a.frozen, a.locked),
    running as (
      select l.e, l.ord, l.account_id, a.currency_id, l.bucket, l.amount, l.ref_type, l.ref_id,
        case l.bucket when 'available' then a.available when 'frozen' then a.frozen else a.locked end
          + sum(l.amount) over (partition by l.account_id, l.bucket order by l.e, l.ord) as balance_after
      from legs l join accounts a on a.id = l.account_id),
    too_large as (
      select 1 from running where abs(amount) >= ${FIGURE_LIMIT}::numeric or abs(balance_after) >= ${FIGURE_LIMIT}::numeric
      union all
      select 1 from ends where abs(balance) >= ${FIGURE_LIMIT}::numeric),
    accepted as (
      select 1 as yes where not exists (select 1 from unbalanced) and not exists (select 1 from short) and not exists (select 1 from too_large)),
    ids as materialized (
      select h.e, nextval(pg_get_serial_sequence('ledger_entries', 'id')) as id
      from (select e from headers where exists (select 1 from accepted) order by e) h),
    entry as (
      insert into ledger_entries (id, kind, ref_type, ref_id, memo)
      select i.id, h.kind, h.ref_type, h.ref_id, h.memo from headers h join ids i on i.e = h.e
      order by h.e
      returning id),
    moved as (
      update ledger_accounts a set available = n.available, frozen = n.frozen, locked = n.locked
      from next n where a.id = any(${accountIds}::int[]) and a.id = n.id and exists (select 1 from accepted)),
    postings as (
      insert into ledger_postings (entry_id, account_id, currency_id, bucket, amount, balance_after, ref_type, ref_id)
      select i.id, r.account_id, r.currency_id, r.bucket, r.amount, r.balance_after, r.ref_type, r.ref_id
      from running r join ids i on i.e = r.e
      order by r.e, r.ord)
    select (select json_agg(id::text order by e) from ids) as entry_ids,
      (select min(e) from unbalanced) as unbalanced_entry,
      (select coalesce(json_agg(currency_id order by currency_id), '[]') from unbalanced where e = (select min(e) from unbalanced)) as unbalanced,
      (select coalesce(json_agg(distinct account_id), '[]') from short where e = (select min(e) from short)) as short,
      exists (select 1 from too_large) as too_large`,
  );
  return {
    entryIds: (row?.entry_ids ?? []).map(Number),
    unbalancedEntry: row?.unbalanced_entry ?? null,
    unbalancedCurrencies: row?.unbalanced ?? [],
    shortAccounts: row?.short ?? [],
    tooLarge: row?.too_large === true,
  };
}

export async function enabledCurrencyIds(db: Executor): Promise<number[]> {
  const rows = await db.select({ id: currencies.id }).from(currencies).where(eq(currencies.enabled, true));
  return rows.map((r) => r.id);
}

export async function insertUserAccounts(db: Executor, rows: { userId: number; currencyId: number; kind: AccountKind }[]) {
  if (rows.length) await db.insert(ledgerAccounts).values(rows).onConflictDoNothing();
}

/** The account's id, inserting it first when missing (two callers racing both end with the same row). */
async function findOrCreate(db: Executor, where: ReturnType<typeof and>, values: typeof ledgerAccounts.$inferInsert): Promise<number> {
  const find = async () => (await db.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(where).limit(1))[0]?.id;
  const found = await find();
  if (found !== undefined) return found;
  await db.insert(ledgerAccounts).values(values).onConflictDoNothing();
  const created = await find();
  if (created === undefined) throw new Error(`ledger account could not be created: ${JSON.stringify(values)}`);
  return created;
}

export const findOrCreateUserAccount = (db: Executor, userId: number, currencyId: number, kind: AccountKind) =>
  findOrCreate(
    db,
    and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.currencyId, currencyId), eq(ledgerAccounts.kind, kind)),
    { userId, currencyId, kind },
  );

export const findOrCreateSystemAccount = (db: Executor, name: SystemAccount, currencyId: number) =>
  findOrCreate(
    db,
    and(eq(ledgerAccounts.system, name), eq(ledgerAccounts.currencyId, currencyId), isNull(ledgerAccounts.userId)),
    { system: name, currencyId, kind: 'system' },
  );

export type AccountRow = {
  id: number;
  currency_id: number;
  currency: string;
  kind: string;
  balance: string;
  available: string;
  frozen: string;
  locked: string;
};

export function selectUserAccounts(db: Executor, userId: number) {
  return queryRows<AccountRow>(
    db,
    sql`
    select a.id, a.currency_id, c.name as currency, a.kind,
      (a.available + a.frozen + a.locked)::text as balance,
      a.available::text as available, a.frozen::text as frozen, a.locked::text as locked
    from ledger_accounts a join currencies c on c.id = a.currency_id
    where a.user_id = ${userId}
    order by c.sort, c.id, a.id`,
  );
}

// Audit: each query is one pass over the postings (or the accounts), so it stays fast at scale.

export function selectUnbalancedEntries(db: Executor, limit: number) {
  // Grouped by the account's currency, not the posting's copy of it, so a mislabelled posting shows too.
  return queryRows<{ entry_id: string; currency_id: number; total: string }>(
    db,
    sql`
    select p.entry_id::text, a.currency_id, sum(p.amount)::text as total
    from ledger_postings p join ledger_accounts a on a.id = p.account_id
    group by p.entry_id, a.currency_id having sum(p.amount) <> 0
    order by p.entry_id limit ${limit}`,
  );
}

export type MismatchRow = {
  account_id: number;
  available: string;
  frozen: string;
  locked: string;
  posted_available: string;
  posted_frozen: string;
  posted_locked: string;
};

export function selectMismatchedAccounts(db: Executor, limit: number) {
  return queryRows<MismatchRow>(
    db,
    sql`
    with posted as (
      select account_id,
        coalesce(sum(amount) filter (where bucket = 'available'), 0) as available,
        coalesce(sum(amount) filter (where bucket = 'frozen'), 0) as frozen,
        coalesce(sum(amount) filter (where bucket = 'locked'), 0) as locked
      from ledger_postings group by account_id)
    select a.id as account_id, a.available::text, a.frozen::text, a.locked::text,
      coalesce(p.available, 0)::text as posted_available,
      coalesce(p.frozen, 0)::text as posted_frozen,
      coalesce(p.locked, 0)::text as posted_locked
    from ledger_accounts a left join posted p on p.account_id = a.id
    where a.available <> coalesce(p.available, 0) or a.frozen <> coalesce(p.frozen, 0) or a.locked <> coalesce(p.locked, 0)
    order by a.id limit ${limit}`,
  );
}

export function selectNegativeUserAccounts(db: Executor, limit: number) {
  return queryRows<{ account_id: number; available: string; frozen: string; locked: string }>(
    db,
    sql`
    select id as account_id, available::text, frozen::text, locked::text from ledger_accounts
    where system is null and (available < 0 or frozen < 0 or locked < 0)
    order by id limit ${limit}`,
  );
}

export async function countJournal(db: Executor) {
  const [row] = await queryRows<{ entries: string; postings: string }>(
    db,
    sql`select (select count(*) from ledger_entries)::text as entries, (select count(*) from ledger_postings)::text as postings`,
  );
  return { entries: Number(row?.entries ?? 0), postings: Number(row?.postings ?? 0) };
}
