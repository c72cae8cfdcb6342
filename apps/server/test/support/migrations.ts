/**
 * Migration tests: a migration's statements run as the migrator runs them, on a fresh PGlite or a
 * scratch PostgreSQL database, after the migrations before it and the rows the test inserts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { createScratchDatabase } from '../../src/db/scratch.ts';

const folder = path.resolve(import.meta.dirname, '../../migrations');

export type Run = (statement: string) => Promise<{ rows: Record<string, unknown>[] }>;

/** A migration file's statements, split where the migrator splits them. */
export const statementsOf = (file: string) =>
  fs
    .readFileSync(path.join(folder, file), 'utf8')
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter(Boolean);

/** Applies every migration numbered below `number` (for example '0007'), in order. */
export async function migrateBefore(run: Run, number: string) {
  const files = fs
    .readdirSync(folder)
    .filter((f) => f.endsWith('.sql') && f < number)
    .sort();
  for (const file of files) for (const statement of statementsOf(file)) await run(statement);
}

async function withPglite<T>(body: (run: Run) => Promise<T>) {
  const db = await PGlite.create();
  try {
    return await body((statement) => db.query(statement));
  } finally {
    await db.close();
  }
}

async function withPostgres<T>(body: (run: Run) => Promise<T>) {
  const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'fairex_migration');
  const client = new pg.Client({ connectionString: scratch.url });
  await client.connect();
  try {
    return await body((statement) => client.query(statement));
  } finally {
    await client.end();
    await scratch.drop();
  }
}

/**
 * Each database a migration test runs on: name, a runner on a fresh empty database, and whether this pass
 * runs it. npm test runs the suite once on PGlite and once with TEST_DATABASE_URL: each migration is proved
 * once on each database, not twice on PGlite.
 */
export const MIGRATION_DATABASES: [string, typeof withPglite, boolean][] = [
  ['PGlite', withPglite, !process.env.TEST_DATABASE_URL],
  ['PostgreSQL', withPostgres, Boolean(process.env.TEST_DATABASE_URL)],
];
