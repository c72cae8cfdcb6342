// Proves the market calls answer from real rows: feed steps become stored candles, quotations show the
// feed's price and 24-hour figures from those candles (none, not the start price, without an index), and
// a restart carries on from the last close.
import { candleItem, quotationItem } from '@fairex/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventBus } from '../../src/events/bus.ts';
import type { SimulatedPriceFeed } from '../../src/markets/price-feed.ts';
import { PublicIndexFeed } from '../../src/markets/public-feed.ts';
import { Markets } from '../../src/markets/service.ts';
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
