// Proves the first-start history of the simulated feed (markets/history.ts): candles of every period
// built from 1-minute steps (worked example), each period kept back to its window, written once per
// symbol (never its seed, and only on the simulated feed), replayable from a MARKET_SEED, different at
// every start without one, and ending at the start price where the live simulation carries on. A small range here; the 90 days run only at a real first start.
import { toAmountString } from '@fairex/contract';
import { and, asc, eq, max, min } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { createEventBus } from '../../src/events/bus.ts';
import { backfillSimulatedHistory, candlesOfMinutes, unitsToPrice, HISTORY_DAYS_BY_PERIOD, simulatedHistories, simulatedMinutes } from '../../src/markets/history.ts';
import { listSymbols } from '../../src/markets/repository.ts';
import { seedMarkets } from '../../src/markets/seed.ts';
import { Markets } from '../../src/markets/service.ts';
import { candles } from '../../src/markets/tables.ts';
import { seedSite } from '../../src/site/seed.ts';
import { DEMO_OPERATOR } from '../../src/admin/operators.ts';
import { makeTestApp, operatorHeaders, operatorLogin } from '../support/app.ts';
import { openTestDatabase } from '../support/db.ts';

const DAY_MS = 86_400_000;

describe('history rules', () => {
  it('builds candles from minute closes: 100, 102, 99, 101 is one 5-minute candle 100/102/99/101 and four 1-minute ones', () => {
    const from = 1_800_000_000_000; // a 5-minute boundary
    const to = from + 4 * 60_000;
    const built = candlesOfMinutes([100, 102, 99, 101], from, to, ['1min', '5min']);
    expect(built.filter((c) => c.period === '1min').map(({ open, high, low, close }) => [open, high, low, close])).toEqual([
      [100, 100, 100, 100],
      [100, 102, 100, 102],
      [102, 102, 99, 99],
      [99, 101, 99, 101],
    ]);
    expect(built.filter((c) => c.period === '5min')).toEqual([{ period: '5min', openTime: from, open: 100, high: 102, low: 99, close: 101 }]);
  });

  it('writes whole price steps as decimals exactly: 6500050 at 2 decimals is 65000.5, 7 at 3 is 0.007, 120 at 0 is 120', () => {
    expect(unitsToPrice(6_500_050, 2)).toBe('65000.5');
    expect(unitsToPrice(6_500_000, 2)).toBe('65000');
    expect(unitsToPrice(7, 3)).toBe('0.007');
    expect(unitsToPrice(120, 0)).toBe('120');
  });

  it('starts a week on Monday and a month on its first day: 90 days to 23 Nov 2026 (from 25 Aug) has 12 weekly candles from 31 Aug and 3 monthly from September (a period starting before the window is left out)', () => {
    const to = Date.UTC(2026, 10, 23);
    const from = to - 90 * DAY_MS;
    const built = candlesOfMinutes(new Array(90 * 1440).fill(100), from, to, ['1week', '1mon', '1day']);
    expect(built.filter((c) => c.period === '1day')).toHaveLength(90);
    const weeks = built.filter((c) => c.period === '1week').map((c) => new Date(c.openTime).toISOString().slice(0, 10));
    expect(weeks).toHaveLength(12);
    expect([weeks[0], weeks.at(-1)]).toEqual(['2026-08-31', '2026-11-16']);
    expect(built.filter((c) => c.period === '1week').every((c) => new Date(c.openTime).getUTCDay() === 1)).toBe(true);
    expect(built.filter((c) => c.period === '1mon').map((c) => new Date(c.openTime).toISOString().slice(0, 10))).toEqual(['2026-09-01', '2026-10-01', '2026-11-01']);
  });

  it('walks back from the start price in whole price steps, the same from the same seed', () => {
    const spec = { symbol: 'BTC/USDT', startPrice: '65000.5', volatility: 0.6, priceDecimals: 2 };
    const path = simulatedMinutes(spec, 7, 1000);
    expect(path).toHaveLength(1000);
    expect(path.at(-1)).toBe(6_500_050);
    expect(path.every((u) => Number.isInteger(u) && u >= 1)).toBe(true);
    expect(simulatedMinutes(spec, 7, 1000)).toEqual(path);
    expect(simulatedMinutes(spec, 8, 1000)).not.toEqual(path);
  });

  it('draws a path no one can replay when MARKET_SEED is unset: two starts differ', () => {
    const spec = { symbol: 'BTC/USDT', startPrice: '65000.5', volatility: 0.6, priceDecimals: 2 };
    const first = simulatedMinutes(spec, undefined, 1000);
    expect(first.at(-1)).toBe(6_500_050);
    expect(simulatedMinutes(spec, undefined, 1000)).not.toEqual(first);
  });
});

let database: Database;
let dispose: () => Promise<void>;

beforeAll(async () => {
  ({ database, dispose } = await openTestDatabase());
  await seedSite(database.db);
  await seedMarkets(database.db);
});
afterAll(async () => {
  await dispose();
});

describe('backfill of simulated history', () => {
  it('fills every symbol once with candles of every period ending at the start price, where the live feed carries on', async () => {
    const now = Date.UTC(2026, 10, 23, 12, 30, 15);
    const to = Date.UTC(2026, 10, 23, 12, 30);
    // A public feed gets no simulated history at all.
    expect((await backfillSimulatedHistory(database.db, { feed: 'public', seed: 42, now, days: 3 })).symbols).toEqual([]);
    expect(await database.db.select().from(candles).limit(1)).toEqual([]);
    const result = await backfillSimulatedHistory(database.db, { feed: 'simulation', seed: 42, now, days: 3 });
    const symbols = await listSymbols(database.db);
    expect(result.symbols.map((s) => s.symbol).sort()).toEqual(symbols.map((s) => s.symbol).sort());
    expect(result).toMatchObject({ from: to - 3 * DAY_MS, to });

    const btc = symbols.find((s) => s.symbol === 'BTC/USDT')!;
    const span = async (period: string) => {
      const [row] = await database.db
        .select({ first: min(candles.openTime), last: max(candles.openTime) })
        .from(candles)
        .where(and(eq(candles.symbolId, btc.id), eq(candles.period, period)));
      return row!;
    };
    // 1-minute candles only for their 2-day window; hourly ones for the whole 3 days.
    expect(await span('1min')).toEqual({ first: to - HISTORY_DAYS_BY_PERIOD['1min'] * DAY_MS, last: to - 60_000 });
    // (12:30 is mid-hour: the first hour holds its last 30 minutes, the last one is still open at 12:00.)
    expect(await span('60min')).toEqual({ first: to - 3 * DAY_MS - 30 * 60_000, last: to - 30 * 60_000 });
    const minutes = await database.db
      .select()
      .from(candles)
      .where(and(eq(candles.symbolId, btc.id), eq(candles.period, '1min')))
      .orderBy(asc(candles.openTime));
    expect(minutes).toHaveLength(2 * 1440);
    // Each candle opens at the previous close, and the last close is the start price.
    for (let i = 1; i < minutes.length; i++) expect(minutes[i]!.open).toBe(minutes[i - 1]!.close);
    expect(toAmountString(minutes.at(-1)!.close)).toBe(toAmountString(btc.startPrice));

    // Labelled by its range, never its seed; a second start adds nothing.
    expect((await simulatedHistories(database.db)).get(btc.id)).toEqual({ from: to - 3 * DAY_MS, to, stepMs: 60_000 });
    expect((await backfillSimulatedHistory(database.db, { feed: 'simulation', seed: 42, now: now + 60_000, days: 3 })).symbols).toEqual([]);

    // The live simulation starts where the history ends.
    const markets = await Markets.open(database.db, createEventBus(), { seed: 1, onError: (error) => { throw error; } });
    expect(toAmountString(markets.feed.price('BTC/USDT')!)).toBe(toAmountString(btc.startPrice));
    await markets.stop();
  });
});

describe('back office', () => {
  it('labels symbols with simulated history by their range (no seed served), and names the index status and the feed', async () => {
    const test = await makeTestApp();
    try {
      const inject = async (method: 'GET' | 'POST', url: string, payload?: Record<string, string>, token?: string) =>
        (await test.app.inject({ method, url: `/api/admin${url}`, headers: token ? operatorHeaders(token) : {}, payload, remoteAddress: test.nextIp() })).json();
      const token = await operatorLogin(test.app, DEMO_OPERATOR.username, DEMO_OPERATOR.password, test.nextIp());
      const before = (await inject('GET', '/symbols', undefined, token)).message.symbols;
      expect(before.every((s: { simulated_history: unknown }) => s.simulated_history === null)).toBe(true);

      const { from, to } = await backfillSimulatedHistory(test.db, { feed: 'simulation', seed: 99, now: Date.now(), days: 1 });
      const answer = (await inject('GET', '/symbols', undefined, token)).message;
      expect(answer.symbols.find((s: { symbol: string }) => s.symbol === 'ETH/USDT')).toMatchObject({
        simulated_history: { from, to, stepMs: 60_000 },
        index_status: { available: true, sources: ['simulation'] },
      });
      expect(answer.feed).toEqual({ kind: 'simulation', sources: [] });
      // The seed is nowhere in the answer (the test app runs on MARKET_SEED 20261122).
      expect(JSON.stringify(answer)).not.toMatch(/seed|20261122/);
    } finally {
      await test.close();
    }
  });
});
