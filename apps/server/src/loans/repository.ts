/** Crypto-backed loans: the only place their SQL is written. */
import type { LoanStatus } from '@fairex/contract';
import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lt, lte, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { queryRows, type Executor, type Tx } from '../db/client.ts';
import { marketSymbols } from '../markets/tables.ts';
import { currencies } from '../site/tables.ts';
import { loanEvents, loanInterest, loanLiquidations, loanPoolFundings, loanProductCollaterals, loanProducts, loans } from './tables.ts';

export type LoanProduct = typeof loanProducts.$inferSelect;
export type Loan = typeof loans.$inferSelect;
export type LoanEvent = typeof loanEvents.$inferSelect;
export type LoanLiquidation = typeof loanLiquidations.$inferSelect;
export type Coin = { id: number; name: string; decimals: number; enabled: boolean };
/** An index a loan is valued at: the spot symbol collateral/loan coin. */
export type IndexSymbol = { id: number; symbol: string; priceDecimals: number };
export type Collateral = { productId: number; coin: Coin; index: IndexSymbol; accepted: boolean };
export type ProductWithCoin = { product: LoanProduct; coin: Coin };
/** A loan with what its views need: its product's name, its two coins and its index. */
export type LoanRow = { loan: Loan; name: LoanProduct['name']; demo: boolean; coin: Coin; collateralCoin: Coin; index: IndexSymbol };

const coinColumns = { id: currencies.id, name: currencies.name, decimals: currencies.decimals, enabled: currencies.enabled };
const indexColumns = { id: marketSymbols.id, symbol: marketSymbols.symbol, priceDecimals: marketSymbols.priceDecimals };
const collateralCoins = alias(currencies, 'collateral_coins');
const collateralCoinColumns = { id: collateralCoins.id, name: collateralCoins.name, decimals: collateralCoins.decimals, enabled: collateralCoins.enabled };

// ---------------------------------------------------------------- coins, indexes and products

/** These coins by id. */
export async function coinsById(db: Executor, ids: number[]): Promise<Map<number, Coin>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select(coinColumns).from(currencies).where(inArray(currencies.id, [...new Set(ids)]));
  return new Map(rows.map((c) => [c.id, c]));
}

/** The spot symbol that prices `base` in `quote` (the index a collateral coin is valued at against the loan coin). */
export async function spotIndexOf(db: Executor, baseId: number, quoteId: number): Promise<IndexSymbol | undefined> {
  const [row] = await db
    .select(indexColumns)
    .from(marketSymbols)
    .where(and(eq(marketSymbols.kind, 'spot'), eq(marketSymbols.baseCurrencyId, baseId), eq(marketSymbols.quoteCurrencyId, quoteId)))
    .limit(1);
  return row;
}

export async function productById(db: Executor, id: number): Promise<ProductWithCoin | undefined> {
  const [row] = await db
    .select({ product: loanProducts, coin: coinColumns })
    .from(loanProducts)
    .innerJoin(currencies, eq(currencies.id, loanProducts.currencyId))
    .where(eq(loanProducts.id, id))
    .limit(1);
  return row;
}

/** The product row locked until the transaction ends (an edit and its collaterals). */
export async function lockProduct(tx: Tx, id: number): Promise<LoanProduct | undefined> {
  const [row] = await tx.select().from(loanProducts).where(eq(loanProducts.id, id)).for('update');
  return row;
}

/** Products by sort then id; `offered` keeps the enabled ones of enabled coins (what users may borrow). */
export function listProducts(db: Executor, filter: { offered: boolean }): Promise<ProductWithCoin[]> {
  return db
    .select({ product: loanProducts, coin: coinColumns })
    .from(loanProducts)
    .innerJoin(currencies, eq(currencies.id, loanProducts.currencyId))
    .where(filter.offered ? and(eq(loanProducts.enabled, true), eq(currencies.enabled, true)) : undefined)
    .orderBy(asc(loanProducts.sort), asc(loanProducts.id));
}

/** The collateral coins of these products with their indexes; `accepted` keeps the ones still taken. */
export async function collateralsOf(db: Executor, productIds: number[], filter: { accepted: boolean }): Promise<Collateral[]> {
  if (productIds.length === 0) return [];
  const rows = await db
    .select({ productId: loanProductCollaterals.productId, accepted: loanProductCollaterals.accepted, coin: coinColumns, index: indexColumns })
    .from(loanProductCollaterals)
    .innerJoin(currencies, eq(currencies.id, loanProductCollaterals.currencyId))
    .innerJoin(marketSymbols, eq(marketSymbols.id, loanProductCollaterals.symbolId))
    .where(and(inArray(loanProductCollaterals.productId, productIds), filter.accepted ? eq(loanProductCollaterals.accepted, true) : undefined))
    .orderBy(asc(currencies.sort), asc(currencies.id));
  return rows;
}

export async function insertProduct(tx: Tx, values: typeof loanProducts.$inferInsert): Promise<LoanProduct> {
  const [row] = await tx.insert(loanProducts).values(values).returning();
  return row!;
}

export async function updateProduct(tx: Tx, id: number, values: Partial<typeof loanProducts.$inferInsert>): Promise<LoanProduct> {
  const [row] = await tx.update(loanProducts).set(values).where(eq(loanProducts.id, id)).returning();
  return row!;
}

/** Makes `taken` the product's accepted collaterals: new ones added, the others kept as rows but no longer accepted. */
export async function setCollaterals(tx: Tx, productId: number, taken: { currencyId: number; symbolId: number }[]) {
  await tx.update(loanProductCollaterals).set({ accepted: false }).where(eq(loanProductCollaterals.productId, productId));
  if (taken.length === 0) return;
  await tx
    .insert(loanProductCollaterals)
    .values(taken.map((c) => ({ productId, ...c, accepted: true })))
    .onConflictDoUpdate({ target: [loanProductCollaterals.productId, loanProductCollaterals.currencyId], set: { accepted: true, symbolId: sql`excluded.symbol_id` } });
}

/** Every index some loan may be valued at (each collateral row, taken or no longer): what the watch job follows. */
export function watchedIndexes(db: Executor): Promise<IndexSymbol[]> {
  return db
    .selectDistinct(indexColumns)
    .from(loanProductCollaterals)
    .innerJoin(marketSymbols, eq(marketSymbols.id, loanProductCollaterals.symbolId))
    .orderBy(asc(marketSymbols.id));
}

/** Per product: open loans, what they owe in principal and the collateral they hold by coin (the back office's product table). */
export async function productExposure(db: Executor): Promise<Map<number, { loans: number; principal: string }>> {
  const rows = await db
    .select({ productId: loans.productId, loans: count(), principal: sql<string>`coalesce(sum(${loans.principal}), 0)::text` })
    .from(loans)
    .where(eq(loans.status, 'open'))
    .groupBy(loans.productId);
  return new Map(rows.map((r) => [r.productId, { loans: r.loans, principal: r.principal }]));
}

/** Demo rows already seeded (the demo seed runs once). */
export async function demoProductCount(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(loanProducts).where(eq(loanProducts.demo, true));
  return row?.n ?? 0;
}

// ---------------------------------------------------------------- loans

export async function insertLoan(tx: Tx, values: typeof loans.$inferInsert): Promise<Loan> {
  const [row] = await tx.insert(loans).values(values).returning();
  return row!;
}

/** One loan with its row locked until the transaction ends (repayment, top-up, charges and the watch job all take it). */
export async function lockLoan(tx: Tx, id: number): Promise<Loan | undefined> {
  const [row] = await tx.select().from(loans).where(eq(loans.id, id)).for('update');
  return row;
}

export async function updateLoan(tx: Tx, id: number, values: Partial<typeof loans.$inferInsert>): Promise<Loan> {
  const [row] = await tx.update(loans).set(values).where(eq(loans.id, id)).returning();
  return row!;
}

/** Open loans with a day's interest due by `now`, oldest due first, rows locked; rows another run holds are skipped. */
export function claimDueCharges(tx: Tx, now: number, limit: number): Promise<Loan[]> {
  return tx
    .select()
    .from(loans)
    .where(and(eq(loans.status, 'open'), isNotNull(loans.nextChargeAt), lte(loans.nextChargeAt, now)))
    .orderBy(asc(loans.nextChargeAt), asc(loans.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/**
 * Open loans on an index whose kept trigger price (`column`, rounded up) is at or above `price`: the only
 * ones whose LTV may have reached that level. `flagged` narrows margin calls to the loans not yet called
 * (false) or to those called (true, with `below` for the ones the index has left). Rows locked, skipped when held.
 */
export function claimTriggered(
  tx: Tx,
  symbolId: number,
  price: string,
  limit: number,
  at: { level: 'liquidation' } | { level: 'margin_call'; called: boolean },
): Promise<Loan[]> {
  const column = at.level === 'liquidation' ? loans.liquidationPrice : loans.marginCallPrice;
  const reached = at.level === 'margin_call' && at.called ? lt(column, price) : gte(column, price);
  const flag = at.level === 'liquidation' ? undefined : at.called ? isNotNull(loans.marginCalledAt) : isNull(loans.marginCalledAt);
  return tx
    .select()
    .from(loans)
    .where(and(eq(loans.status, 'open'), eq(loans.symbolId, symbolId), reached, flag))
    .orderBy(at.level === 'margin_call' && at.called ? asc(column) : desc(column), asc(loans.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** Open fixed-term loans past their overdue liquidation time on an index, rows locked, skipped when held. */
export function claimOverdue(tx: Tx, symbolId: number, now: number, limit: number): Promise<Loan[]> {
  return tx
    .select()
    .from(loans)
    .where(and(eq(loans.status, 'open'), isNotNull(loans.overdueLiquidationAt), lte(loans.overdueLiquidationAt, now), eq(loans.symbolId, symbolId)))
    .orderBy(asc(loans.overdueLiquidationAt), asc(loans.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** A day's charge; the primary key (loan, day) refuses a second one. */
export async function insertCharge(tx: Tx, values: typeof loanInterest.$inferInsert) {
  await tx.insert(loanInterest).values(values);
}

const figureArray = (figures: readonly (string | null)[]) => {
  for (const f of figures) if (f !== null && !/^-?[\d.]+$/.test(f)) throw new Error(`not a figure: ${f}`);
  return `{${figures.map((f) => f ?? 'NULL').join(',')}}`;
};
const nullableIntegers = (values: readonly (number | null)[]) => `{${values.map((v) => (v === null ? 'NULL' : String(Math.trunc(v)))).join(',')}}`;

/** Days' charges in one statement; the primary key (loan, day) refuses the whole batch if one was charged before. */
export async function insertCharges(tx: Tx, rows: readonly { loanId: number; day: number; principal: string; rate: string; amount: string; overdue: boolean }[], chargedAt: number) {
  if (rows.length === 0) return;
  await tx.execute(
    sql`insert into ${loanInterest} (loan_id, day, principal, rate, amount, overdue, charged_at)
        select k.loan_id, k.day, k.principal, k.rate, k.amount, k.overdue, ${chargedAt}::bigint
        from unnest(${nullableIntegers(rows.map((r) => r.loanId))}::bigint[], ${nullableIntegers(rows.map((r) => r.day))}::int[],
          ${figureArray(rows.map((r) => r.principal))}::numeric[], ${figureArray(rows.map((r) => r.rate))}::numeric[],
          ${figureArray(rows.map((r) => r.amount))}::numeric[], ${`{${rows.map((r) => String(r.overdue)).join(',')}}`}::boolean[])
          as k (loan_id, day, principal, rate, amount, overdue)`,
  );
}

/** Loans' figures after their days were charged, in one statement. */
export async function updateChargedLoans(tx: Tx, rows: readonly Pick<Loan, 'id' | 'interestOutstanding' | 'interestCharged' | 'daysCharged' | 'nextChargeAt' | 'marginCallPrice' | 'liquidationPrice'>[]) {
  if (rows.length === 0) return;
  await tx.execute(
    sql`update ${loans} l set interest_outstanding = k.interest_outstanding, interest_charged = k.interest_charged, days_charged = k.days_charged,
          next_charge_at = k.next_charge_at, margin_call_price = k.margin_call_price, liquidation_price = k.liquidation_price
        from unnest(${nullableIntegers(rows.map((r) => r.id))}::bigint[], ${figureArray(rows.map((r) => r.interestOutstanding))}::numeric[],
          ${figureArray(rows.map((r) => r.interestCharged))}::numeric[], ${nullableIntegers(rows.map((r) => r.daysCharged))}::int[],
          ${nullableIntegers(rows.map((r) => r.nextChargeAt))}::bigint[], ${figureArray(rows.map((r) => r.marginCallPrice))}::numeric[],
          ${figureArray(rows.map((r) => r.liquidationPrice))}::numeric[])
          as k (id, interest_outstanding, interest_charged, days_charged, next_charge_at, margin_call_price, liquidation_price)
        where l.id = k.id`,
  );
}

export async function insertEvent(tx: Tx, values: typeof loanEvents.$inferInsert): Promise<LoanEvent> {
  const [row] = await tx.insert(loanEvents).values(values).returning();
  return row!;
}

export async function insertLiquidation(tx: Tx, values: typeof loanLiquidations.$inferInsert) {
  await tx.insert(loanLiquidations).values(values);
}

export type LoanFilter = { userId?: number; status?: LoanStatus | 'ended' };

export const loanFilter = (filter: LoanFilter): SQL | undefined =>
  and(
    filter.userId === undefined ? undefined : eq(loans.userId, filter.userId),
    filter.status === undefined ? undefined : filter.status === 'ended' ? ne(loans.status, 'open') : eq(loans.status, filter.status),
  );

const loanRowColumns = { loan: loans, name: loanProducts.name, demo: loanProducts.demo, coin: coinColumns, collateralCoin: collateralCoinColumns, index: indexColumns };

const loanRowsFrom = (db: Executor) =>
  db
    .select(loanRowColumns)
    .from(loans)
    .innerJoin(loanProducts, eq(loanProducts.id, loans.productId))
    .innerJoin(currencies, eq(currencies.id, loans.currencyId))
    .innerJoin(collateralCoins, eq(collateralCoins.id, loans.collateralCurrencyId))
    .innerJoin(marketSymbols, eq(marketSymbols.id, loans.symbolId));

/** One loan with its product's name, coins and index. */
export async function loanRowById(db: Executor, id: number): Promise<LoanRow | undefined> {
  const [row] = await loanRowsFrom(db).where(eq(loans.id, id)).limit(1);
  return row;
}

/** A page of loans, newest first. */
export async function pageLoans(db: Executor, where: SQL | undefined, page: number, limit: number): Promise<{ rows: LoanRow[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    loanRowsFrom(db)
      .where(where)
      .orderBy(desc(loans.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(loans).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/**
 * A page of open loans, riskiest first: by LTV at the index prices given per index (a loan on an index
 * without a price last), then newest. Each LTV is computed in the query, so the order holds across pages.
 */
export async function pageOpenLoansByRisk(
  db: Executor,
  prices: { symbolId: number; price: string }[],
  userId: number | undefined,
  page: number,
  limit: number,
): Promise<{ rows: LoanRow[]; total: number }> {
  const where = loanFilter({ userId, status: 'open' });
  const priced = prices.length
    ? sql`(values ${sql.join(
        prices.map((p) => sql`(${p.symbolId}::int, ${p.price}::numeric)`),
        sql`, `,
      )}) as prices (symbol_id, price)`
    : sql`(select null::int as symbol_id, null::numeric as price where false) as prices`;
  const ids = await queryRows<{ id: string }>(
    db,
    sql`select l.id::text from ${loans} l left join ${priced} on prices.symbol_id = l.symbol_id
        where l.status = 'open' ${userId === undefined ? sql`` : sql`and l.user_id = ${userId}`}
        order by (l.principal + l.interest_outstanding) / nullif(l.collateral * prices.price, 0) desc nulls last, l.id desc
        limit ${limit} offset ${(page - 1) * limit}`,
  );
  const [[total], rows] = await Promise.all([
    db.select({ n: count() }).from(loans).where(where),
    ids.length ? loanRowsFrom(db).where(inArray(loans.id, ids.map((r) => Number(r.id)))) : Promise.resolve([]),
  ]);
  const order = new Map(ids.map((r, i) => [Number(r.id), i]));
  return { rows: rows.sort((a, b) => order.get(a.loan.id)! - order.get(b.loan.id)!), total: total?.n ?? 0 };
}

/** The liquidations of these loans, by loan id. */
export async function liquidationsOf(db: Executor, loanIds: number[]): Promise<Map<number, LoanLiquidation>> {
  if (loanIds.length === 0) return new Map();
  const rows = await db.select().from(loanLiquidations).where(inArray(loanLiquidations.loanId, loanIds));
  return new Map(rows.map((r) => [r.loanId, r]));
}

/** A page of liquidations, newest first, with their loans. */
export async function pageLiquidations(db: Executor, page: number, limit: number): Promise<{ rows: (LoanRow & { liquidation: LoanLiquidation })[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    db
      .select({ ...loanRowColumns, liquidation: loanLiquidations })
      .from(loanLiquidations)
      .innerJoin(loans, eq(loans.id, loanLiquidations.loanId))
      .innerJoin(loanProducts, eq(loanProducts.id, loans.productId))
      .innerJoin(currencies, eq(currencies.id, loans.currencyId))
      .innerJoin(collateralCoins, eq(collateralCoins.id, loans.collateralCurrencyId))
      .innerJoin(marketSymbols, eq(marketSymbols.id, loans.symbolId))
      .orderBy(desc(loanLiquidations.liquidatedAt), desc(loanLiquidations.loanId))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(loanLiquidations),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export type EventRow = { event: LoanEvent; currency: string; collateralCurrency: string };

/** A page of a user's loan records (of one loan when given), newest first, with the loan's coins. */
export async function pageEvents(db: Executor, filter: { userId: number; loanId?: number }, page: number, limit: number): Promise<{ rows: EventRow[]; total: number }> {
  const where = and(eq(loanEvents.userId, filter.userId), filter.loanId === undefined ? undefined : eq(loanEvents.loanId, filter.loanId));
  const [rows, [total]] = await Promise.all([
    db
      .select({ event: loanEvents, currency: currencies.name, collateralCurrency: collateralCoins.name })
      .from(loanEvents)
      .innerJoin(loans, eq(loans.id, loanEvents.loanId))
      .innerJoin(currencies, eq(currencies.id, loans.currencyId))
      .innerJoin(collateralCoins, eq(collateralCoins.id, loans.collateralCurrencyId))
      .where(where)
      .orderBy(desc(loanEvents.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(loanEvents).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Open loans' totals per loan coin (principal, interest outstanding) and collateral locked per collateral coin. */
export async function openTotals(db: Executor) {
  const [lent, pledged] = await Promise.all([
    queryRows<{ currency: string; loans: number; principal: string; interest: string }>(
      db,
      sql`select c.name as currency, count(*)::int as loans, sum(l.principal)::text as principal, sum(l.interest_outstanding)::text as interest
          from ${loans} l join ${currencies} c on c.id = l.currency_id where l.status = 'open' group by c.name, c.sort order by c.sort`,
    ),
    queryRows<{ currency: string; collateral: string }>(
      db,
      sql`select c.name as currency, sum(l.collateral)::text as collateral
          from ${loans} l join ${currencies} c on c.id = l.collateral_currency_id where l.status = 'open' group by c.name, c.sort order by c.sort`,
    ),
  ]);
  return { lent, pledged };
}

/** The lending pool's and its reserve's balances per coin. */
export function poolBalances(db: Executor) {
  return queryRows<{ system: 'loans' | 'loan_reserve'; currency_id: number; currency: string; balance: string }>(
    db,
    sql`select a.system, a.currency_id, c.name as currency, (a.available + a.frozen + a.locked)::text as balance
        from ledger_accounts a join currencies c on c.id = a.currency_id
        where a.system in ('loans', 'loan_reserve') order by a.system, c.sort, c.id`,
  );
}

export async function insertPoolFunding(tx: Tx, values: typeof loanPoolFundings.$inferInsert) {
  const [row] = await tx.insert(loanPoolFundings).values(values).returning();
  return row!;
}
