// npm run bench:liquidation: one mark tick against 100,000 open positions on one symbol (BTCUSDT), each
// with a stop-loss and a take-profit, their accounts' liquidation triggers too (~201,000 entries).
//  1. the in-memory trigger core alone (contracts/trigger-index.ts): p50/p99 of one tick that crosses a
//     few entries (200 ticks, one crossed each), and of one tick that crosses 1,000 (10 ticks);
//  2. the full path (ContractService.onTick): the same ticks, the crossed positions closed at the mark
//     together (up to 200 a transaction: the positions locked in one statement, ledger entries of up to
//     1,024 legs each naming its position, one UPDATE for the rows) and their accounts' triggers
//     recomputed; PGlite in memory and PostgreSQL when one answers (TEST_DATABASE_URL or 127.0.0.1:5432;
//     BENCH_DATABASES=postgres picks one).
// Positions are set up in bulk SQL (setup only, untimed): 1,000 users with 100 positions each, margin
// 650 USDT (1x), none in the ledger (the bench measures triggers, not the audit); each user has an empty
// contract account.
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { ContractService } from '../apps/server/src/contracts/service.ts';
import { updateSettings } from '../apps/server/src/contracts/repository.ts';
import { TriggerIndex } from '../apps/server/src/contracts/trigger-index.ts';
import { queryRows, type Db } from '../apps/server/src/db/client.ts';
import { createEventBus } from '../apps/server/src/events/bus.ts';
import { nextTickHeard, type RecordedTick, type TickStore } from '../apps/server/src/markets/ticks.ts';
import { seedMarkets } from '../apps/server/src/markets/seed.ts';
import { seedSite } from '../apps/server/src/site/seed.ts';
import { benchDatabases, percentile } from './support.ts';

const POSITIONS = Number(process.env.BENCH_POSITIONS ?? 100_000);
const USERS = 1_000;
/** "Few crossed": positions with stop-losses 5 apart from 64,995 down, one crossed per tick. */
const FEW_TICKS = 200;
/** "1,000 crossed": bands of 1,000 stop-losses at 63,000, 62,900, ... one band per tick. */
const BAND_SIZE = 1_000;
const BAND_TICKS = 10;
const SYMBOL = 'BTCUSDT';

/** Stop-loss of position g (1-based): the few-crossed ladder, then the bands, then far below every tick. */
function stopLoss(g: number): string {
  if (g <= FEW_TICKS) return String(65_000 - 5 * g);
  if (g <= FEW_TICKS + BAND_SIZE * BAND_TICKS) return String(63_000 - 100 * Math.floor((g - FEW_TICKS - 1) / BAND_SIZE));
  return String(40_000 + (g % 15_000));
}
const takeProfit = (g: number) => String(70_000 + (g % 30_000));
const fewTickPrices = Array.from({ length: FEW_TICKS }, (_, i) => String(65_000 - 5 * (i + 1)));
const bandTickPrices = Array.from({ length: BAND_TICKS }, (_, i) => String(63_000 - 100 * i));

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
  await db.execute(sql`insert into users (account, password_hash, extension_code)
    select 'bench-' || g, 'x', 'BENCH' || g from generate_series(1, ${USERS}) g`);
  // Their contract accounts (empty: the bench measures triggers, not the audit), as every position's owner has one.
  await db.execute(sql`insert into ledger_accounts (user_id, currency_id, kind) select id, ${symbol!.quote}, 'contract' from users where account like 'bench-%'`);
  const [first] = await queryRows<{ id: number }>(db, sql`select min(id)::int as id from users where account like 'bench-%'`);
  const stops = Array.from({ length: POSITIONS }, (_, i) => stopLoss(i + 1));
  const takes = Array.from({ length: POSITIONS }, (_, i) => takeProfit(i + 1));
  // In slices, so one statement's parameters stay small.
  for (let from = 0; from < POSITIONS; from += 10_000) {
    const values = sql.join(
      stops.slice(from, from + 10_000).map((stop, i) => {
        const g = from + i + 1;
        return sql`(${first!.id + (g % USERS)}, ${symbol!.id}, ${symbol!.quote}, 'long', 'market', 'open', 1, 1, 0.01, 65000, 650, 0.65, ${takes[g - 1]}, ${stop}, now())`;
      }),
      sql`, `,
    );
    await db.execute(sql`insert into contract_positions
      (user_id, symbol_id, currency_id, side, order_kind, status, lots, multiple, contract_size, open_price, margin, fee, take_profit, stop_loss, opened_at)
      values ${values}`);
  }
  return symbol!;
}

for (const target of targets) {
  const { database, dispose } = await target.open();
  const db = database.db;
  try {
    const setupStarted = performance.now();
    const symbol = await setUp(db);
    const ticks = new BenchTicks(db, symbol.id);
    const contracts = await ContractService.open(db, ticks, createEventBus());
    // Written at once, as an installation's defaults are (an operator's edit waits for the notice).
    await updateSettings(db, symbol.id, { contractSize: '0.01', multiples: [1, 5, 10], lotsMin: 1, lotsMax: 100, feeRate: '0.001', overnightRate: '0.0003', spread: '0', maintenanceThreshold: '50', session: null, enabled: true });
    await contracts.reloadSymbols();
    await contracts.rebuild();
    console.log(`${target.name}: ${POSITIONS} positions set up and indexed in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s`);
    const run = async (prices: string[], expected: number) => {
      const samples: number[] = [];
      for (const price of prices) {
        const tick = await ticks.record(price);
        const started = performance.now();
        await contracts.onTick(tick);
        samples.push(performance.now() - started);
        if (process.env.BENCH_DEBUG) console.log(`tick ${price}: ${(performance.now() - started).toFixed(1)} ms`);
        const [closed] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from contract_positions where close_tick_id = ${tick.id}`);
        if (closed!.n !== expected) throw new Error(`tick ${price} closed ${closed!.n}, expected ${expected}`);
      }
      return samples;
    };
    rows.push({ path: 'full (close + persist)', database: target.name, scenario: `1 crossed of ${POSITIONS} positions`, ...stats(await run(fewTickPrices, 1)) });
    rows.push({ path: 'full (close + persist)', database: target.name, scenario: `${BAND_SIZE} crossed`, ...stats(await run(bandTickPrices, BAND_SIZE)) });
    await contracts.stop();
  } finally {
    await dispose();
  }
}

console.log(`\nbench:liquidation on ${os.cpus().length} CPU(s), Node ${process.version}: one mark tick, ${POSITIONS} open positions on ${SYMBOL}`);
console.table(rows);

