import { money, toAmountString } from '@fairex/contract';
import { and, eq, inArray, notExists, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { CANDLE_PERIODS, periodStart, type CandlePeriod } from './candles.ts';
import { normal, randomSource } from './random.ts';
import { listSymbols, type MarketSymbol } from './repository.ts';
import { candles, marketHistoryBackfills } from './tables.ts';

const MINUTE_MS = 60_000;
const DAY_MS = 1440 * MINUTE_MS;
const SECONDS_PER_YEAR = 365 * 24 * 60 * 60;

/** How much simulated history a new install gets, in 1-minute steps of the offline model. */
export const HISTORY_DAYS = 90;
/**
 * How far back each period is stored. The walk is 1-minute steps over all 90 days, but a K-line request
 * shows at most 1500 candles (CANDLES_PER_REQUEST_MAX), so the short periods keep only what a chart can
 * show: 1 min for 2 days, 5 min for 7, 15 min for 20, 30 min for 30; an hour and longer all 90 days.
 * That is ~15,000 candles per symbol instead of ~180,000 (all periods over 90 days).
 */
export const HISTORY_DAYS_BY_PERIOD: Record<CandlePeriod, number> = {
  '1min': 2,
  '5min': 7,
  '15min': 20,
  '30min': 30,
  '60min': 90,
  '4hour': 90,
  '1day': 90,
  '1week': 90,
  '1mon': 90,
};
/** Candles written by one INSERT. */
const INSERT_BATCH_ROWS = 20_000;

/** A stable 32-bit seed per symbol (FNV-1a of MARKET_SEED and the name): each symbol's path is its own. */
function symbolSeed(seed: number, symbol: string) {
  let hash = 0x811c9dc5;
  for (const char of `${seed}:${symbol}`) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
  return hash;
}

/**
 * The simulated minute closes of `steps` minutes ending at the start price: the simulation's geometric
 * walk with 1-minute steps, drawn backwards from its last price, so the live simulation carries on from
 * the end of the history at the symbol's start price. Prices are whole units of the symbol's price step
 * (10^-priceDecimals), never below one; index 0 is the oldest minute.
 */
export function simulatedMinutes(spec: { symbol: string; startPrice: string; volatility: number; priceDecimals: number }, seed: number | undefined, steps: number): number[] {
  // No MARKET_SEED: a path from node:crypto, which no one can replay or predict (markets/random.ts).
  const random = randomSource(seed === undefined ? undefined : symbolSeed(seed, spec.symbol));
  const dt = MINUTE_MS / 1000 / SECONDS_PER_YEAR;
  const sigma = spec.volatility;
  const units = new Array<number>(steps);
  units[steps - 1] = Math.max(1, money(spec.startPrice).times(money(10).pow(spec.priceDecimals)).toDecimalPlaces(0).toNumber());
  for (let i = steps - 2; i >= 0; i--) {
    const factor = Math.exp(sigma * Math.sqrt(dt) * normal(random) - (sigma * sigma * dt) / 2);
    units[i] = Math.max(1, Math.round(units[i + 1]! / factor));
  }
  return units;
}

type UnitCandle = { period: CandlePeriod; openTime: number; open: number; high: number; low: number; close: number };

/**
 * Candles of every period from minute closes starting at `from` (minute i opens at from + i minutes,
 * its open the previous close), each period only back to its HISTORY_DAYS_BY_PERIOD window before `to`.
 */
export function candlesOfMinutes(minutes: number[], from: number, to: number, periods: readonly CandlePeriod[] = CANDLE_PERIODS): UnitCandle[] {
  const result: UnitCandle[] = [];
  for (const period of periods) {
    const since = to - HISTORY_DAYS_BY_PERIOD[period] * DAY_MS;
    let current: UnitCandle | undefined;
    let currentEnd = -Infinity;
    for (let i = Math.max(0, Math.floor((since - from) / MINUTE_MS) - 1); i < minutes.length; i++) {
      const time = from + i * MINUTE_MS;
      const close = minutes[i]!;
      const open = minutes[i - 1] ?? close;
      if (time >= currentEnd) {
        // A new period: its start and end are worked out once, not for every minute.
        const openTime = periodStart(time, period);
        currentEnd = periodEnd(openTime, period);
        if (openTime < since) {
          current = undefined;
          continue;
        }
        current = { period, openTime, open, high: Math.max(open, close), low: Math.min(open, close), close };
        result.push(current);
      } else if (!current) {
        continue;
      } else {
        current.high = Math.max(current.high, close);
        current.low = Math.min(current.low, close);
        current.close = close;
      }
    }
  }
  return result;
}

/** The start of the period after the one opening at `openTime`. */
function periodEnd(openTime: number, period: CandlePeriod): number {
  if (period === '1mon') {
    const date = new Date(openTime);
    return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
  }
  if (period === '1week') return openTime + 7 * DAY_MS;
  return openTime + PERIOD_MS[period]!;
}

const PERIOD_MS: Partial<Record<CandlePeriod, number>> = {
  '1min': MINUTE_MS,
  '5min': 5 * MINUTE_MS,
  '15min': 15 * MINUTE_MS,
  '30min': 30 * MINUTE_MS,
  '60min': 60 * MINUTE_MS,
  '4hour': 240 * MINUTE_MS,
  '1day': DAY_MS,
};

/** Whole units of 10^-decimals as a decimal string, exactly (6500050 at 2 decimals is "65000.5"). */
export function unitsToPrice(units: number, decimals: number): string {
  if (decimals === 0) return String(units);
  const digits = String(units).padStart(decimals + 1, '0');
  const fraction = digits.slice(-decimals).replace(/0+$/, '');
  return fraction ? `${digits.slice(0, -decimals)}.${fraction}` : digits.slice(0, -decimals);
}

/**
 * First start (simulated feed only): every enabled symbol without any candle gets HISTORY_DAYS of
 * simulated history up to the current minute, from MARKET_SEED when set (else from node:crypto),
 * recorded in market_history_backfills (the back office labels it "simulated history") in the same
 * transaction as its candles. Symbols that already have candles or a backfill are left alone, so it
 * runs once. The seed is not recorded: whoever knows it knows the path (money review 2). A public feed
 * gets no simulated history at all: the caller passes its feed, and only 'simulation' writes.
 */
export async function backfillSimulatedHistory(db: Db, options: { feed: 'simulation' | 'public'; seed: number | undefined; now: number; days?: number }) {
  const started = performance.now();
  const to = periodStart(options.now, '1min');
  const from = to - (options.days ?? HISTORY_DAYS) * DAY_MS;
  const steps = (to - from) / MINUTE_MS;
  const done: { symbol: string; candles: number }[] = [];
  if (options.feed !== 'simulation') return { symbols: done, from, to, ms: 0 };
  const symbols = await symbolsWithoutHistory(db);
  for (const symbol of symbols) {
    const minutes = simulatedMinutes(symbol, options.seed, steps);
    const price = (units: number) => unitsToPrice(units, symbol.priceDecimals);
    const rows = candlesOfMinutes(minutes, from, to).map((c) => ({
      period: c.period,
      open_time: c.openTime,
      open: price(c.open),
      high: price(c.high),
      low: price(c.low),
      close: price(c.close),
    }));
    await db.transaction(async (tx) => {
      const [claimed] = await tx
        .insert(marketHistoryBackfills)
        .values({ symbolId: symbol.id, fromTime: from, toTime: to, stepMs: MINUTE_MS })
        .onConflictDoNothing()
        .returning({ symbolId: marketHistoryBackfills.symbolId });
      if (!claimed) return;
      // One JSON parameter per batch (json_to_recordset): far faster than a parameter per value.
      for (let i = 0; i < rows.length; i += INSERT_BATCH_ROWS) {
        await tx.execute(sql`
          insert into ${candles} (symbol_id, period, open_time, open, high, low, close, volume, amount)
          select ${symbol.id}, r.period, r.open_time, r.open, r.high, r.low, r.close, 0, 0
          from json_to_recordset(${JSON.stringify(rows.slice(i, i + INSERT_BATCH_ROWS))}::json)
            as r(period text, open_time bigint, open numeric, high numeric, low numeric, close numeric)
          on conflict do nothing`);
      }
      done.push({ symbol: symbol.symbol, candles: rows.length });
    });
  }
  return { symbols: done, from, to, ms: Math.round(performance.now() - started) };
}

async function symbolsWithoutHistory(db: Db): Promise<MarketSymbol[]> {
  const enabled = await listSymbols(db);
  if (enabled.length === 0) return [];
  const ids = enabled.map((s) => s.id);
  const bare = await db
    .select({ id: sql<number>`s.id` })
    .from(sql`market_symbols s`)
    .where(
      and(
        inArray(sql`s.id`, ids),
        notExists(db.select({ one: sql`1` }).from(candles).where(eq(candles.symbolId, sql`s.id`))),
        notExists(db.select({ one: sql`1` }).from(marketHistoryBackfills).where(eq(marketHistoryBackfills.symbolId, sql`s.id`))),
      ),
    );
  const bareIds = new Set(bare.map((r) => Number(r.id)));
  return enabled.filter((s) => bareIds.has(s.id));
}

/** The simulated history of each symbol that has one (back office label), by symbol id; never a seed. */
export async function simulatedHistories(db: Db) {
  const rows = await db.select().from(marketHistoryBackfills);
  return new Map(rows.map((r) => [r.symbolId, { from: r.fromTime, to: r.toTime, stepMs: r.stepMs }]));
}
