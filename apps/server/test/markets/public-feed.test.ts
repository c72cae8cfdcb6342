// Proves the public-market index (PRICE_FEED=public): the median of at least three agreeing live
// sources, with staleness by the exchange's own time and an outlier rule (pure rules with worked
// examples, the review's among them), each source's host labelled custom when it is not the exchange's, and the four source adapters reading the answers
// of a local server that replays the exchanges' documented ticker shapes (these machines cannot reach
// the exchanges).
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { tickAfter } from '@fairex/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { coinOfSymbol, indexOf, liveQuotes, median, outliers, quoteTime } from '../../src/markets/index-rules.ts';
import { parseSourceUrls, PUBLIC_FEED_DEFAULTS, PublicIndexFeed, sourceHosts } from '../../src/markets/public-feed.ts';
import { INDEX_FRESH_SLACK_MS, indexFreshMsFor, PUBLIC_REQUEST_LATENCY_MS } from '../../src/markets/ticks.ts';

describe('index rules', () => {
  it('takes the median: 3, 1, 2 is 2; 1, 2, 3, 4 is 2.5; 65000.1 and 65000.3 is 65000.2; none is undefined', () => {
    expect(median(['3', '1', '2'])).toBe('2');
    expect(median(['1', '2', '3', '4'])).toBe('2.5');
    expect(median(['65000.1', '65000.3'])).toBe('65000.2');
    expect(median(['10', '9.99', '1000'])).toBe('10');
    expect(median([])).toBeUndefined();
  });

  it('drops a source silent for longer than the staleness window: quotes at 0, 5 s and 9 s are live at 12 s (10 s window) except the first', () => {
    const quotes = [
      { source: 'a', price: '100', requestedAt: 0, receivedAt: 0 },
      { source: 'b', price: '101', requestedAt: 5000, receivedAt: 5000 },
      { source: 'c', price: '103', requestedAt: 9000, receivedAt: 9000 },
    ];
    expect(liveQuotes(quotes, 12_000, 10_000).map((q) => q.source)).toEqual(['b', 'c']);
    expect(liveQuotes(quotes, 10_000, 10_000).map((q) => q.source)).toEqual(['a', 'b', 'c']);
  });

  it('measures staleness by the exchange\'s own time where it gives one, never later than receipt: a price stamped 15 s ago is stale though received now', () => {
    const now = 100_000;
    const fresh = { source: 'binance', price: '100', requestedAt: now, receivedAt: now };
    const old = { source: 'okx', price: '100', requestedAt: now, receivedAt: now, sourceTime: now - 15_000 };
    const future = { source: 'coinbase', price: '100', requestedAt: now - 11_000, receivedAt: now - 11_000, sourceTime: now + 60_000 };
    expect(quoteTime(old)).toBe(now - 15_000);
    expect(quoteTime(future)).toBe(now - 11_000);
    expect(liveQuotes([fresh, old, future], now, 10_000).map((q) => q.source)).toEqual(['binance']);
  });

  const rules = { staleMs: 10_000, minSources: 3, priceDecimals: 2 };
  const at = (prices: string[]) => prices.map((price, i) => ({ source: `s${i}`, price, requestedAt: 0, receivedAt: 0 }));

  it('gives no index from the review\'s two sources at 100 and 200 (it made 150): three live sources are needed', () => {
    expect(indexOf(at(['100', '200']), 0, rules)).toMatchObject({ price: undefined, status: { available: false, reason: 'too_few_sources', required: 3 } });
    expect(indexOf(at(['100', '101']), 0, rules).price).toBeUndefined();
    expect(indexOf(at(['100', '101', '102']), 0, rules).price).toBe('101');
  });

  it('drops the review\'s outlier: 100, 101, 102 and 1,000,000 give 101, and the back office sees 1,000,000 as an outlier', () => {
    const result = indexOf(at(['100', '101', '102', '1000000']), 0, { ...rules, expected: ['s0', 's1', 's2', 's3', 's4'] });
    expect(result.price).toBe('101');
    expect(result.status).toEqual({
      available: true,
      sources: ['s0', 's1', 's2'],
      quotes: [
        { source: 's0', status: 'live', price: '100', time: 0 },
        { source: 's1', status: 'live', price: '101', time: 0 },
        { source: 's2', status: 'live', price: '102', time: 0 },
        { source: 's3', status: 'outlier', price: '1000000', time: 0 },
        { source: 's4', status: 'stale', price: null, time: null },
      ],
    });
  });

  it('drops a source more than 3 % from the median of the others, keeps one within, and gives no index when the rest do not agree', () => {
    // 100 is 3.6 % below 103.75 (the others' median): dropped; 103.5 and 104 alone are too few.
    expect([...outliers(at(['100', '103.5', '104']))]).toEqual(['s0']);
    expect(indexOf(at(['100', '103.5', '104']), 0, rules).price).toBeUndefined();
    // 100 is 1.96 % from 102: kept.
    expect([...outliers(at(['100', '101', '102']))]).toEqual([]);
    // Two against two: every source is far from the others' median, none is used.
    expect(outliers(at(['100', '101', '1000000', '1000001'])).size).toBe(4);
    expect(indexOf(at(['100', '101', '1000000', '1000001']), 0, rules).price).toBeUndefined();
    // With three live sources, one outlier leaves two: no index rather than a price one source set.
    expect(indexOf(at(['100', '101', '1000000']), 0, rules).price).toBeUndefined();
    // Rounded half up at the symbol's decimals: 100.05, 100.1, 100.1, 100.05 give 100.075, 100.08.
    expect(indexOf(at(['100.05', '100.1', '100.1', '100.05']), 0, rules).price).toBe('100.08');
  });

  it('gives the public feed a freshness window an order normally finds a tick priced after it in: a poll interval, the request latency and the recording (3,500 ms)', () => {
    expect(indexFreshMsFor('public', 250)).toBe(PUBLIC_FEED_DEFAULTS.pollMs + PUBLIC_REQUEST_LATENCY_MS + 250 + INDEX_FRESH_SLACK_MS);
    expect(indexFreshMsFor('public', 250)).toBe(3_500);
    expect(indexFreshMsFor('simulation', 250)).toBe(1_500);
  });

  it('names each source\'s host, and labels one PRICE_SOURCE_URLS points away from its exchange as custom', () => {
    const hosts = sourceHosts(parseSourceUrls('binance=http://127.0.0.1:8001,okx=https://www.okx.com'));
    expect(hosts).toEqual([
      { source: 'binance', url: 'http://127.0.0.1:8001', host: '127.0.0.1:8001', custom: true },
      { source: 'coinbase', url: 'https://api.exchange.coinbase.com', host: 'api.exchange.coinbase.com', custom: false },
      { source: 'kraken', url: 'https://api.kraken.com', host: 'api.kraken.com', custom: false },
      { source: 'okx', url: 'https://www.okx.com', host: 'www.okx.com', custom: false },
    ]);
  });

  it('follows the coin of USDT symbols: BTC/USDT and BTCUSDT follow BTC; a stock or another quote coin has no public source', () => {
    expect(coinOfSymbol('BTC/USDT', 'spot')).toBe('BTC');
    expect(coinOfSymbol('BTCUSDT', 'futures')).toBe('BTC');
    expect(coinOfSymbol('ETH/USDT', 'spot')).toBe('ETH');
    expect(coinOfSymbol('AAPL', 'stock')).toBeUndefined();
    expect(coinOfSymbol('ETH/BTC', 'spot')).toBeUndefined();
  });

  it('reads PRICE_FEED and PRICE_SOURCE_URLS, and refuses what it does not know', () => {
    expect(loadConfig({}).priceFeed).toBe('simulation');
    expect(loadConfig({ PRICE_FEED: 'public' }).priceFeed).toBe('public');
    expect(() => loadConfig({ PRICE_FEED: 'live' })).toThrow(/PRICE_FEED/);
    expect(parseSourceUrls('binance=http://127.0.0.1:1/,okx=http://127.0.0.1:2')).toEqual({ binance: 'http://127.0.0.1:1', okx: 'http://127.0.0.1:2' });
    expect(parseSourceUrls(undefined)).toEqual({});
    expect(() => parseSourceUrls('bitstamp=http://x')).toThrow(/PRICE_SOURCE_URLS/);
  });
});

const fixtures = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'fixtures/public-tickers.json'), 'utf8'));

/** Replays the fixtures under /<source>/<the exchange's path>; sources in `down` answer 503. */
let server: http.Server;
let origin: string;
const down = new Set<string>();
const asked: string[] = [];
/** Runs as the fixture server reads each request (a test moves its clock there: answers come after requests). */
let onRequest = () => {};

function answer(source: string, url: URL): unknown {
  const coinOf = (text: string | null) => text?.replace(/-?USDT$/, '').replace(/^XBT$/, 'BTC');
  if (source === 'binance' && url.pathname === '/api/v3/ticker/price') return fixtures.binance[coinOf(url.searchParams.get('symbol'))!];
  if (source === 'coinbase') return fixtures.coinbase[/^\/products\/(\w+)-USDT\/ticker$/.exec(url.pathname)?.[1] ?? ''];
  if (source === 'kraken' && url.pathname === '/0/public/Ticker') return fixtures.kraken[coinOf(url.searchParams.get('pair'))!];
  if (source === 'okx' && url.pathname === '/api/v5/market/ticker') return fixtures.okx[coinOf(url.searchParams.get('instId'))!];
  return undefined;
}

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const url = new URL(request.url!, 'http://localhost');
    const [, source, ...rest] = url.pathname.split('/');
    onRequest();
    asked.push(`${source} ${rest.join('/')}${url.search}`);
    const body = down.has(source!) ? undefined : answer(source!, new URL(`/${rest.join('/')}${url.search}`, 'http://localhost'));
    response.writeHead(body ? 200 : 503, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body ?? { message: 'unavailable' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

function feedOn(clock: { now: number }, errors: unknown[]) {
  return new PublicIndexFeed(
    [
      { symbol: 'BTC/USDT', kind: 'spot', startPrice: '1', volatility: 0.6, priceDecimals: 2 },
      { symbol: 'BTCUSDT', kind: 'futures', startPrice: '1', volatility: 0.6, priceDecimals: 1 },
      { symbol: 'ETH/USDT', kind: 'spot', startPrice: '1', volatility: 0.6, priceDecimals: 2 },
      { symbol: 'AAPL', kind: 'stock', startPrice: '1', volatility: 0.3, priceDecimals: 2 },
    ],
    {
      baseUrls: Object.fromEntries(['binance', 'coinbase', 'kraken', 'okx'].map((name) => [name, `${origin}/${name}`])),
      now: () => clock.now,
      staleMs: 10_000,
      onError: (error) => errors.push(error),
    },
  );
}

describe('public index feed', () => {
  it('prices coins at the median of Binance, Coinbase, Kraken and OKX, asking each in its own format', async () => {
    down.clear();
    asked.length = 0;
    const clock = { now: 1_000_000 };
    const errors: unknown[] = [];
    const feed = feedOn(clock, errors);
    await feed.poll();
    expect(errors).toEqual([]);
    expect(asked.sort()).toEqual([
      'binance api/v3/ticker/price?symbol=BTCUSDT',
      'binance api/v3/ticker/price?symbol=ETHUSDT',
      'coinbase products/BTC-USDT/ticker',
      'coinbase products/ETH-USDT/ticker',
      'kraken 0/public/Ticker?pair=ETHUSDT',
      'kraken 0/public/Ticker?pair=XBTUSDT',
      'okx api/v5/market/ticker?instId=BTC-USDT',
      'okx api/v5/market/ticker?instId=ETH-USDT',
    ]);
    // BTC: 65012.34, 65015.1, 65018.2, 65020 -> (65015.1 + 65018.2) / 2 = 65016.65; one decimal for BTCUSDT: 65016.7.
    // ETH: 3199.9, 3200.8, 3201.5, 3202.1 -> 3201.15.
    expect(feed.step()).toEqual([
      { symbol: 'BTC/USDT', price: '65016.65', time: 1_000_000, pricedAt: 1_000_000 },
      { symbol: 'BTCUSDT', price: '65016.7', time: 1_000_000, pricedAt: 1_000_000 },
      { symbol: 'ETH/USDT', price: '3201.15', time: 1_000_000, pricedAt: 1_000_000 },
    ]);
    expect(feed.price('ETH/USDT')).toBe('3201.15');
    expect(feed.status('BTC/USDT')).toMatchObject({ available: true, sources: ['binance', 'coinbase', 'kraken', 'okx'] });
    // A stock has no public coin source: no index, and the status says so.
    expect(feed.price('AAPL')).toBeUndefined();
    expect(feed.status('AAPL')).toMatchObject({ available: false, reason: 'no_public_source' });
  });

  it('drops sources silent for longer than the window, and has no index with fewer than three live', async () => {
    down.clear();
    const clock = { now: 2_000_000 };
    const errors: unknown[] = [];
    const feed = feedOn(clock, errors);
    await feed.poll();
    feed.step();

    // Binance fails from now on; 11 s later its quote is stale: Coinbase, Kraken and OKX remain.
    down.add('binance');
    clock.now += 11_000;
    await feed.poll();
    // 65015.1, 65018.2, 65020 -> 65018.2.
    expect(feed.step().find((t) => t.symbol === 'BTC/USDT')).toEqual({ symbol: 'BTC/USDT', price: '65018.2', time: 2_011_000, pricedAt: 2_011_000 });
    expect(feed.status('BTC/USDT')).toMatchObject({ available: true, sources: ['coinbase', 'kraken', 'okx'] });
    expect((feed.status('BTC/USDT').quotes ?? []).map((q) => `${q.source} ${q.status} ${q.price}`)).toEqual([
      'binance stale 65012.34000000',
      'coinbase live 65020.00',
      'kraken live 65015.10000',
      'okx live 65018.2',
    ]);
    // Each failing source and coin is reported once, not on every poll.
    await feed.poll();
    expect(errors).toHaveLength(2);

    // OKX goes quiet too: two live sources are not an index.
    down.add('okx');
    clock.now += 11_000;
    await feed.poll();
    expect(feed.step()).toEqual([]);
    expect(feed.price('BTC/USDT')).toBeUndefined();
    expect(feed.status('BTC/USDT')).toMatchObject({ available: false, reason: 'too_few_sources', sources: ['coinbase', 'kraken'], required: 3 });

    // Back: three sources answer again, and the index returns.
    down.delete('okx');
    clock.now += 1000;
    await feed.poll();
    expect(feed.step().find((t) => t.symbol === 'BTC/USDT')?.price).toBe('65018.2');
    expect(feed.price('BTC/USDT')).toBe('65018.2');
  });

  it('prices each tick no later than its oldest used quote was REQUESTED, so an order placed after the requests never opens on the old median (the attack: open on it, close after the next poll)', async () => {
    down.clear();
    const clock = { now: 3_000_000 };
    const feed = feedOn(clock, []);
    // Every answer is read 400 ms after the requests went out.
    onRequest = () => (clock.now = 3_000_400);
    await feed.poll();
    clock.now = 3_001_000;
    const [tick] = feed.step();
    expect(tick).toEqual({ symbol: 'BTC/USDT', price: '65016.65', time: 3_001_000, pricedAt: 3_000_000 });
    // An order accepted at 3,000,200 (after the requests, before this tick's stamp) does not open on it.
    expect(tickAfter(tick!, 3_000_200)).toBe(false);

    // Next round, Binance fails: its first-round quote is still live and used, so the index is priced at its request.
    down.add('binance');
    clock.now = 3_002_000;
    onRequest = () => (clock.now = 3_002_300);
    // The round ticks as it completes, not a second later.
    expect((await feed.round())[0]).toEqual({ symbol: 'BTC/USDT', price: '65016.65', time: 3_002_300, pricedAt: 3_000_000 });

    // Binance answers again: every used quote was requested at 3,004,000, and an order at 3,003,000 opens on this tick.
    down.clear();
    clock.now = 3_004_000;
    onRequest = () => (clock.now = 3_004_300);
    const [after] = await feed.round();
    expect(after).toEqual({ symbol: 'BTC/USDT', price: '65016.65', time: 3_004_300, pricedAt: 3_004_000 });
    expect(tickAfter(after!, 3_003_000)).toBe(true);
    onRequest = () => {};
  });

  it('ignores an answer that is not a price for the coin asked (an error body, a zero, another symbol)', async () => {
    const { BINANCE, KRAKEN, OKX, COINBASE } = await import('../../src/markets/public-feed.ts');
    expect(BINANCE.parse({ symbol: 'ETHUSDT', price: '3000' }, 'BTC')).toBeUndefined();
    expect(BINANCE.parse({ code: -1121, msg: 'Invalid symbol.' }, 'BTC')).toBeUndefined();
    expect(COINBASE.parse({ message: 'NotFound' }, 'BTC')).toBeUndefined();
    expect(COINBASE.parse({ price: '0' }, 'BTC')).toBeUndefined();
    expect(KRAKEN.parse({ error: ['EQuery:Unknown asset pair'] }, 'BTC')).toBeUndefined();
    expect(OKX.parse({ code: '51001', msg: "Instrument ID doesn't exist", data: [] }, 'BTC')).toBeUndefined();
    expect(OKX.parse(fixtures.okx.ETH, 'BTC')).toBeUndefined();
    expect(KRAKEN.parse(fixtures.kraken.BTC, 'BTC')).toEqual({ price: '65015.10000' });
    // The exchange's own time where the answer has one: OKX ts (epoch ms), Coinbase time (ISO 8601); Binance and Kraken give none.
    expect(OKX.parse(fixtures.okx.BTC, 'BTC')).toEqual({ price: '65018.2', time: 1795435567458 });
    expect(COINBASE.parse(fixtures.coinbase.BTC, 'BTC')).toEqual({ price: '65020.00', time: Date.parse('2026-11-23T20:00:00.123Z') });
    expect(BINANCE.parse(fixtures.binance.BTC, 'BTC')).toEqual({ price: '65012.34000000' });
  });
});
