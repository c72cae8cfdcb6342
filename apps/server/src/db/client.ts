import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrationsFolder } from '../paths.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything that runs queries: the database itself or an open transaction. */
export type Executor = Db | Tx;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
};

const POOL_SIZE_MAX = 20;

/**
 * Opens the database and applies pending migrations. No URL: embedded PGlite, kept in `dataDir/pglite`
 * (or in memory when dataDir is 'memory://', for tests, then starting from `template` when given: a
 * migratedPgliteDump, so only migrations newer than it run). PGlite runs one transaction at a time and
 * does not lock its folder, so a process opens exactly one.
 */
export async function openDatabase(options: { databaseUrl?: string; dataDir: string; template?: Blob }): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: POOL_SIZE_MAX });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await migratePg(drizzlePg(pool), { migrationsFolder });
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  let client: PGlite;
  if (options.dataDir === 'memory://') {
    client = await PGlite.create(options.template ? { loadDataDir: options.template } : {});
  } else {
    const dir = path.join(options.dataDir, 'pglite');
    fs.mkdirSync(dir, { recursive: true });
    client = await PGlite.create(dir);
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(drizzlePglite(client), { migrationsFolder });
  return { db, kind: 'pglite', close: () => client.close() };
}

/** A freshly migrated in-memory PGlite, dumped: tests start each database from it instead of migrating again. */
export async function migratedPgliteDump(): Promise<Blob> {
  const client = await PGlite.create();
  try {
    await migratePglite(drizzlePglite(client), { migrationsFolder });
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

/** Rows of a raw SQL query; both drivers answer `{ rows }`, which the shared Drizzle type leaves unknown. */
/**
 * A list of integers as one bigint[] parameter (`${bigintArray(ids)}::bigint[]`): one bind however many,
 * and with `id = any(...)` the planner finds the rows by index (it cannot guess the size of a JSON set).
 */
export const bigintArray = (values: readonly number[]) => `{${values.map((v) => String(Math.trunc(v))).join(',')}}`;

export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
