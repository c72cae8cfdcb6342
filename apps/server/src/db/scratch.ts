import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { openDatabase, type Database } from './client.ts';

const DROP_ATTEMPTS_MAX = 20;
const DROP_RETRY_MS = 100;

/**
 * A throw-away database on a PostgreSQL server (tests and benchmarks): created empty (or as a copy of the
 * database `template`, which nobody may be connected to), dropped with `drop`. Returns the URL to open it with.
 */
export async function createScratchDatabase(serverUrl: string, prefix: string, template?: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(template ? `create database ${name} template ${template}` : `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  // Connections of a just-closed pool may still be leaving: wait for them before forcing the drop,
  // so nobody's connection is killed mid-goodbye.
  const drop = async () => {
    for (let attempt = 0; attempt < DROP_ATTEMPTS_MAX; attempt++) {
      try {
        return await run(`drop database if exists ${name}`);
      } catch {
        await new Promise((resolve) => setTimeout(resolve, DROP_RETRY_MS));
      }
    }
    await run(`drop database if exists ${name} with (force)`);
  };
  return { url: url.toString(), drop };
}

/** True when a PostgreSQL server answers at the URL within two seconds. */
export async function postgresAnswers(serverUrl: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * A fresh, migrated database that goes away with `dispose`: a scratch database on the PostgreSQL
 * server at `postgresUrl`, else PGlite in `dataDir` (a folder removed afterwards), else PGlite in memory.
 * `template` saves replaying the migrations: a migrated database's name on that server, or a
 * migratedPgliteDump for PGlite in memory.
 */
export async function openScratchDatabase(
  options: { postgresUrl?: string; dataDir?: string; prefix?: string; template?: string | Blob } = {},
): Promise<{ database: Database; dispose: () => Promise<void> }> {
  if (options.postgresUrl) {
    const template = typeof options.template === 'string' ? options.template : undefined;
    const scratch = await createScratchDatabase(options.postgresUrl, options.prefix ?? 'fairex_scratch', template);
    const database = await openDatabase({ databaseUrl: scratch.url, dataDir: '' });
    return {
      database,
      async dispose() {
        await database.close();
        await scratch.drop();
      },
    };
  }
  const dataDir = options.dataDir;
  const database = await openDatabase({ dataDir: dataDir ?? 'memory://', template: options.template instanceof Blob && !dataDir ? options.template : undefined });
  return {
    database,
    async dispose() {
      await database.close();
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
