/** Invitations and rebates: the only place their SQL is written. */
import { and, asc, count, desc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables.ts';
import { bigintArray, queryRows, type Executor, type Tx } from '../db/client.ts';
import { insertUserAccounts } from '../ledger/repository.ts';
import { ledgerAccounts } from '../ledger/tables.ts';
import { currencies } from '../site/tables.ts';
import { FEE_SOURCES } from './fee-sources.ts';
import type { InviterChain } from './rules.ts';
import { feePostingCursors, referralRebates, referralSettings } from './tables.ts';

export type Cursor = typeof feePostingCursors.$inferSelect;
export type RebateRow = typeof referralRebates.$inferSelect;

// ---------------------------------------------------------------- settings

export async function referralShares(db: Executor) {
  const [row] = await db.select().from(referralSettings).where(eq(referralSettings.id, 1)).limit(1);
  if (!row) throw new Error('referral_settings has no row (migration 0020 inserts it)');
  return row;
}

/** The shares row locked until the transaction ends (an edit and its log read the same before). */
export async function lockShares(tx: Tx) {
  const [row] = await tx.select().from(referralSettings).where(eq(referralSettings.id, 1)).for('update');
  if (!row) throw new Error('referral_settings has no row (migration 0020 inserts it)');
  return row;
}

export async function updateShares(tx: Tx, values: { level1Share: string; level2Share: string; updatedAt: number }) {
  const [row] = await tx.update(referralSettings).set(values).where(eq(referralSettings.id, 1)).returning();
  return row!;
}

// ---------------------------------------------------------------- the fee-posting job

/** A cursor for every fees account, starting at 0 (an account opened after migration 0020 has only new postings). */
export async function ensureCursors(tx: Tx) {
  await tx.execute(
    sql`insert into ${feePostingCursors} (account_id, last_posting_id)
        select id, 0 from ${ledgerAccounts} where system = 'fees'
        on conflict (account_id) do nothing`,
  );
}

/** The cursors with their fees account's coin, rows locked; cursors another run holds are skipped. */
export async function claimCursors(tx: Tx): Promise<(Cursor & { currencyId: number; decimals: number })[]> {
  const rows = await queryRows<{ account_id: number; last_posting_id: string; updated_at: string | null; currency_id: number; decimals: number }>(
    tx,
    sql`select c.account_id, c.last_posting_id::text, c.updated_at::text, a.currency_id, cu.decimals
        from ${feePostingCursors} c
        join ${ledgerAccounts} a on a.id = c.account_id
        join ${currencies} cu on cu.id = a.currency_id
        order by c.account_id
        for update of c skip locked`,
  );
  return rows.map((r) => ({
    accountId: r.account_id,
    lastPostingId: Number(r.last_posting_id),
    updatedAt: r.updated_at === null ? null : Number(r.updated_at),
    currencyId: r.currency_id,
    decimals: r.decimals,
  }));
}

export type FeePosting = { id: number; amount: string; sourceType: string; sourceId: string; payerId: number | null };

/**
 * The postings into a fees account after `afterId`, in id order, at most `limit`, each with the business
 * row it names (the leg's own reference, else its entry's) and, for a trading fee above 0, the payer
 * (FEE_SOURCES: one subquery per source, on the row's primary key).
 */
export async function feePostingsAfter(tx: Tx, accountId: number, afterId: number, limit: number): Promise<FeePosting[]> {
  const payer = sql.join(
    Object.entries(FEE_SOURCES).map(([type, source]) => sql`when ${type} then (select ${source.userId} from ${source.id.table} where ${source.id} = r.ref_id::bigint)`),
    sql` `,
  );
  const rows = await queryRows<{ id: string; amount: string; ref_type: string; ref_id: string; payer_id: number | null }>(
    tx,
    sql`select r.id::text, r.amount::text, r.ref_type, r.ref_id,
          case when r.amount > 0 then (case r.ref_type ${payer} end) end as payer_id
        from (
          select p.id, p.amount, coalesce(p.ref_type, e.ref_type) as ref_type, coalesce(p.ref_id, e.ref_id) as ref_id
          from ledger_postings p join ledger_entries e on e.id = p.entry_id
          where p.account_id = ${accountId} and p.id > ${afterId}
          order by p.id limit ${limit}) r
        order by r.id`,
  );
  return rows.map((r) => ({ id: Number(r.id), amount: r.amount, sourceType: r.ref_type, sourceId: r.ref_id, payerId: r.payer_id }));
}

export async function advanceCursor(tx: Tx, accountId: number, lastPostingId: number, now: number) {
  await tx.update(feePostingCursors).set({ lastPostingId, updatedAt: now }).where(eq(feePostingCursors.accountId, accountId));
}

/** Each user's inviter and the inviter's inviter. */
export async function inviterChains(db: Executor, userIds: number[]): Promise<Map<number, InviterChain>> {
  if (userIds.length === 0) return new Map();
  const rows = await queryRows<{ id: number; level1: number | null; level2: number | null }>(
    db,
    sql`select u.id, u.parent_id as level1, p.parent_id as level2
        from ${users} u left join ${users} p on p.id = u.parent_id
        where u.id = any(${bigintArray(userIds)}::int[])`,
  );
  return new Map(rows.map((r) => [r.id, { level1: r.level1, level2: r.level2 }]));
}

/** The spot accounts of these users in a coin, opened where missing, by user id. */
export async function spotAccountsOf(tx: Tx, userIds: number[], currencyId: number): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  await insertUserAccounts(
    tx,
    userIds.map((userId) => ({ userId, currencyId, kind: 'spot' as const })),
  );
  const rows = await tx
    .select({ id: ledgerAccounts.id, userId: ledgerAccounts.userId })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.kind, 'spot'), eq(ledgerAccounts.currencyId, currencyId), inArray(ledgerAccounts.userId, userIds)));
  return new Map(rows.map((r) => [r.userId!, r.id]));
}

/** Rebate rows; a (posting, level) already paid is skipped. Answers the rows written. */
export async function insertRebates(tx: Tx, rows: (typeof referralRebates.$inferInsert)[]): Promise<RebateRow[]> {
  if (rows.length === 0) return [];
  return tx.insert(referralRebates).values(rows).onConflictDoNothing().returning();
}

// ---------------------------------------------------------------- reading

export async function inviteCode(db: Executor, userId: number): Promise<string | undefined> {
  const [row] = await db.select({ code: users.extensionCode }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.code;
}

export async function invitedCount(db: Executor, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.parentId, userId));
  return row?.n ?? 0;
}

/** Rebate totals per coin name, for one inviter or for several (by inviter id). */
export async function rebateTotals(db: Executor, inviterIds: number[]): Promise<Map<number, { currency: string; amount: string }[]>> {
  const totals = new Map<number, { currency: string; amount: string }[]>();
  if (inviterIds.length === 0) return totals;
  const rows = await queryRows<{ inviter_id: number; currency: string; amount: string }>(
    db,
    sql`select r.inviter_id, c.name as currency, sum(r.amount)::text as amount
        from ${referralRebates} r join ${currencies} c on c.id = r.currency_id
        where r.inviter_id = any(${bigintArray(inviterIds)}::int[])
        group by r.inviter_id, c.name, c.sort, c.id order by r.inviter_id, c.sort, c.id`,
  );
  for (const r of rows) totals.set(r.inviter_id, [...(totals.get(r.inviter_id) ?? []), { currency: r.currency, amount: r.amount }]);
  return totals;
}

/** A page of the users an inviter brought, newest first. */
export async function pageInvitees(db: Executor, inviterId: number, page: number, limit: number) {
  const where = eq(users.parentId, inviterId);
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: users.id, account: users.account, createdAt: users.createdAt })
      .from(users)
      .where(where)
      .orderBy(desc(users.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export type RebateFilter = { inviterId?: number; inviteeId?: number };

const rebateWhere = (filter: RebateFilter): SQL | undefined =>
  and(
    filter.inviterId === undefined ? undefined : eq(referralRebates.inviterId, filter.inviterId),
    filter.inviteeId === undefined ? undefined : eq(referralRebates.inviteeId, filter.inviteeId),
  );

export type RebateWithNames = { rebate: RebateRow; currency: string; inviter: string; invitee: string };

/** A page of rebates, newest first, with the coin and both users' accounts. */
export async function pageRebates(db: Executor, filter: RebateFilter, page: number, limit: number): Promise<{ rows: RebateWithNames[]; total: number }> {
  const where = rebateWhere(filter);
  const inviter = alias(users, 'inviter');
  const invitee = alias(users, 'invitee');
  const [rows, [total]] = await Promise.all([
    db
      .select({ rebate: referralRebates, currency: currencies.name, inviter: inviter.account, invitee: invitee.account })
      .from(referralRebates)
      .innerJoin(currencies, eq(currencies.id, referralRebates.currencyId))
      .innerJoin(inviter, eq(inviter.id, referralRebates.inviterId))
      .innerJoin(invitee, eq(invitee.id, referralRebates.inviteeId))
      .where(where)
      .orderBy(desc(referralRebates.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(referralRebates).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** A page of users who invited someone, newest inviter first, with how many they invited. */
export async function pageInviters(db: Executor, inviterId: number | undefined, page: number, limit: number) {
  const where = and(isNotNull(users.parentId), inviterId === undefined ? undefined : eq(users.parentId, inviterId));
  const [rows, [total]] = await Promise.all([
    queryRows<{ inviter_id: number; account: string; invitees: number }>(
      db,
      sql`select i.id as inviter_id, i.account, g.invitees
          from (select ${users.parentId} as id, count(*)::int as invitees from ${users} where ${where} group by ${users.parentId}) g
          join ${users} i on i.id = g.id
          order by i.id desc limit ${limit} offset ${(page - 1) * limit}`,
    ),
    db.select({ n: sql<number>`count(distinct ${users.parentId})::int` }).from(users).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** How many rebates each of these inviters received. */
export async function rebateCounts(db: Executor, inviterIds: number[]): Promise<Map<number, number>> {
  if (inviterIds.length === 0) return new Map();
  const rows = await db
    .select({ inviterId: referralRebates.inviterId, n: count() })
    .from(referralRebates)
    .where(inArray(referralRebates.inviterId, inviterIds))
    .groupBy(referralRebates.inviterId)
    .orderBy(asc(referralRebates.inviterId));
  return new Map(rows.map((r) => [r.inviterId, r.n]));
}
