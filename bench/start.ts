// npm run bench:start: how soon a started server answers. The time from spawning the server to the first 200
// of GET /api/currency/list (a cheap public call), on an existing database (one an earlier start migrated and
// seeded), on embedded PGlite (a DATA_DIR) and on PostgreSQL when one answers; for the build (node
// --enable-source-maps apps/server/dist/main.js, what `npm start` runs) and for the source through the
// TypeScript loader (node --import tsx apps/server/src/main.ts, what it ran before), started in turn so that
// both see the same machine. Also shown: when the server logged that it listens, and the database's first start.
//
// BENCH_START_RUNS: starts per figure (default 3, the median shown). BENCH_DATABASES=postgres (or "pglite dir")
// measures only that one. BENCH_SMOKE=1 (npm test): one start, of the build on a new database (PostgreSQL when
// it answers, else PGlite); exit code 1 when a start fails.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildServerIfStale, SERVER_ENTRY } from '../apps/server/build.mjs';
import { freePort } from '../apps/server/src/cluster/local.ts';
import { createScratchDatabase, postgresAnswers } from '../apps/server/src/db/scratch.ts';
import { SMOKE, smokeCheck, smokeOr } from './support.ts';

const root = path.resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.BENCH_START_RUNS ?? smokeOr(3, 0));
/** A first start on a busy 2-core machine (migrations, demo seeding, 90 days of simulated history) takes minutes. */
const START_TIMEOUT_MS = 300_000;
const POLL_INTERVAL_MS = 25;
const READY_PATH = '/api/currency/list';

type Command = { name: string; args: string[] };
const BUILT: Command = { name: 'build (node dist/main.js)', args: ['--enable-source-maps', SERVER_ENTRY] };
const SOURCE: Command = { name: 'source (node --import tsx)', args: ['--import', 'tsx', 'apps/server/src/main.ts'] };
const COMMANDS = SMOKE ? [BUILT] : [SOURCE, BUILT];

type Target = { name: string; env: Record<string, string>; dispose: () => Promise<void> };
type Start = { readyMs: number; listenMs: number | undefined; cpuMs: number | undefined; mainCpuMs: number | undefined };

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ: 100 on Linux). */
const CLOCK_TICKS_PER_S = 100;

/**
 * CPU time used so far (user + system) by the process (all its threads: V8's compilers and collector, the log
 * worker), or by its main thread alone, from /proc (Linux; undefined elsewhere). A busy machine stretches the
 * time to ready, much less the work done; on an idle one the main thread's time is about the time to ready.
 */
function cpuMsOf(pid: number, mainThreadOnly = false): number | undefined {
  try {
    // Fields after the command name (which may hold spaces): state is the 3rd field, utime and stime the 14th and 15th.
    const fields = fs.readFileSync(mainThreadOnly ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_S;
  } catch {
    return undefined;
  }
}


/** Spawns the server, waits for the first 200 of READY_PATH, then stops it (SIGTERM) and waits for its exit. */
async function timeStart(command: Command, target: Target): Promise<Start> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, ...target.env, PORT: String(port), HOST: '127.0.0.1', MARKET_SEED: '20261128' };
  // The default start (development, in-process realtime), whatever the caller's environment says.
  for (const name of ['NODE_ENV', 'REDIS_URL', 'TEST_DATABASE_URL']) delete env[name];
  if (!target.env.DATABASE_URL) delete env.DATABASE_URL;
  const started = performance.now();
  const child = spawn(process.execPath, command.args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  let listenMs: number | undefined;
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    if (listenMs === undefined && output.includes('Server listening')) listenMs = performance.now() - started;
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the server exited (${child.exitCode ?? child.signalCode}):\n${output.slice(-4000)}`);
      if (performance.now() - started > START_TIMEOUT_MS) throw new Error(`no answer within ${START_TIMEOUT_MS / 1000} s:\n${output.slice(-4000)}`);
      try {
        const response = await fetch(`http://127.0.0.1:${port}${READY_PATH}`);
        await response.arrayBuffer();
        if (response.status === 200) return { readyMs: performance.now() - started, listenMs, cpuMs: cpuMsOf(child.pid!), mainCpuMs: cpuMsOf(child.pid!, true) };
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
    }
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  }
}

async function targets(): Promise<Target[]> {
  const list: Target[] = [];
  const only = process.env.BENCH_DATABASES?.split(',');
  const postgresUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const postgres = (!only || only.includes('postgres')) && (await postgresAnswers(postgresUrl));
  if (!only && !postgres) console.log(`PostgreSQL: none answers at ${postgresUrl}; only PGlite is measured`);
  if ((!only || only.includes('pglite dir')) && !(SMOKE && postgres)) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fairex-start-bench-'));
    list.push({ name: 'pglite dir', env: { DATA_DIR: dataDir }, dispose: async () => fs.rmSync(dataDir, { recursive: true, force: true }) });
  }
  if (postgres) {
    const scratch = await createScratchDatabase(postgresUrl, 'fairex_start_bench');
    // DATA_DIR still holds the uploads and the demo NFT files.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fairex-start-bench-'));
    list.push({
      name: 'postgres',
      env: { DATABASE_URL: scratch.url, DATA_DIR: dataDir },
      dispose: async () => {
        await scratch.drop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    });
  }
  return list;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const seconds = (ms: number | undefined) => (ms === undefined || Number.isNaN(ms) ? '-' : (ms / 1000).toFixed(2));

const rebuilt = await buildServerIfStale();
if (rebuilt) console.log(`server built (${rebuilt})`);
const loadBefore = os.loadavg()[0]!;
const rows: Record<string, string | number>[] = [];
for (const target of await targets()) {
  try {
    const first = await timeStart(BUILT, target);
    console.log(`${target.name}: first start (new database) ready in ${seconds(first.readyMs)} s`);
    const starts = new Map<Command, Start[]>(COMMANDS.map((command) => [command, []]));
    for (let run = 0; run < RUNS; run++) {
      for (const command of COMMANDS) {
        const start = await timeStart(command, target);
        console.log(`${target.name}, ${command.name}: ready in ${seconds(start.readyMs)} s (listening at ${seconds(start.listenMs)} s; CPU ${seconds(start.cpuMs)} s, main thread ${seconds(start.mainCpuMs)} s)`);
        starts.get(command)!.push(start);
      }
    }
    const row = (command: Command, database: string, measured: Start[]) => {
      const ready = measured.map((s) => s.readyMs);
      const medianOf = (key: 'listenMs' | 'cpuMs' | 'mainCpuMs') => seconds(median(measured.flatMap((s) => (s[key] === undefined ? [] : [s[key]]))));
      smokeCheck(ready.length > 0 && ready.every((ms) => ms > 0), `${target.name}, ${command.name}: no start measured`);
      rows.push({
        database: target.name,
        command: command.name,
        'on a database': database,
        starts: ready.length,
        'ready s (median)': seconds(median(ready)),
        'min s': seconds(Math.min(...ready)),
        'max s': seconds(Math.max(...ready)),
        'listening s': medianOf('listenMs'),
        'CPU s': medianOf('cpuMs'),
        'main thread CPU s': medianOf('mainCpuMs'),
      });
    };
    row(BUILT, 'new', [first]);
    if (RUNS > 0) for (const command of COMMANDS) row(command, 'existing', starts.get(command)!);
  } catch (error) {
    smokeCheck(false, `${target.name}: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    await target.dispose();
  }
}
console.log(`\nspawn to the first 200 of GET ${READY_PATH}, ${RUNS} start(s) on an existing database per command (medians); node ${process.version}, ${os.cpus().length} cores, load average ${loadBefore.toFixed(1)} before, ${os.loadavg()[0]!.toFixed(1)} after`);
console.table(rows);
smokeCheck(rows.length > 0, 'no start measured');
