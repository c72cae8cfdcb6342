// Proves the market calls answer from real rows: feed steps become stored candles, quotations show the
// feed's price and 24-hour figures from those candles (none, not the start price, without an index), and
// a restart carries on from the last close; the ticker follows the recorded tick, and the recorded ticks
// are public with their chain hashes.
import { candleItem, firstBrokenLink, quotationItem, TICK_CHAIN_GENESIS, type HashedTick, type IndexTicksAnswer } from '@fairex/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventBus } from '../../src/events/bus.ts';
import type { SimulatedPriceFeed } from '../../src/markets/price-feed.ts';
import { PublicIndexFeed } from '../../src/markets/public-feed.ts';
import { Markets } from '../../src/markets/service.ts';
import type { IndexTickStore } from '../../src/markets/ticks.ts';
import { call, makeTestApp, type TestApp } from '../support/app.ts';

let test: TestApp;
beforeAll(async () => {
  test = await makeTestApp();
});
afterAll(async () => {
  await test.close();
});

const feedOf = (t: TestApp) => t.ctx.markets.feed as SimulatedPriceFeed;

describe('market data', () => {
  it('lists every seeded symbol with the feed price', async () => {
    const ticks = feedOf(test).step();
    await test.ctx.markets.settled();
    const res = await call(test.app, '/currency/quotation_new', { method: 'GET' });
    expect(res.body.type).toBe('ok');
    const list = quotationItem.array().parse(res.body.message);
    expect(list.map((q) => q.symbol)).toEqual(['BTC/USDT', 'ETH/USDT', 'BNB/USDT', 'LTC/USDT', 'BTCUSDT', 'ETHUSDT', 'AAPL', 'TSLA', 'NVDA']);
    const btc = list.find((q) => q.symbol === 'BTC/USDT')!;
    expect(btc.price).toBe(ticks.find((t) => t.symbol === 'BTC/USDT')!.price);
    expect(btc.kind).toBe('spot');
  });

  it('stores candles from ticks and answers them by period and time range', async () => {
    for (let i = 0; i < 5; i++) {
      feedOf(test).step();
      await test.ctx.markets.settled();
    }
    const now = Math.floor(Date.now() / 1000);
    const res = await call(test.app, '/currency/new_timeshar', {
      method: 'GET',
      payload: { symbol: 'ETH/USDT', period: '1min', from: now - 3600, to: now + 60 },
    });
    const list = candleItem.array().parse(res.body.message);
    expect(list.length).toBeGreaterThanOrEqual(1);
    const last = list.at(-1)!;
    expect(Number(last.high)).toBeGreaterThanOrEqual(Number(last.low));
    expect(last.close).toBe(feedOf(test).price('ETH/USDT'));
    const day = await call(test.app, '/currency/new_timeshar', { method: 'GET', payload: { symbol: 'ETH/USDT', period: '1day', from: 0, to: now } });
    expect(day.body.message).toHaveLength(1);
  });

  it('validates the K-line query', async () => {
    const now = Math.floor(Date.now() / 1000);
    const bad = (payload: Record<string, unknown>) => call(test.app, '/currency/new_timeshar', { method: 'GET', payload });
    expect((await bad({ symbol: 'BTC/USDT', period: '2min', from: 0, to: now })).body.code).toBe('parameter_error');
    expect((await bad({ symbol: 'BTC/USDT', period: '1min', from: now, to: 0 })).body.code).toBe('parameter_error');
    expect((await bad({ symbol: 'NOPE', period: '1min', from: 0, to: now })).body.code).toBe('not_found');
  });

  it('shows no price for a symbol without an index (the review saw BTC at its start price 65000 with one live source, and stocks at 228 / 245 / 135)', async () => {
    // A public feed that has heard from no source yet: no symbol has an index.
    const markets = await Markets.open(test.db, createEventBus(), { seed: 1, onError: (error) => { throw error; }, createFeed: (symbols) => new PublicIndexFeed(symbols) });
    const list = quotationItem.array().parse(test.ctx.spot.withTradingRules(await markets.quotations()));
    expect(list.find((q) => q.symbol === 'BTC/USDT')).toMatchObject({ price: null, change: null, high: null, low: null });
    expect(list.find((q) => q.symbol === 'AAPL')).toMatchObject({ price: null, change: null });
    expect(list.every((q) => q.price === null)).toBe(true);
  });
});

describe('public index ticks', () => {
  it('publishes the ticker only once a tick is recorded, with its stored id (never a price orders cannot yet open on)', async () => {
    const heard: { id: string; symbol: string; price: string }[] = [];
    const listener = (tick: { id: string; symbol: string; price: string }) => heard.push(tick);
    test.ctx.bus.on('ticker', listener);
    const stepped = feedOf(test).step().find((t) => t.symbol === 'BTC/USDT')!;
    expect(heard.filter((t) => t.symbol === 'BTC/USDT')).toEqual([]);
    await (test.ctx.ticks as IndexTickStore).flush();
    test.ctx.bus.off('ticker', listener);
    // The last one heard (ticks of earlier steps may still have been in the buffer).
    const btc = heard.filter((t) => t.symbol === 'BTC/USDT').at(-1)!;
    expect(btc.price).toBe(stepped.price);
    const stored = await call(test.app, '/index/tick', { method: 'GET', payload: { id: btc.id } });
    expect(stored.body.message.data[0]).toMatchObject({ id: btc.id, symbol: 'BTC/USDT', price: stepped.price });
  });

  it('serves ticks by id and by range with their hashes, without a login, in pages that chain, and the day heads', async () => {
    for (let i = 0; i < 3; i++) feedOf(test).step();
    await (test.ctx.ticks as IndexTickStore).flush();
    const first = await call(test.app, '/index/ticks', { method: 'GET', payload: { symbol: 'BTC/USDT', limit: 2 } });
    expect(first.body.type).toBe('ok');
    const page = first.body.message as IndexTicksAnswer;
    expect(page).toMatchObject({ more: true, fresh_ms: test.ctx.limits.indexFreshMs, genesis: TICK_CHAIN_GENESIS });
    expect(page.data).toHaveLength(2);
    const next = (await call(test.app, '/index/ticks', { method: 'GET', payload: { symbol: 'BTC/USDT', after_id: page.data[1]!.id, limit: 1000 } })).body.message as IndexTicksAnswer;
    const chain = [...page.data, ...next.data] as HashedTick[];
    expect(chain[0]!.prev_hash).toBe(TICK_CHAIN_GENESIS);
    expect(firstBrokenLink(chain)).toBe(-1);
    const last = chain.at(-1)!;
    const byTime = (await call(test.app, '/index/ticks', { method: 'GET', payload: { symbol: 'BTC/USDT', from: last.time, to: last.time } })).body.message as IndexTicksAnswer;
    expect(byTime.data.map((t) => t.id)).toContain(last.id);
    const day = new Date(last.time).toISOString().slice(0, 10);
    const heads = await call(test.app, '/index/heads', { method: 'GET', payload: { day } });
    expect(heads.body.message.heads.find((h: { symbol: string }) => h.symbol === 'BTC/USDT')).toEqual({ symbol: 'BTC/USDT', day, tick_id: last.id, time: last.time, hash: last.hash });
    expect((await call(test.app, '/index/tick', { method: 'GET', payload: { id: '999999999' }, lang: 'en' })).body.type).toBe('error');
    for (const bad of [{ symbol: '' }, { symbol: 'BTC/USDT', limit: 1001 }, { symbol: 'BTC/USDT', after_id: 'x' }]) {
      expect((await call(test.app, '/index/ticks', { method: 'GET', payload: bad })).body.type).toBe('error');
    }
    expect((await call(test.app, '/index/heads', { method: 'GET', payload: { day: '2026-13-45' } })).body.type).toBe('error');
  });

  it('answers index candles from the recorded ticks with source=index (the chart beside an option shows the index it settles on), only in short periods', async () => {
    const prices: string[] = [];
    const recorded = new Promise<void>((resolve) =>
      test.ctx.ticks.onTick((tick) => {
        if (tick.symbol === 'BNB/USDT') prices.push(tick.price);
        if (prices.length === 3) resolve();
      }),
    );
    for (let i = 0; i < 3; i++) feedOf(test).step();
    await recorded;
    const now = Math.floor(Date.now() / 1000);
    const res = await call(test.app, '/currency/new_timeshar', { method: 'GET', payload: { symbol: 'BNB/USDT', period: '1min', from: now - 600, to: now, source: 'index' } });
    const list = candleItem.array().parse(res.body.message);
    const last = list.at(-1)!;
    expect(last.close).toBe(prices.at(-1));
    expect(last.volume).toBe('0');
    for (const price of prices) expect(Number(last.low) <= Number(price) && Number(price) <= Number(last.high)).toBe(true);
    expect(Number(last.low) <= Number(last.open) && Number(last.open) <= Number(last.high)).toBe(true);
    const day = await call(test.app, '/currency/new_timeshar', { method: 'GET', payload: { symbol: 'BNB/USDT', period: '1day', from: 0, to: now, source: 'index' } });
    expect(day.body.code).toBe('parameter_error');
  });
});
