// npm run bench:pol-snapshot: a whole proof-of-liabilities snapshot as the server takes it (liabilities/
// snapshot.ts: the repeatable-read read of every user's buckets and the ledger totals, leaves, tree, and every
// leaf and inner node written), then a user's proof read back and checked, and the audit's
// liabilities_match_ledger check, on PGlite in memory and on PostgreSQL when one answers. BENCH_USERS users
// (100,000) each hold USDT and half of them BTC, written straight into ledger_accounts with one balancing
// journal entry (no users rows: the snapshot reads the ledger only). Prints times and the peak RSS.
// BENCH_SMOKE=1 (npm test): 300 users.
import { sql } from 'drizzle-orm';
import { verifyProof } from '../packages/contract/src/liabilities-proof.ts';
import { queryRows, type Db } from '../apps/server/src/db/client.ts';
import { proofOf } from '../apps/server/src/liabilities/proof.ts';
import { selectLiabilityMismatches } from '../apps/server/src/liabilities/repository.ts';
import { takeSnapshot } from '../apps/server/src/liabilities/snapshot.ts';
import { seedSite } from '../apps/server/src/site/seed.ts';
import { benchDatabases, smokeCheck, smokeOr } from './support.ts';

const USERS = Number(process.env.BENCH_USERS ?? smokeOr(100_000, 300));
const PROOFS = 20;

/** Every user's accounts with a figure and its posting, balanced by one deposits-in-transit posting per coin. */
async function fill(db: Db) {
  await seedSite(db);
  await db.execute(sql`
    insert into ledger_accounts (user_id, currency_id, kind, available, frozen, locked)
    select u, c.id, 'spot', ((u::bigint * 7919 + c.id * 104729) % 1000000)::numeric / 1000 + 0.000000000000000001, 0, 0
    from generate_series(1, ${USERS}) u
    join currencies c on c.name = 'USDT' or (c.name = 'BTC' and u % 2 = 0)`);
  await db.execute(sql`insert into ledger_accounts (system, currency_id, kind) select 'deposits_in_transit', id, 'system' from currencies where name in ('USDT', 'BTC')`);
  const [entry] = await queryRows<{ id: number }>(db, sql`insert into ledger_entries (kind, ref_type, ref_id) values ('deposit', 'bench', 'pol') returning id`);
  await db.execute(sql`
    insert into ledger_postings (entry_id, account_id, currency_id, bucket, amount, balance_after)
    select ${entry!.id}, id, currency_id, 'available', available, available from ledger_accounts where user_id is not null`);
  await db.execute(sql`
    insert into ledger_postings (entry_id, account_id, currency_id, bucket, amount, balance_after)
    select ${entry!.id}, s.id, s.currency_id, 'available', -t.total, -t.total
    from ledger_accounts s join (select currency_id, sum(available) as total from ledger_accounts where user_id is not null group by currency_id) t on t.currency_id = s.currency_id
    where s.system = 'deposits_in_transit'`);
  await db.execute(sql`update ledger_accounts s set available = p.amount from ledger_postings p where p.account_id = s.id and s.system = 'deposits_in_transit'`);
}

let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);
const rows: Record<string, string | number>[] = [];
let ok = true;
for (const target of await benchDatabases({ prefix: 'fairex_bench_pol' })) {
  const { database, dispose } = await target.open();
  try {
    const db = database.db;
    let t = performance.now();
    await fill(db);
    const fillS = (performance.now() - t) / 1000;
    peakRss = process.memoryUsage().rss;
    t = performance.now();
    const id = await takeSnapshot(db, { reason: 'operator', now: Date.now(), markOf: () => undefined });
    const snapshotS = (performance.now() - t) / 1000;
    const snapshotRss = peakRss;
    t = performance.now();
    let verified = 0;
    for (let i = 0; i < PROOFS; i++) {
      const { proof } = await proofOf(db, 1 + Math.floor((i * USERS) / PROOFS), id);
      if (proof && verifyProof(proof).ok) verified++;
    }
    const proofMs = (performance.now() - t) / PROOFS;
    t = performance.now();
    const mismatches = await selectLiabilityMismatches(db, 20);
    const auditS = (performance.now() - t) / 1000;
    ok = smokeCheck(verified === PROOFS && mismatches.length === 0, `${target.name}: ${verified}/${PROOFS} proofs, ${mismatches.length} mismatches`) && ok;
    rows.push({
      database: target.name,
      users: USERS,
      'fill s': fillS.toFixed(1),
      'snapshot s': snapshotS.toFixed(1),
      'peak RSS MiB': Math.round(snapshotRss / 2 ** 20),
      'proof ms': proofMs.toFixed(1),
      'audit check s': auditS.toFixed(2),
      'proofs verified': `${verified}/${PROOFS}`,
    });
  } finally {
    await dispose();
  }
}
clearInterval(sampler);
console.table(rows);
process.exit(ok ? 0 : 1);
