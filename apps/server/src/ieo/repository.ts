/** IEO subscriptions: the only place their SQL is written. */
import { and, asc, count, desc, eq, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables.ts';
import { bigintArray, queryRows, type Executor, type Tx } from '../db/client.ts';
import { ledgerAccounts } from '../ledger/tables.ts';
import { currencies } from '../site/tables.ts';
import { ieoOrders, ieoProjects } from './tables.ts';

export type IeoProject = typeof ieoProjects.$inferSelect;
export type IeoOrder = typeof ieoOrders.$inferSelect;
export type Coin = typeof currencies.$inferSelect;

/** A project with the names and units of its two coins (the token sold and the coin it is paid in). */
export type ProjectRow = { project: IeoProject; currency: string; currencyDecimals: number; payCurrency: string; payDecimals: number };

const token = alias(currencies, 'token');
const pay = alias(currencies, 'pay');
const projectColumns = { project: ieoProjects, currency: token.name, currencyDecimals: token.decimals, payCurrency: pay.name, payDecimals: pay.decimals };

const selectProjects = (db: Executor) =>
  db.select(projectColumns).from(ieoProjects).innerJoin(token, eq(token.id, ieoProjects.currencyId)).innerJoin(pay, eq(pay.id, ieoProjects.payCurrencyId));

/**
 * The lists' order: in progress first (ending soonest first), then warm-up (starting soonest), then
 * ended (latest end first); the id breaks ties so pages never overlap.
 */
const byState = (now: number) => [
  sql`case when ${now}::bigint < ${ieoProjects.startAt} then 1 when ${now}::bigint < ${ieoProjects.endAt} then 0 else 2 end`,
  sql`case when ${now}::bigint < ${ieoProjects.startAt} then ${ieoProjects.startAt} when ${now}::bigint < ${ieoProjects.endAt} then ${ieoProjects.endAt} else -${ieoProjects.endAt} end`,
  desc(ieoProjects.id),
];

export async function pageProjects(db: Executor, input: { now: number; page: number; limit: number; enabledOnly: boolean }) {
  const where = input.enabledOnly ? eq(ieoProjects.enabled, true) : undefined;
  const [rows, [total]] = await Promise.all([
    selectProjects(db)
      .where(where)
      .orderBy(...byState(input.now))
      .limit(input.limit)
      .offset((input.page - 1) * input.limit),
    db.select({ n: count() }).from(ieoProjects).where(where),
  ]);
  return { rows: rows as ProjectRow[], total: total?.n ?? 0 };
}

export async function findProject(db: Executor, id: number): Promise<ProjectRow | undefined> {
  const [row] = await selectProjects(db).where(eq(ieoProjects.id, id)).limit(1);
  return row;
}

/** The project's row, locked to the end of the transaction: subscriptions to it (and edits) happen one at a time. */
export async function lockProject(tx: Tx, id: number): Promise<IeoProject | undefined> {
  const [row] = await tx.select().from(ieoProjects).where(eq(ieoProjects.id, id)).for('update');
  return row;
}

export async function addApplied(tx: Tx, projectId: number, amount: string) {
  await tx
    .update(ieoProjects)
    .set({ applied: sql`${ieoProjects.applied} + ${amount}::numeric` })
    .where(eq(ieoProjects.id, projectId));
}

/** What each of these projects' subscriptions by the user add up to, by project id. */
export async function appliedByUser(db: Executor, userId: number, projectIds: number[]): Promise<Map<number, string>> {
  if (projectIds.length === 0) return new Map();
  const rows = await db
    .select({ projectId: ieoOrders.projectId, applied: sql<string>`sum(${ieoOrders.amount})::text` })
    .from(ieoOrders)
    .where(and(eq(ieoOrders.userId, userId), inArray(ieoOrders.projectId, projectIds)))
    .groupBy(ieoOrders.projectId);
  return new Map(rows.map((r) => [r.projectId, r.applied]));
}

/** The user's spot available figure of a coin ("0" without an account). */
export async function spotAvailable(db: Executor, userId: number, currencyId: number): Promise<string> {
  const [row] = await db
    .select({ available: ledgerAccounts.available })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.currencyId, currencyId), eq(ledgerAccounts.kind, 'spot')))
    .limit(1);
  return row?.available ?? '0';
}

export async function insertOrder(tx: Tx, values: typeof ieoOrders.$inferInsert): Promise<IeoOrder> {
  const [row] = await tx.insert(ieoOrders).values(values).returning();
  return row!;
}

/** An order with its project and coins, as lists show it. */
export type OrderRow = { order: IeoOrder; project: string; startAt: number; endAt: number; currency: string; payCurrency: string; userId: number; account: string };

const orderColumns = {
  order: ieoOrders,
  project: ieoProjects.name,
  startAt: ieoProjects.startAt,
  endAt: ieoProjects.endAt,
  currency: token.name,
  payCurrency: pay.name,
  userId: ieoOrders.userId,
  account: users.account,
};

/** A page of orders, newest first. */
export async function pageOrders(db: Executor, where: SQL | undefined, page: number, limit: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select(orderColumns)
      .from(ieoOrders)
      .innerJoin(ieoProjects, eq(ieoProjects.id, ieoOrders.projectId))
      .innerJoin(token, eq(token.id, ieoProjects.currencyId))
      .innerJoin(pay, eq(pay.id, ieoProjects.payCurrencyId))
      .innerJoin(users, eq(users.id, ieoOrders.userId))
      .where(where)
      .orderBy(desc(ieoOrders.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(ieoOrders).where(where),
  ]);
  return { rows: rows as OrderRow[], total: total?.n ?? 0 };
}

export const orderFilter = (filter: { userId?: number; projectId?: number }) =>
  and(
    filter.userId === undefined ? undefined : eq(ieoOrders.userId, filter.userId),
    filter.projectId === undefined ? undefined : eq(ieoOrders.projectId, filter.projectId),
  );

// ---------------------------------------------------------------- jobs

/** Ended projects not yet allocated, the earliest end first, at most `limit`, locked (others' claims skipped). */
export function dueProjects(tx: Tx, now: number, limit: number): Promise<IeoProject[]> {
  return tx
    .select()
    .from(ieoProjects)
    .where(and(lte(ieoProjects.endAt, now), isNull(ieoProjects.allocatedAt)))
    .orderBy(asc(ieoProjects.endAt), asc(ieoProjects.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** A project's pending subscriptions in id order (the order the allocation lists them in). */
export function pendingOrders(tx: Tx, projectId: number): Promise<IeoOrder[]> {
  return tx
    .select()
    .from(ieoOrders)
    .where(and(eq(ieoOrders.projectId, projectId), eq(ieoOrders.status, 'pending')))
    .orderBy(asc(ieoOrders.id));
}

export type Allocation = {
  id: number;
  status: 'allocated' | 'released';
  allocated: string;
  charged: string;
  refunded: string;
  unlockAt: number | null;
};

/** Writes allocations in one statement, to orders still pending; answers the ids it wrote. */
export async function markAllocated(tx: Tx, allocations: Allocation[], now: number): Promise<number[]> {
  if (allocations.length === 0) return [];
  const json = JSON.stringify(
    allocations.map((a) => ({ id: a.id, status: a.status, allocated: a.allocated, charged: a.charged, refunded: a.refunded, unlock_at: a.unlockAt })),
  );
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`update ${ieoOrders} o set status = v.status, allocated = v.allocated, charged = v.charged, refunded = v.refunded,
          unlock_at = v.unlock_at, allocated_at = ${now}::bigint,
          released_at = case when v.status = 'released' then ${now}::bigint else null end
        from json_to_recordset(${json}::json) as v (id bigint, status text, allocated numeric, charged numeric, refunded numeric, unlock_at bigint)
        where o.id = v.id and o.id = any(${bigintArray(allocations.map((a) => a.id))}::bigint[]) and o.status = 'pending'
        returning o.id::text as id`,
  );
  return rows.map((r) => Number(r.id));
}

export async function markProjectAllocated(tx: Tx, projectId: number, passed: string, now: number) {
  await tx.update(ieoProjects).set({ passed, allocatedAt: now }).where(eq(ieoProjects.id, projectId));
}

/** Allocated orders whose lock ended by `now`, the earliest first, at most `limit`, locked (others' claims skipped). */
export function dueReleases(tx: Tx, now: number, limit: number): Promise<IeoOrder[]> {
  return tx
    .select()
    .from(ieoOrders)
    .where(and(eq(ieoOrders.status, 'allocated'), lte(ieoOrders.unlockAt, now)))
    .orderBy(asc(ieoOrders.unlockAt), asc(ieoOrders.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** Marks an allocated order released; false when it no longer was allocated. */
export async function markReleased(tx: Tx, orderId: number, now: number): Promise<boolean> {
  const rows = await tx
    .update(ieoOrders)
    .set({ status: 'released', releasedAt: now })
    .where(and(eq(ieoOrders.id, orderId), eq(ieoOrders.status, 'allocated')))
    .returning({ id: ieoOrders.id });
  return rows.length === 1;
}

// ---------------------------------------------------------------- coins and the back office

export async function coinById(db: Executor, id: number): Promise<Coin | undefined> {
  const [row] = await db.select().from(currencies).where(eq(currencies.id, id)).limit(1);
  return row;
}

export async function coinByName(db: Executor, name: string): Promise<Coin | undefined> {
  const [row] = await db.select().from(currencies).where(eq(currencies.name, name)).limit(1);
  return row;
}

/** Every coin, for the project form's pickers. */
export function allCoins(db: Executor) {
  return db
    .select({ id: currencies.id, name: currencies.name, decimals: currencies.decimals, enabled: currencies.enabled })
    .from(currencies)
    .orderBy(asc(currencies.sort), asc(currencies.id));
}

/** A new coin with no networks (so no deposit or withdrawal), sorted after the others; undefined when the name is taken. */
export async function insertTokenCoin(tx: Tx, values: { name: string; fullName: string; decimals: number; referencePriceUsdt: string }): Promise<Coin | undefined> {
  const [last] = await tx.select({ sort: sql<number>`coalesce(max(${currencies.sort}), 0)::int` }).from(currencies);
  const [row] = await tx
    .insert(currencies)
    .values({ ...values, sort: (last?.sort ?? 0) + 1 })
    .onConflictDoNothing({ target: currencies.name })
    .returning();
  return row;
}

export async function insertProject(tx: Tx, values: typeof ieoProjects.$inferInsert): Promise<IeoProject> {
  const [row] = await tx.insert(ieoProjects).values(values).returning();
  return row!;
}

export async function updateProject(tx: Tx, id: number, values: Partial<typeof ieoProjects.$inferInsert>) {
  await tx.update(ieoProjects).set(values).where(eq(ieoProjects.id, id));
}

/** Orders per project (all of them, and those still pending). */
export async function orderCounts(db: Executor, projectIds: number[]): Promise<Map<number, { orders: number; pending: number }>> {
  if (projectIds.length === 0) return new Map();
  const rows = await db
    .select({
      projectId: ieoOrders.projectId,
      orders: sql<number>`count(*)::int`,
      pending: sql<number>`(count(*) filter (where ${ieoOrders.status} = 'pending'))::int`,
    })
    .from(ieoOrders)
    .where(inArray(ieoOrders.projectId, projectIds))
    .groupBy(ieoOrders.projectId);
  return new Map(rows.map((r) => [r.projectId, { orders: r.orders, pending: r.pending }]));
}

/** The demo seed's marker: a demo project of this name exists. */
export async function demoProjectExists(db: Executor, name: string): Promise<boolean> {
  const [row] = await db
    .select({ id: ieoProjects.id })
    .from(ieoProjects)
    .where(and(eq(ieoProjects.demo, true), eq(ieoProjects.name, name)))
    .limit(1);
  return row !== undefined;
}
