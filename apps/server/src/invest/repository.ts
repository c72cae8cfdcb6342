/** Dual investment: the only place its SQL is written. */
import { money, type DualOrderStatus, type DualType } from '@fairex/contract';
import { and, asc, count, desc, eq, gt, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { queryRows, type Executor, type Tx } from '../db/client.ts';
import { indexTicks, marketSymbols } from '../markets/tables.ts';
import { currencies } from '../site/tables.ts';
import { dualOrders, dualProducts } from './tables.ts';

export type DualProduct = typeof dualProducts.$inferSelect;
export type DualOrder = typeof dualOrders.$inferSelect;
export type Coin = { id: number; name: string; decimals: number };
/** A product with what its views need: its symbol's name, its two coins and the time of the tick it settled on. */
export type ProductRow = { product: DualProduct; symbol: string; base: Coin; quote: Coin; tickTime: number | null };
/** An order with its product (a view shows the product's figures and settlement beside the order's own). */
export type OrderRow = ProductRow & { order: DualOrder; payoutCoin: string | null };

/** NUMERIC(36,18) holds 18 digits before the point: a larger figure is refused (wrong_number), never written. */
const AMOUNT_COLUMN_LIMIT = '1e18';
export const fitsAmountColumn = (value: string) => money(value).lt(AMOUNT_COLUMN_LIMIT);

const base = alias(currencies, 'base_coin');
const quote = alias(currencies, 'quote_coin');
const payoutCoin = alias(currencies, 'payout_coin');

const productColumns = {
  product: dualProducts,
  symbol: marketSymbols.symbol,
  base: { id: base.id, name: base.name, decimals: base.decimals },
  quote: { id: quote.id, name: quote.name, decimals: quote.decimals },
  tickTime: indexTicks.time,
};

/** Products joined to their symbol, coins and settlement tick. */
const selectProducts = (db: Executor) =>
  db
    .select(productColumns)
    .from(dualProducts)
    .innerJoin(marketSymbols, eq(marketSymbols.id, dualProducts.symbolId))
    .innerJoin(base, eq(base.id, dualProducts.baseCurrencyId))
    .innerJoin(quote, eq(quote.id, dualProducts.quoteCurrencyId))
    .leftJoin(indexTicks, eq(indexTicks.id, dualProducts.settleTickId));

export async function findProduct(db: Executor, id: number): Promise<ProductRow | undefined> {
  const [row] = await selectProducts(db).where(eq(dualProducts.id, id)).limit(1);
  return row;
}

/**
 * The open, enabled products of a type, by maturity then linked price. `currencyId` keeps those whose
 * underlying or quote coin it is (the quote coin, USDT, therefore keeps every underlying).
 */
export function listOpenProducts(db: Executor, filter: { type: DualType; currencyId?: number; limit: number }): Promise<ProductRow[]> {
  const coin = filter.currencyId === undefined ? undefined : or(eq(dualProducts.baseCurrencyId, filter.currencyId), eq(dualProducts.quoteCurrencyId, filter.currencyId));
  return selectProducts(db)
    .where(and(eq(dualProducts.status, 'open'), eq(dualProducts.enabled, true), eq(dualProducts.type, filter.type), coin))
    .orderBy(asc(dualProducts.maturityDate), asc(dualProducts.linkedPrice), asc(dualProducts.id))
    .limit(filter.limit);
}

/** Back office: every product, newest first. */
export async function pageProducts(db: Executor, page: number, limit: number) {
  const rows = await selectProducts(db)
    .orderBy(desc(dualProducts.id))
    .limit(limit)
    .offset((page - 1) * limit);
  const [total] = await db.select({ n: count() }).from(dualProducts);
  return { rows, total: total?.n ?? 0 };
}

/**
 * Takes `num` shares of a product on sale at `now`, in one conditional UPDATE (row-locked: two buyers
 * of the last shares cannot both pass). Answers the product as updated, or undefined when it is not on
 * sale or fewer shares remain (the caller tells which).
 */
export async function takeShares(tx: Tx, id: number, num: number, now: number): Promise<DualProduct | undefined> {
  const [row] = await tx
    .update(dualProducts)
    .set({ soldShares: sql`${dualProducts.soldShares} + ${num}` })
    .where(
      and(
        eq(dualProducts.id, id),
        eq(dualProducts.status, 'open'),
        eq(dualProducts.enabled, true),
        gt(dualProducts.saleEndAt, now),
        sql`${dualProducts.soldShares} + ${num} <= ${dualProducts.totalShares}`,
      ),
    )
    .returning();
  return row;
}

/** A product row locked until the transaction ends (back-office edits and cancellation). */
export async function lockProduct(tx: Tx, id: number): Promise<DualProduct | undefined> {
  const [row] = await tx.select().from(dualProducts).where(eq(dualProducts.id, id)).for('update');
  return row;
}

export async function insertProduct(db: Executor, values: typeof dualProducts.$inferInsert): Promise<DualProduct> {
  const [row] = await db.insert(dualProducts).values(values).returning();
  return row!;
}

export async function updateProduct(tx: Tx, id: number, values: Partial<typeof dualProducts.$inferInsert>): Promise<DualProduct> {
  const [row] = await tx.update(dualProducts).set(values).where(eq(dualProducts.id, id)).returning();
  return row!;
}

/**
 * Open products due for settlement at `now`, oldest first, at most `limit`, each locked; rows another
 * settlement holds are skipped (it is settling them).
 */
export function dueProducts(tx: Tx, now: number, limit: number): Promise<DualProduct[]> {
  return tx
    .select()
    .from(dualProducts)
    .where(and(eq(dualProducts.status, 'open'), lte(dualProducts.settleAt, now)))
    .orderBy(asc(dualProducts.settleAt), asc(dualProducts.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** A product's orders still holding their amount, oldest first, at most `limit`, each locked. */
export function purchasedOrders(tx: Tx, productId: number, limit: number): Promise<DualOrder[]> {
  return tx
    .select()
    .from(dualOrders)
    .where(and(eq(dualOrders.productId, productId), eq(dualOrders.status, 'purchased')))
    .orderBy(asc(dualOrders.id))
    .limit(limit)
    .for('update');
}

export async function insertOrder(tx: Tx, values: typeof dualOrders.$inferInsert): Promise<DualOrder> {
  const [row] = await tx.insert(dualOrders).values(values).returning();
  return row!;
}

export type OrderEnd = { id: number; status: 'success' | 'fail'; payoutCurrencyId: number; payout: string };

/**
 * Ends purchased orders (paid, or refunded) in one statement, from arrays joined by unnest; answers the ids
 * it ended (an order that had already ended is left as it is).
 */
export async function endOrders(tx: Tx, ends: readonly OrderEnd[], settledAt: number): Promise<Set<number>> {
  if (ends.length === 0) return new Set();
  for (const e of ends) if (!/^[\d.]+$/.test(e.payout)) throw new Error(`dual order ${e.id}: payout is not a figure: ${e.payout}`);
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`update ${dualOrders} o set status = v.status, payout_currency_id = v.payout_currency_id, payout = v.payout, settled_at = ${settledAt}::bigint
        from unnest(${`{${ends.map((e) => e.id).join(',')}}`}::bigint[], ${`{${ends.map((e) => e.status).join(',')}}`}::text[],
          ${`{${ends.map((e) => e.payoutCurrencyId).join(',')}}`}::int[], ${`{${ends.map((e) => e.payout).join(',')}}`}::numeric[])
          as v (id, status, payout_currency_id, payout)
        where o.id = v.id and o.status = 'purchased'
        returning o.id`,
  );
  return new Set(rows.map((r) => Number(r.id)));
}

export async function coinById(db: Executor, id: number): Promise<Coin | undefined> {
  const [row] = await db.select({ id: currencies.id, name: currencies.name, decimals: currencies.decimals }).from(currencies).where(eq(currencies.id, id)).limit(1);
  return row;
}

/**
 * Which orders a listed status means: purchased and settling are both unsettled rows, told apart by
 * whether the product's settlement time has come.
 */
function statusFilter(status: DualOrderStatus | undefined, now: number): SQL | undefined {
  switch (status) {
    case undefined:
      return undefined;
    case 'purchased':
      return and(eq(dualOrders.status, 'purchased'), gt(dualProducts.settleAt, now));
    case 'settling':
      return and(eq(dualOrders.status, 'purchased'), lte(dualProducts.settleAt, now));
    case 'success':
    case 'fail':
      return eq(dualOrders.status, status);
  }
}

export type OrderFilter = { userId?: number; productId?: number; status?: DualOrderStatus; now: number };

/** A page of orders with their products, newest first. */
export async function pageOrders(db: Executor, filter: OrderFilter, page: number, limit: number): Promise<{ rows: OrderRow[]; total: number }> {
  const where = and(
    filter.userId === undefined ? undefined : eq(dualOrders.userId, filter.userId),
    filter.productId === undefined ? undefined : eq(dualOrders.productId, filter.productId),
    statusFilter(filter.status, filter.now),
  );
  const rows = await db
    .select({ ...productColumns, order: dualOrders, payoutCoin: payoutCoin.name })
    .from(dualOrders)
    .innerJoin(dualProducts, eq(dualProducts.id, dualOrders.productId))
    .innerJoin(marketSymbols, eq(marketSymbols.id, dualProducts.symbolId))
    .innerJoin(base, eq(base.id, dualProducts.baseCurrencyId))
    .innerJoin(quote, eq(quote.id, dualProducts.quoteCurrencyId))
    .leftJoin(indexTicks, eq(indexTicks.id, dualProducts.settleTickId))
    .leftJoin(payoutCoin, eq(payoutCoin.id, dualOrders.payoutCurrencyId))
    .where(where)
    .orderBy(desc(dualOrders.id))
    .limit(limit)
    .offset((page - 1) * limit);
  const [total] = await db.select({ n: count() }).from(dualOrders).innerJoin(dualProducts, eq(dualProducts.id, dualOrders.productId)).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** Whether demo products were seeded already (demo.ts seeds once). */
export async function demoProductsExist(db: Executor): Promise<boolean> {
  const [row] = await db.select({ id: dualProducts.id }).from(dualProducts).where(eq(dualProducts.demo, true)).limit(1);
  return row !== undefined;
}


/** The enabled spot symbols with their two coins: what a product may be linked to (back-office form). */
export function spotSymbols(db: Executor) {
  return db
    .select({ id: marketSymbols.id, symbol: marketSymbols.symbol, base: { id: base.id, name: base.name, decimals: base.decimals }, quote: { id: quote.id, name: quote.name, decimals: quote.decimals } })
    .from(marketSymbols)
    .innerJoin(base, eq(base.id, marketSymbols.baseCurrencyId))
    .innerJoin(quote, eq(quote.id, marketSymbols.quoteCurrencyId))
    .where(and(eq(marketSymbols.kind, 'spot'), eq(marketSymbols.enabled, true)))
    .orderBy(asc(marketSymbols.sort), asc(marketSymbols.id));
}

/** Settled dual orders after `afterId` with what dualSettlement needs: the product's terms and the price of the tick it cites. */
export function settledOrdersWithTicks(db: Executor, afterId: number, limit: number) {
  return db
    .select({
      id: dualOrders.id,
      type: dualProducts.type,
      amount: dualOrders.amount,
      linkedPrice: dualProducts.linkedPrice,
      apr: dualProducts.apr,
      days: dualOrders.holdingDays,
      tickPrice: indexTicks.price,
      productSettlePrice: dualProducts.settlePrice,
      baseCurrencyId: dualProducts.baseCurrencyId,
      quoteCurrencyId: dualProducts.quoteCurrencyId,
      baseDecimals: sql<number>`(select decimals from currencies where id = ${dualProducts.baseCurrencyId})`,
      quoteDecimals: sql<number>`(select decimals from currencies where id = ${dualProducts.quoteCurrencyId})`,
      payoutCurrencyId: dualOrders.payoutCurrencyId,
      payout: dualOrders.payout,
    })
    .from(dualOrders)
    .innerJoin(dualProducts, eq(dualProducts.id, dualOrders.productId))
    .leftJoin(indexTicks, eq(indexTicks.id, dualProducts.settleTickId))
    .where(and(eq(dualOrders.status, 'success'), gt(dualOrders.id, afterId)))
    .orderBy(asc(dualOrders.id))
    .limit(limit);
}
