/**
 * Backups of the database, both engines (npm run backup / npm run restore, backup/cli.ts):
 * - PostgreSQL: `pg_dump --format=custom --no-owner --no-privileges`, a consistent snapshot taken while
 *   the server runs (pg_dump reads in one repeatable-read transaction). Restored with `pg_restore
 *   --no-owner --no-privileges --exit-on-error --single-transaction` into an EMPTY database only: a
 *   restore never mixes with live rows, and a failure leaves the target as empty as it was.
 * - Embedded PGlite: the data directory as PGlite's own gzipped tarball (dumpDataDir), taken with the
 *   server stopped (PGlite is one process: the CLI asks for the trading lease and refuses while the
 *   server holds it); restored into a DATA_DIR that has no database yet.
 * Uploads (DATA_DIR/uploads) and the NFT seed key are files beside the database: copy them with it (README).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

const run = promisify(execFile);

/** A backup or restore refused before anything was written (the message says why). */
export class BackupError extends Error {}

export const PG_DUMP_ARGS = ['--format=custom', '--no-owner', '--no-privileges'];
export const PG_RESTORE_ARGS = ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction'];

/** The embedded database's folder under DATA_DIR (db/client.ts openDatabase). */
export const pgliteDir = (dataDir: string) => path.join(dataDir, 'pglite');

export async function backupPostgres(databaseUrl: string, file: string) {
  await run('pg_dump', [...PG_DUMP_ARGS, '--file', file, databaseUrl], { maxBuffer: 64 * 1024 * 1024 });
}

export async function restorePostgres(databaseUrl: string, file: string) {
  if (!fs.existsSync(file)) throw new BackupError(`no backup at ${file}`);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')`);
    if (rows[0]!.n > 0) throw new BackupError('the target database is not empty: restore into a new, empty database');
  } finally {
    await client.end();
  }
  await run('pg_restore', [...PG_RESTORE_ARGS, '--dbname', databaseUrl, file], { maxBuffer: 64 * 1024 * 1024 });
}

export async function backupPglite(dataDir: string, file: string) {
  if (!fs.existsSync(pgliteDir(dataDir))) throw new BackupError(`no embedded database in ${dataDir}`);
  const client = await PGlite.create(pgliteDir(dataDir));
  try {
    const dump = await client.dumpDataDir('gzip');
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await client.close();
  }
}

export async function restorePglite(dataDir: string, file: string) {
  if (!fs.existsSync(file)) throw new BackupError(`no backup at ${file}`);
  const dir = pgliteDir(dataDir);
  if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0) throw new BackupError(`${dir} already holds a database: restore into a new DATA_DIR`);
  fs.mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir, { loadDataDir: new Blob([fs.readFileSync(file)]) });
  try {
    await client.query('select 1');
  } finally {
    await client.close();
  }
}
