// npm run bench:http: autocannon against GET /api/user/info (valid token) and POST /api/user/login,
// on embedded PGlite and on PostgreSQL when one answers. Prints requests/s and p50/p99 latency.
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
import { benchDatabases } from './support.ts';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = 20;

async function measure(title: string, options: autocannon.Options) {
  const result = await autocannon({ duration: DURATION_S, connections: CONNECTIONS, ...options });
  const errors = result.errors + result.non2xx;
  return { title, rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99, errors };
}

const rows: Record<string, string | number>[] = [];
for (const target of await benchDatabases({ prefix: 'fairex_http_bench' })) {
  const { database, dispose } = await target.open();
  await seedSite(database.db);
  await seedOperators(database.db);
  await seedDemo(database.db);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fairex-bench-'));
  // Login is rate-limited per address and account; the benchmark measures the work, not the limiter.
  const { app } = await buildApp({ config: { ...loadConfig({}), dataDir }, database, limits: { loginPerMinute: 1_000_000 } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const login = await fetch(`${url}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ user_string: DEMO_USER.account, password: DEMO_USER.password }),
  });
  const token = ((await login.json()) as { message: string }).message;
  const info = await measure('GET /api/user/info', { url: `${url}/api/user/info`, headers: { authorization: token } });
  const loginRun = await measure('POST /api/user/login', {
    url: `${url}/api/user/login`,
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ user_string: DEMO_USER.account, password: DEMO_USER.password }).toString(),
  });
  for (const r of [info, loginRun]) rows.push({ database: target.name, call: r.title, 'req/s': r.rps, 'p50 ms': r.p50, 'p99 ms': r.p99, errors: r.errors });
  await app.close();
  await dispose();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
console.log(`\n${DURATION_S} s per run, ${CONNECTIONS} connections, node ${process.version}, ${os.cpus().length} cores`);
console.table(rows);
