import { toAmountString } from '@fairex/contract';
import { and, asc, desc, eq, gte, lte, or, sql } from 'drizzle-orm';
import { bigintArray, queryRows, type Executor } from '../db/client.ts';
import { CANDLE_PERIODS, periodStart, type Candle, type CandlePeriod } from './candles.ts';
import { currencies } from '../site/tables.ts';
import { candles, indexTicks, marketSymbols } from './tables.ts';

export type MarketSymbol = typeof marketSymbols.$inferSelect;

export const CANDLES_PER_REQUEST_MAX = 1500;

export async function listSymbols(db: Executor): Promise<MarketSymbol[]> {
  return db.select().from(marketSymbols).where(eq(marketSymbols.enabled, true)).orderBy(asc(marketSymbols.sort), asc(marketSymbols.id));
}

/**
 * The last close per symbol, so a restarted feed carries on from where it stopped: one backward step of the
 * candles' key per symbol (a lateral LIMIT 1), where DISTINCT ON sorted every 1-minute candle at each start.
 */
export async function lastCloses(db: Executor): Promise<Map<number, string>> {
  const rows = await queryRows<{ symbol_id: number; close: string }>(
    db,
    sql`select s.id as symbol_id, c.close::text as close from market_symbols s
        cross join lateral (select close from candles where symbol_id = s.id and period = '1min' order by open_time desc limit 1) c`,
  );
  return new Map(rows.map((r) => [r.symbol_id, r.close]));
}

/**
 * Saves candle updates in one statement, as the builder holds them: it resumed the open candles at
 * start, so its figures are the whole candle's. One row per candle (the caller keeps the latest update).
 */
export async function saveCandles(db: Executor, symbolIds: Map<string, number>, updates: Candle[]) {
  if (updates.length === 0) return;
  // One JSON parameter: a save follows each spot batch, and building a bind per figure cost the order path.
  const rows = JSON.stringify(
    updates.map((c) => ({ symbol_id: symbolIds.get(c.symbol)!, period: c.period, open_time: c.openTime, open: c.open, high: c.high, low: c.low, close: c.close, volume: c.volume, amount: c.amount })),
  );
  await db.execute(sql`
    insert into candles (symbol_id, period, open_time, open, high, low, close, volume, amount)
    select symbol_id, period, open_time, open, high, low, close, volume, amount
    from json_to_recordset(${rows}::json) as c (symbol_id int, period text, open_time bigint, open numeric, high numeric, low numeric, close numeric, volume numeric, amount numeric)
    on conflict (symbol_id, period, open_time) do update set open = excluded.open, high = excluded.high, low = excluded.low, close = excluded.close,
      volume = excluded.volume, amount = excluded.amount`);
}

/** A stored candle's prices and amounts as the API writes amounts (no trailing zeros). */
const figuresOf = (c: Pick<typeof candles.$inferSelect, 'open' | 'high' | 'low' | 'close' | 'volume' | 'amount'>) => ({
  open: toAmountString(c.open),
  high: toAmountString(c.high),
  low: toAmountString(c.low),
  close: toAmountString(c.close),
  volume: toAmountString(c.volume),
  amount: toAmountString(c.amount),
});

/**
 * The candles of every period that are still open at `now`, so a restarted builder carries on with them: one
 * key lookup per symbol and period (the lateral LIMIT 1 keeps the planner from scanning every candle instead).
 */
export async function openCandles(db: Executor, now: number): Promise<Candle[]> {
  const rows = await queryRows<{ symbol: string; period: CandlePeriod; open_time: number; open: string; high: string; low: string; close: string; volume: string; amount: string }>(
    db,
    sql`select s.symbol, c.period, c.open_time::float8 as open_time, c.open::text as open, c.high::text as high, c.low::text as low,
          c.close::text as close, c.volume::text as volume, c.amount::text as amount
        from market_symbols s
        cross join unnest(${`{${CANDLE_PERIODS.join(',')}}`}::text[], ${bigintArray(CANDLE_PERIODS.map((period) => periodStart(now, period)))}::bigint[]) as p (period, open_time)
        cross join lateral (select * from candles where symbol_id = s.id and period = p.period and open_time = p.open_time limit 1) c`,
  );
  return rows.map((c) => ({ symbol: c.symbol, period: c.period, openTime: Number(c.open_time), ...figuresOf(c) }));
}

export async function candlesBetween(db: Executor, symbolId: number, period: CandlePeriod, from: number, to: number) {
  const rows = await db
    .select()
    .from(candles)
    .where(and(eq(candles.symbolId, symbolId), eq(candles.period, period), gte(candles.openTime, from), lte(candles.openTime, to)))
    .orderBy(desc(candles.openTime))
    .limit(CANDLES_PER_REQUEST_MAX);
  return rows.reverse().map((c) => ({ time: Math.floor(c.openTime / 1000), ...figuresOf(c) }));
}

/**
 * Index candles of one symbol from its stored index ticks (the prices options settle on): per period of
 * `periodMs` from `from` to `to` (epoch ms), open the first tick, close the last, high and low their
 * extremes, volume 0; oldest first, at most CANDLES_PER_REQUEST_MAX.
 */
export async function indexCandlesBetween(db: Executor, symbolId: number, periodMs: number, from: number, to: number) {
  const rows = await queryRows<{ open_time: string; open: string; high: string; low: string; close: string }>(
    db,
    sql`select (time / ${periodMs}) * ${periodMs} as open_time,
          (array_agg(price order by time asc, id asc))[1]::text as open,
          max(price)::text as high, min(price)::text as low,
          (array_agg(price order by time desc, id desc))[1]::text as close
        from index_ticks where symbol_id = ${symbolId} and time >= ${from} and time < ${to + periodMs}
        group by 1 order by 1 desc limit ${CANDLES_PER_REQUEST_MAX}`,
  );
  return rows.reverse().map((r) => ({
    time: Math.floor(Number(r.open_time) / 1000),
    open: toAmountString(r.open),
    high: toAmountString(r.high),
    low: toAmountString(r.low),
    close: toAmountString(r.close),
    volume: '0',
    amount: '0',
  }));
}

/** 24-hour figures per symbol from the stored 1-minute candles (real rows, nothing typed in). */
export async function dayStats(db: Executor, since: number) {
  const rows = await queryRows<{ symbol_id: number; open: string; high: string; low: string; volume: string; amount: string }>(
    db,
    sql`select symbol_id,
          (array_agg(open order by open_time asc))[1]::text as open,
          max(high)::text as high, min(low)::text as low,
          sum(volume)::text as volume, sum(amount)::text as amount
        from candles where period = '1min' and open_time >= ${since}
        group by symbol_id`,
  );
  return new Map(rows.map((r) => [r.symbol_id, r]));
}

// Back office: every symbol (enabled or not), and the edits operators make.

export async function listAllSymbols(db: Executor): Promise<MarketSymbol[]> {
  return db.select().from(marketSymbols).orderBy(asc(marketSymbols.sort), asc(marketSymbols.id));
}

export async function symbolById(db: Executor, id: number, options: { lock?: boolean } = {}): Promise<MarketSymbol | undefined> {
  const query = db.select().from(marketSymbols).where(eq(marketSymbols.id, id)).limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function insertSymbol(db: Executor, values: typeof marketSymbols.$inferInsert): Promise<MarketSymbol> {
  const [row] = await db.insert(marketSymbols).values(values).returning();
  return row!;
}

export async function updateSymbol(db: Executor, id: number, values: Partial<typeof marketSymbols.$inferInsert>): Promise<MarketSymbol> {
  const [row] = await db.update(marketSymbols).set(values).where(eq(marketSymbols.id, id)).returning();
  return row!;
}

/** Whether a symbol has been priced or traded: stored candles (ticks or trades) or any spot order. */
export async function symbolHasActivity(db: Executor, symbolId: number): Promise<boolean> {
  const rows = await queryRows<{ found: boolean }>(
    db,
    sql`select exists (select 1 from candles where symbol_id = ${symbolId})
          or exists (select 1 from spot_orders where symbol_id = ${symbolId}) as found`,
  );
  return rows[0]?.found === true;
}

/** Every coin (enabled or not) by name: the coins a spot symbol may pair. */
export function listCoinNames(db: Executor) {
  return db.select({ id: currencies.id, name: currencies.name }).from(currencies).orderBy(asc(currencies.sort), asc(currencies.id));
}

/** A symbol with this name, or a spot symbol of the same two coins (orders name a market by its coins). */
export async function findSymbolClash(db: Executor, symbol: string, pair?: { baseCurrencyId: number; quoteCurrencyId: number }) {
  const [row] = await db
    .select({ id: marketSymbols.id })
    .from(marketSymbols)
    .where(
      or(
        eq(marketSymbols.symbol, symbol),
        pair
          ? and(eq(marketSymbols.kind, 'spot'), eq(marketSymbols.baseCurrencyId, pair.baseCurrencyId), eq(marketSymbols.quoteCurrencyId, pair.quoteCurrencyId))
          : undefined,
      ),
    )
    .limit(1);
  return row;
}

/**
 * The recorded tick in force at each of these times (the latest with tick time <= time), by time, read
 * in the caller's transaction. Settlement reads them here rather than through the tick store, whose
 * database reads use their own connection: inside a job's transaction on PGlite (one connection) that
 * read would wait for the transaction it is part of.
 */
export async function ticksInForce(tx: Executor, symbolId: number, times: number[]): Promise<Map<number, { id: string; price: string; time: number }>> {
  if (times.length === 0) return new Map();
  const rows = await queryRows<{ at: string; id: string; price: string; time: string }>(
    tx,
    sql`select e.at::text as at, t.id::text as id, t.price::text as price, t.time::text as time
        from unnest(${bigintArray([...new Set(times)])}::bigint[]) as e (at)
        cross join lateral (
          select id, price, time from ${indexTicks}
          where symbol_id = ${symbolId} and time <= e.at order by time desc, id desc limit 1) t`,
  );
  return new Map(rows.map((r) => [Number(r.at), { id: r.id, price: r.price, time: Number(r.time) }]));
}

/**
 * The first recorded tick at or after `time` (the index as soon as it was known again after a gap),
 * read in the caller's transaction like ticksInForce.
 */
export async function firstTickFrom(tx: Executor, symbolId: number, time: number): Promise<{ id: string; price: string; time: number } | undefined> {
  const [row] = await queryRows<{ id: string; price: string; time: string }>(
    tx,
    sql`select id::text as id, price::text as price, time::text as time from ${indexTicks}
        where symbol_id = ${symbolId} and time >= ${time} order by time, id limit 1`,
  );
  return row && { id: row.id, price: row.price, time: Number(row.time) };
}

// ---------------------------------------------------------------- public ticks (markets/tick-routes.ts)

type TickRow = { id: string; symbol: string; price: string; time: string; priced_at: string | null; prev_hash: string | null; hash: string | null };
const tickView = (r: TickRow) => ({
  id: r.id,
  symbol: r.symbol,
  price: toAmountString(r.price),
  time: Number(r.time),
  priced_at: r.priced_at === null ? null : Number(r.priced_at),
  prev_hash: r.prev_hash,
  hash: r.hash,
});

/** One recorded tick by id, with its symbol's name and its chain link. */
export async function tickById(db: Executor, id: number) {
  const rows = await queryRows<TickRow>(
    db,
    sql`select t.id::text as id, s.symbol, t.price::text as price, t.time::text as time, t.priced_at::text as priced_at, t.prev_hash, t.hash
        from ${indexTicks} t join ${marketSymbols} s on s.id = t.symbol_id where t.id = ${id}`,
  );
  return rows.map(tickView)[0];
}

/**
 * The ticks of a symbol in ascending id (the chain's order) within the optional time and id bounds, at
 * most `limit` (one more is read to tell whether more follow).
 */
export async function ticksOf(db: Executor, symbolId: number, bounds: { from?: number; to?: number; afterId?: number; toId?: number }, limit: number) {
  const rows = await queryRows<TickRow>(
    db,
    sql`select t.id::text as id, s.symbol, t.price::text as price, t.time::text as time, t.priced_at::text as priced_at, t.prev_hash, t.hash
        from ${indexTicks} t join ${marketSymbols} s on s.id = t.symbol_id
        where t.symbol_id = ${symbolId}
          ${bounds.from === undefined ? sql`` : sql`and t.time >= ${bounds.from}`}
          ${bounds.to === undefined ? sql`` : sql`and t.time <= ${bounds.to}`}
          ${bounds.afterId === undefined ? sql`` : sql`and t.id > ${bounds.afterId}`}
          ${bounds.toId === undefined ? sql`` : sql`and t.id <= ${bounds.toId}`}
        order by t.id limit ${limit + 1}`,
  );
  return { data: rows.slice(0, limit).map(tickView), more: rows.length > limit };
}

/** Each symbol's last tick (by id) recorded with time in [from, to): the chain head of that span. */
export async function chainHeads(db: Executor, from: number, to: number) {
  const rows = await queryRows<{ symbol: string; id: string; time: string; hash: string | null }>(
    db,
    sql`select s.symbol, h.id::text as id, h.time::text as time, h.hash
        from ${marketSymbols} s
        cross join lateral (
          select id, time, hash from ${indexTicks}
          where symbol_id = s.id and time >= ${from} and time < ${to} order by time desc, id desc limit 1) h
        order by s.sort, s.id`,
  );
  return rows.map((r) => ({ symbol: r.symbol, tick_id: r.id, time: Number(r.time), hash: r.hash }));
}

/** A symbol's id by name, enabled or not (ticks of a disabled symbol stay public). */
export async function symbolIdByName(db: Executor, symbol: string): Promise<number | undefined> {
  const [row] = await db.select({ id: marketSymbols.id }).from(marketSymbols).where(eq(marketSymbols.symbol, symbol)).limit(1);
  return row?.id;
}
