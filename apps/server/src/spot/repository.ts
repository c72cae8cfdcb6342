/** The spot service's SQL: orders, trades, favourites, fee settings, and the account rows it reads. */
import { and, asc, count, desc, eq, gte, inArray, lte, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables.ts';
import { bigintArray, queryRows, type Executor, type Tx } from '../db/client.ts';
import { ledgerAccounts, ledgerEntries } from '../ledger/tables.ts';
import { marketSymbols } from '../markets/tables.ts';
import { currencies } from '../site/tables.ts';
import { favourites, spotMarkets, spotOrders, spotTrades, type SpotOrderStatus } from './tables.ts';

export type SpotOrderRow = typeof spotOrders.$inferSelect;
export type SpotOrderInsert = typeof spotOrders.$inferInsert;
export type SpotTradeInsert = typeof spotTrades.$inferInsert;

export const DEFAULT_MAKER_FEE_RATE = '0.001';
export const DEFAULT_TAKER_FEE_RATE = '0.002';

/** A fee settings row for every spot symbol that has none (defaults); operators edit them later. */
export async function ensureSpotMarkets(db: Executor, symbolIds: number[]) {
  if (symbolIds.length === 0) return;
  await db
    .insert(spotMarkets)
    .values(symbolIds.map((symbolId) => ({ symbolId, makerFeeRate: DEFAULT_MAKER_FEE_RATE, takerFeeRate: DEFAULT_TAKER_FEE_RATE })))
    .onConflictDoNothing();
}

export function selectSpotMarkets(db: Executor) {
  return db.select().from(spotMarkets);
}

/** Order ids taken from the sequence before the engine sees the orders (gaps are harmless). */
export async function reserveOrderIds(db: Executor, n: number): Promise<number[]> {
  if (n === 0) return [];
  const rows = await queryRows<{ id: string | number }>(db, sql`select nextval('spot_orders_id_seq') as id from generate_series(1, ${n}::int)`);
  return rows.map((r) => Number(r.id)).sort((a, b) => a - b);
}

/** Decimals of every coin, by id (a spot market's amounts are whole units of its coins). */
/** Every coin's name and decimals, by id (an order's fee is shown in its quote coin's). */
export async function selectCoinNames(db: Executor): Promise<Map<number, { name: string; decimals: number }>> {
  const rows = await db.select({ id: currencies.id, name: currencies.name, decimals: currencies.decimals }).from(currencies);
  return new Map(rows.map((r) => [r.id, { name: r.name, decimals: r.decimals }]));
}

export async function selectCoinDecimals(db: Executor): Promise<Map<number, number>> {
  const rows = await db.select({ id: currencies.id, decimals: currencies.decimals }).from(currencies);
  return new Map(rows.map((r) => [r.id, r.decimals]));
}

/** Whether a batch's writes are in the database: one of its new orders, or its first ledger entry. */
export async function batchLanded(db: Executor, batch: { orderIds: number[]; entry?: { refType: string; refId: string } }): Promise<boolean> {
  if (batch.orderIds.length > 0) {
    const [order] = await db.select({ id: spotOrders.id }).from(spotOrders).where(inArray(spotOrders.id, batch.orderIds)).limit(1);
    if (order) return true;
  }
  if (!batch.entry) return false;
  const [entry] = await db
    .select({ id: ledgerEntries.id })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.refType, batch.entry.refType), eq(ledgerEntries.refId, batch.entry.refId)))
    .limit(1);
  return entry !== undefined;
}

/** Ids of the trades new orders took as takers, in insertion order. */
export async function selectTradeIdsOfTakers(db: Executor, takerOrderIds: number[]): Promise<number[]> {
  if (takerOrderIds.length === 0) return [];
  const rows = await db.select({ id: spotTrades.id }).from(spotTrades).where(inArray(spotTrades.takerOrderId, takerOrderIds)).orderBy(asc(spotTrades.id));
  return rows.map((r) => r.id);
}

/** Available figures of ledger accounts, as NUMERIC text: one array parameter, found by primary key. */
export async function selectAvailable(db: Executor, accountIds: number[]): Promise<Map<number, string>> {
  if (accountIds.length === 0) return new Map();
  const rows = await queryRows<{ id: number; available: string }>(
    db,
    sql`select id, available::text as available from ledger_accounts where id = any(${bigintArray(accountIds)}::int[])`,
  );
  return new Map(rows.map((r) => [Number(r.id), r.available]));
}

/** An account's balance (available + frozen + locked) as NUMERIC text; undefined for no such account. */
export async function selectBalance(db: Executor, accountId: number): Promise<string | undefined> {
  const [row] = await queryRows<{ balance: string }>(db, sql`select (available + frozen + locked)::text as balance from ledger_accounts where id = ${accountId}`);
  return row?.balance;
}

/** Spot accounts of users in some currencies (rebuilding a book needs the makers' accounts). */
export async function selectSpotAccounts(db: Executor, userIds: number[], currencyIds: number[]) {
  if (userIds.length === 0) return [];
  return db
    .select({ id: ledgerAccounts.id, userId: ledgerAccounts.userId, currencyId: ledgerAccounts.currencyId })
    .from(ledgerAccounts)
    .where(and(inArray(ledgerAccounts.userId, userIds), inArray(ledgerAccounts.currencyId, currencyIds), eq(ledgerAccounts.kind, 'spot')));
}

/** A new order row as the batch writes it (amounts as NUMERIC text, times as ISO text). */
export type BatchOrderRow = {
  id: number;
  user_id: number;
  symbol_id: number;
  side: 'buy' | 'sell';
  type: 'limit' | 'market';
  price: string | null;
  quantity: string;
  filled_quantity: string;
  filled_quote: string;
  fee: string;
  frozen: string;
  used: string;
  status: SpotOrderStatus;
  done_reason: string | null;
  created_at: string;
  updated_at: string;
};

/** Progress of an order placed in an earlier batch. */
export type OrderProgress = {
  id: number;
  filled_quantity: string;
  filled_quote: string;
  fee: string;
  used: string;
  status: SpotOrderStatus;
  done_reason: string | null;
};

export type BatchTradeRow = {
  symbol_id: number;
  maker_order_id: number;
  taker_order_id: number;
  maker_user_id: number;
  taker_user_id: number;
  taker_side: 'buy' | 'sell';
  price: string;
  quantity: string;
  quote: string;
  maker_fee: string;
  taker_fee: string;
  created_at: string;
};

/**
 * A batch's rows in ONE statement: its new orders inserted, the progress of earlier orders updated, its
 * trades inserted; each set travels as one JSON parameter (three binds however many rows). Trade ids are
 * taken from the sequence in the trades' order and answered in that order. The updated orders are never
 * among the inserted ones (a batch's own orders are written in their final state), so the parts, which
 * all see the table as it was before the statement, do not overlap. (Every part of a WITH that writes
 * runs exactly once, referenced or not.)
 */
export async function writeBatchRows(tx: Tx, rows: { orders: BatchOrderRow[]; progress: OrderProgress[]; trades: BatchTradeRow[] }): Promise<number[]> {
  const [result] = await queryRows<{ trade_ids: string[] | null }>(
    tx,
    sql`
    with new_orders as (
      insert into spot_orders (id, user_id, symbol_id, side, type, price, quantity, filled_quantity, filled_quote, fee, frozen, used, status, done_reason, created_at, updated_at)
      select id, user_id, symbol_id, side, type, price, quantity, filled_quantity, filled_quote, fee, frozen, used, status, done_reason, created_at, updated_at
      from json_to_recordset(${JSON.stringify(rows.orders)}::json) as o (id bigint, user_id int, symbol_id int, side text, type text, price numeric,
        quantity numeric, filled_quantity numeric, filled_quote numeric, fee numeric, frozen numeric, used numeric, status text, done_reason text,
        created_at timestamptz, updated_at timestamptz)),
    progress as (
      update spot_orders o set filled_quantity = v.filled_quantity, filled_quote = v.filled_quote, fee = v.fee, used = v.used,
        status = v.status, done_reason = v.done_reason, updated_at = now()
      from json_to_recordset(${JSON.stringify(rows.progress)}::json) as v (id bigint, filled_quantity numeric, filled_quote numeric, fee numeric,
        used numeric, status text, done_reason text)
      where o.id = v.id),
    trades as (
      select * from json_to_recordset(${JSON.stringify(rows.trades.map((t, ord) => ({ ord, ...t })))}::json) as t (ord int, symbol_id int, maker_order_id bigint,
        taker_order_id bigint, maker_user_id int, taker_user_id int, taker_side text, price numeric, quantity numeric, quote numeric, maker_fee numeric,
        taker_fee numeric, created_at timestamptz)),
    ids as materialized (
      select ord, nextval(pg_get_serial_sequence('spot_trades', 'id')) as id from (select ord from trades order by ord) t),
    new_trades as (
      insert into spot_trades (id, symbol_id, maker_order_id, taker_order_id, maker_user_id, taker_user_id, taker_side, price, quantity, quote, maker_fee, taker_fee, created_at)
      select i.id, t.symbol_id, t.maker_order_id, t.taker_order_id, t.maker_user_id, t.taker_user_id, t.taker_side, t.price, t.quantity, t.quote,
        t.maker_fee, t.taker_fee, t.created_at
      from trades t join ids i on i.ord = t.ord
      order by t.ord)
    select json_agg(id::text order by ord) as trade_ids from ids`,
  );
  return (result?.trade_ids ?? []).map(Number);
}

/** A symbol's latest trades, newest first (the snapshot a client gets on joining its book room). */
export function selectRecentTrades(db: Executor, symbolId: number, limit: number) {
  return db
    .select({ id: spotTrades.id, price: spotTrades.price, quantity: spotTrades.quantity, side: spotTrades.takerSide, createdAt: spotTrades.createdAt })
    .from(spotTrades)
    .where(eq(spotTrades.symbolId, symbolId))
    .orderBy(desc(spotTrades.id))
    .limit(limit);
}

/** The open orders of a symbol in id order: acceptance order, hence time priority. */
export function selectOpenOrders(db: Executor, symbolId: number) {
  return db
    .select()
    .from(spotOrders)
    .where(and(eq(spotOrders.symbolId, symbolId), eq(spotOrders.status, 'open')))
    .orderBy(asc(spotOrders.id));
}

const LIST_STATUSES: Record<'in_progress' | 'completed', SpotOrderStatus[]> = { in_progress: ['open'], completed: ['filled', 'cancelled'] };

export async function pageOrders(
  db: Executor,
  options: { userId: number; status: 'in_progress' | 'completed'; symbolId?: number; page: number; limit: number },
) {
  const where = and(
    eq(spotOrders.userId, options.userId),
    inArray(spotOrders.status, LIST_STATUSES[options.status]),
    options.symbolId === undefined ? undefined : eq(spotOrders.symbolId, options.symbolId),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(spotOrders)
      .where(where)
      // Newest first by time: ids rise within a symbol only (each writer reserves its own blocks of ids).
      .orderBy(desc(spotOrders.createdAt), desc(spotOrders.id))
      .limit(options.limit)
      .offset((options.page - 1) * options.limit),
    db.select({ n: count() }).from(spotOrders).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The symbol of an open order (null: no open order has this id). */
export async function selectOpenOrderSymbol(db: Executor, id: number): Promise<number | null> {
  const [row] = await db
    .select({ symbolId: spotOrders.symbolId })
    .from(spotOrders)
    .where(and(eq(spotOrders.id, id), eq(spotOrders.status, 'open')))
    .limit(1);
  return row?.symbolId ?? null;
}

export function orderById(db: Executor, id: number) {
  return db.select().from(spotOrders).where(eq(spotOrders.id, id)).limit(1);
}

// Favourites

export async function insertFavourite(db: Executor, userId: number, symbolId: number) {
  await db.insert(favourites).values({ userId, symbolId }).onConflictDoNothing();
}

export async function deleteFavourite(db: Executor, userId: number, by: { id?: number; symbolId?: number }) {
  const rows = await db
    .delete(favourites)
    .where(
      and(
        eq(favourites.userId, userId),
        by.id === undefined ? undefined : eq(favourites.id, by.id),
        by.symbolId === undefined ? undefined : eq(favourites.symbolId, by.symbolId),
      ),
    )
    .returning({ id: favourites.id });
  return rows.length;
}

export const FAVOURITES_PER_USER_MAX = 200;

export function selectFavourites(db: Executor, userId: number) {
  return db
    .select({ id: favourites.id, symbolId: favourites.symbolId, symbol: marketSymbols.symbol })
    .from(favourites)
    .innerJoin(marketSymbols, eq(marketSymbols.id, favourites.symbolId))
    .where(eq(favourites.userId, userId))
    .orderBy(asc(favourites.id))
    .limit(FAVOURITES_PER_USER_MAX);
}

export async function countFavourites(db: Executor, userId: number) {
  const [row] = await db.select({ n: count() }).from(favourites).where(eq(favourites.userId, userId));
  return row?.n ?? 0;
}

// Back office: fee rows, and the order and trade search across users.

export function selectFeeRows(db: Executor) {
  return db
    .select({ symbolId: spotMarkets.symbolId, symbol: marketSymbols.symbol, enabled: marketSymbols.enabled, maker: spotMarkets.makerFeeRate, taker: spotMarkets.takerFeeRate })
    .from(spotMarkets)
    .innerJoin(marketSymbols, eq(marketSymbols.id, spotMarkets.symbolId))
    .orderBy(asc(marketSymbols.sort), asc(marketSymbols.id));
}

/** The fee row of a symbol, locked until the transaction ends (two edits then apply one after the other). */
export async function lockFeeRow(tx: Tx, symbolId: number) {
  const [row] = await tx.select().from(spotMarkets).where(eq(spotMarkets.symbolId, symbolId)).for('update');
  return row;
}

export async function updateFeeRates(tx: Tx, symbolId: number, makerFeeRate: string, takerFeeRate: string) {
  await tx.update(spotMarkets).set({ makerFeeRate, takerFeeRate }).where(eq(spotMarkets.symbolId, symbolId));
}

export type OrderSearch = { page: number; limit: number; userId?: number; symbolId?: number; status?: SpotOrderStatus; side?: 'buy' | 'sell'; from?: Date; to?: Date };

/** Orders of every user, newest first, with the symbol's name and the user's account. */
export async function searchOrders(db: Executor, f: OrderSearch) {
  const where = and(
    f.userId === undefined ? undefined : eq(spotOrders.userId, f.userId),
    f.symbolId === undefined ? undefined : eq(spotOrders.symbolId, f.symbolId),
    f.status === undefined ? undefined : eq(spotOrders.status, f.status),
    f.side === undefined ? undefined : eq(spotOrders.side, f.side),
    f.from === undefined ? undefined : gte(spotOrders.createdAt, f.from),
    f.to === undefined ? undefined : lte(spotOrders.createdAt, f.to),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ order: spotOrders, symbol: marketSymbols.symbol, account: users.account })
      .from(spotOrders)
      .leftJoin(marketSymbols, eq(marketSymbols.id, spotOrders.symbolId))
      .leftJoin(users, eq(users.id, spotOrders.userId))
      .where(where)
      .orderBy(desc(spotOrders.createdAt), desc(spotOrders.id))
      .limit(f.limit)
      .offset((f.page - 1) * f.limit),
    db.select({ n: count() }).from(spotOrders).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export type TradeSearch = { page: number; limit: number; userId?: number; symbolId?: number; from?: Date; to?: Date };

/** Trades newest first; a user filter matches the maker or the taker. */
export async function searchTrades(db: Executor, f: TradeSearch) {
  const maker = alias(users, 'maker_user');
  const taker = alias(users, 'taker_user');
  const where = and(
    f.userId === undefined ? undefined : or(eq(spotTrades.makerUserId, f.userId), eq(spotTrades.takerUserId, f.userId)),
    f.symbolId === undefined ? undefined : eq(spotTrades.symbolId, f.symbolId),
    f.from === undefined ? undefined : gte(spotTrades.createdAt, f.from),
    f.to === undefined ? undefined : lte(spotTrades.createdAt, f.to),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ trade: spotTrades, symbol: marketSymbols.symbol, makerAccount: maker.account, takerAccount: taker.account })
      .from(spotTrades)
      .leftJoin(marketSymbols, eq(marketSymbols.id, spotTrades.symbolId))
      .leftJoin(maker, eq(maker.id, spotTrades.makerUserId))
      .leftJoin(taker, eq(taker.id, spotTrades.takerUserId))
      .where(where)
      .orderBy(desc(spotTrades.id))
      .limit(f.limit)
      .offset((f.page - 1) * f.limit),
    db.select({ n: count() }).from(spotTrades).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
