import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Database } from '../apps/server/src/db/client.ts';
import { openScratchDatabase, postgresAnswers } from '../apps/server/src/db/scratch.ts';

export type BenchTarget = { name: string; open: () => Promise<{ database: Database; dispose: () => Promise<void> }> };

/**
 * BENCH_SMOKE=1: npm test's smoke run. A bench then runs with tiny parameters (about a second of load, a
 * handful of rows) on PGlite in memory and PostgreSQL when it answers, and exits with code 1 when its audit
 * fails or it measured nothing (see smokeCheck).
 */
export const SMOKE = process.env.BENCH_SMOKE === '1';

/** `full` normally, `tiny` in a smoke run: `const ROWS = Number(process.env.BENCH_ROWS ?? smokeOr(10_000, 20))`. */
export const smokeOr = <T>(full: T, tiny: T): T => (SMOKE ? tiny : full);

/**
 * Marks the run failed (exit code 1, set now, the output continues) unless `ok`: an audit that does not hold,
 * or a figure that measured nothing. Used in every run, not only smoke runs, so a broken bench never prints
 * a table and exits 0.
 */
export function smokeCheck(ok: boolean, what: string): boolean {
  if (!ok) {
    console.error(`bench check failed: ${what}`);
    process.exitCode = 1;
  }
  return ok;
}

/**
 * The databases a benchmark runs on: PGlite in memory, PGlite on a temporary folder (when asked, and not in
 * a smoke run), and a scratch database on PostgreSQL (TEST_DATABASE_URL, DATABASE_URL or 127.0.0.1:5432)
 * when one answers.
 */
export async function benchDatabases(options: { pgliteDir?: boolean; prefix: string }): Promise<BenchTarget[]> {
  const all = await benchDatabaseList(options);
  // BENCH_DATABASES=postgres (or "pglite memory") measures only those.
  const only = process.env.BENCH_DATABASES?.split(',');
  return only ? all.filter((t) => only.includes(t.name)) : all;
}

/**
 * Migrated databases to start from instead of creating and migrating each (about 8 s of CPU for a new PGlite):
 * BENCH_PGLITE_TEMPLATE, a migratedPgliteDump file, and BENCH_POSTGRES_TEMPLATE, a migrated database's name on
 * the server. The smoke runs (smoke.test.ts) make both once for all benches; migrations newer than them still run.
 */
const pgliteTemplate = () => (process.env.BENCH_PGLITE_TEMPLATE ? new Blob([fs.readFileSync(process.env.BENCH_PGLITE_TEMPLATE)]) : undefined);

/** The PostgreSQL server benches use: TEST_DATABASE_URL, DATABASE_URL or the local one. */
export const benchPostgresUrl = () => process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

async function benchDatabaseList(options: { pgliteDir?: boolean; prefix: string }): Promise<BenchTarget[]> {
  const list: BenchTarget[] = [{ name: 'pglite memory', open: () => openScratchDatabase({ template: pgliteTemplate() }) }];
  // A smoke run skips the folder (PGlite memory covers the same code) unless BENCH_DATABASES names it.
  if (options.pgliteDir && (!SMOKE || process.env.BENCH_DATABASES?.split(',').includes('pglite dir'))) {
    list.push({ name: 'pglite dir', open: () => openScratchDatabase({ dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'fairex-bench-')) }) });
  }
  const postgresUrl = benchPostgresUrl();
  if (!(await postgresAnswers(postgresUrl))) {
    console.log(`PostgreSQL: none answers at ${postgresUrl}; only PGlite is measured`);
    return list;
  }
  const template = process.env.BENCH_POSTGRES_TEMPLATE || undefined;
  list.push({ name: 'postgres', open: () => openScratchDatabase({ postgresUrl, prefix: options.prefix, template }) });
  return list;
}

/**
 * A worker thread running a TypeScript module: load runs there so that clients do not share the
 * server's event loop (they are other processes in real life). tsx's loader hooks are per thread, so
 * the worker registers them before importing the module.
 */
export function startTsWorker(module: URL, workerData: unknown): Worker {
  return new Worker(`import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(module.href)}); })`, { eval: true, workerData });
}

/** The next message a worker posts (its answer), or its error. */
export const nextMessage = <T>(worker: Worker) =>
  new Promise<T>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });

export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
