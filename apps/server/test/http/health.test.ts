// GET /healthz and /readyz (http/health.ts): alive always; ready only with the database answering, no
// stale spot writer and a fresh index tick, each failure named in the answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readiness } from '../../src/http/health.ts';
import type { IndexTickStore } from '../../src/markets/ticks.ts';
import type { SimulatedPriceFeed } from '../../src/markets/price-feed.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';

let test: TestApp;
let now = Date.parse('2026-11-28T06:00:00Z');

beforeAll(async () => {
  test = await makeTestApp({}, { clock: () => now });
});
afterAll(async () => {
  await test.close();
});

const get = (url: string) => test.app.inject({ method: 'GET', url });

describe('health probes', () => {
  it('answers /healthz 200 without a login, not cached', async () => {
    const res = await get('/healthz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('is not ready before the feed has recorded a tick, ready once it has, and not ready again once every tick is older than indexFreshMs', async () => {
    const before = await get('/readyz');
    expect(before.statusCode).toBe(503);
    expect(before.json()).toMatchObject({ status: 'not_ready', database: 'ok', staleWriters: [], freshSymbols: 0 });

    (test.ctx.markets.feed as SimulatedPriceFeed).step();
    await (test.ctx.ticks as IndexTickStore).flush();
    const ready = await get('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready', database: 'ok', staleWriters: [] });
    expect(ready.json().freshSymbols).toBeGreaterThan(0);

    now += test.ctx.limits.indexFreshMs + 1;
    const stale = await get('/readyz');
    expect(stale.statusCode).toBe(503);
    expect(stale.json().freshSymbols).toBe(0);
    expect(stale.json().staleTicks).toContain('BTC/USDT');
  });
});

describe('readiness (worked examples)', () => {
  const fresh = [{ symbol: 'BTC/USDT', fresh: true }, { symbol: 'AAPL', fresh: false }];
  it('is ready with the database, no stale writer and one fresh symbol, listing the stale ones', () => {
    expect(readiness(true, [], fresh)).toEqual({ ready: true, database: 'ok', staleWriters: [], freshSymbols: 1, staleTicks: ['AAPL'] });
  });
  it('is not ready with the database unreachable, a stale writer, or no fresh symbol', () => {
    expect(readiness(false, [], fresh).ready).toBe(false);
    expect(readiness(true, ['ETH/USDT'], fresh)).toMatchObject({ ready: false, staleWriters: ['ETH/USDT'] });
    expect(readiness(true, [], [{ symbol: 'BTC/USDT', fresh: false }]).ready).toBe(false);
    expect(readiness(true, [], []).ready).toBe(false);
  });
});
