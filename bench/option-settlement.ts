// npm run bench:options (also the second half of npm run bench:liquidation): seconds-option settlement
// throughput. 50,000 open orders of 1,000 users on BTCUSDT expire within 5 seconds (20 settlement
// windows of 2,500 orders); half are up and win (close 100.5 above open 100), half are down and lose.
// The scheduler runs the windows' settlement jobs (options/service.ts: the orders of a window with their
// ticks in force, the exposure, the pool, the payout entries and the order rows in one transaction each)
// and the bench prints expiries settled per second, on PGlite in memory and on PostgreSQL when one
// answers (TEST_DATABASE_URL or 127.0.0.1:5432). Target: 20,000 expiries/s on PostgreSQL.
// Orders are set up in bulk SQL (setup only, untimed), their stakes not posted (the pool is funded from
// equity as at first start, so it pays every win); the figures and the ledger audit are checked after the
// run (exit code 1 when either fails). BENCH_SMOKE=1 (npm test): 40 orders of 4 users over 2 windows.
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../apps/server/src/db/client.ts';
import { createEventBus } from '../apps/server/src/events/bus.ts';
import { JobScheduler, scheduleJob } from '../apps/server/src/jobs/scheduler.ts';
import type { RecordedTick, TickStore } from '../apps/server/src/markets/ticks.ts';
import { seedMarkets } from '../apps/server/src/markets/seed.ts';
import { fundOptionPool } from '../apps/server/src/options/pool.ts';
import { OPTION_SETTLE_JOB, OptionsService, settleWindowEnd } from '../apps/server/src/options/service.ts';
import { seedSite } from '../apps/server/src/site/seed.ts';
import { audit } from '../apps/server/src/ledger/index.ts';
import { benchDatabases, smokeCheck, smokeOr } from './support.ts';

const ORDERS = Number(process.env.BENCH_OPTION_ORDERS ?? smokeOr(50_000, 40));
const USERS = smokeOr(1_000, 4);
const SPREAD_MS = smokeOr(5_000, 500);
const SYMBOL = 'BTCUSDT';
const BASE = Date.parse('2026-11-23T10:00:00Z');

/** The ticks of the run: the open at BASE - 30 s, the close just before the first expiry, one after the last. */
class BenchTicks implements TickStore {
  last: RecordedTick | undefined;
  latest(symbol: string) {
    return symbol === SYMBOL ? this.last : undefined;
  }
  async at() {
    return this.last;
  }
  onTick() {
    return () => {};
  }
  /** The run's ticks are all set up front: none is recorded after the last. */
  async firstAfter(_symbol: string, time: number) {
    return this.last && this.last.time > time ? this.last : undefined;
  }
}

async function tick(db: Db, symbolId: number, price: string, time: number): Promise<RecordedTick> {
  const [row] = await queryRows<{ id: string }>(db, sql`insert into index_ticks (symbol_id, price, time) values (${symbolId}, ${price}, ${time}) returning id::text`);
  return { id: row!.id, symbol: SYMBOL, price, time };
}

async function setUp(db: Db, ticks: BenchTicks) {
  await seedSite(db);
  await seedMarkets(db);
  await fundOptionPool(db);
  const [symbol] = await queryRows<{ id: number; quote: number }>(db, sql`select id, quote_currency_id as quote from market_symbols where symbol = ${SYMBOL}`);
  const { id: symbolId, quote } = symbol!;
  await db.execute(sql`insert into users (account, password_hash, extension_code)
    select 'bench-' || g, 'x', 'BENCH' || g from generate_series(1, ${USERS}) g`);
  await db.execute(sql`insert into ledger_accounts (user_id, currency_id, kind)
    select id, ${quote}, 'options' from users where account like 'bench-%'`);
  const open = await tick(db, symbolId, '100', BASE - 30_000);
  await db.execute(sql`insert into option_orders
      (user_id, symbol_id, currency_id, direction, seconds, stake, fee, payout_ratio, open_tick_id, open_price, open_time, accepted_at, expires_at)
    select u.min_id + g % ${USERS}, ${symbolId}, ${quote}, case when g % 2 = 0 then 'up' else 'down' end, 30, 10, 0.01, 0.8,
      ${open.id}::bigint, 100, ${open.time}::bigint, ${open.time - 1}::bigint, ${BASE}::bigint + g % ${SPREAD_MS}
    from generate_series(1, ${ORDERS}) g, (select min(id) as min_id from users where account like 'bench-%') u`);
  await db.execute(sql`insert into option_exposure (symbol_id, direction, open_stake)
    select ${symbolId}, direction, sum(stake) from option_orders group by direction`);
  const windows = new Set<number>();
  for (let ms = 0; ms < SPREAD_MS; ms++) windows.add(settleWindowEnd(BASE + ms));
  for (const upTo of windows) await scheduleJob(db, { name: OPTION_SETTLE_JOB, key: `${symbolId}:${upTo}`, runAt: new Date(upTo), payload: { symbolId, upTo } });
  // The bulk load's statistics, as autovacuum keeps them on a live table (without them the planner takes
  // the 50,000 fresh rows for a handful).
  await db.execute(sql`analyze option_orders`);
  // In force at every expiry; the latest tick, after them all, makes it final.
  await tick(db, symbolId, '100.5', BASE - 1);
  ticks.last = await tick(db, symbolId, '100.5', BASE + SPREAD_MS);
  return { symbolId, windows: windows.size };
}

const rows: Record<string, string | number>[] = [];
for (const target of await benchDatabases({ prefix: 'fairex_options_bench' })) {
  const { database, dispose } = await target.open();
  const db = database.db;
  try {
    const ticks = new BenchTicks();
    const { windows } = await setUp(db, ticks);
    const now = () => BASE + SPREAD_MS + 1_000;
    const service = new OptionsService(db, { ticks, bus: createEventBus(), indexFreshMs: 10_000, now });
    const scheduler = new JobScheduler(db, { now });
    service.register(scheduler);
    const started = performance.now();
    let jobs = 0;
    for (let ran = await scheduler.runDue(); ran > 0; ran = await scheduler.runDue()) jobs += ran;
    const seconds = (performance.now() - started) / 1000;
    const [check] = await queryRows<{ open: number; wins: number; paid: string }>(
      db,
      sql`select count(*) filter (where status = 'open')::int as open, count(*) filter (where outcome = 'win')::int as wins,
        coalesce(sum(payout), 0)::text as paid from option_orders`,
    );
    const complete = check!.open === 0 && check!.wins === Math.floor(ORDERS / 2) && Number(check!.paid) === Math.floor(ORDERS / 2) * 18;
    smokeCheck(complete, `${target.name}: settlement incomplete: ${JSON.stringify(check)}`);
    const audited = await audit(db);
    smokeCheck(audited.ok, `${target.name}: ledger audit fails: ${audited.checks.filter((c) => !c.ok).map((c) => c.name).join(', ')}`);
    rows.push({
      database: target.name,
      orders: ORDERS,
      windows,
      'jobs run': jobs,
      seconds: seconds.toFixed(2),
      'expiries/s': Math.round(ORDERS / seconds),
      audit: audited.ok && complete ? 'ok' : 'FAILED',
    });
  } finally {
    await dispose();
  }
}

console.log(`\nbench:options on ${os.cpus().length} CPU(s), Node ${process.version}: ${ORDERS} seconds options expiring in ${SPREAD_MS / 1000} s, half winning`);
console.table(rows);
