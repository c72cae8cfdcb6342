// npm run bench:ledger: entries per second through ledger.post, each in its own transaction as real
// callers do, and through postMany, BATCH_ENTRIES entries per transaction as bulk paths (settlements,
// interest, mirroring) do, on PGlite (memory and a temp data dir) and on PostgreSQL when one answers
// (TEST_DATABASE_URL, or 127.0.0.1:5432; a scratch database, dropped afterwards). Every entry has two
// legs, so postings/s is twice entries/s. Ends with the time audit() takes over ~300,000 postings.
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../apps/server/src/db/client.ts';
import { benchDatabases, smokeCheck, smokeOr } from './support.ts';
import { DomainError } from '../apps/server/src/http/errors.ts';
import { audit, postMany, systemAccount, transfer, userAccount } from '../apps/server/src/ledger/index.ts';
import { seedSite } from '../apps/server/src/site/seed.ts';

const RUN_MS = Number(process.env.BENCH_RUN_MS ?? smokeOr(3000, 300));
const USERS = smokeOr(1000, 20);
const CONCURRENT_POSTERS = smokeOr([8, 16], [4]);
const AUDIT_ENTRIES = smokeOr(150_000, 1_000);
/** Entries per postMany call (one transaction) in the batched scenarios. */
const BATCH_ENTRIES = smokeOr(500, 20);
/** Every entry's reference is unique (the journal refuses a second entry of one kind for one business row). */
let nextRef = 0;

/** A random amount with up to 18 decimals below 10, built as digits (no floats touch the amount). */
function randomAmount(): string {
  const digits = Array.from({ length: 1 + Math.floor(Math.random() * 18) }, () => Math.floor(Math.random() * 10)).join('');
  return `${Math.floor(Math.random() * 10)}.${digits}`;
}
const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;

type Move = { from: number; to: number; amount: string };

/** `posters` loops, each posting one transfer per transaction until the time is up. */
async function drive(db: Db, posters: number, nextMove: () => Move) {
  const deadline = performance.now() + RUN_MS;
  const started = performance.now();
  let entries = 0;
  let refused = 0;
  await Promise.all(
    Array.from({ length: posters }, async () => {
      while (performance.now() < deadline) {
        const move = nextMove();
        try {
          await db.transaction((tx) => transfer(tx, move.from, move.to, move.amount, { kind: 'transfer', refType: 'bench', refId: nextRef++ }));
          entries++;
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
          refused++;
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { entries, refused, seconds };
}

/** `posters` loops, each posting BATCH_ENTRIES transfers per transaction through postMany until the time is up. */
async function driveBatches(db: Db, posters: number, nextMove: () => Move) {
  const deadline = performance.now() + RUN_MS;
  const started = performance.now();
  let entries = 0;
  let refused = 0;
  await Promise.all(
    Array.from({ length: posters }, async () => {
      while (performance.now() < deadline) {
        const batch = Array.from({ length: BATCH_ENTRIES }, () => {
          const move = nextMove();
          return { kind: 'transfer', refType: 'bench', refId: nextRef++, legs: [{ accountId: move.from, amount: `-${move.amount}` }, { accountId: move.to, amount: move.amount }] };
        });
        try {
          await db.transaction((tx) => postMany(tx, batch));
          entries += batch.length;
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
          refused += batch.length;
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { entries, refused, seconds };
}

/**
 * Fills the journal with balanced two-leg entries in bulk SQL (setup only), so audit() runs at scale: each
 * pays 0.000001 from `sourceId` to a user, with balance_after the running sum as the ledger writes it.
 */
async function fillJournal(db: Db, usdt: number, sourceId: number) {
  await db.execute(sql`
    with e as (
      insert into ledger_entries (kind, ref_type, ref_id)
      select 'bench_bulk', 'bench', g::text from generate_series(1, ${AUDIT_ENTRIES}) g returning id),
    u as (
      select id, row_number() over (order by id) - 1 as slot, count(*) over () as total
      from ledger_accounts where user_id is not null and currency_id = ${usdt}),
    legs as (
      select e.id as entry_id, 0 as leg, u.id as account_id, 0.000001::numeric as amount from e join u on u.slot = e.id % u.total
      union all
      select e.id, 1, ${sourceId}::int, -0.000001::numeric from e)
    insert into ledger_postings (entry_id, account_id, currency_id, bucket, amount, balance_after)
    select l.entry_id, l.account_id, ${usdt}::int, 'available', l.amount,
      a.available + sum(l.amount) over (partition by l.account_id order by l.entry_id, l.leg)
    from legs l join ledger_accounts a on a.id = l.account_id
    order by l.entry_id, l.leg`);
  await db.execute(sql`
    update ledger_accounts a set available = a.available + s.total
    from (select p.account_id, sum(p.amount) as total from ledger_postings p
          join ledger_entries e on e.id = p.entry_id where e.kind = 'bench_bulk' group by p.account_id) s
    where a.id = s.account_id`);
}

const rows: Record<string, string | number>[] = [];
const record = (database: string, scenario: string, posters: number, r: { entries: number; refused: number; seconds: number }) =>
  rows.push({
    database,
    scenario,
    posters,
    entries: r.entries,
    refused: r.refused,
    'entries/s': Math.round(r.entries / r.seconds),
    'postings/s': Math.round((2 * r.entries) / r.seconds),
  });
const audits: Record<string, string | number>[] = [];

for (const target of await benchDatabases({ pgliteDir: true, prefix: 'fairex_ledger_bench' })) {
  const { database, dispose } = await target.open();
  const db = database.db;
  try {
    await seedSite(db);
    const [coin] = await queryRows<{ id: number }>(db, sql`select id from currencies where name = 'USDT'`);
    const usdt = coin!.id;
    const source = await systemAccount(db, 'deposits_in_transit', usdt);

    // (a) one pair moving 0.01 back and forth.
    const a = await userAccount(db, 1, usdt, 'spot');
    const b = await userAccount(db, 2, usdt, 'spot');
    for (const id of [a, b]) await db.transaction((tx) => transfer(tx, source, id, '1000', { kind: 'deposit', refType: 'bench_account', refId: id }));
    let flip = false;
    const pairMove = (): Move => ((flip = !flip) ? { from: a, to: b, amount: '0.01' } : { from: b, to: a, amount: '0.01' });
    record(target.name, 'pair, 0.01 back and forth', 1, await drive(db, 1, pairMove));

    // (b) 1,000 funded users, random amounts between random pairs.
    const users: number[] = [];
    await db.transaction(async (tx) => {
      for (let userId = 100; userId < 100 + USERS; userId++) {
        const id = await userAccount(tx, userId, usdt, 'spot');
        await transfer(tx, source, id, '1000', { kind: 'deposit', refType: 'bench_user', refId: userId });
        users.push(id);
      }
    });
    const randomMove = (): Move => {
      const from = pick(users);
      let to = pick(users);
      while (to === from) to = pick(users);
      return { from, to, amount: randomAmount() };
    };
    record(target.name, `random pairs of ${USERS} users`, 1, await drive(db, 1, randomMove));
    record(target.name, `random pairs, postMany of ${BATCH_ENTRIES}`, 1, await driveBatches(db, 1, randomMove));

    // Concurrent posters only mean something where transactions really run in parallel.
    if (database.kind === 'postgres') {
      for (const posters of CONCURRENT_POSTERS) record(target.name, `random pairs of ${USERS} users`, posters, await drive(db, posters, randomMove));
      record(target.name, `random pairs, postMany of ${BATCH_ENTRIES}`, 4, await driveBatches(db, 4, randomMove));
      const hotMove = (): Move => (Math.random() < 0.5 ? { from: a, to: b, amount: '0.01' } : { from: b, to: a, amount: '0.01' });
      record(target.name, 'one hot pair (lock contention)', 8, await drive(db, 8, hotMove));
    }

    const fillStarted = performance.now();
    await fillJournal(db, usdt, source);
    const fillMs = performance.now() - fillStarted;
    const auditStarted = performance.now();
    const result = await audit(db);
    smokeCheck(result.ok, `${target.name}: ledger audit`);
    audits.push({
      database: target.name,
      entries: result.entries,
      postings: result.postings,
      'audit ms': Math.round(performance.now() - auditStarted),
      ok: String(result.ok),
      'bulk fill ms': Math.round(fillMs),
    });
  } finally {
    await dispose();
  }
}

console.log(`\n${RUN_MS} ms per run, node ${process.version}, ${os.cpus().length} cores; every entry is one transaction of 2 legs`);
console.table(rows);
console.table(audits);
smokeCheck(rows.every((r) => Number(r.entries) > 0), 'every scenario posted entries');
