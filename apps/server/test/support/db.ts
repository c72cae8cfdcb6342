import { openDatabase, type Database } from '../../src/db/client.ts';
import { createScratchDatabase } from '../../src/db/scratch.ts';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database on the
 * PostgreSQL server named by TEST_DATABASE_URL (created here, dropped by dispose).
 */
export async function openTestDatabase(): Promise<{ database: Database; dispose: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ dataDir: 'memory://' });
    return { database, dispose: () => database.close() };
  }
  const scratch = await createScratchDatabase(serverUrl, 'fairex_test');
  const database = await openDatabase({ databaseUrl: scratch.url, dataDir: '' });
  return {
    database,
    async dispose() {
      await database.close();
      await scratch.drop();
    },
  };
}
