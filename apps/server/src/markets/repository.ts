import { toAmountString } from '@fairex/contract';
import { and, asc, desc, eq, gte, lte, sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../db/client.ts';
import type { Candle, CandlePeriod } from './candles.ts';
import { candles, marketSymbols } from './tables.ts';

export type MarketSymbol = typeof marketSymbols.$inferSelect;

export const CANDLES_PER_REQUEST_MAX = 1500;

export async function listSymbols(db: Executor): Promise<MarketSymbol[]> {
  return db.select().from(marketSymbols).where(eq(marketSymbols.enabled, true)).orderBy(asc(marketSymbols.sort), asc(marketSymbols.id));
}

/** The last close per symbol, so a restarted feed carries on from where it stopped. */
export async function lastCloses(db: Executor): Promise<Map<number, string>> {
  const rows = await queryRows<{ symbol_id: number; close: string }>(
    db,
    sql`select distinct on (symbol_id) symbol_id, close::text as close from candles where period = '1min' order by symbol_id, open_time desc`,
  );
  return new Map(rows.map((r) => [r.symbol_id, r.close]));
}

/**
 * Saves candle updates in one statement. A candle already stored (from before a restart) keeps its
 * open, widens its range and takes the new close; volume and amount are the builder's running totals.
 */
export async function saveCandles(db: Executor, symbolIds: Map<string, number>, updates: Candle[]) {
  if (updates.length === 0) return;
  await db
    .insert(candles)
    .values(
      updates.map((c) => ({
        symbolId: symbolIds.get(c.symbol)!,
        period: c.period,
        openTime: c.openTime,
        open: c.open,
        high: c.high,
        low: c.low,
        close: c.close,
        volume: c.volume,
        amount: c.amount,
      })),
    )
    .onConflictDoUpdate({
      target: [candles.symbolId, candles.period, candles.openTime],
      set: {
        high: sql`greatest(${candles.high}, excluded.high)`,
        low: sql`least(${candles.low}, excluded.low)`,
        close: sql`excluded.close`,
        volume: sql`greatest(${candles.volume}, excluded.volume)`,
        amount: sql`greatest(${candles.amount}, excluded.amount)`,
      },
    });
}

export async function candlesBetween(db: Executor, symbolId: number, period: CandlePeriod, from: number, to: number) {
  const rows = await db
    .select()
    .from(candles)
    .where(and(eq(candles.symbolId, symbolId), eq(candles.period, period), gte(candles.openTime, from), lte(candles.openTime, to)))
    .orderBy(desc(candles.openTime))
    .limit(CANDLES_PER_REQUEST_MAX);
  return rows.reverse().map((c) => ({
    time: Math.floor(c.openTime / 1000),
    open: toAmountString(c.open),
    high: toAmountString(c.high),
    low: toAmountString(c.low),
    close: toAmountString(c.close),
    volume: toAmountString(c.volume),
    amount: toAmountString(c.amount),
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
