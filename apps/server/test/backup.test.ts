// npm run backup / restore (backup/backup.ts): a database with live data (funded users, resting spot
// orders and their frozen funds) is backed up, restored into a fresh database, and the restore holds the
// same balances, open orders and ledger figures, with the audit passing. Embedded PGlite always; with
// PostgreSQL (TEST_DATABASE_URL) through pg_dump and pg_restore. A restore over a database that holds
// rows is refused.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupPglite, backupPostgres, BackupError, pgliteDir, restorePglite, restorePostgres } from '../src/backup/backup.ts';
import { openDatabase, queryRows, type Executor } from '../src/db/client.ts';
import { createScratchDatabase } from '../src/db/scratch.ts';
import { audit } from '../src/ledger/audit.ts';
import { call, makeTestApp, type TestApp } from './support/app.ts';
import { makeFundedUser } from './support/ledger.ts';
import { btcMarket } from './spot/support.ts';

const postgresUrl = process.env.TEST_DATABASE_URL || undefined;
// pg_dump and pg_restore come with PostgreSQL's client tools; without them the PostgreSQL case is skipped, saying so.
const pgTools = spawnSync('pg_dump', ['--version']).status === 0 && spawnSync('pg_restore', ['--version']).status === 0;
if (postgresUrl && !pgTools) console.warn('backup test: pg_dump or pg_restore is missing, so the PostgreSQL backup case is skipped');
let test: TestApp;
let dir: string;

/** What a restore must give back exactly: every account's balances, the open orders and the ledger's size. */
async function fingerprint(db: Executor) {
  const accounts = await queryRows(db, sql`select id, user_id, currency_id, kind, available::text, frozen::text from ledger_accounts order by id`);
  const open = await queryRows(db, sql`select id, user_id, side, price::text, quantity::text, frozen::text from spot_orders where status = 'open' order by id`);
  const [counts] = await queryRows(db, sql`select (select count(*) from ledger_entries)::int as entries, (select count(*) from ledger_postings)::int as postings, (select count(*) from users)::int as users`);
  return { accounts, open, counts };
}

beforeAll(async () => {
  test = await makeTestApp();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fairex-backup-'));
  const m = btcMarket(test);
  // Live data: buyers and sellers with resting orders (funds frozen) far from the market.
  for (let i = 0; i < 3; i++) {
    const buyer = await makeFundedUser(test, m.quote, '1000');
    const seller = await makeFundedUser(test, m.base, '1');
    for (const [user, type, price] of [[buyer, 'buy', '1000'], [seller, 'sell', '900000']] as const) {
      const placed = await call(test.app, '/coin/trade', { token: user.token, payload: { amount: '0.01', target_price: price, currency_id: m.base, legal_id: m.quote, type } });
      expect(placed.body.type).toBe('ok');
    }
  }
});
afterAll(async () => {
  await test.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(postgresUrl)('backup and restore, embedded PGlite', () => {
  it('restores a backup of a live database into a new DATA_DIR with the same balances, open orders and a passing audit', async () => {
    const expected = await fingerprint(test.db);
    expect(expected.open.length).toBe(6);
    // The test app's database is in memory: it is first put in a DATA_DIR, as a server's would be.
    const memory = (test.db as unknown as { $client: PGlite }).$client;
    fs.writeFileSync(path.join(dir, 'live.tar.gz'), Buffer.from(await (await memory.dumpDataDir('gzip')).arrayBuffer()));
    const live = path.join(dir, 'live');
    await restorePglite(live, path.join(dir, 'live.tar.gz'));

    const file = path.join(dir, 'backup.tar.gz');
    await backupPglite(live, file);
    const restored = path.join(dir, 'restored');
    await restorePglite(restored, file);
    const database = await openDatabase({ dataDir: restored });
    try {
      expect(await fingerprint(database.db)).toEqual(expected);
      expect((await audit(database.db)).ok).toBe(true);
    } finally {
      await database.close();
    }
    // Never over a database: the DATA_DIR restored into already has one.
    await expect(restorePglite(restored, file)).rejects.toThrow(BackupError);
    expect(fs.readdirSync(pgliteDir(restored)).length).toBeGreaterThan(0);
  });
});

describe.skipIf(!postgresUrl || !pgTools)('backup and restore, PostgreSQL', () => {
  it('restores a pg_dump of a live database into an empty database with the same balances, open orders and a passing audit, and refuses a database that holds rows', async () => {
    const expected = await fingerprint(test.db);
    expect(expected.open.length).toBe(6);
    const [{ name }] = await queryRows<{ name: string }>(test.db, sql`select current_database() as name`);
    const source = new URL(postgresUrl!);
    source.pathname = `/${name}`;
    const file = path.join(dir, 'backup.dump');
    await backupPostgres(source.toString(), file);
    const target = await createScratchDatabase(postgresUrl!, 'fairex_restore');
    try {
      await restorePostgres(target.url, file);
      const database = await openDatabase({ databaseUrl: target.url, dataDir: '' });
      try {
        expect(await fingerprint(database.db)).toEqual(expected);
        expect((await audit(database.db)).ok).toBe(true);
      } finally {
        await database.close();
      }
      await expect(restorePostgres(target.url, file)).rejects.toThrow(/not empty/);
    } finally {
      await target.drop();
    }
  });
});
