// npm run bench:restore (issue 25): how long a backup and a restore take for a PostgreSQL database holding
// BENCH_ORDERS open spot orders (1,000,000 by default) with their postings. A scratch database is filled with
// U funded users and N resting BTC/USDT limit buys: the order rows in bulk SQL, and each order's freeze posted
// through the ledger (postMany, one available -> frozen entry per order, as the spot writer does), so the
// ledger audit holds. Then backupPostgres (pg_dump) and restorePostgres (pg_restore) into a second, empty
// scratch database are timed, and the restore is checked: the same open orders, the same balances per
// currency, the audit passing. PostgreSQL only (PGlite's backup is a file copy of its data directory).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { insertUser } from '../apps/server/src/accounts/repository.ts';
import { backupPostgres, restorePostgres } from '../apps/server/src/backup/backup.ts';
import { bigintArray, openDatabase, queryRows, type Db, type Executor } from '../apps/server/src/db/client.ts';
import { createScratchDatabase, postgresAnswers } from '../apps/server/src/db/scratch.ts';
import { audit, openUserAccounts, postMany, systemAccount, userAccount, type Entry } from '../apps/server/src/ledger/index.ts';
import { seedMarkets } from '../apps/server/src/markets/seed.ts';
import { ORDER_REF_TYPE } from '../apps/server/src/spot/batch-plan.ts';
import { seedSite } from '../apps/server/src/site/seed.ts';
import { benchPostgresUrl, smokeCheck, smokeOr } from './support.ts';

const ORDERS = Number(process.env.BENCH_ORDERS ?? smokeOr(1_000_000, 2_000));
const USERS = Number(process.env.BENCH_USERS ?? smokeOr(1_000, 10));
/** Orders (and freeze entries) per transaction while filling. */
const CHUNK = smokeOr(20_000, 500);
/** The most one synthetic order freezes, in USDT (price below 30,100 times at most 0.0005 BTC); users are funded for all of theirs. */
const ORDER_VALUE_MAX = 20;

const rows: Record<string, string | number>[] = [];
const skip = (why: string) => rows.push({ orders: ORDERS, postings: '-', 'db size MB': '-', 'dump MB': '-', 'backup s': '-', 'restore s': '-', audit: `skipped: ${why}` });
const seconds = (started: number) => ((performance.now() - started) / 1000).toFixed(1);
const megabytes = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

/** What the restore must give back: open orders (count and frozen sum) and every currency's summed balances. */
async function fingerprint(db: Executor) {
  const [orders] = await queryRows<{ open: number; held: string }>(db, sql`select count(*)::int as open, coalesce(sum(frozen - used), 0)::text as held from spot_orders where status = 'open'`);
  const balances = await queryRows(
    db,
    sql`select currency_id, sum(available)::text as available, sum(frozen)::text as frozen, sum(locked)::text as locked from ledger_accounts group by currency_id order by currency_id`,
  );
  return JSON.stringify({ orders, balances });
}

/** Users with their spot accounts opened and USDT deposited from outside (deposits_in_transit). Returns their USDT spot account ids. */
async function makeUsers(db: Db, usdt: number): Promise<Map<number, number>> {
  const funding = String(Math.ceil(ORDERS / USERS) * ORDER_VALUE_MAX);
  return db.transaction(async (tx) => {
    const accounts = new Map<number, number>();
    for (let i = 0; i < USERS; i++) {
      const user = await insertUser(tx, { account: `restore-bench-${i}@example.com`, passwordHash: 'x', extensionCode: `RB${i}` });
      await openUserAccounts(tx, user.id);
      accounts.set(user.id, await userAccount(tx, user.id, usdt, 'spot'));
    }
    const source = await systemAccount(tx, 'deposits_in_transit', usdt);
    await postMany(
      tx,
      [...accounts].map(([userId, accountId]) => ({
        kind: 'deposit',
        refType: 'bench_seed',
        refId: userId,
        legs: [
          { accountId: source, amount: `-${funding}` },
          { accountId, amount: funding },
        ],
      })),
    );
    return accounts;
  });
}

/**
 * N open limit buys on the symbol, CHUNK per transaction: rows in one insert (ids from the table's sequence,
 * round-robin over the users), then each one's freeze (its value, price x quantity, to the frozen bucket).
 * The synthetic freeze holds no fee margin (the writer's adds the highest fee rate): the audit only asks
 * that frozen equals what open orders hold (frozen - used), which it does.
 */
async function placeOrders(db: Db, symbolId: number, users: number[], accounts: Map<number, number>) {
  for (let first = 0; first < ORDERS; first += CHUNK) {
    const count = Math.min(CHUNK, ORDERS - first);
    await db.transaction(async (tx) => {
      const placed = await queryRows<{ id: string; user_id: number; frozen: string }>(
        tx,
        sql`insert into spot_orders (user_id, symbol_id, side, type, price, quantity, frozen, status)
            select u.ids[1 + g % ${users.length}], ${symbolId}, 'buy', 'limit', p.price, q.quantity, p.price * q.quantity, 'open'
            from generate_series(${first}::int, ${first + count - 1}::int) g
            cross join (select ${bigintArray(users)}::int[] as ids) u
            cross join lateral (select 30000 + (g % 10000) * 0.01 as price) p
            cross join lateral (select (1 + g % 5) * 0.0001 as quantity) q
            returning id::text, user_id, frozen::text`,
      );
      const entries: Entry[] = placed.map((order) => {
        const accountId = accounts.get(order.user_id)!;
        return {
          kind: 'spot_freeze',
          refType: ORDER_REF_TYPE,
          refId: order.id,
          legs: [
            { accountId, amount: `-${order.frozen}` },
            { accountId, bucket: 'frozen', amount: order.frozen },
          ],
        };
      });
      await postMany(tx, entries);
    });
  }
}

async function run(serverUrl: string) {
  const template = process.env.BENCH_POSTGRES_TEMPLATE || undefined;
  const source = await createScratchDatabase(serverUrl, 'fairex_restore_bench', template);
  const target = await createScratchDatabase(serverUrl, 'fairex_restore_bench_copy');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fairex-restore-bench-'));
  try {
    const database = await openDatabase({ databaseUrl: source.url, dataDir: '' });
    let before: { fingerprint: string; ok: boolean; postings: number; size: number };
    const fillStarted = performance.now();
    let fillS: string;
    let auditBeforeS: string;
    try {
      const db = database.db;
      await seedSite(db);
      await seedMarkets(db);
      const [market] = await queryRows<{ id: number; quote: number }>(db, sql`select id, quote_currency_id as quote from market_symbols where symbol = 'BTC/USDT'`);
      const accounts = await makeUsers(db, market!.quote);
      await placeOrders(db, market!.id, [...accounts.keys()], accounts);
      fillS = seconds(fillStarted);
      console.log(`filled ${ORDERS} orders for ${USERS} users in ${fillS} s (${Math.round((ORDERS * 1000) / (performance.now() - fillStarted))} orders/s with their freezes)`);
      const auditStarted = performance.now();
      const result = await audit(db);
      auditBeforeS = seconds(auditStarted);
      smokeCheck(result.ok, `ledger audit before the backup: ${result.checks.filter((c) => !c.ok).map((c) => c.name).join(', ')}`);
      const [size] = await queryRows<{ bytes: string }>(db, sql`select pg_database_size(current_database())::text as bytes`);
      before = { fingerprint: await fingerprint(db), ok: result.ok, postings: result.postings, size: Number(size!.bytes) };
    } finally {
      await database.close();
    }

    const file = path.join(dir, 'backup.dump');
    const backupStarted = performance.now();
    await backupPostgres(source.url, file);
    const backupS = seconds(backupStarted);
    const restoreStarted = performance.now();
    await restorePostgres(target.url, file);
    const restoreS = seconds(restoreStarted);

    // Opening migrates: the restored database must need nothing (its migrations table came with it).
    const restored = await openDatabase({ databaseUrl: target.url, dataDir: '' });
    let after: { fingerprint: string; ok: boolean };
    let auditAfterS: string;
    try {
      const auditStarted = performance.now();
      const result = await audit(restored.db);
      auditAfterS = seconds(auditStarted);
      smokeCheck(result.ok, 'ledger audit after the restore');
      after = { fingerprint: await fingerprint(restored.db), ok: result.ok };
    } finally {
      await restored.close();
    }
    smokeCheck(after.fingerprint === before.fingerprint, `restored open orders and balances differ:\n${before.fingerprint}\n${after.fingerprint}`);
    rows.push({
      orders: ORDERS,
      postings: before.postings,
      'db size MB': megabytes(before.size),
      'dump MB': megabytes(fs.statSync(file).size),
      'fill s': fillS,
      'backup s': backupS,
      'restore s': restoreS,
      audit: `before ${before.ok ? 'ok' : 'FAILED'} (${auditBeforeS} s), after ${after.ok ? 'ok' : 'FAILED'} (${auditAfterS} s)`,
      'same orders+balances': String(after.fingerprint === before.fingerprint),
    });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
    await source.drop();
    await target.drop();
  }
}

const serverUrl = benchPostgresUrl();
// pg_dump and pg_restore come with PostgreSQL's client tools (as in apps/server/test/backup.test.ts).
const pgTools = spawnSync('pg_dump', ['--version']).status === 0 && spawnSync('pg_restore', ['--version']).status === 0;
if (!(await postgresAnswers(serverUrl))) skip(`no PostgreSQL answers at ${serverUrl}`);
else if (!pgTools) skip('pg_dump or pg_restore is missing');
else await run(serverUrl);

console.log(`\n${ORDERS} open orders of ${USERS} users, node ${process.version}, ${os.cpus().length} cores; backup = pg_dump --format=custom, restore = pg_restore --single-transaction into an empty database`);
console.table(rows);
