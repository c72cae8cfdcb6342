import fs from 'node:fs';
import { inArray } from 'drizzle-orm';
import { afterEach, inject } from 'vitest';
import type { Database, Db, Executor } from '../../src/db/client.ts';
import { openScratchDatabase } from '../../src/db/scratch.ts';
import { currencies } from '../../src/site/tables.ts';

/** This worker's copy of the run's PGlite dump (support/template.ts), read once. */
let pgliteDump: Promise<Blob> | undefined;

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database
 * `<prefix>_<random>` on the PostgreSQL server named by TEST_DATABASE_URL (created here, dropped by
 * dispose). Either starts from the run's migrated template (support/template.ts).
 */
export async function openTestDatabase(prefix = 'fairex_test'): Promise<{ database: Database; dispose: () => Promise<void> }> {
  const postgresUrl = process.env.TEST_DATABASE_URL || undefined;
  const template = inject('databaseTemplate');
  if (postgresUrl) return openScratchDatabase({ postgresUrl, prefix, template });
  pgliteDump ??= fs.promises.readFile(template).then((bytes) => new Blob([bytes]));
  return openScratchDatabase({ template: await pgliteDump });
}

/**
 * A database of its own for each test that asks (freshDb), disposed after that test with whatever else
 * the test hands to afterThisTest (an app to close). Call once at a file's top level: it registers the afterEach.
 */
export function perTestDatabases() {
  const disposers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const dispose of disposers.splice(0)) await dispose();
  });
  return {
    async freshDb(): Promise<Db> {
      const { database, dispose } = await openTestDatabase();
      disposers.push(dispose);
      return database.db;
    },
    afterThisTest: (dispose: () => Promise<void>) => void disposers.push(dispose),
  };
}

export const TEST_CURRENCIES = ['USDT', 'ETH', 'BTC', 'BNB'] as const;
export type TestCurrency = (typeof TEST_CURRENCIES)[number];

/** The spec's four coins, inserted directly (no networks or prices); returns their ids by name. Idempotent. */
export async function seedCurrencies(db: Executor): Promise<Record<TestCurrency, number>> {
  await db
    .insert(currencies)
    .values(TEST_CURRENCIES.map((name, index) => ({ name, fullName: name, decimals: name === 'USDT' ? 6 : 8, sort: index + 1 })))
    .onConflictDoNothing();
  const rows = await db.select({ id: currencies.id, name: currencies.name }).from(currencies).where(inArray(currencies.name, [...TEST_CURRENCIES]));
  return Object.fromEntries(rows.map((r) => [r.name, r.id])) as Record<TestCurrency, number>;
}
