// npm run bench:liquidation: one mark tick against 100,000 open positions on one symbol (BTCUSDT), each
// with a stop-loss and a take-profit, their accounts' liquidation triggers too (~201,000 entries).
//  1. the in-memory trigger core alone (contracts/trigger-index.ts): p50/p99 of one tick that crosses a
//     few entries (200 ticks, one crossed each), and of one tick that crosses 1,000 (10 ticks);
//  2. the full path (ContractService.onTick): the same ticks, the crossed positions closed at the mark
//     together (up to 1,000 in one transaction: the positions locked in one statement, the accounts
//     locked and read in one, the ledger entries written by one postMany, one UPDATE for the rows) and
//     their accounts' triggers recomputed incrementally (their balances read in one query, their other
//     positions' figures as kept in memory: contracts/exposures.ts); then 10 ticks that each cross 1,000
//     other accounts' liquidation triggers (one 100x short each), liquidated the same way. Realtime is
//     listened to, so each closed position and its account's figures are told within the tick. PGlite in
//     memory and PostgreSQL when one answers (TEST_DATABASE_URL or 127.0.0.1:5432; BENCH_DATABASES=postgres
//     picks one). Also timed: the periodic refresh of every account's trigger (each reads every balance and
//     a twelfth of the open positions again).
// Set-up (untimed, bulk SQL): 1,000 users with 100 long positions each (65,000, 1x, margin 650 USDT) and
// 10,000 users with one short each (100x), every position's margin and fee paid through the ledger (a
// deposit and an opening entry per user, one postMany); each tick checks how many positions it closed and
// the ledger audit runs at the end: a wrong count or a failed audit sets exit code 1.
// BENCH_SMOKE=1 (npm test): 20 long positions of 4 users, bands of 5, 2 ticks of 5 liquidations.
import os from 'node:os';
import { add } from '@fairex/contract';
import { sql } from 'drizzle-orm';
import { ContractService, TRIGGER_RESYNC_SLICES } from '../apps/server/src/contracts/service.ts';
import { updateSettings } from '../apps/server/src/contracts/repository.ts';
import { TriggerIndex } from '../apps/server/src/contracts/trigger-index.ts';
import { queryRows, type Db } from '../apps/server/src/db/client.ts';
import { createEventBus } from '../apps/server/src/events/bus.ts';
import { audit, postMany, systemAccount, type Entry } from '../apps/server/src/ledger/index.ts';
import { nextTickHeard, type RecordedTick, type TickStore } from '../apps/server/src/markets/ticks.ts';
import { seedMarkets } from '../apps/server/src/markets/seed.ts';
import { seedSite } from '../apps/server/src/site/seed.ts';
import { benchDatabases, percentile, smokeCheck, smokeOr } from './support.ts';

const POSITIONS = Number(process.env.BENCH_POSITIONS ?? smokeOr(100_000, 20));
const USERS = smokeOr(1_000, 4);
/** "Few crossed": positions with stop-losses 5 apart from 64,995 down, one crossed per tick. */
const FEW_TICKS = smokeOr(200, 4);
/** "1,000 crossed": bands of 1,000 stop-losses at 63,000, 62,900, ... one band per tick. */
const BAND_SIZE = smokeOr(1_000, 5);
const BAND_TICKS = smokeOr(10, 2);
/** "1,000 liquidated": bands of 1,000 accounts holding one 100x short each, opened 300 apart from 66,000; one band per tick. */
const LIQUIDATION_BAND = smokeOr(1_000, 5);
const LIQUIDATION_TICKS = smokeOr(10, 2);
const SYMBOL = 'BTCUSDT';
if (POSITIONS < FEW_TICKS + BAND_SIZE * BAND_TICKS) throw new Error(`BENCH_POSITIONS must be at least ${FEW_TICKS + BAND_SIZE * BAND_TICKS}`);

/** Stop-loss of position g (1-based): the few-crossed ladder, then the bands, then far below every tick. */
function stopLoss(g: number): string {
  if (g <= FEW_TICKS) return String(65_000 - 5 * g);
  if (g <= FEW_TICKS + BAND_SIZE * BAND_TICKS) return String(63_000 - 100 * Math.floor((g - FEW_TICKS - 1) / BAND_SIZE));
  return String(40_000 + (g % 15_000));
}
const takeProfit = (g: number) => String(70_000 + (g % 30_000));
const fewTickPrices = Array.from({ length: FEW_TICKS }, (_, i) => String(65_000 - 5 * (i + 1)));
const bandTickPrices = Array.from({ length: BAND_TICKS }, (_, i) => String(63_000 - 100 * i));
// A short opened at 66,000 + 300 b (100x, maintenance 50 %) is due at about 66,330 + 300 b: the tick at
// 66,400 + 300 b crosses band b alone (every TP is at 70,000 or above).
const liquidationTickPrices = Array.from({ length: LIQUIDATION_TICKS }, (_, b) => String(66_400 + 300 * b));

const stats = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return { ticks: samples.length, 'p50 ms': percentile(sorted, 50).toFixed(3), 'p99 ms': percentile(sorted, 99).toFixed(3), 'max ms': (sorted.at(-1) ?? 0).toFixed(3) };
};
const rows: Record<string, string | number>[] = [];

// ---------------------------------------------------------------- 1. the core alone
{
  const index = new TriggerIndex<number>();
  const entries = [];
  for (let g = 1; g <= POSITIONS; g++) {
    entries.push({ key: `stop_loss:${g}`, price: stopLoss(g), when: 'below' as const, value: g });
    entries.push({ key: `take_profit:${g}`, price: takeProfit(g), when: 'above' as const, value: g });
  }
  for (let u = 1; u <= USERS; u++) entries.push({ key: `liquidation:${u}:1`, price: '32500', when: 'below' as const, value: -u });
  const loadStarted = performance.now();
  index.load(SYMBOL, entries);
  const loadMs = performance.now() - loadStarted;
  const run = (prices: string[], expected: number) => {
    const samples: number[] = [];
    for (const price of prices) {
      const started = performance.now();
      const crossed = index.cross(SYMBOL, price);
      // A closed position's take-profit leaves the index too.
      for (const entry of crossed) index.remove(SYMBOL, `take_profit:${entry.value}`);
      samples.push(performance.now() - started);
      if (crossed.length !== expected) throw new Error(`tick ${price} crossed ${crossed.length}, expected ${expected}`);
    }
    return samples;
  };
  rows.push({ path: 'core (in memory)', database: '-', scenario: `1 crossed of ${entries.length} entries`, ...stats(run(fewTickPrices, 1)) });
  rows.push({ path: 'core (in memory)', database: '-', scenario: `${BAND_SIZE} crossed`, ...stats(run(bandTickPrices, BAND_SIZE)) });
  console.log(`core: ${entries.length} entries loaded in ${loadMs.toFixed(0)} ms`);
  console.table(rows);
}
/** BENCH_CORE_ONLY=1 measures the in-memory core only (the full path sets up 100,000 rows per database). */
const targets = process.env.BENCH_CORE_ONLY ? [] : await benchDatabases({ prefix: 'fairex_liquidation_bench' });

// ---------------------------------------------------------------- 2. the full path
/** Ticks the bench records itself (rows of index_ticks), handed to the service as the recorded index does. */
class BenchTicks implements TickStore {
  private last: RecordedTick | undefined;
  private readonly listeners = new Set<(tick: RecordedTick) => void>();
  constructor(private readonly db: Db, private readonly symbolId: number) {}
  latest(symbol: string) {
    return symbol === SYMBOL ? this.last : undefined;
  }
  async at() {
    return this.last;
  }
  onTick(listener: (tick: RecordedTick) => void) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  async firstAfter(symbol: string, time: number, withinMs: number) {
    return this.last && this.last.time > time ? this.last : nextTickHeard(this, symbol, time, withinMs);
  }
  async record(price: string): Promise<RecordedTick> {
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
  const liquidated = LIQUIDATION_BAND * LIQUIDATION_TICKS;
  await db.execute(sql`insert into users (account, password_hash, extension_code)
    select 'bench-' || g, 'x', 'BENCH' || g from generate_series(1, ${USERS}) g
    union all select 'bench-short-' || g, 'x', 'BENCHS' || g from generate_series(1, ${liquidated}) g`);
  await db.execute(sql`insert into ledger_accounts (user_id, currency_id, kind) select id, ${symbol!.quote}, 'contract' from users where account like 'bench-%'`);
  const [first] = await queryRows<{ id: number }>(db, sql`select min(id)::int as id from users where account like 'bench-%' and account not like 'bench-short-%'`);
  // The longs (stopLoss and takeProfit above, in SQL), then one short per liquidated account.
  await db.execute(sql`insert into contract_positions
      (user_id, symbol_id, currency_id, side, order_kind, status, lots, multiple, contract_size, open_price, margin, fee, take_profit, stop_loss, opened_at)
    select ${first!.id} + g % ${USERS}, ${symbol!.id}, ${symbol!.quote}, 'long', 'market', 'open', 1, 1, 0.01, 65000, 650, 0.65,
      70000 + g % 30000,
      case when g <= ${FEW_TICKS} then 65000 - 5 * g
        when g <= ${FEW_TICKS + BAND_SIZE * BAND_TICKS} then 63000 - 100 * ((g - ${FEW_TICKS} - 1) / ${BAND_SIZE})
        else 40000 + g % 15000 end,
      now()
    from generate_series(1, ${POSITIONS}) g`);
  await db.execute(sql`insert into contract_positions
      (user_id, symbol_id, currency_id, side, order_kind, status, lots, multiple, contract_size, open_price, margin, fee, opened_at)
    select u.id, ${symbol!.id}, ${symbol!.quote}, 'short', 'market', 'open', 1, 100, 0.01, o.price, o.price * 0.0001, o.price * 0.00001, now()
    from users u, lateral (select 66000 + 300 * ((substr(u.account, 13)::int - 1) / ${LIQUIDATION_BAND}) as price) o
    where u.account like 'bench-short-%'`);
  // Every position's margin and fee through the ledger: per user, a deposit of them, then their opening.
  const owed = await queryRows<{ user_id: number; account_id: number; margin: string; fee: string }>(
    db,
    sql`select p.user_id, a.id as account_id, sum(p.margin)::text as margin, sum(p.fee)::text as fee
      from contract_positions p join ledger_accounts a on a.user_id = p.user_id and a.currency_id = p.currency_id and a.kind = 'contract'
      group by p.user_id, a.id order by p.user_id`,
  );
  await db.transaction(async (tx) => {
    const deposits = await systemAccount(tx, 'deposits_in_transit', symbol!.quote);
    const margins = await systemAccount(tx, 'contract_margins', symbol!.quote);
    const fees = await systemAccount(tx, 'fees', symbol!.quote);
    const entries: Entry[] = owed.flatMap(({ user_id, account_id, margin, fee }): Entry[] => {
      const total = add(margin, fee);
      return [
        { kind: 'deposit', refType: 'bench_funding', refId: user_id, legs: [{ accountId: deposits, amount: `-${total}` }, { accountId: account_id, amount: total }] },
        {
          kind: 'contract_open',
          refType: 'bench_positions',
          refId: user_id,
          legs: [{ accountId: account_id, amount: `-${total}` }, { accountId: margins, amount: margin }, { accountId: fees, amount: fee }],
        },
      ];
    });
    await postMany(tx, entries);
  });
  // The bulk load's statistics, as autovacuum keeps them on a live table.
  await db.execute(sql`analyze contract_positions`);
  await db.execute(sql`analyze ledger_accounts`);
  return symbol!;
}

for (const target of targets) {
  const { database, dispose } = await target.open();
  const db = database.db;
  try {
    const setupStarted = performance.now();
    const symbol = await setUp(db);
    const ticks = new BenchTicks(db, symbol.id);
    // Listened to as the realtime module does, so each tick also tells every closed position and its account's figures.
    const bus = createEventBus();
    let told = 0;
    bus.on('contract_position', () => told++);
    bus.on('contract_account', () => {});
    const contracts = await ContractService.open(db, ticks, bus);
    // Written at once, as an installation's defaults are (an operator's edit waits for the notice).
    await updateSettings(db, symbol.id, { contractSize: '0.01', multiples: [1, 5, 10, 100], lotsMin: 1, lotsMax: 100, feeRate: '0.001', overnightRate: '0.0003', spread: '0', maintenanceThreshold: '50', session: null, enabled: true });
    await contracts.reloadSymbols();
    await ticks.record('65000');
    await contracts.rebuild();
    console.log(`${target.name}: ${POSITIONS + LIQUIDATION_BAND * LIQUIDATION_TICKS} positions set up and indexed in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s`);
    // The periodic refresh (TRIGGER_REFRESH_EVERY_MS), in the tick queue: every account's balance, and one
    // slice of the open positions read again (TRIGGER_RESYNC_SLICES refreshes read them all).
    const refreshes: number[] = [];
    for (let i = 0; i < smokeOr(TRIGGER_RESYNC_SLICES, 1); i++) {
      const started = performance.now();
      await contracts.refreshAll();
      refreshes.push(performance.now() - started);
    }
    const run = async (prices: string[], expected: number) => {
      const samples: number[] = [];
      for (const price of prices) {
        const tick = await ticks.record(price);
        const started = performance.now();
        await contracts.onTick(tick);
        samples.push(performance.now() - started);
        if (process.env.BENCH_DEBUG) console.log(`tick ${price}: ${(performance.now() - started).toFixed(1)} ms`);
        const [closed] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from contract_positions where close_tick_id = ${tick.id}`);
        smokeCheck(closed!.n === expected && told === expected, `${target.name}: tick ${price} closed ${closed!.n} and told ${told}, expected ${expected}`);
        told = 0;
      }
      return samples;
    };
    rows.push({ path: 'trigger refresh (all accounts)', database: target.name, scenario: `${USERS + LIQUIDATION_BAND * LIQUIDATION_TICKS} accounts, 1/${TRIGGER_RESYNC_SLICES} of ${POSITIONS + LIQUIDATION_BAND * LIQUIDATION_TICKS} positions read`, ...stats(refreshes) });
    rows.push({ path: 'full (close + persist)', database: target.name, scenario: `1 crossed of ${POSITIONS} positions`, ...stats(await run(fewTickPrices, 1)) });
    rows.push({ path: 'full (close + persist)', database: target.name, scenario: `${BAND_SIZE} crossed (SL)`, ...stats(await run(bandTickPrices, BAND_SIZE)) });
    rows.push({ path: 'full (close + persist)', database: target.name, scenario: `${LIQUIDATION_BAND} accounts liquidated`, ...stats(await run(liquidationTickPrices, LIQUIDATION_BAND)) });
    await contracts.stop();
    const audited = await audit(db);
    smokeCheck(audited.ok, `${target.name}: ledger audit failed: ${audited.checks.filter((c) => !c.ok).map((c) => c.name).join(', ')}`);
    console.log(`${target.name}: ledger audit ${audited.ok ? 'ok' : 'FAILED'} (${audited.entries} entries, ${audited.postings} postings)`);
  } finally {
    await dispose();
  }
}

console.log(`\nbench:liquidation on ${os.cpus().length} CPU(s), Node ${process.version}: one mark tick, ${POSITIONS} open positions on ${SYMBOL}`);
console.table(rows);
