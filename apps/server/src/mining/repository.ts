/** Lock-up mining: the only place its SQL is written. */
import { and, asc, count, desc, eq, gt, gte, inArray, isNotNull, lte, ne, sql, type SQL } from 'drizzle-orm';
import { bigintArray, queryRows, type Executor, type Tx } from '../db/client.ts';
import { ledgerAccounts } from '../ledger/tables.ts';
import { currencies } from '../site/tables.ts';
import { miningOrders, miningPayouts, miningProducts, miningRates } from './tables.ts';

export type MiningProduct = typeof miningProducts.$inferSelect;
export type MiningOrder = typeof miningOrders.$inferSelect;
export type MiningPayout = typeof miningPayouts.$inferSelect;
export type MiningRate = typeof miningRates.$inferSelect;
export type Coin = { id: number; name: string; decimals: number; enabled: boolean };
export type ProductWithCoin = { product: MiningProduct; coin: Coin };
export type OrderWithProduct = { order: MiningOrder; product: MiningProduct; coin: Coin };

const coinColumns = { id: currencies.id, name: currencies.name, decimals: currencies.decimals, enabled: currencies.enabled };

// ---------------------------------------------------------------- coins and products

export async function coinById(db: Executor, id: number): Promise<Coin | undefined> {
  const [row] = await db.select(coinColumns).from(currencies).where(eq(currencies.id, id)).limit(1);
  return row;
}

export async function coinByName(db: Executor, name: string): Promise<Coin | undefined> {
  const [row] = await db.select(coinColumns).from(currencies).where(eq(currencies.name, name)).limit(1);
  return row;
}

/** Every coin, for the back office's product form. */
export function listCoins(db: Executor): Promise<Coin[]> {
  return db.select(coinColumns).from(currencies).orderBy(asc(currencies.sort), asc(currencies.id));
}

export async function productById(db: Executor, id: number): Promise<ProductWithCoin | undefined> {
  const [row] = await db
    .select({ product: miningProducts, coin: coinColumns })
    .from(miningProducts)
    .innerJoin(currencies, eq(currencies.id, miningProducts.currencyId))
    .where(eq(miningProducts.id, id))
    .limit(1);
  return row;
}

/** The product row locked until the transaction ends (an edit and the rates it checks). */
export async function lockProduct(tx: Tx, id: number): Promise<MiningProduct | undefined> {
  const [row] = await tx.select().from(miningProducts).where(eq(miningProducts.id, id)).for('update');
  return row;
}

/** Products by sort then id; `offered` keeps the enabled ones of enabled coins (what users may buy). */
export function listProducts(db: Executor, filter: { offered: boolean; category?: MiningProduct['category'] }): Promise<ProductWithCoin[]> {
  return db
    .select({ product: miningProducts, coin: coinColumns })
    .from(miningProducts)
    .innerJoin(currencies, eq(currencies.id, miningProducts.currencyId))
    .where(
      and(
        filter.offered ? and(eq(miningProducts.enabled, true), eq(currencies.enabled, true)) : undefined,
        filter.category === undefined ? undefined : eq(miningProducts.category, filter.category),
      ),
    )
    .orderBy(asc(miningProducts.sort), asc(miningProducts.id));
}

export async function insertProduct(db: Executor, values: typeof miningProducts.$inferInsert): Promise<MiningProduct> {
  const [row] = await db.insert(miningProducts).values(values).returning();
  return row!;
}

export async function updateProduct(db: Executor, id: number, values: Partial<typeof miningProducts.$inferInsert>): Promise<MiningProduct> {
  const [row] = await db.update(miningProducts).set(values).where(eq(miningProducts.id, id)).returning();
  return row!;
}

/** Per product: active orders and the amount they hold (the back office's product table). */
export async function productHoldings(db: Executor): Promise<Map<number, { orders: number; locked: string }>> {
  const rows = await db
    .select({ productId: miningOrders.productId, orders: count(), locked: sql<string>`coalesce(sum(${miningOrders.amount}), 0)::text` })
    .from(miningOrders)
    .where(eq(miningOrders.status, 'active'))
    .groupBy(miningOrders.productId);
  return new Map(rows.map((r) => [r.productId, { orders: r.orders, locked: r.locked }]));
}

// ---------------------------------------------------------------- daily rates

/** The published rates of these products on these days. */
export function ratesOn(db: Executor, productIds: number[], days: string[]): Promise<MiningRate[]> {
  if (productIds.length === 0 || days.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(miningRates)
    .where(and(inArray(miningRates.productId, productIds), inArray(miningRates.day, days)));
}

/** Every published rate from `fromDay` on, by product then day (the back office). */
export function ratesFrom(db: Executor, fromDay: string): Promise<MiningRate[]> {
  return db
    .select()
    .from(miningRates)
    .where(gte(miningRates.day, fromDay))
    .orderBy(asc(miningRates.productId), desc(miningRates.day));
}

/**
 * Publishes the low end of the range as `day`'s rate of every enabled product that has none yet, or of
 * the one product named (source 'range_low'); a rate already there, the operator's or an earlier low
 * end, stays as it is. Answers how many were published.
 */
export async function publishLowEnd(tx: Tx, day: string, publishedAt: number, productId?: number): Promise<number> {
  const rows = await queryRows<{ product_id: number }>(
    tx,
    sql`insert into ${miningRates} (product_id, day, rate, source, published_at)
        select id, ${day}::date, daily_yield_min, 'range_low', ${publishedAt}::bigint from ${miningProducts}
        where ${productId === undefined ? sql`enabled` : sql`id = ${productId}`}
        on conflict (product_id, day) do nothing
        returning product_id`,
  );
  return rows.length;
}

export async function findRate(db: Executor, productId: number, day: string): Promise<MiningRate | undefined> {
  const [row] = await db
    .select()
    .from(miningRates)
    .where(and(eq(miningRates.productId, productId), eq(miningRates.day, day)))
    .limit(1);
  return row;
}

/** An operator's rate for a day: replaces whatever was published for that day before. */
export async function upsertOperatorRate(tx: Tx, row: { productId: number; day: string; rate: string; publishedAt: number }) {
  await tx
    .insert(miningRates)
    .values({ ...row, source: 'operator' })
    .onConflictDoUpdate({ target: [miningRates.productId, miningRates.day], set: { rate: row.rate, source: 'operator', publishedAt: row.publishedAt } });
}

/** Rates for days that have none yet; a day's rate already published stays. */
export async function insertRatesIfNone(tx: Tx, rows: (typeof miningRates.$inferInsert)[]) {
  if (rows.length) await tx.insert(miningRates).values(rows).onConflictDoNothing();
}

/** Rates published for days after `afterDay` that fall outside [min, max] (an edit of the range would strand them). */
export function upcomingRatesOutside(tx: Tx, productId: number, afterDay: string, min: string, max: string): Promise<MiningRate[]> {
  return tx
    .select()
    .from(miningRates)
    .where(
      and(
        eq(miningRates.productId, productId),
        gt(miningRates.day, afterDay),
        sql`(${miningRates.rate} < ${min}::numeric or ${miningRates.rate} > ${max}::numeric)`,
      ),
    );
}

// ---------------------------------------------------------------- orders

export async function insertOrder(tx: Tx, values: typeof miningOrders.$inferInsert): Promise<MiningOrder> {
  const [row] = await tx.insert(miningOrders).values(values).returning();
  return row!;
}

/** One order with its row locked until the transaction ends (payout, unlock and redemption all take it). */
export async function lockOrder(tx: Tx, id: number): Promise<MiningOrder | undefined> {
  const [row] = await tx.select().from(miningOrders).where(eq(miningOrders.id, id)).for('update');
  return row;
}

/** Active orders with a day's interest due by `now`, oldest due first, rows locked; rows another run holds are skipped. */
export function claimDuePayouts(tx: Tx, now: number, limit: number): Promise<MiningOrder[]> {
  return tx
    .select()
    .from(miningOrders)
    .where(and(eq(miningOrders.status, 'active'), isNotNull(miningOrders.nextPayoutAt), lte(miningOrders.nextPayoutAt, now)))
    .orderBy(asc(miningOrders.nextPayoutAt), asc(miningOrders.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** Active orders past their unlock time with every day paid, rows locked; rows another run holds are skipped. */
export function claimUnlocks(tx: Tx, now: number, limit: number): Promise<MiningOrder[]> {
  return tx
    .select()
    .from(miningOrders)
    .where(and(eq(miningOrders.status, 'active'), lte(miningOrders.unlockAt, now), eq(miningOrders.daysPaid, miningOrders.termDays)))
    .orderBy(asc(miningOrders.unlockAt), asc(miningOrders.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function updateOrder(tx: Tx, id: number, values: Partial<typeof miningOrders.$inferInsert>): Promise<MiningOrder> {
  const [row] = await tx.update(miningOrders).set(values).where(eq(miningOrders.id, id)).returning();
  return row!;
}

/** A day's payout; the primary key (order, day) refuses a second one. */
export async function insertPayout(tx: Tx, values: typeof miningPayouts.$inferInsert) {
  await tx.insert(miningPayouts).values(values);
}

/** Names the run that made these payouts (the run's row is written once its totals are known). */
export async function setPayoutsRun(tx: Tx, payouts: readonly { orderId: number; day: string }[], runId: number) {
  if (payouts.length === 0) return;
  const days = `{${payouts.map((p) => p.day).join(',')}}`;
  await tx.execute(
    sql`update ${miningPayouts} p set run_id = ${runId}
        from unnest(${bigintArray(payouts.map((p) => p.orderId))}::bigint[], ${days}::date[]) as k (order_id, day)
        where p.order_id = k.order_id and p.day = k.day`,
  );
}

// ---------------------------------------------------------------- the payout job in bulk

const dateArray = (days: readonly string[]) => {
  for (const d of days) if (!/^\d{4}-\d{2}-\d{2}$/.test(d)) throw new Error(`not a day: ${d}`);
  return `{${days.join(',')}}`;
};
const figureArray = (figures: readonly string[]) => {
  for (const f of figures) if (!/^-?[\d.]+$/.test(f)) throw new Error(`not a figure: ${f}`);
  return `{${figures.join(',')}}`;
};
const nullableBigintArray = (values: readonly (number | null)[]) => `{${values.map((v) => (v === null ? 'NULL' : String(Math.trunc(v)))).join(',')}}`;

/**
 * The rates of these (product, day) pairs, the low end of the range published (source 'range_low') for
 * each that has none yet, as rateOfDay does one at a time; one statement. Keyed `${productId}:${day}`.
 */
export async function ratesOfDays(tx: Tx, pairs: readonly { productId: number; day: string }[], publishedAt: number): Promise<Map<string, string>> {
  const rates = new Map<string, string>();
  if (pairs.length === 0) return rates;
  const rows = await queryRows<{ product_id: number; day: string; rate: string }>(
    tx,
    sql`with k as (select * from unnest(${bigintArray(pairs.map((p) => p.productId))}::int[], ${dateArray(pairs.map((p) => p.day))}::date[]) as k (product_id, day)),
        made as (
          insert into ${miningRates} (product_id, day, rate, source, published_at)
          select p.id, k.day, p.daily_yield_min, 'range_low', ${publishedAt}::bigint from k join ${miningProducts} p on p.id = k.product_id
          on conflict (product_id, day) do nothing
          returning product_id, day, rate)
        select product_id, day::text as day, rate::text as rate from made
        union all
        select r.product_id, r.day::text, r.rate::text from ${miningRates} r join k on r.product_id = k.product_id and r.day = k.day`,
  );
  for (const r of rows) rates.set(`${r.product_id}:${r.day}`, r.rate);
  return rates;
}

/** Day payouts in one statement; the primary key (order, day) refuses the whole batch if one was paid before. */
export async function insertPayouts(tx: Tx, rows: readonly { orderId: number; day: string; rate: string; amount: string }[], paidAt: number) {
  if (rows.length === 0) return;
  await tx.execute(
    sql`insert into ${miningPayouts} (order_id, day, rate, amount, paid_at)
        select k.order_id, k.day, k.rate, k.amount, ${paidAt}::bigint
        from unnest(${bigintArray(rows.map((r) => r.orderId))}::bigint[], ${dateArray(rows.map((r) => r.day))}::date[],
          ${figureArray(rows.map((r) => r.rate))}::numeric[], ${figureArray(rows.map((r) => r.amount))}::numeric[]) as k (order_id, day, rate, amount)`,
  );
}

/** Orders' figures after their days were paid, in one statement. */
export async function updatePaidOrders(tx: Tx, rows: readonly { id: number; daysPaid: number; interestPaid: string; nextPayoutAt: number | null }[]) {
  if (rows.length === 0) return;
  await tx.execute(
    sql`update ${miningOrders} o set days_paid = k.days_paid, interest_paid = k.interest_paid, next_payout_at = k.next_payout_at
        from unnest(${bigintArray(rows.map((r) => r.id))}::bigint[], ${bigintArray(rows.map((r) => r.daysPaid))}::int[],
          ${figureArray(rows.map((r) => r.interestPaid))}::numeric[], ${nullableBigintArray(rows.map((r) => r.nextPayoutAt))}::bigint[])
          as k (id, days_paid, interest_paid, next_payout_at)
        where o.id = k.id`,
  );
}

/** Orders unlocked at `now`: expired, their whole amount returned, no penalty; one statement. */
export async function markUnlocked(tx: Tx, ids: readonly number[], now: number) {
  if (ids.length === 0) return;
  await tx.execute(
    sql`update ${miningOrders} set status = 'expired', returned = amount, penalty = 0, ended_at = ${now}::bigint, next_payout_at = null
        where id = any(${bigintArray(ids)}::bigint[])`,
  );
}

export type OrderFilter = { userId?: number; productId?: number; status?: MiningOrder['status'] | 'ended' };

export const orderFilter = (filter: OrderFilter): SQL | undefined =>
  and(
    filter.userId === undefined ? undefined : eq(miningOrders.userId, filter.userId),
    filter.productId === undefined ? undefined : eq(miningOrders.productId, filter.productId),
    filter.status === undefined ? undefined : filter.status === 'ended' ? ne(miningOrders.status, 'active') : eq(miningOrders.status, filter.status),
  );

/** A page of orders, newest first, with their product and coin. */
export async function pageOrders(db: Executor, where: SQL | undefined, page: number, limit: number): Promise<{ rows: OrderWithProduct[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    db
      .select({ order: miningOrders, product: miningProducts, coin: coinColumns })
      .from(miningOrders)
      .innerJoin(miningProducts, eq(miningProducts.id, miningOrders.productId))
      .innerJoin(currencies, eq(currencies.id, miningOrders.currencyId))
      .where(where)
      .orderBy(desc(miningOrders.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(miningOrders).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The latest `perOrder` payouts of each order, newest first, by order id. */
export async function latestPayouts(db: Executor, orderIds: number[], perOrder: number): Promise<Map<number, MiningPayout[]>> {
  const byOrder = new Map<number, MiningPayout[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await queryRows<{ order_id: string; day: string; rate: string; amount: string; paid_at: string; run_id: string | null }>(
    db,
    sql`select order_id::text, day::text, rate::text, amount::text, paid_at::text, run_id::text from (
          select p.*, row_number() over (partition by p.order_id order by p.day desc) as n
          from ${miningPayouts} p where p.order_id = any(${bigintArray(orderIds)}::bigint[])) ranked
        where n <= ${perOrder} order by order_id, day desc`,
  );
  for (const r of rows) {
    const payout: MiningPayout = { orderId: Number(r.order_id), day: r.day, rate: r.rate, amount: r.amount, paidAt: Number(r.paid_at), runId: r.run_id === null ? null : Number(r.run_id) };
    byOrder.set(payout.orderId, [...(byOrder.get(payout.orderId) ?? []), payout]);
  }
  return byOrder;
}

/** A user's spot available balance in each of these coins. */
export async function spotAvailableByCoin(db: Executor, userId: number, currencyIds: number[]): Promise<Map<number, string>> {
  if (currencyIds.length === 0) return new Map();
  const rows = await db
    .select({ currencyId: ledgerAccounts.currencyId, available: ledgerAccounts.available })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.kind, 'spot'), inArray(ledgerAccounts.currencyId, currencyIds)));
  return new Map(rows.map((r) => [r.currencyId, r.available]));
}

/** Demo rows already seeded (the demo seed runs once). */
export async function demoProductCount(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(miningProducts).where(eq(miningProducts.demo, true));
  return row?.n ?? 0;
}
