import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../apps/server/src/db/client.ts';

/** The databases a benchmark runs on: embedded PGlite always, PostgreSQL when one answers. */
export async function benchDatabases(): Promise<{ name: string; open: () => Promise<{ database: Database; dispose: () => Promise<void> }> }[]> {
  const list = [{ name: 'pglite (memory)', open: async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    return { database, dispose: () => database.close() };
  } }];
  const serverUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const probe = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 2000 });
  try {
    await probe.connect();
    await probe.end();
  } catch {
    console.log('PostgreSQL: none answers, only PGlite is measured');
    return list;
  }
  list.push({
    name: 'postgres',
    open: async () => {
      const name = `fairex_bench_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      const database = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
      return {
        database,
        async dispose() {
          await database.close();
          const cleanup = new pg.Client({ connectionString: serverUrl });
          await cleanup.connect();
          await cleanup.query(`drop database if exists ${name} with (force)`);
          await cleanup.end();
        },
      };
    },
  });
  return list;
}
