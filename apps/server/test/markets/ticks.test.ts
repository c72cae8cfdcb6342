// Proves the recorded index (markets/ticks.ts): every tick the feed emits is stored with an id (written
// in batches, handed out only once stored), `at` answers the tick in force at a time from memory or from
// the database, `firstAfter` answers the first tick after a time (waiting for it a bounded time), and
// buffered ticks are written when the store or the app stops; every stored tick is
// hash-chained to the previous one of its symbol (across a restart), so a tampered or removed tick shows.
import { firstBrokenLink, TICK_CHAIN_GENESIS, type HashedTick } from '@fairex/contract';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../src/limits.ts';
import type { Database } from '../../src/db/client.ts';
import { SimulatedPriceFeed } from '../../src/markets/price-feed.ts';
import { listSymbols } from '../../src/markets/repository.ts';
import { seedMarkets } from '../../src/markets/seed.ts';
import { indexTicks, marketSymbols } from '../../src/markets/tables.ts';
import { IndexTickStore, lastAtOrBefore, markPrice, type RecordedTick, type TickStoreLimits } from '../../src/markets/ticks.ts';
import { seedSite } from '../../src/site/seed.ts';
import { makeTestApp } from '../support/app.ts';
import { openTestDatabase } from '../support/db.ts';
import { ScriptedFeed } from '../support/index-ticks.ts';

let database: Database;
let dispose: () => Promise<void>;
let ids: Map<string, number>;

beforeAll(async () => {
  ({ database, dispose } = await openTestDatabase());
  await seedSite(database.db);
  await seedMarkets(database.db);
  ids = new Map((await listSymbols(database.db)).map((s) => [s.symbol, s.id]));
});
afterAll(async () => {
  await dispose();
});

/** A feed on a clock the test moves, over BTC/USDT and ETH/USDT only. */
function feedAt(clock: { now: number }) {
  return new SimulatedPriceFeed(
    [
      { symbol: 'BTC/USDT', startPrice: '65000', volatility: 0.6, priceDecimals: 2 },
      { symbol: 'ETH/USDT', startPrice: '3200', volatility: 0.75, priceDecimals: 2 },
    ],
    11,
    () => clock.now,
  );
}

function storeOn(feed: SimulatedPriceFeed, limits: Partial<TickStoreLimits> = {}) {
  const errors: unknown[] = [];
  const store = new IndexTickStore(database.db, feed, (symbol) => ids.get(symbol), { ...DEFAULT_LIMITS, ...limits }, (error) => errors.push(error));
  return { store, errors };
}

async function storedTicks(symbol: string) {
  const rows = await database.db
    .select({ id: indexTicks.id, price: indexTicks.price, time: indexTicks.time })
    .from(indexTicks)
    .where(eq(indexTicks.symbolId, ids.get(symbol)!))
    .orderBy(asc(indexTicks.id));
  return rows.map((r) => ({ id: r.id.toString(), price: Number(r.price), time: r.time }));
}

describe('lastAtOrBefore', () => {
  it('finds the last tick at or before a time: times 10, 20, 20, 30 at 25 is index 2, at 30 is 3, at 10 is 0', () => {
    const list = [{ time: 10 }, { time: 20 }, { time: 20 }, { time: 30 }];
    expect(lastAtOrBefore(list, 25)).toBe(2);
    expect(lastAtOrBefore(list, 30)).toBe(3);
    expect(lastAtOrBefore(list, 99)).toBe(3);
    expect(lastAtOrBefore(list, 10)).toBe(0);
  });
});

describe('recorded index ticks', () => {
  it('records every tick with the id of its stored row, and hands it out only once stored', async () => {
    const clock = { now: 1_000_000 };
    const feed = feedAt(clock);
    const { store, errors } = storeOn(feed, { indexTickFlushMs: 20 });
    const heard: RecordedTick[] = [];
    store.onTick((tick) => heard.push(tick));
    const emitted = [];
    for (let i = 0; i < 3; i++) {
      clock.now += 1000;
      emitted.push(...feed.step());
    }
    // Buffered: nothing is latest before its row is written.
    expect(store.latest('BTC/USDT')).toBeUndefined();
    expect(heard).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(errors).toEqual([]);
    expect(heard.map(({ symbol, price, time }) => ({ symbol, price, time }))).toEqual(emitted);
    const stored = await storedTicks('BTC/USDT');
    expect(stored.map((r) => r.time)).toEqual([1_001_000, 1_002_000, 1_003_000]);
    const heardBtc = heard.filter((t) => t.symbol === 'BTC/USDT');
    expect(heardBtc.map((t) => ({ id: t.id, price: Number(t.price), time: t.time }))).toEqual(stored);
    expect(store.latest('BTC/USDT')).toEqual(heardBtc.at(-1));
    expect(markPrice(store, 'BTC/USDT')).toEqual(heardBtc.at(-1));
    await store.stop();
  });

  it('writes a full batch at once, without waiting for the flush delay', async () => {
    const clock = { now: 2_000_000 };
    const feed = feedAt(clock);
    const { store, errors } = storeOn(feed, { indexTickFlushMs: 60_000, indexTickBatchMax: 4 });
    const heard: RecordedTick[] = [];
    store.onTick((tick) => heard.push(tick));
    for (let i = 0; i < 3; i++) {
      clock.now += 1000;
      feed.step();
    }
    // Six ticks: one batch of four written at once, two left waiting for the (long) delay.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(errors).toEqual([]);
    expect(heard).toHaveLength(4);
    await store.stop();
    expect(heard).toHaveLength(6);
  });

  it('answers the tick in force at a time, from memory for recent ticks and from the database for older ones', async () => {
    const clock = { now: 500_000 };
    const feed = feedAt(clock);
    const { store, errors } = storeOn(feed, { indexTickFlushMs: 10, indexTicksInMemoryPerSymbol: 2 });
    const ticks: RecordedTick[] = [];
    store.onTick((tick) => tick.symbol === 'ETH/USDT' && ticks.push(tick));
    for (let i = 0; i < 5; i++) {
      clock.now += 1000;
      feed.step();
    }
    // Still buffered: `at` writes the tick of that moment first rather than answering an older one.
    expect(await store.at('ETH/USDT', 505_000)).toEqual(ticks.at(-1));
    expect(ticks.map((t) => t.time)).toEqual([501_000, 502_000, 503_000, 504_000, 505_000]);
    // Memory keeps the last two (504 000 and 505 000); 503 500 is read from the database.
    expect(await store.at('ETH/USDT', 504_500)).toEqual(ticks[3]);
    expect(await store.at('ETH/USDT', 503_500)).toEqual(ticks[2]);
    expect(await store.at('ETH/USDT', 501_000)).toEqual(ticks[0]);
    expect(await store.at('ETH/USDT', 509_000)).toEqual(ticks[4]);
    expect(await store.at('ETH/USDT', 500_999)).toBeUndefined(); // no tick that early (the other tests' ticks are later)
    await store.stop();
    // A restarted process (nothing in memory) answers from the database alike.
    const again = storeOn(feedAt({ now: 0 })).store;
    expect(await again.at('ETH/USDT', 504_500)).toEqual(ticks[3]);
    expect(again.latest('ETH/USDT')).toBeUndefined();
    await again.stop();
    expect(errors).toEqual([]);
  });

  it('answers the first tick recorded after a time: from memory or the database at once, else the next one recorded, else none within the wait', async () => {
    const clock = { now: 7_000_000 };
    const feed = feedAt(clock);
    const { store, errors } = storeOn(feed, { indexTickFlushMs: 5, indexTicksInMemoryPerSymbol: 2 });
    const ticks: RecordedTick[] = [];
    store.onTick((tick) => tick.symbol === 'ETH/USDT' && ticks.push(tick));
    for (let i = 0; i < 3; i++) {
      clock.now += 1000;
      feed.step();
    }
    await store.flush();
    // Ticks at 7 001 000, 7 002 000 and 7 003 000; memory keeps the last two, the database the first.
    expect(await store.firstAfter('ETH/USDT', 7_001_500, 0)).toEqual(ticks[1]);
    expect(await store.firstAfter('ETH/USDT', 7_001_000, 0)).toEqual(ticks[1]);
    expect(await store.firstAfter('ETH/USDT', 7_000_500, 0)).toEqual(ticks[0]);
    // Nothing after 7 003 000 yet: the next tick, as soon as it is recorded.
    const waiting = store.firstAfter('ETH/USDT', 7_003_000, 5_000);
    clock.now += 1000;
    feed.step();
    expect(await waiting).toEqual(ticks[3]);
    expect(ticks[3]!.time).toBe(7_004_000);
    // No tick within the wait: none.
    expect(await store.firstAfter('ETH/USDT', 7_004_000, 20)).toBeUndefined();
    await store.stop();
    expect(errors).toEqual([]);
  });

  it('skips a tick recorded after a time but priced before it (public feed: quotes requested earlier), in memory, in the database and among the next ones heard', async () => {
    const feed = new ScriptedFeed(['ETH/USDT']);
    const { store, errors } = storeOn(feed, { indexTickFlushMs: 5, indexTicksInMemoryPerSymbol: 2 });
    const emit = async (time: number, pricedAt: number) => {
      feed.emit({ symbol: 'ETH/USDT', price: '3200', time, pricedAt });
      await store.flush();
      return store.latest('ETH/USDT')!;
    };
    await emit(8_001_000, 8_000_000);
    await emit(8_002_000, 8_000_000);
    const third = await emit(8_003_000, 8_002_500);
    expect(third).toMatchObject({ time: 8_003_000, pricedAt: 8_002_500 });
    // The database (older than memory): the first two were priced at 8,000,000, not after 8,000,500.
    expect(await store.firstAfter('ETH/USDT', 8_000_500, 0)).toEqual(third);
    expect(await store.firstAfter('ETH/USDT', 8_002_000, 0)).toEqual(third);
    // Nothing priced after 8,003,000 yet: a tick recorded after it but priced before is skipped, the next one awaited.
    const waiting = store.firstAfter('ETH/USDT', 8_003_000, 5_000);
    await emit(8_004_000, 8_002_900);
    const fifth = await emit(8_005_000, 8_004_000);
    expect(await waiting).toEqual(fifth);
    const [row] = await database.db.select({ pricedAt: indexTicks.pricedAt }).from(indexTicks).where(eq(indexTicks.id, BigInt(fifth.id)));
    expect(row?.pricedAt).toBe(8_004_000);
    await store.stop();
    expect(errors).toEqual([]);
  });

  it('writes the buffered ticks when it stops', async () => {
    const clock = { now: 4_000_000 };
    const feed = feedAt(clock);
    const { store, errors } = storeOn(feed, { indexTickFlushMs: 60_000 });
    clock.now += 1000;
    feed.step();
    await store.stop();
    expect(errors).toEqual([]);
    expect((await storedTicks('BTC/USDT')).filter((t) => t.time === 4_001_000)).toHaveLength(1);
    // Stopped: later ticks are not taken.
    clock.now += 1000;
    feed.step();
    await store.flush();
    expect((await storedTicks('BTC/USDT')).filter((t) => t.time === 4_002_000)).toHaveLength(0);
  });
});

describe('the tick chain', () => {
  /** A symbol's stored ticks as the public endpoint serves them, in chain (id) order. */
  async function chainOf(symbol: string): Promise<HashedTick[]> {
    const rows = await database.db.select().from(indexTicks).where(eq(indexTicks.symbolId, ids.get(symbol)!)).orderBy(asc(indexTicks.id));
    return rows.map((r) => ({ id: r.id.toString(), symbol, price: r.price, time: r.time, prev_hash: r.prevHash!, hash: r.hash! }));
  }

  it('chains every stored tick to the previous one of its symbol from the genesis value, across a restart of the store', async () => {
    const clock = { now: 5_000_000 };
    const feed = feedAt(clock);
    const first = storeOn(feed);
    for (let i = 0; i < 3; i++) {
      clock.now += 1_000;
      feed.step();
    }
    await first.store.stop();
    // A restarted process: its store seeds each symbol's head from the last stored hash.
    const second = storeOn(feed);
    clock.now += 1_000;
    feed.step();
    await second.store.stop();
    for (const symbol of ['BTC/USDT', 'ETH/USDT']) {
      const chain = await chainOf(symbol);
      expect(chain.length).toBeGreaterThanOrEqual(4);
      expect(chain[0]!.prev_hash).toBe(TICK_CHAIN_GENESIS);
      expect(firstBrokenLink(chain)).toBe(-1);
    }
    expect([...first.errors, ...second.errors]).toEqual([]);
  });

  it('shows a tampered stored price (64,909.7 rewritten) and a removed tick as a broken link', async () => {
    const chain = await chainOf('BTC/USDT');
    const victim = chain[2]!;
    await database.db.update(indexTicks).set({ price: '64909.7' }).where(eq(indexTicks.id, BigInt(victim.id)));
    expect(firstBrokenLink(await chainOf('BTC/USDT'))).toBe(2);
    await database.db.update(indexTicks).set({ price: victim.price }).where(eq(indexTicks.id, BigInt(victim.id)));
    expect(firstBrokenLink(await chainOf('BTC/USDT'))).toBe(-1);
    await database.db.delete(indexTicks).where(eq(indexTicks.id, BigInt(victim.id)));
    expect(firstBrokenLink(await chainOf('BTC/USDT'))).toBe(2);
  });
});

describe('the app context', () => {
  it('records the feed ticks as ctx.ticks and drains them when the app closes', async () => {
    const test = await makeTestApp({ indexTickFlushMs: 60_000 });
    try {
      const feed = test.ctx.markets.feed as SimulatedPriceFeed;
      const recorded = new Promise<RecordedTick>((resolve) => test.ctx.ticks.onTick(resolve));
      const [first] = feed.step();
      await test.app.close();
      const tick = await recorded;
      expect(tick).toMatchObject({ symbol: first!.symbol, price: first!.price, time: first!.time });
      const [row] = await test.db
        .select({ symbol: marketSymbols.symbol, time: indexTicks.time })
        .from(indexTicks)
        .innerJoin(marketSymbols, eq(marketSymbols.id, indexTicks.symbolId))
        .where(eq(indexTicks.id, BigInt(tick.id)));
      expect(row).toEqual({ symbol: first!.symbol, time: first!.time });
    } finally {
      await test.close();
    }
  });
});
