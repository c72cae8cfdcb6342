// Proves the public-market index (PRICE_FEED=public): the median of the exchanges' last prices with
// staleness rules (pure rules with worked examples), and the four source adapters reading the answers
// of a local server that replays the exchanges' documented ticker shapes (these machines cannot reach
// the exchanges).
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { coinOfSymbol, indexOf, liveQuotes, median } from '../../src/markets/index-rules.ts';
import { parseSourceUrls, PublicIndexFeed } from '../../src/markets/public-feed.ts';

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
      { source: 'a', price: '100', receivedAt: 0 },
      { source: 'b', price: '101', receivedAt: 5000 },
      { source: 'c', price: '103', receivedAt: 9000 },
    ];
    expect(liveQuotes(quotes, 12_000, 10_000).map((q) => q.source)).toEqual(['b', 'c']);
    expect(liveQuotes(quotes, 10_000, 10_000).map((q) => q.source)).toEqual(['a', 'b', 'c']);
  });

  it('has an index with two live sources or more (at 12 s: b and c, 102) and none with one (at 16 s: only c)', () => {
    const quotes = [
      { source: 'a', price: '100', receivedAt: 0 },
      { source: 'b', price: '101', receivedAt: 5000 },
      { source: 'c', price: '103', receivedAt: 9000 },
    ];
    const rules = { staleMs: 10_000, minSources: 2, priceDecimals: 2 };
    expect(indexOf(quotes, 9000, rules)).toEqual({ price: '101', status: { available: true, sources: ['a', 'b', 'c'] } });
    expect(indexOf(quotes, 12_000, rules)).toEqual({ price: '102', status: { available: true, sources: ['b', 'c'] } });
    expect(indexOf(quotes, 16_000, rules)).toEqual({ price: undefined, status: { available: false, reason: 'too_few_sources', sources: ['c'], required: 2 } });
    // Rounded half up at the symbol's decimals: 100.05 and 100.1 give 100.075, 100.08 at two decimals.
    expect(indexOf([quotes[0]!, { ...quotes[1]!, price: '100.1' }].map((q) => ({ ...q, price: q.source === 'a' ? '100.05' : q.price })), 0, rules).price).toBe('100.08');
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
      { symbol: 'BTC/USDT', price: '65016.65', time: 1_000_000 },
      { symbol: 'BTCUSDT', price: '65016.7', time: 1_000_000 },
      { symbol: 'ETH/USDT', price: '3201.15', time: 1_000_000 },
    ]);
    expect(feed.price('ETH/USDT')).toBe('3201.15');
    expect(feed.status('BTC/USDT')).toEqual({ available: true, sources: ['binance', 'coinbase', 'kraken', 'okx'] });
    // A stock has no public coin source: no index, and the status says so.
    expect(feed.price('AAPL')).toBeUndefined();
    expect(feed.status('AAPL')).toMatchObject({ available: false, reason: 'no_public_source' });
  });

  it('drops sources silent for longer than the window, and has no index with fewer than two live', async () => {
    down.clear();
    const clock = { now: 2_000_000 };
    const errors: unknown[] = [];
    const feed = feedOn(clock, errors);
    await feed.poll();
    feed.step();

    // Binance and OKX fail from now on; 11 s later their quotes are stale: Coinbase and Kraken remain.
    down.add('binance');
    down.add('okx');
    clock.now += 11_000;
    await feed.poll();
    expect(feed.step().find((t) => t.symbol === 'BTC/USDT')).toEqual({ symbol: 'BTC/USDT', price: '65017.55', time: 2_011_000 });
    expect(feed.status('BTC/USDT')).toEqual({ available: true, sources: ['coinbase', 'kraken'] });
    // Each failing source and coin is reported once, not on every poll.
    await feed.poll();
    expect(errors).toHaveLength(4);

    // Kraken goes quiet too: one live source is not an index.
    down.add('kraken');
    clock.now += 11_000;
    await feed.poll();
    expect(feed.step()).toEqual([]);
    expect(feed.price('BTC/USDT')).toBeUndefined();
    expect(feed.status('BTC/USDT')).toEqual({ available: false, reason: 'too_few_sources', sources: ['coinbase'], required: 2 });

    // Back: two sources answer again, and the index returns.
    down.delete('okx');
    clock.now += 1000;
    await feed.poll();
    expect(feed.step().find((t) => t.symbol === 'BTC/USDT')?.price).toBe('65019.1');
    expect(feed.price('BTC/USDT')).toBe('65019.1');
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
    expect(KRAKEN.parse(fixtures.kraken.BTC, 'BTC')).toBe('65015.10000');
  });
});
