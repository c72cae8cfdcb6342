// npm run start:cluster -- N: N server processes (default 3) on one PostgreSQL database and Redis, on ports
// PORT, PORT+1, ... (PORT default 8080), to try several active processes on one machine (README,
// "Operations"). DATABASE_URL defaults to postgres://postgres@127.0.0.1:5432/fairex_cluster (created when
// missing), REDIS_URL to redis://127.0.0.1:6379. Stop with Ctrl-C (each process hands its work over); kill
// one process (kill -9 <pid>) to watch the others take its symbols.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { buildServerIfStale } from '../apps/server/build.mjs';
import { startLocalCluster } from '../apps/server/src/cluster/local.ts';

const count = Number(process.argv[2] ?? 3);
if (!Number.isInteger(count) || count < 1 || count > 16) {
  console.error('usage: npm run start:cluster -- N   (1 to 16 processes)');
  process.exit(1);
}
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/fairex_cluster';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const basePort = Number(process.env.PORT ?? 8080);

const root = path.resolve(import.meta.dirname, '..');
for (const workspace of ['apps/web', 'apps/admin']) {
  if (!fs.existsSync(path.join(root, workspace, 'dist', 'index.html'))) {
    console.log(`building ${workspace} ...`);
    if (spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' }).status !== 0) process.exit(1);
  }
}
const rebuilt = await buildServerIfStale();
if (rebuilt) console.log(`server built (${rebuilt})`);

// The database is created when missing (the server migrates it).
const url = new URL(databaseUrl);
const name = url.pathname.slice(1);
const admin = new pg.Client({ connectionString: Object.assign(new URL(databaseUrl), { pathname: '/postgres' }).toString() });
await admin.connect();
const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
if (rowCount === 0) await admin.query(`create database ${pg.escapeIdentifier(name)}`);
await admin.end();

console.log(`starting ${count} processes on ${url.host}/${name} with Redis ${redisUrl} ...`);
const processes = await startLocalCluster({ count, entry: 'built', basePort, echo: true, env: { DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, DATA_DIR: path.join(root, 'data', 'cluster') } });
console.log(processes.map((p) => `  ${p.url}  (pid ${p.child.pid})`).join('\n'));
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => processes.forEach((p) => p.child.kill('SIGTERM')));
}
await Promise.all(processes.map((p) => p.exited));
