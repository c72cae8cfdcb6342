// Prometheus metrics (metrics/metrics.ts, metrics/routes.ts): real work shows in them (a spot order's
// batch, the HTTP answer by route pattern, the index tick's age, the scheduled jobs' runs), and
// GET /metrics exists only behind METRICS_TOKEN.
import fs from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IndexTickStore } from '../src/markets/ticks.ts';
import type { SimulatedPriceFeed } from '../src/markets/price-feed.ts';
import { bearerMatches, metricsRoutes } from '../src/metrics/routes.ts';
import { call, makeTestApp, type TestApp } from './support/app.ts';
import { makeFundedUser } from './support/ledger.ts';
import { btcMarket } from './spot/support.ts';

let test: TestApp;
let now = Date.parse('2026-11-28T06:00:00Z');

beforeAll(async () => {
  test = await makeTestApp({}, { clock: () => now });
});
afterAll(async () => {
  await test.close();
});

/** One sample's value from the text format, by metric name and exact label set. */
async function sample(name: string, labels: string): Promise<number | undefined> {
  const text = await test.ctx.metrics.registry.metrics();
  const line = text.split('\n').find((l) => l.startsWith(`${name}{${labels}} `));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('metrics', () => {
  it('count a spot order in its batch, its HTTP answer by route pattern, the tick age and the job runs', async () => {
    const m = btcMarket(test);
    const user = await makeFundedUser(test, m.quote, '1000');
    const placed = await call(test.app, '/coin/trade', { token: user.token, payload: { amount: '0.01', target_price: '1000', currency_id: m.base, legal_id: m.quote, type: 'buy' } });
    expect(placed.body.type).toBe('ok');
    expect(await sample('fairex_spot_commands_total', 'symbol="BTC/USDT"')).toBeGreaterThanOrEqual(1);
    expect(await sample('fairex_spot_batch_commands_count', 'symbol="BTC/USDT"')).toBeGreaterThanOrEqual(1);
    expect(await sample('fairex_spot_batch_commit_seconds_count', 'symbol="BTC/USDT"')).toBeGreaterThanOrEqual(1);
    expect(await sample('fairex_http_requests_total', 'method="POST",route="/api/coin/trade",status="200"')).toBe(1);
    // An unknown path is counted under one label, not under itself.
    const unknown = await test.app.inject({ method: 'GET', url: '/no/such/path/42' });
    // Every answer, an error too, carries its request id (http/request-log.ts).
    expect(unknown.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(await sample('fairex_http_requests_total', 'method="GET",route="unmatched",status="404"')).toBe(1);

    (test.ctx.markets.feed as SimulatedPriceFeed).step();
    await (test.ctx.ticks as IndexTickStore).flush();
    const time = test.ctx.ticks.latest('BTC/USDT')!.time;
    now = time + 2_500;
    expect(await sample('fairex_index_tick_age_seconds', 'symbol="BTC/USDT"')).toBe(2.5);

    await test.ctx.jobs.runDue();
    const text = await test.ctx.metrics.registry.metrics();
    expect(text).toMatch(/^fairex_job_runs_total\{job="[^"]+",result="done"\} \d+$/m);
    // The periodic ledger audit ran with the due jobs (ledger/audit-job.ts) and passed.
    expect(text).toMatch(/^fairex_ledger_audit_ok 1$/m);
    expect(Number(text.match(/^fairex_ledger_audit_last_run_timestamp_seconds (\S+)$/m)![1])).toBe(now / 1000);
    // Alone: one member holding the core; the recorded tick's ticker event was timed.
    expect(text).toMatch(/^fairex_cluster_members 1$/m);
    expect(await sample('fairex_cluster_leases_held', 'lease="core"')).toBe(1);
    expect(Number(text.match(/^fairex_ticker_publish_lag_seconds_count (\S+)$/m)![1])).toBeGreaterThanOrEqual(1);
    expect(await sample('fairex_spot_writer_stale', 'symbol="BTC/USDT"')).toBeUndefined();
  });

  it('serves /metrics only with METRICS_TOKEN set, and only to its bearer', async () => {
    // The test app has no token: no such route.
    expect((await test.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    const app = Fastify();
    metricsRoutes(app, test.ctx.metrics, 'scrape-secret');
    expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer wrong-secret!' } })).statusCode).toBe(401);
    const ok = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer scrape-secret' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('fairex_spot_commands_total');
    await app.close();
  });

  it('has every metric the alert rules and the Grafana dashboard in ops/ use', async () => {
    const root = path.resolve(import.meta.dirname, '../../..');
    const used = new Set(['alerts.yml', 'grafana-dashboard.json'].flatMap((file) => [...fs.readFileSync(path.join(root, 'ops', file), 'utf8').matchAll(/\bfairex_[a-z0-9_]+/g)].map((m) => m[0].replace(/_(bucket|count|sum)$/, ''))));
    const registered = new Set((await test.ctx.metrics.registry.getMetricsAsJSON()).map((metric) => metric.name));
    expect(used.size).toBeGreaterThan(5);
    expect([...used].filter((name) => !registered.has(name))).toEqual([]);
  });

  it('compares the bearer token exactly', () => {
    expect(bearerMatches('Bearer abc', 'abc')).toBe(true);
    expect(bearerMatches('Bearer abcd', 'abc')).toBe(false);
    expect(bearerMatches('abc', 'abc')).toBe(false);
    expect(bearerMatches(undefined, 'abc')).toBe(false);
  });
});
