/**
 * `npm run backup -- FILE` and `npm run restore -- FILE`: the database named by DATABASE_URL (PostgreSQL)
 * or DATA_DIR (embedded) to a file and back (backup/backup.ts says how, and what each refuses). The
 * embedded database can only be read while the server is stopped.
 */
import { performance } from 'node:perf_hooks';
import { databaseConfig } from '../config.ts';
import { holdTradingLease } from '../db/lease.ts';
import { backupPglite, backupPostgres, BackupError, restorePglite, restorePostgres } from './backup.ts';

const USAGE = 'usage: npm run backup -- FILE | npm run restore -- FILE  (DATABASE_URL for PostgreSQL, else DATA_DIR)';

async function main(): Promise<number> {
  const [command, file] = process.argv.slice(2);
  if ((command !== 'backup' && command !== 'restore') || !file) {
    console.error(USAGE);
    return 2;
  }
  const { databaseUrl, dataDir } = databaseConfig();
  const started = performance.now();
  if (databaseUrl) {
    await (command === 'backup' ? backupPostgres(databaseUrl, file) : restorePostgres(databaseUrl, file));
  } else {
    // PGlite allows one process: refuse rather than wait while the server holds the embedded database.
    const lease = await holdTradingLease({
      dataDir,
      onWait: (holder) => {
        throw new BackupError(`${holder} holds the embedded database: stop the server, then run this again`);
      },
      onLost: () => {},
    });
    try {
      await (command === 'backup' ? backupPglite(dataDir, file) : restorePglite(dataDir, file));
    } finally {
      await lease.release();
    }
  }
  const where = databaseUrl ? new URL(databaseUrl).pathname.slice(1) : dataDir;
  console.log(`${command === 'backup' ? `backed up ${where} to ${file}` : `restored ${file} into ${where}`} in ${Math.round(performance.now() - started)} ms`);
  return 0;
}

try {
  process.exitCode = await main();
} catch (error) {
  if (!(error instanceof BackupError)) throw error;
  console.error(`${process.argv[2]} refused: ${error.message}`);
  process.exitCode = 1;
}
