// npm run bench:copy: time to mirror one trader order to 10,000 followers (issue 15: target under 1 s,
// batched persistence). A trader opens a market position through the contract service; its copies open
// from the outbox row written in that transaction: the followers' accounts locked and read at once, the
// copies written in one statement per 2,000, the money in ledger entries of up to 1,024 legs. Then the
// trader closes and the copies close at the same tick (with the profit share). The order and the close
// each wait for the first tick after them, which the bench records at once. Measured end to end,
// from the trader's order to every copy committed and the followers' liquidation triggers recomputed
// (no realtime listeners here). PGlite in memory and PostgreSQL when one answers.
// Set-up (untimed): BENCH_FOLLOWERS users (10,000), each funded through the ledger (one postMany of
// deposits into their contract accounts) and following the trader at 1x. Every round checks that each
// follower's copy opened and closed, and the ledger audit runs at the end: a missing copy or a failed
// audit sets exit code 1. BENCH_SMOKE=1 (npm test): 20 followers, 2 rounds (a winning and a losing close).
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { ContractService } from '../apps/server/src/contracts/service.ts';
import { CopyService } from '../apps/server/src/copy/service.ts';
import { queryRows, type Db } from '../apps/server/src/db/client.ts';
import { audit, postMany, systemAccount } from '../apps/server/src/ledger/index.ts';
import { createEventBus } from '../apps/server/src/events/bus.ts';
import type { RecordedTick, TickStore } from '../apps/server/src/markets/ticks.ts';
import { seedMarkets } from '../apps/server/src/markets/seed.ts';
import { seedSite } from '../apps/server/src/site/seed.ts';
import { UploadUrls } from '../apps/server/src/uploads/signing.ts';
import { benchDatabases, percentile, smokeCheck, smokeOr } from './support.ts';

const FOLLOWERS = Number(process.env.BENCH_FOLLOWERS ?? smokeOr(10_000, 20));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? smokeOr(5, 2));
/** What each user (the trader too) is funded with: enough for every round's copy. */
const FUNDING = '1000000';
const SYMBOL = 'BTCUSDT';

class BenchTicks implements TickStore {
  private last: RecordedTick | undefined;
  constructor(private readonly db: Db, private readonly symbolId: number) {}
  latest(symbol: string) {
    return symbol === SYMBOL ? this.last : undefined;
  }
  async at() {
    return this.last;
  }
  onTick() {
    return () => {};
  }
  /** The tick an order waits for, recorded at once at the latest price: the bench measures mirroring, not the feed's interval. */
  async firstAfter(_symbol: string, time: number) {
    // Stamped after the order, never ahead of the clock (a copy opens only on a tick at or before now).
    while (Date.now() <= time) await new Promise((resolve) => setTimeout(resolve, 1));
    return this.record(this.last!.price);
  }
  async record(price: string) {
    const time = Date.now();
    const [row] = await queryRows<{ id: string }>(this.db, sql`insert into index_ticks (symbol_id, price, time) values (${this.symbolId}, ${price}, ${time}) returning id::text`);
    this.last = { id: row!.id, symbol: SYMBOL, price, time };
    return this.last;
  }
}

async function setUp(db: Db) {
  await seedSite(db);
  await seedMarkets(db);
  const [symbol] = await queryRows<{ id: number; quote: number }>(db, sql`select id, quote_currency_id as quote from market_symbols where symbol = ${SYMBOL}`);
  await db.execute(sql`insert into users (account, password_hash, extension_code) select 'bench-' || g, 'x', 'BENCH' || g from generate_series(0, ${FOLLOWERS}) g`);
  await db.execute(sql`insert into ledger_accounts (user_id, currency_id, kind) select id, ${symbol!.quote}, 'contract' from users where account like 'bench-%'`);
  const accounts = await queryRows<{ id: number }>(db, sql`select id from ledger_accounts where kind = 'contract' and user_id in (select id from users where account like 'bench-%') order by id`);
  await db.transaction(async (tx) => {
    const source = await systemAccount(tx, 'deposits_in_transit', symbol!.quote);
    const entries = accounts.map((a) => ({
      kind: 'deposit',
      refType: 'bench_funding',
      refId: a.id,
      legs: [
        { accountId: source, amount: `-${FUNDING}` },
        { accountId: a.id, amount: FUNDING },
      ],
    }));
    await postMany(tx, entries);
  });
  const [trader] = await queryRows<{ id: number }>(db, sql`select id from users where account = 'bench-0'`);
  await db.execute(sql`insert into copy_traders (user_id, status, agreement, applied_at, decided_at) values (${trader!.id}, 'approved', 'en', now(), now())`);
  await db.execute(sql`insert into copy_follows (follower_id, trader_id, type, number, status, profit_share_rate, created_at, updated_at)
    select id, ${trader!.id}, 'multiple', 1, 'following', 0.1, now(), now() from users where account like 'bench-%' and id <> ${trader!.id}`);
  // The bulk-loaded tables analyzed, as autovacuum would have done by the time a trader has 10,000 followers.
  for (const table of ['users', 'ledger_accounts', 'copy_follows']) await db.execute(sql.raw(`analyze ${table}`));
  return { symbol: symbol!, traderId: trader!.id };
}

const rows: Record<string, string | number>[] = [];
for (const target of await benchDatabases({ prefix: 'fairex_copy_bench' })) {
  const { database, dispose } = await target.open();
  const db = database.db;
  try {
    const { symbol, traderId } = await setUp(db);
    const ticks = new BenchTicks(db, symbol.id);
    await ticks.record('65000');
    const contracts = await ContractService.open(db, ticks, createEventBus());
    const copy = new CopyService(db, { contracts, uploads: await UploadUrls.open(db), onError: (error) => console.error(error) });
    const opens: number[] = [];
    const closes: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // Orders and copies open only on a fresh mark (index-freshness.ts): a tick just before each order.
      await ticks.record('65000');
      let started = performance.now();
      const position = await contracts.submit(traderId, { currency_id: symbol.id, legal_id: symbol.quote, share: 2, multiple: 10, type: 'long', status: 'market' });
      await copy.settled();
      opens.push(performance.now() - started);
      const [open] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from contract_positions where copy_of = ${position.id} and status = 'open'`);
      smokeCheck(open!.n === FOLLOWERS, `${target.name}: ${open!.n} copies open, expected ${FOLLOWERS}`);
      await ticks.record(round % 2 === 0 ? '65500' : '64500');
      started = performance.now();
      await contracts.close(traderId, position.id);
      await copy.settled();
      closes.push(performance.now() - started);
      const [closed] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from contract_positions where copy_of = ${position.id} and status = 'closed'`);
      smokeCheck(closed!.n === FOLLOWERS, `${target.name}: ${closed!.n} copies closed, expected ${FOLLOWERS}`);
    }
    const audited = await audit(db);
    smokeCheck(audited.ok, `${target.name}: ledger audit failed: ${audited.checks.filter((c) => !c.ok).map((c) => c.name).join(', ')}`);
    const stats = (samples: number[]) => {
      const sorted = [...samples].sort((a, b) => a - b);
      return { rounds: samples.length, 'p50 ms': percentile(sorted, 50).toFixed(0), 'max ms': (sorted.at(-1) ?? 0).toFixed(0) };
    };
    const checked = { audit: audited.ok ? 'ok' : 'FAILED' };
    rows.push({ database: target.name, step: `open: trader order -> ${FOLLOWERS} copies`, ...stats(opens), ...checked });
    rows.push({ database: target.name, step: `close: trader close -> ${FOLLOWERS} copies closed (+ profit share)`, ...stats(closes), ...checked });
    await contracts.stop();
  } finally {
    await dispose();
  }
}

console.log(`\nbench:copy on ${os.cpus().length} CPU(s), Node ${process.version}: one trader, ${FOLLOWERS} followers at 1x (target: open under 1 s)`);
console.table(rows);
