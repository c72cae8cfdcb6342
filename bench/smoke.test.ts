// Every bench runs once with BENCH_SMOKE=1 (tiny parameters, PGlite in memory and PostgreSQL when it answers),
// as its own process exactly as `npm run bench:<name>` runs it, so that none can rot unseen: each must exit 0
// (a bench exits 1 when its audit fails or it measured nothing) and print its table of figures. A bench file
// that is neither listed here nor named as a helper fails the run, so a new bench cannot be forgotten.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServerIfStale } from '../apps/server/build.mjs';
import { migratedPgliteDump, openDatabase } from '../apps/server/src/db/client.ts';
import { createScratchDatabase, postgresAnswers } from '../apps/server/src/db/scratch.ts';
import { benchPostgresUrl } from './support.ts';

const benchDir = import.meta.dirname;
const root = path.resolve(benchDir, '..');

/** A smoke run takes seconds to a minute on a busy 2-core machine; a bench that ignores BENCH_SMOKE runs far longer. */
const BENCH_SMOKE_TIMEOUT_MS = Number(process.env.BENCH_SMOKE_TIMEOUT_MS ?? 240_000);
/** Lines of a failed bench's output shown in the failure. */
const OUTPUT_TAIL_LINES = 40;

/**
 * The entry points, longest first (two run at once: see vitest.config.ts); `figures`, when given, is a column
 * its table must show.
 */
const BENCHES: { file: string; figures?: RegExp; env?: Record<string, string> }[] = [
  { file: 'web.ts', figures: /performance/ },
  { file: 'realtime.ts', figures: /ticker msgs/ },
  { file: 'orders.ts', figures: /audit/ },
  // Its cluster mode: two server processes on PostgreSQL and Redis (orders-cluster.ts).
  { file: 'orders.ts', figures: /processes/, env: { BENCH_PROCESSES: '2' } },
  { file: 'http.ts', figures: /req\/s/ },
  { file: 'liquidation.ts' },
  { file: 'copy.ts' },
  { file: 'option-settlement.ts' },
  { file: 'ledger.ts', figures: /audit ms/ },
  { file: 'restore.ts', figures: /restore s/ },
  { file: 'start.ts' },
  { file: 'engine.ts', figures: /ops\/s/ },
  { file: 'pol-tree.ts', figures: /tree s/ },
  { file: 'pol-snapshot.ts', figures: /snapshot s/ },
];
/** Files of bench/ that are not benches: helpers, and the load generators the benches start as workers. */
const NOT_BENCHES = ['support.ts', 'orders-client.ts', 'orders-cluster.ts', 'realtime-client.ts', 'smoke.test.ts', 'vitest.config.ts'];

/**
 * What every bench shares, made once: the server build (realtime, start and web run it; two building at once
 * would race on dist/), and migrated databases each bench starts from (support.ts benchDatabases) instead of
 * creating and migrating its own, seconds of CPU each.
 */
const shared: { env: Record<string, string>; dispose: (() => Promise<void>)[] } = { env: {}, dispose: [] };

beforeAll(async () => {
  await buildServerIfStale();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fairex-bench-smoke-'));
  const dump = path.join(dir, 'migrated.tar');
  fs.writeFileSync(dump, Buffer.from(await (await migratedPgliteDump()).arrayBuffer()));
  shared.env.BENCH_PGLITE_TEMPLATE = dump;
  shared.dispose.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
  const serverUrl = benchPostgresUrl();
  if (await postgresAnswers(serverUrl)) {
    const template = await createScratchDatabase(serverUrl, 'fairex_bench_template');
    // Closed before any copy: PostgreSQL copies only a template nobody is connected to.
    await (await openDatabase({ databaseUrl: template.url, dataDir: '' })).close();
    shared.env.BENCH_POSTGRES_TEMPLATE = new URL(template.url).pathname.slice(1);
    shared.dispose.push(template.drop);
  }
}, 300_000);

afterAll(async () => {
  for (const dispose of shared.dispose) await dispose();
});

type Outcome = { code: number | null; signal: NodeJS.Signals | null; output: string; timedOut: boolean; seconds: number };

/**
 * Runs `node --import tsx bench/<file>` (what `tsx bench/<file>` does) in its own process group, so that a
 * timeout also ends the servers and browsers the bench started.
 */
function runBench(file: string, env: Record<string, string> = {}): Promise<Outcome> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join('bench', file)], {
    cwd: root,
    env: { ...process.env, ...shared.env, ...env, BENCH_SMOKE: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    process.kill(-child.pid!, 'SIGKILL');
  }, BENCH_SMOKE_TIMEOUT_MS);
  return new Promise((resolve) => {
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, output, timedOut, seconds: (performance.now() - started) / 1000 });
    });
  });
}

const tail = (output: string) => output.trimEnd().split('\n').slice(-OUTPUT_TAIL_LINES).join('\n');

describe('bench smoke runs', () => {
  it('lists every bench in bench/', () => {
    const files = fs.readdirSync(benchDir).filter((name) => /^[a-z][a-z0-9-]*\.ts$/.test(name) && !NOT_BENCHES.includes(name) && !name.endsWith('.test.ts'));
    expect(files.filter((name) => !BENCHES.some((bench) => bench.file === name))).toEqual([]);
  });

  for (const bench of BENCHES) {
    const name = bench.env ? `${bench.file} (${Object.entries(bench.env).map(([key, value]) => `${key}=${value}`).join(' ')})` : bench.file;
    it.concurrent(name, async () => {
      const source = path.join(benchDir, bench.file);
      expect(fs.existsSync(source), `bench/${bench.file} is listed but missing`).toBe(true);
      // A bench that does not read BENCH_SMOKE would run its full measurement: fail at once instead.
      expect(/BENCH_SMOKE|\bSMOKE\b|smokeOr\(/.test(fs.readFileSync(source, 'utf8')), `bench/${bench.file} does not take BENCH_SMOKE`).toBe(true);
      const outcome = await runBench(bench.file, bench.env);
      const ending = outcome.timedOut ? `timed out after ${BENCH_SMOKE_TIMEOUT_MS / 1000} s` : `exited with ${outcome.code ?? outcome.signal}`;
      console.log(`bench/${bench.file}: ${ending} in ${outcome.seconds.toFixed(1)} s`);
      expect(outcome.code, `bench/${bench.file} ${ending}; its output ends:\n${tail(outcome.output)}`).toBe(0);
      expect(outcome.output, `bench/${bench.file} printed no table of figures`).toContain('(index)');
      if (bench.figures) expect(outcome.output).toMatch(bench.figures);
    });
  }
});
