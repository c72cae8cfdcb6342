/** OTC: the only place its SQL is written. */
import { and, asc, count, desc, eq, inArray, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { OTC_OPEN_STATUSES, type OtcAdStatus, type OtcMerchantStatus, type OtcOrderStatus, type OtcSide } from '@fairex/contract';
import { users } from '../accounts/tables.ts';
import { bigintArray, queryRows, type Executor, type Tx } from '../db/client.ts';
import { ledgerAccounts } from '../ledger/tables.ts';
import { currencies } from '../site/tables.ts';
import { otcAds, otcAppeals, otcMerchants, otcMessages, otcOrders, otcPaymentAccounts, otcPaymentMethods } from './tables.ts';

export type Method = typeof otcPaymentMethods.$inferSelect;
export type PaymentAccount = typeof otcPaymentAccounts.$inferSelect;
export type Merchant = typeof otcMerchants.$inferSelect;
export type Ad = typeof otcAds.$inferSelect;
export type Order = typeof otcOrders.$inferSelect;
export type Appeal = typeof otcAppeals.$inferSelect;
export type Message = typeof otcMessages.$inferSelect;
export type Coin = { id: number; name: string; decimals: number };
export type AdRow = { ad: Ad; coin: Coin; merchant: { id: number; name: string } };
export type OrderRow = { order: Order; coin: Coin };

const coinColumns = { id: currencies.id, name: currencies.name, decimals: currencies.decimals };
const offsetOf = (page: number, limit: number) => (page - 1) * limit;

// ---------------------------------------------------------------- payment methods and accounts

/** The methods by sort then id; `enabledOnly` keeps the ones on offer. */
export function listMethods(db: Executor, enabledOnly: boolean): Promise<Method[]> {
  return db
    .select()
    .from(otcPaymentMethods)
    .where(enabledOnly ? eq(otcPaymentMethods.enabled, true) : undefined)
    .orderBy(asc(otcPaymentMethods.sort), asc(otcPaymentMethods.id));
}

export async function findMethod(db: Executor, id: number): Promise<Method | undefined> {
  const [row] = await db.select().from(otcPaymentMethods).where(eq(otcPaymentMethods.id, id)).limit(1);
  return row;
}

export async function insertMethod(db: Executor, values: typeof otcPaymentMethods.$inferInsert): Promise<Method> {
  const [row] = await db.insert(otcPaymentMethods).values(values).returning();
  return row!;
}

export async function lockMethod(tx: Tx, id: number): Promise<Method | undefined> {
  const [row] = await tx.select().from(otcPaymentMethods).where(eq(otcPaymentMethods.id, id)).for('update');
  return row;
}

export async function updateMethod(tx: Tx, id: number, values: Partial<typeof otcPaymentMethods.$inferInsert>): Promise<Method> {
  const [row] = await tx.update(otcPaymentMethods).set(values).where(eq(otcPaymentMethods.id, id)).returning();
  return row!;
}

export function paymentAccountsOf(db: Executor, userId: number): Promise<PaymentAccount[]> {
  return db.select().from(otcPaymentAccounts).where(eq(otcPaymentAccounts.userId, userId));
}

/** One account per user and method: a save replaces the earlier one. */
export async function upsertPaymentAccount(db: Executor, values: { userId: number; methodId: number; holder: string; account: string; updatedAt: number }) {
  const [row] = await db
    .insert(otcPaymentAccounts)
    .values(values)
    .onConflictDoUpdate({ target: [otcPaymentAccounts.userId, otcPaymentAccounts.methodId], set: { holder: values.holder, account: values.account, updatedAt: values.updatedAt } })
    .returning();
  return row!;
}

export async function deletePaymentAccount(db: Executor, userId: number, methodId: number): Promise<boolean> {
  const rows = await db
    .delete(otcPaymentAccounts)
    .where(and(eq(otcPaymentAccounts.userId, userId), eq(otcPaymentAccounts.methodId, methodId)))
    .returning({ id: otcPaymentAccounts.id });
  return rows.length > 0;
}

// ---------------------------------------------------------------- merchants

export async function merchantOfUser(db: Executor, userId: number): Promise<Merchant | undefined> {
  const [row] = await db.select().from(otcMerchants).where(eq(otcMerchants.userId, userId)).limit(1);
  return row;
}

/** The user's merchant row locked for the transaction (an ad posted while an operator suspends them waits). */
export async function lockMerchantOfUser(tx: Tx, userId: number): Promise<Merchant | undefined> {
  const [row] = await tx.select().from(otcMerchants).where(eq(otcMerchants.userId, userId)).for('update');
  return row;
}

/** The merchant rows of these users (an order shows its maker's merchant name), by user id. */
export async function merchantsOfUsers(db: Executor, userIds: number[]): Promise<Map<number, Merchant>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.select().from(otcMerchants).where(inArray(otcMerchants.userId, [...new Set(userIds)]));
  return new Map(rows.map((r) => [r.userId, r]));
}

export async function lockMerchant(tx: Tx, id: number): Promise<Merchant | undefined> {
  const [row] = await tx.select().from(otcMerchants).where(eq(otcMerchants.id, id)).for('update');
  return row;
}

/** A first application, or a new one after a rejection (the row goes back to pending). */
export async function saveApplication(tx: Tx, values: { userId: number; name: string; appliedAt: number; demo?: boolean; status?: OtcMerchantStatus }): Promise<Merchant> {
  const [row] = await tx
    .insert(otcMerchants)
    .values(values)
    .onConflictDoUpdate({
      target: otcMerchants.userId,
      set: { name: values.name, status: values.status ?? 'pending', appliedAt: values.appliedAt, reason: null, decidedAt: null, operatorId: null },
    })
    .returning();
  return row!;
}

export async function updateMerchant(tx: Tx, id: number, values: Partial<typeof otcMerchants.$inferInsert>): Promise<Merchant> {
  const [row] = await tx.update(otcMerchants).set(values).where(eq(otcMerchants.id, id)).returning();
  return row!;
}

export type MerchantCounts = { completed: number; failed: number; avgReleaseSeconds: number | null };

/**
 * Per ad owner (user id), by otcOrderFault's rule: orders on their ads released and not at their fault
 * (completed), orders at their fault (failed: cancelled while they were the buyer, or released by an
 * operator while they were the seller), and the mean seconds from "paid" to release over the orders
 * they released themselves as the seller.
 */
export async function merchantCounts(db: Executor, makerIds: number[]): Promise<Map<number, MerchantCounts>> {
  const counts = new Map<number, MerchantCounts>();
  if (makerIds.length === 0) return counts;
  const rows = await queryRows<{ maker_id: number; completed: number; failed: number; avg_release_ms: string | null }>(
    db,
    sql`select maker_id,
          count(*) filter (where status = 'released' and not (released_by = 'operator' and seller_id = maker_id))::int as completed,
          count(*) filter (where (status = 'cancelled' and buyer_id = maker_id) or (status = 'released' and released_by = 'operator' and seller_id = maker_id))::int as failed,
          (avg(released_at - paid_at) filter (where status = 'released' and released_by = 'seller' and seller_id = maker_id))::text as avg_release_ms
        from ${otcOrders}
        where maker_id = any(${bigintArray(makerIds)}::int[]) and status in ('released', 'cancelled')
        group by maker_id`,
  );
  for (const r of rows) {
    counts.set(Number(r.maker_id), { completed: r.completed, failed: r.failed, avgReleaseSeconds: r.avg_release_ms === null ? null : Math.floor(Number(r.avg_release_ms) / 1000) });
  }
  return counts;
}

export type MerchantListRow = { merchant: Merchant; account: string; onlineAds: number };

export async function pageMerchants(db: Executor, filter: { status?: OtcMerchantStatus; userId?: number }, page: number, limit: number) {
  const where = and(filter.status ? eq(otcMerchants.status, filter.status) : undefined, filter.userId ? eq(otcMerchants.userId, filter.userId) : undefined);
  const onlineAds = sql<number>`(select count(*)::int from ${otcAds} where ${otcAds.merchantId} = ${otcMerchants.id} and ${otcAds.status} = 'online')`;
  const [rows, [total]] = await Promise.all([
    db
      .select({ merchant: otcMerchants, account: users.account, onlineAds })
      .from(otcMerchants)
      .innerJoin(users, eq(users.id, otcMerchants.userId))
      .where(where)
      // Applications waiting for a decision first.
      .orderBy(desc(sql`${otcMerchants.status} = 'pending'`), desc(otcMerchants.id))
      .limit(limit)
      .offset(offsetOf(page, limit)),
    db.select({ n: count() }).from(otcMerchants).where(where),
  ]);
  return { rows: rows as MerchantListRow[], total: total?.n ?? 0 };
}

// ---------------------------------------------------------------- ads

export async function insertAd(tx: Tx, values: typeof otcAds.$inferInsert): Promise<Ad> {
  const [row] = await tx.insert(otcAds).values(values).returning();
  return row!;
}

export async function lockAd(tx: Tx, id: number): Promise<Ad | undefined> {
  const [row] = await tx.select().from(otcAds).where(eq(otcAds.id, id)).for('update');
  return row;
}

export async function updateAd(tx: Tx, id: number, values: Partial<typeof otcAds.$inferInsert>): Promise<Ad> {
  const [row] = await tx.update(otcAds).set(values).where(eq(otcAds.id, id)).returning();
  return row!;
}

export async function countOnlineAds(db: Executor, merchantId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(otcAds)
    .where(and(eq(otcAds.merchantId, merchantId), eq(otcAds.status, 'online')));
  return row?.n ?? 0;
}

/** A merchant's online ads, locked (a suspension closes them all). */
export function lockOnlineAdsOf(tx: Tx, merchantId: number): Promise<Ad[]> {
  return tx
    .select()
    .from(otcAds)
    .where(and(eq(otcAds.merchantId, merchantId), eq(otcAds.status, 'online')))
    .orderBy(asc(otcAds.id))
    .for('update');
}

const adRows = (db: Executor) =>
  db
    .select({ ad: otcAds, coin: coinColumns, merchant: { id: otcMerchants.id, name: otcMerchants.name } })
    .from(otcAds)
    .innerJoin(currencies, eq(currencies.id, otcAds.currencyId))
    .innerJoin(otcMerchants, eq(otcMerchants.id, otcAds.merchantId));

export async function adById(db: Executor, id: number): Promise<AdRow | undefined> {
  const [row] = await adRows(db).where(eq(otcAds.id, id)).limit(1);
  return row;
}

/**
 * The online ads of one market (side, coin, fiat) of approved merchants, optionally accepting a method,
 * at most `limit` (the oldest first: the caller sorts them by their price now).
 */
export function onlineAds(db: Executor, market: { side: OtcSide; currencyId: number; fiat: string; methodId?: number }, limit: number): Promise<AdRow[]> {
  return adRows(db)
    .where(
      and(
        eq(otcAds.status, 'online'),
        eq(otcAds.side, market.side),
        eq(otcAds.currencyId, market.currencyId),
        eq(otcAds.fiat, market.fiat),
        eq(otcMerchants.status, 'approved'),
        sql`${otcAds.remaining} > 0`,
        market.methodId === undefined ? undefined : sql`${otcAds.methodIds} @> ${JSON.stringify([market.methodId])}::jsonb`,
      ),
    )
    .orderBy(asc(otcAds.id))
    .limit(limit);
}

export type AdFilter = { userId?: number; status?: OtcAdStatus };

export async function pageAds(db: Executor, filter: AdFilter, page: number, limit: number): Promise<{ rows: AdRow[]; total: number }> {
  const where = and(filter.userId === undefined ? undefined : eq(otcAds.userId, filter.userId), filter.status ? eq(otcAds.status, filter.status) : undefined);
  const [rows, [total]] = await Promise.all([
    adRows(db).where(where).orderBy(desc(otcAds.id)).limit(limit).offset(offsetOf(page, limit)),
    db.select({ n: count() }).from(otcAds).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

// ---------------------------------------------------------------- orders

export async function insertOrder(tx: Tx, values: typeof otcOrders.$inferInsert): Promise<Order> {
  const [row] = await tx.insert(otcOrders).values(values).returning();
  return row!;
}

export async function lockOrder(tx: Tx, id: number): Promise<Order | undefined> {
  const [row] = await tx.select().from(otcOrders).where(eq(otcOrders.id, id)).for('update');
  return row;
}

export async function updateOrder(tx: Tx, id: number, values: Partial<typeof otcOrders.$inferInsert>): Promise<Order> {
  const [row] = await tx.update(otcOrders).set(values).where(eq(otcOrders.id, id)).returning();
  return row!;
}

const orderRows = (db: Executor) => db.select({ order: otcOrders, coin: coinColumns }).from(otcOrders).innerJoin(currencies, eq(currencies.id, otcOrders.currencyId));

export async function orderById(db: Executor, id: number): Promise<OrderRow | undefined> {
  const [row] = await orderRows(db).where(eq(otcOrders.id, id)).limit(1);
  return row;
}

const OPEN = [...OTC_OPEN_STATUSES];
const ENDED: OtcOrderStatus[] = ['released', 'cancelled'];

/** The user's orders as buyer or seller, newest first; `open` or `ended` narrows them. */
export async function pageOrdersOfUser(db: Executor, userId: number, status: 'open' | 'ended' | undefined, page: number, limit: number) {
  const where = and(
    or(eq(otcOrders.buyerId, userId), eq(otcOrders.sellerId, userId)),
    status === undefined ? undefined : inArray(otcOrders.status, status === 'open' ? OPEN : ENDED),
  );
  const [rows, [total]] = await Promise.all([
    orderRows(db).where(where).orderBy(desc(otcOrders.id)).limit(limit).offset(offsetOf(page, limit)),
    db.select({ n: count() }).from(otcOrders).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export type OrderFilter = { status?: OtcOrderStatus; userId?: number };

export async function pageOrders(db: Executor, filter: OrderFilter, page: number, limit: number) {
  const where = and(
    filter.status ? eq(otcOrders.status, filter.status) : undefined,
    filter.userId === undefined ? undefined : or(eq(otcOrders.buyerId, filter.userId), eq(otcOrders.sellerId, filter.userId)),
  );
  const [rows, [total]] = await Promise.all([
    orderRows(db)
      .where(where)
      // The appeals queue reads oldest first: the longest waiting is decided first.
      .orderBy(filter.status === 'appealed' ? asc(otcOrders.id) : desc(otcOrders.id))
      .limit(limit)
      .offset(offsetOf(page, limit)),
    db.select({ n: count() }).from(otcOrders).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Orders the user is a side of whose coins are still in escrow. */
export async function countOpenOrders(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(otcOrders)
    .where(and(or(eq(otcOrders.buyerId, userId), eq(otcOrders.sellerId, userId)), inArray(otcOrders.status, OPEN)));
  return row?.n ?? 0;
}

/** Orders the user cancelled as the buyer, or let time out, since `since`. */
export async function countBuyerCancelsSince(db: Executor, userId: number, since: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(otcOrders)
    .where(and(eq(otcOrders.buyerId, userId), eq(otcOrders.status, 'cancelled'), ne(otcOrders.cancelReason, 'appeal'), sql`${otcOrders.cancelledAt} >= ${since}`));
  return row?.n ?? 0;
}

/** Pending orders past their pay time limit, oldest first, rows locked; rows another run holds are skipped. */
export function claimExpired(tx: Tx, now: number, limit: number): Promise<Order[]> {
  return tx
    .select()
    .from(otcOrders)
    .where(and(eq(otcOrders.status, 'pending'), lte(otcOrders.payDeadline, now)))
    .orderBy(asc(otcOrders.payDeadline), asc(otcOrders.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** Paid orders whose release time limit has passed, oldest due first, locked (others' claims skipped). */
export function claimReleaseDue(tx: Tx, now: number, limit: number): Promise<Order[]> {
  return tx
    .select()
    .from(otcOrders)
    .where(and(eq(otcOrders.status, 'paid'), lte(otcOrders.releaseDueAt, now)))
    .orderBy(asc(otcOrders.releaseDueAt), asc(otcOrders.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** The committed status of these orders. */
export async function statusesOf(db: Executor, ids: number[]): Promise<Map<number, OtcOrderStatus>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: otcOrders.id, status: otcOrders.status }).from(otcOrders).where(inArray(otcOrders.id, ids));
  return new Map(rows.map((r) => [r.id, r.status]));
}

// ---------------------------------------------------------------- appeals and messages

export async function insertAppeal(tx: Tx, values: typeof otcAppeals.$inferInsert) {
  await tx.insert(otcAppeals).values(values);
}

export async function updateAppeal(tx: Tx, orderId: number, values: Partial<typeof otcAppeals.$inferInsert>) {
  await tx.update(otcAppeals).set(values).where(eq(otcAppeals.orderId, orderId));
}

export async function appealsOf(db: Executor, orderIds: number[]): Promise<Map<number, Appeal>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db.select().from(otcAppeals).where(inArray(otcAppeals.orderId, orderIds));
  return new Map(rows.map((r) => [r.orderId, r]));
}

export async function insertMessage(db: Executor, values: typeof otcMessages.$inferInsert): Promise<Message> {
  const [row] = await db.insert(otcMessages).values(values).returning();
  return row!;
}

/** A page of an order's chat, newest first (older than `before` when given); one more than `limit` tells there is more. */
export function messagesOf(db: Executor, orderId: number, before: number | undefined, limit: number): Promise<Message[]> {
  return db
    .select()
    .from(otcMessages)
    .where(and(eq(otcMessages.orderId, orderId), before === undefined ? undefined : lt(otcMessages.id, before)))
    .orderBy(desc(otcMessages.id))
    .limit(limit + 1);
}

// ---------------------------------------------------------------- users and balances

export async function userNames(db: Executor, ids: number[]): Promise<Map<number, { account: string; nickname: string | null }>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: users.id, account: users.account, nickname: users.nickname }).from(users).where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, { account: r.account, nickname: r.nickname }]));
}

/** The user's available balance of each coin in their fiat (legal) account, by currency id. */
export async function fiatAvailable(db: Executor, userId: number): Promise<Record<string, string>> {
  const rows = await db
    .select({ currencyId: ledgerAccounts.currencyId, available: ledgerAccounts.available })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.kind, 'fiat')));
  return Object.fromEntries(rows.map((r) => [String(r.currencyId), r.available]));
}

/** Demo rows already seeded (the demo seed runs once). */
export async function demoMerchantCount(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(otcMerchants).where(eq(otcMerchants.demo, true));
  return row?.n ?? 0;
}
