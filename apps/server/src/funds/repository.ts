/** The funds domain's SQL: coins and networks, deposits, withdrawals, addresses, cards, transfers, bills. */
import { accountFieldOf, toAmountString, type AccountKind } from '@fairex/contract';
import { and, asc, count, desc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import { users } from '../accounts/tables.ts';
import { queryRows, type Executor, type Tx } from '../db/client.ts';
import { currencies, currencyNetworks, settings } from '../site/tables.ts';
import type { UploadUrls } from '../uploads/signing.ts';
import { accountTransfers, balanceAdjustments, bankCards, exchanges, recharges, walletAddresses, withdrawals } from './tables.ts';

export type Coin = typeof currencies.$inferSelect;
export type Network = typeof currencyNetworks.$inferSelect;
export type Recharge = typeof recharges.$inferSelect;
export type Withdrawal = typeof withdrawals.$inferSelect;
export type Page<T> = { data: T[]; total: number; page: number; limit: number };
type PageInput = { page: number; limit: number };

const offsetOf = ({ page, limit }: PageInput) => (page - 1) * limit;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

// ---- coins ----

export async function findCoin(db: Executor, id: number): Promise<Coin | undefined> {
  const [row] = await db.select().from(currencies).where(and(eq(currencies.id, id), eq(currencies.enabled, true))).limit(1);
  return row;
}

export async function findCoinByName(db: Executor, name: string): Promise<Coin | undefined> {
  const [row] = await db.select().from(currencies).where(eq(currencies.name, name)).limit(1);
  return row;
}

export function enabledCoins(db: Executor): Promise<Coin[]> {
  return db.select().from(currencies).where(eq(currencies.enabled, true)).orderBy(asc(currencies.sort), asc(currencies.id));
}

export function allCoins(db: Executor): Promise<Coin[]> {
  return db.select().from(currencies).orderBy(asc(currencies.sort), asc(currencies.id));
}

export function networksOf(db: Executor, currencyIds: number[]): Promise<Network[]> {
  if (currencyIds.length === 0) return Promise.resolve([]);
  return db.select().from(currencyNetworks).where(inArray(currencyNetworks.currencyId, currencyIds)).orderBy(asc(currencyNetworks.id));
}

export async function findNetwork(db: Executor, id: number): Promise<Network | undefined> {
  const [row] = await db.select().from(currencyNetworks).where(eq(currencyNetworks.id, id)).limit(1);
  return row;
}

export async function updateNetwork(db: Executor, id: number, values: Partial<typeof currencyNetworks.$inferInsert>): Promise<Network | undefined> {
  const [row] = await db.update(currencyNetworks).set(values).where(eq(currencyNetworks.id, id)).returning();
  return row;
}

export async function updateCoin(db: Executor, id: number, values: Partial<typeof currencies.$inferInsert>): Promise<Coin | undefined> {
  const [row] = await db.update(currencies).set(values).where(eq(currencies.id, id)).returning();
  return row;
}

export async function writeSetting(db: Executor, key: string, value: unknown) {
  await db.insert(settings).values({ key, value }).onConflictDoUpdate({ target: settings.key, set: { value } });
}

/**
 * Serialises one user's money requests (withdrawals): the check of the 24-hour limit and the insert
 * then happen one request at a time, so concurrent requests cannot both slip under the limit.
 */
export async function lockUser(tx: Tx, userId: number) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

// ---- recharges ----

export async function insertRecharge(db: Executor, values: typeof recharges.$inferInsert): Promise<Recharge> {
  const [row] = await db.insert(recharges).values(values).returning();
  return row!;
}

export async function rechargeWithVoucher(db: Executor, voucher: string): Promise<boolean> {
  const [row] = await db.select({ id: recharges.id }).from(recharges).where(eq(recharges.voucher, voucher)).limit(1);
  return row !== undefined;
}

export async function findRecharge(db: Executor, id: number): Promise<Recharge | undefined> {
  const [row] = await db.select().from(recharges).where(eq(recharges.id, id)).limit(1);
  return row;
}

/**
 * Moves a pending recharge to its decision; only one caller wins (the row lock makes a second click
 * wait, then find the row no longer pending). Undefined when it was not pending.
 */
export async function claimRecharge(tx: Tx, id: number, values: { status: 'confirmed' | 'rejected'; operatorId: number; reason?: string }) {
  const [row] = await tx
    .update(recharges)
    .set({ ...values, reviewedAt: new Date() })
    .where(and(eq(recharges.id, id), eq(recharges.status, 'pending')))
    .returning();
  return row;
}

export async function setRechargeEntry(tx: Tx, id: number, entryId: number) {
  await tx.update(recharges).set({ entryId }).where(eq(recharges.id, id));
}

type QueueFilter = PageInput & { userId?: number; status?: string; currencyId?: number };

export async function pageRecharges(db: Executor, filter: QueueFilter, uploads: UploadUrls): Promise<Page<ReturnType<typeof rechargeRow>>> {
  const where = and(
    filter.userId ? eq(recharges.userId, filter.userId) : undefined,
    filter.status ? eq(recharges.status, filter.status as Recharge['status']) : undefined,
    filter.currencyId ? eq(recharges.currencyId, filter.currencyId) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ r: recharges, currency: currencies.name, account: users.account })
      .from(recharges)
      .innerJoin(currencies, eq(currencies.id, recharges.currencyId))
      .innerJoin(users, eq(users.id, recharges.userId))
      .where(where)
      .orderBy(desc(recharges.id))
      .limit(filter.limit)
      .offset(offsetOf(filter)),
    db.select({ n: count() }).from(recharges).where(where),
  ]);
  return { data: rows.map((row) => rechargeRow(row, uploads)), total: total?.n ?? 0, page: filter.page, limit: filter.limit };
}

function rechargeRow({ r, currency, account }: { r: Recharge; currency: string; account: string }, uploads: UploadUrls) {
  return {
    id: r.id,
    user_id: r.userId,
    account,
    currency_id: r.currencyId,
    currency,
    network: r.network,
    address: r.address,
    amount: toAmountString(r.amount),
    voucher: uploads.sign(r.voucher),
    status: r.status,
    reason: r.reason,
    created_at: r.createdAt.toISOString(),
    reviewed_at: iso(r.reviewedAt),
  };
}

// ---- withdrawals ----

export async function insertWithdrawal(tx: Tx, values: typeof withdrawals.$inferInsert): Promise<Withdrawal> {
  const [row] = await tx.insert(withdrawals).values(values).returning();
  return row!;
}

export async function findWithdrawal(db: Executor, id: number): Promise<Withdrawal | undefined> {
  const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, id)).limit(1);
  return row;
}

export async function claimWithdrawal(
  tx: Tx,
  id: number,
  values: { status: 'approved' | 'rejected'; operatorId: number; reason?: string; reference?: string },
) {
  const [row] = await tx
    .update(withdrawals)
    .set({ ...values, reviewedAt: new Date() })
    .where(and(eq(withdrawals.id, id), eq(withdrawals.status, 'pending')))
    .returning();
  return row;
}

/** The BTC value of the user's pending and approved withdrawals of the last 24 hours. */
export async function withdrawnBtcSince(tx: Executor, userId: number, since: Date): Promise<string> {
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${withdrawals.btcValue}), 0)::text` })
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, userId), inArray(withdrawals.status, ['pending', 'approved']), gt(withdrawals.createdAt, since)));
  return row?.total ?? '0';
}

export async function pageWithdrawals(db: Executor, filter: QueueFilter) {
  const where = and(
    filter.userId ? eq(withdrawals.userId, filter.userId) : undefined,
    filter.status ? eq(withdrawals.status, filter.status as Withdrawal['status']) : undefined,
    filter.currencyId ? eq(withdrawals.currencyId, filter.currencyId) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ w: withdrawals, currency: currencies.name, account: users.account })
      .from(withdrawals)
      .innerJoin(currencies, eq(currencies.id, withdrawals.currencyId))
      .innerJoin(users, eq(users.id, withdrawals.userId))
      .where(where)
      .orderBy(desc(withdrawals.id))
      .limit(filter.limit)
      .offset(offsetOf(filter)),
    db.select({ n: count() }).from(withdrawals).where(where),
  ]);
  return {
    data: rows.map(({ w, currency, account }) => ({
      id: w.id,
      user_id: w.userId,
      account,
      currency_id: w.currencyId,
      currency,
      network: w.network,
      destination_type: w.destinationType,
      destination: w.destination,
      number: toAmountString(w.number),
      fee: toAmountString(w.fee),
      arrival: toAmountString(w.arrival),
      status: w.status,
      reference: w.reference,
      reason: w.reason,
      created_at: w.createdAt.toISOString(),
      reviewed_at: iso(w.reviewedAt),
    })),
    total: total?.n ?? 0,
    page: filter.page,
    limit: filter.limit,
  };
}

// ---- wallet addresses ----

/** Inserts the address unless the user has it for this coin and network already (undefined then). */
export async function insertWalletAddress(db: Executor, values: typeof walletAddresses.$inferInsert) {
  const [row] = await db.insert(walletAddresses).values(values).onConflictDoNothing().returning();
  return row;
}

export async function findOwnWalletAddress(db: Executor, userId: number, id: number) {
  const [row] = await db
    .select()
    .from(walletAddresses)
    .where(and(eq(walletAddresses.id, id), eq(walletAddresses.userId, userId)))
    .limit(1);
  return row;
}

/** Deletes only the user's own row; answers whether one was deleted. */
export async function deleteOwnWalletAddress(db: Executor, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(walletAddresses)
    .where(and(eq(walletAddresses.id, id), eq(walletAddresses.userId, userId)))
    .returning({ id: walletAddresses.id });
  return rows.length > 0;
}

export async function pageWalletAddresses(db: Executor, userId: number, input: PageInput, uploads: UploadUrls) {
  const where = eq(walletAddresses.userId, userId);
  const [rows, [total]] = await Promise.all([
    db
      .select({ a: walletAddresses, currency: currencies.name })
      .from(walletAddresses)
      .innerJoin(currencies, eq(currencies.id, walletAddresses.currencyId))
      .where(where)
      .orderBy(desc(walletAddresses.id))
      .limit(input.limit)
      .offset(offsetOf(input)),
    db.select({ n: count() }).from(walletAddresses).where(where),
  ]);
  return {
    data: rows.map(({ a, currency }) => ({
      id: a.id,
      currency_id: a.currencyId,
      currency,
      network: a.network,
      name: a.name,
      address: a.address,
      qrcode: uploads.sign(a.qrcode),
      created_at: a.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
    page: input.page,
    limit: input.limit,
  };
}

// ---- bank cards ----

export type CardKind = 'bank' | 'international';

export async function saveBankCard(db: Executor, userId: number, kind: CardKind, details: Record<string, string>) {
  await db
    .insert(bankCards)
    .values({ userId, kind, details })
    .onConflictDoUpdate({ target: [bankCards.userId, bankCards.kind], set: { details, updatedAt: new Date() } });
}

/** The user's card of a kind with its id (what the card screens edit and remove). */
export async function findBankCardRow(db: Executor, userId: number, kind: CardKind): Promise<{ id: number; details: Record<string, string> } | undefined> {
  const [row] = await db
    .select({ id: bankCards.id, details: bankCards.details })
    .from(bankCards)
    .where(and(eq(bankCards.userId, userId), eq(bankCards.kind, kind)))
    .limit(1);
  return row && { id: row.id, details: row.details as Record<string, string> };
}

/** Deletes the card only when it is the user's own of that kind; answers whether one was deleted. */
export async function deleteOwnBankCard(db: Executor, userId: number, kind: CardKind, id: number): Promise<boolean> {
  const rows = await db
    .delete(bankCards)
    .where(and(eq(bankCards.id, id), eq(bankCards.userId, userId), eq(bankCards.kind, kind)))
    .returning({ id: bankCards.id });
  return rows.length > 0;
}

export async function findBankCard(db: Executor, userId: number, kind: CardKind): Promise<Record<string, string> | undefined> {
  const [row] = await db
    .select({ details: bankCards.details })
    .from(bankCards)
    .where(and(eq(bankCards.userId, userId), eq(bankCards.kind, kind)))
    .limit(1);
  return row?.details as Record<string, string> | undefined;
}

// ---- transfers between kinds, exchanges, adjustments ----

export async function insertAccountTransfer(tx: Tx, values: typeof accountTransfers.$inferInsert) {
  const [row] = await tx.insert(accountTransfers).values(values).returning();
  return row!;
}

export async function pageAccountTransfers(db: Executor, userId: number, input: PageInput) {
  const where = eq(accountTransfers.userId, userId);
  const [rows, [total]] = await Promise.all([
    db
      .select({ t: accountTransfers, currency: currencies.name })
      .from(accountTransfers)
      .innerJoin(currencies, eq(currencies.id, accountTransfers.currencyId))
      .where(where)
      .orderBy(desc(accountTransfers.id))
      .limit(input.limit)
      .offset(offsetOf(input)),
    db.select({ n: count() }).from(accountTransfers).where(where),
  ]);
  return {
    data: rows.map(({ t, currency }) => ({
      id: t.id,
      currency_id: t.currencyId,
      currency,
      number: toAmountString(t.number),
      from_field: accountFieldOf(t.fromKind as AccountKind),
      to_field: accountFieldOf(t.toKind as AccountKind),
      created_at: t.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
    page: input.page,
    limit: input.limit,
  };
}

export async function insertExchange(tx: Tx, values: typeof exchanges.$inferInsert) {
  const [row] = await tx.insert(exchanges).values(values).returning();
  return row!;
}

export async function insertAdjustment(tx: Tx, values: typeof balanceAdjustments.$inferInsert) {
  const [row] = await tx.insert(balanceAdjustments).values(values).returning();
  return row!;
}

// ---- bills ----

type BillRow = {
  id: string;
  entry_id: string;
  type: string;
  ref_type: string;
  ref_id: string;
  memo: string | null;
  currency_id: number;
  currency: string;
  account_kind: string;
  bucket: string;
  amount: string;
  balance_after: string;
  created_at: string | Date;
};

/** Every posting on the user's accounts, newest first, filtered by currency and account kind. */
export async function pageBills(db: Executor, userId: number, filter: PageInput & { currencyId?: number; kind?: AccountKind }) {
  const conditions: SQL[] = [sql`a.user_id = ${userId}`];
  if (filter.currencyId) conditions.push(sql`a.currency_id = ${filter.currencyId}`);
  if (filter.kind) conditions.push(sql`a.kind = ${filter.kind}`);
  const where = sql.join(conditions, sql` and `);
  const [rows, totals] = await Promise.all([
    queryRows<BillRow>(
      db,
      sql`
      select p.id::text, p.entry_id::text, e.kind as type,
        -- A leg's own reference (a spot leg names its order) stands before the entry's, which may name others.
        coalesce(p.ref_type, e.ref_type) as ref_type, coalesce(p.ref_id, e.ref_id) as ref_id,
        case when p.ref_id is null then e.memo end as memo,
        a.currency_id, c.name as currency, a.kind as account_kind, p.bucket,
        p.amount::text as amount, p.balance_after::text as balance_after, p.created_at
      from ledger_postings p
        join ledger_accounts a on a.id = p.account_id
        join ledger_entries e on e.id = p.entry_id
        join currencies c on c.id = a.currency_id
      where ${where}
      order by p.id desc
      limit ${filter.limit} offset ${offsetOf(filter)}`,
    ),
    queryRows<{ n: string }>(db, sql`select count(*)::text as n from ledger_postings p join ledger_accounts a on a.id = p.account_id where ${where}`),
  ]);
  return {
    data: rows.map((r) => ({
      id: Number(r.id),
      entry_id: Number(r.entry_id),
      type: r.type,
      ref_type: r.ref_type,
      ref_id: r.ref_id,
      memo: r.memo,
      currency_id: r.currency_id,
      currency: r.currency,
      account_type: accountFieldOf(r.account_kind as AccountKind),
      bucket: r.bucket,
      amount: toAmountString(r.amount),
      balance_after: toAmountString(r.balance_after),
      created_at: new Date(r.created_at).toISOString(),
    })),
    total: Number(totals[0]?.n ?? 0),
    page: filter.page,
    limit: filter.limit,
  };
}

export async function userExists(db: Executor, id: number): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, id)).limit(1);
  return row !== undefined;
}

/** A coin whether enabled or not (the back office adjusts disabled coins too). */
export async function findAnyCoin(db: Executor, id: number): Promise<Coin | undefined> {
  const [row] = await db.select().from(currencies).where(eq(currencies.id, id)).limit(1);
  return row;
}
