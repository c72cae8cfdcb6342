import { openDatabase, type Database } from '../apps/server/src/db/client.ts';
import { createScratchDatabase, postgresAnswers } from '../apps/server/src/db/scratch.ts';

type Target = { name: string; open: () => Promise<{ database: Database; dispose: () => Promise<void> }> };

/** The databases a benchmark runs on: embedded PGlite always, PostgreSQL (a scratch database) when one answers. */
export async function benchDatabases(): Promise<Target[]> {
  const list: Target[] = [
    {
      name: 'pglite (memory)',
      open: async () => {
        const database = await openDatabase({ dataDir: 'memory://' });
        return { database, dispose: () => database.close() };
      },
    },
  ];
  const serverUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  if (!(await postgresAnswers(serverUrl))) {
    console.log('PostgreSQL: none answers, only PGlite is measured');
    return list;
  }
  list.push({
    name: 'postgres',
    open: async () => {
      const scratch = await createScratchDatabase(serverUrl, 'fairex_bench');
      const database = await openDatabase({ databaseUrl: scratch.url, dataDir: '' });
      return {
        database,
        async dispose() {
          await database.close();
          await scratch.drop();
        },
      };
    },
  });
  return list;
}
