// Proves stored candles stay true to the trades: several trades of one candle saved in one flush,
// volume carried across a restart (the builder resumes the open candles from the database), and
// nothing pending lost when the service stops.
import { toAmountString } from '@fairex/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { createEventBus } from '../../src/events/bus.ts';
import { periodStart } from '../../src/markets/candles.ts';
import type { SimulatedPriceFeed } from '../../src/markets/price-feed.ts';
import { seedMarkets } from '../../src/markets/seed.ts';
import { Markets } from '../../src/markets/service.ts';
import { candles, marketSymbols } from '../../src/markets/tables.ts';
import { seedSite } from '../../src/site/seed.ts';
import { openTestDatabase } from '../support/db.ts';

let database: Database;
let dispose: () => Promise<void>;
const errors: unknown[] = [];
const open = () => Markets.open(database.db, createEventBus(), { seed: 7, onError: (error) => errors.push(error) });

beforeAll(async () => {
  ({ database, dispose } = await openTestDatabase());
  await seedSite(database.db);
  await seedMarkets(database.db);
});
afterAll(async () => {
  await dispose();
});

async function storedCandle(symbol: string, period: '1min' | '1day', time: number) {
  const [row] = await database.db
    .select({ open: candles.open, high: candles.high, low: candles.low, close: candles.close, volume: candles.volume, amount: candles.amount })
    .from(candles)
    .innerJoin(marketSymbols, eq(marketSymbols.id, candles.symbolId))
    .where(and(eq(marketSymbols.symbol, symbol), eq(candles.period, period), eq(candles.openTime, periodStart(time, period))));
  return row && Object.fromEntries(Object.entries(row).map(([key, value]) => [key, toAmountString(value)]));
}

describe('stored candles', () => {
  it('saves several trades of one candle in one flush, and keeps volume across a restart', async () => {
    // Mid-minute, so the three trades and the restart stay in one 1-minute candle.
    const time = periodStart(Date.now(), '1min') + 20_000;
    const first = await open();
    first.recordTrade('ETH/USDT', '3000', '1.5', time);
    first.recordTrade('ETH/USDT', '3010', '0.5', time + 1);
    await first.stop();
    expect(errors).toEqual([]);
    expect(await storedCandle('ETH/USDT', '1min', time)).toMatchObject({ open: '3000', high: '3010', low: '3000', close: '3010' });
    expect((await storedCandle('ETH/USDT', '1min', time))!.volume).toBe('2');

    // A restart: the next trade adds to the stored totals rather than starting them again.
    const second = await open();
    second.recordTrade('ETH/USDT', '2990', '0.25', time + 2);
    await second.stop();
    expect(errors).toEqual([]);
    const minute = (await storedCandle('ETH/USDT', '1min', time))!;
    expect(minute).toMatchObject({ open: '3000', high: '3010', low: '2990', close: '2990' });
    expect(minute.volume).toBe('2.25');
    expect(minute.amount).toBe('6752.5');
    const day = (await storedCandle('ETH/USDT', '1day', time))!;
    expect(day.volume).toBe('2.25');
  });

  it('keeps a traded candle traded after a restart: index ticks no longer move it', async () => {
    // Not within two seconds of a minute's end, so the trade and the tick share their candle.
    while (Date.now() - periodStart(Date.now(), '1min') > 58_000) await new Promise((r) => setTimeout(r, 500));
    const time = Date.now();
    const first = await open();
    // A trade far from the index, so a tick at the index would show if it moved the candle.
    first.recordTrade('BNB/USDT', '1', '1', time);
    await first.stop();
    const second = await open();
    (second.feed as SimulatedPriceFeed).step();
    await second.stop();
    expect(await storedCandle('BNB/USDT', '1min', time)).toMatchObject({ open: '1', high: '1', low: '1', close: '1' });
  });
});
