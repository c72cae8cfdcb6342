// npm run bench:http: autocannon against GET /api/user/info (valid token) and POST /api/user/login,
// on embedded PGlite and on PostgreSQL when one answers. Prints requests/s and p50/p99 latency.
// BENCH_SMOKE=1 (npm test): a fixed handful of requests per call (all answered, however slow the machine);
// exits 1 when a call answered nothing or with an error.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { seedOperators } from '../apps/server/src/admin/operators.ts';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { seedDemo, DEMO_USER } from '../apps/server/src/site/demo.ts';
import { seedSite } from '../apps/server/src/site/seed.ts';
import { benchDatabases, smokeCheck, smokeOr } from './support.ts';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = 20;

async function measure(title: string, options: autocannon.Options, smokeRequests: number) {
  // A timed smoke run could end before a slow login answers; a count of requests waits for them all (each
  // given a minute: on a busy 2-core machine concurrent password hashes take seconds).
  const result = await autocannon({ duration: DURATION_S, connections: CONNECTIONS, ...options, ...smokeOr({}, { amount: smokeRequests, connections: Math.min(CONNECTIONS, smokeRequests), timeout: 60 }) });
  const errors = result.errors + result.non2xx;
  smokeCheck(result.requests.total > 0 && errors === 0, `${title}: ${result.requests.total} requests, ${result.errors} errors, ${result.timeouts} timeouts, status codes ${JSON.stringify(result.statusCodeStats)}`);
  return { title, rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99, errors };
}

const rows: Record<string, string | number>[] = [];
for (const target of await benchDatabases({ prefix: 'fairex_http_bench' })) {
  const { database, dispose } = await target.open();
  await seedSite(database.db);
  await seedOperators(database.db);
  await seedDemo(database.db);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fairex-bench-'));
  // Login is rate-limited per address and account, and every attempt counts as a failure until its password
  // is checked (so concurrent logins of one account lock it): the benchmark measures the work, not the limiters.
  const { app } = await buildApp({ config: { ...loadConfig({}), dataDir }, database, limits: { loginPerMinute: 1_000_000, loginFailuresFree: 1_000_000 } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const login = await fetch(`${url}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ user_string: DEMO_USER.account, password: DEMO_USER.password }),
  });
  const token = ((await login.json()) as { message: string }).message;
  const info = await measure('GET /api/user/info', { url: `${url}/api/user/info`, headers: { authorization: token } }, 50);
  const loginRun = await measure('POST /api/user/login', {
    url: `${url}/api/user/login`,
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ user_string: DEMO_USER.account, password: DEMO_USER.password }).toString(),
  }, 5);
  for (const r of [info, loginRun]) rows.push({ database: target.name, call: r.title, 'req/s': r.rps, 'p50 ms': r.p50, 'p99 ms': r.p99, errors: r.errors });
  await app.close();
  await dispose();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
console.log(`\n${smokeOr(`${DURATION_S} s per run`, 'smoke run: 50 info and 5 login requests')}, ${CONNECTIONS} connections (at most one per request), node ${process.version}, ${os.cpus().length} cores`);
console.table(rows);
