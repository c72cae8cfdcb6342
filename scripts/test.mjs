// npm test: typecheck every workspace, unit tests, server integration tests on PGlite and (when one
// answers) PostgreSQL, web and back-office component tests, then both apps built, the e2e journeys in chromium
// and every bench once with tiny parameters (BENCH_SMOKE=1).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '..');
const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fairex-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const databases = ['pglite'];
let realtimeAdapter = 'in-process only (no Redis answered, so the Redis adapter and cluster fail-over tests were skipped)';

/** Runs one stage; `counted` (when given) adds its figures to the totals, failed or not. */
function run(title, command, args, options = {}, counted = () => {}) {
  console.log(`\n=== ${title} ===`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options, env: { ...process.env, ...options.env } });
  counted();
  if (result.status !== 0) {
    console.error(`\n${title}: failed (exit ${result.status})`);
    summary();
    process.exit(result.status ?? 1);
  }
}

function vitest(title, dir, env = {}) {
  const report = path.join(reportDir, `${title.replace(/\W+/g, '-')}.json`);
  const count = () => {
    if (!fs.existsSync(report)) return;
    const json = JSON.parse(fs.readFileSync(report, 'utf8'));
    totals.passed += json.numPassedTests;
    totals.failed += json.numFailedTests;
    totals.skipped += json.numPendingTests + (json.numTodoTests ?? 0);
  };
  run(title, 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], { cwd: path.join(root, dir), env }, count);
}

/** DATABASE_URL when set, else the local server at 127.0.0.1:5432 when it answers. */
async function postgresUrl() {
  const url = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return url;
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => {});
  }
}

/** REDIS_URL when set, else the local server at 127.0.0.1:6379 when it answers PING. */
async function redisUrl() {
  const url = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379) });
    const done = (answer) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(2000, () => done(undefined));
    socket.once('error', () => done(undefined));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG') ? url : undefined));
  });
}

function summary() {
  console.log(`\ndatabases: ${databases.join(', ')}`);
  console.log(`realtime: ${realtimeAdapter}`);
  console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
}

run('typecheck', 'npm', ['run', 'typecheck', '--workspaces', '--if-present']);
vitest('contract unit tests', 'packages/contract');
const redis = await redisUrl();
if (redis) realtimeAdapter = `Redis adapter tested at ${redis}, and the cluster fail-over with PostgreSQL`;
else console.log('\nRedis: none answers at REDIS_URL or 127.0.0.1:6379, so the Redis adapter test is skipped');
// The Redis adapter test uses no database: it runs in the PGlite pass only.
vitest('server integration tests (PGlite)', 'apps/server', { TEST_DATABASE_URL: '', TEST_REDIS_URL: redis ?? '' });
const url = await postgresUrl();
if (url) {
  databases.push('postgres');
  // The cluster fail-over test (three processes, kill -9 and SIGTERM) needs both: it runs in this pass.
  vitest('server integration tests (PostgreSQL)', 'apps/server', { TEST_DATABASE_URL: url, TEST_REDIS_URL: '', TEST_CLUSTER_REDIS_URL: redis ?? '' });
  if (!redis) console.log('\nRedis: none answered, so the cluster fail-over test was skipped');
} else {
  console.log('\nPostgreSQL: none answers at DATABASE_URL or 127.0.0.1:5432, so the PostgreSQL run is skipped');
}
vitest('web component tests', 'apps/web');
vitest('back-office component tests', 'apps/admin');
run('build web and admin', 'npm', ['run', 'build']);
// The web app's size budget on the build just made: first-load JavaScript and each chunk (apps/web/size-budget.ts).
run('web size budget', process.execPath, ['--import', 'tsx', 'apps/web/size-budget.ts']);
vitest('e2e in chromium', 'e2e');
// After the build: bench:web measures the built app. Benches find PostgreSQL themselves; this passes the one found above.
vitest('bench smoke runs', 'bench', { TEST_DATABASE_URL: url ?? '' });
summary();
