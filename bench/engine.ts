// npm run bench:engine: the spot matching engine's core alone (no I/O) against hft-limit-order-book,
// on the SAME seeded sequence of 1,000,000 operations (limit orders mostly, market orders, cancels)
// from 1,000 accounts over ~1,000 resting orders, prices clustered around a random-walking mid.
// Prints operations/s (an untimed-per-op pass) and the per-operation latency distribution (a second
// pass timing each operation with process.hrtime.bigint, so it includes that clock's own cost). Operations
// per CPU second (the process's user + system time over the same pass) stand beside the wall-clock figure:
// on a busy machine the wall clock counts other processes' time slices too.
// BENCH_SMOKE=1 (npm test): 20,000 operations, one round; exits 1 when an engine traded nothing.
import { createRequire } from 'node:module';
import os from 'node:os';
import { seededRandom } from '../apps/server/src/markets/random.ts';
import { createBook, type OrderInput, type SymbolSpec } from '../apps/server/src/spot/engine/index.ts';
import { smokeCheck, smokeOr } from './support.ts';

const OPERATIONS = Number(process.env.BENCH_OPERATIONS ?? smokeOr(1_000_000, 20_000));
const WARMUP_OPERATIONS = Math.min(OPERATIONS, 300_000);
const ROUNDS = smokeOr(3, 1);
const ACCOUNTS = 1_000;
const RESTING_TARGET = 1_000;
const SEED = 0x5eed_2024;
/** Mid price in ticks (65,000.00 USDT with 2 price decimals). */
const MID_START_TICKS = 6_500_000;
/** Mean distance of a passive order from the mid, ticks. */
const PASSIVE_OFFSET_MEAN_TICKS = 25;
/** Largest order, lots (0.1 BTC with 5 quantity decimals). */
const ORDER_LOTS_MAX = 10_000;

const SPEC: SymbolSpec = { symbol: 'BTCUSDT', priceDecimals: 2, quantityDecimals: 5, priceMax: '10000000', quantityMax: '10000' };


const KIND_LIMIT = 0;
const KIND_MARKET = 1;
const KIND_MARKET_QUOTE = 2;
const KIND_CANCEL = 3;
const KIND_NAMES = ['limit', 'market (quantity)', 'market (quote amount)', 'cancel'];

/** The operation sequence, struct-of-arrays so a million operations cost a few typed arrays. */
type Operations = {
  count: number;
  kind: Uint8Array;
  /** Order id placed, or cancelled. */
  id: Float64Array;
  account: Uint32Array;
  buy: Uint8Array;
  price: Float64Array;
  quantity: Float64Array;
  quoteAmount: Float64Array;
  /** The peer identifies orders by string: made up front, not inside the timed loop. */
  peerId: string[];
};

/**
 * Generates the sequence while driving a book of our engine, so cancels target orders that are
 * really resting (their fate may differ in the peer: it has no self-trade prevention).
 */
function generate(count: number): Operations {
  // Seeded, so every run (and both engines) sees the same operations.
  const random = seededRandom(SEED);
  const ops: Operations = {
    count,
    kind: new Uint8Array(count),
    id: new Float64Array(count),
    account: new Uint32Array(count),
    buy: new Uint8Array(count),
    price: new Float64Array(count),
    quantity: new Float64Array(count),
    quoteAmount: new Float64Array(count),
    peerId: new Array<string>(count),
  };
  const book = createBook(SPEC);
  const live: number[] = [];
  const liveIndex = new Map<number, number>();
  const forget = (id: number) => {
    const index = liveIndex.get(id);
    if (index === undefined) return;
    const last = live.pop()!;
    if (last !== id) {
      live[index] = last;
      liveIndex.set(last, index);
    }
    liveIndex.delete(id);
  };
  let mid = MID_START_TICKS;
  let restingSum = 0;
  let nextId = 1;
  for (let i = 0; i < count; i++) {
    restingSum += book.size;
    if (random() < 0.3) mid += random() < 0.5 ? -1 : 1;
    const roll = random();
    const cancelShare = live.length > RESTING_TARGET ? 0.45 : 0.25;
    const buy = random() < 0.5;
    const lots = 1 + Math.floor(random() * random() * ORDER_LOTS_MAX);
    ops.account[i] = 1 + Math.floor(random() * ACCOUNTS);
    ops.buy[i] = buy ? 1 : 0;
    if (roll < cancelShare && live.length > 0) {
      const id = live[Math.floor(random() * live.length)]!;
      ops.kind[i] = KIND_CANCEL;
      ops.id[i] = id;
      ops.peerId[i] = String(id);
      book.cancel(id);
      forget(id);
      continue;
    }
    const id = nextId++;
    ops.id[i] = id;
    ops.peerId[i] = String(id);
    let order: OrderInput;
    if (roll < cancelShare + 0.05) {
      if (buy && random() < 0.25) {
        ops.kind[i] = KIND_MARKET_QUOTE;
        ops.quoteAmount[i] = lots * mid;
        // The peer has no quote-amount market order: it buys the quantity that amount buys at the mid.
        ops.quantity[i] = lots;
        order = { id, accountId: ops.account[i]!, side: 'buy', type: 'market', quoteAmount: lots * mid, time: i };
      } else {
        ops.kind[i] = KIND_MARKET;
        ops.quantity[i] = lots;
        order = { id, accountId: ops.account[i]!, side: buy ? 'buy' : 'sell', type: 'market', quantity: lots, time: i };
      }
    } else {
      // Mostly passive quotes at an exponential distance from the mid; one in ten crosses it.
      const offset = Math.floor(-Math.log(1 - random()) * PASSIVE_OFFSET_MEAN_TICKS);
      const aggressive = random() < 0.1;
      const distance = aggressive ? -Math.floor(random() * 10) : 1 + offset;
      const price = buy ? mid - distance : mid + distance;
      ops.kind[i] = KIND_LIMIT;
      ops.price[i] = price;
      ops.quantity[i] = lots;
      order = { id, accountId: ops.account[i]!, side: buy ? 'buy' : 'sell', type: 'limit', price, quantity: lots, time: i };
    }
    const { events } = book.place(order);
    let rests = order.type === 'limit';
    for (const event of events) {
      if (event.type !== 'done') continue;
      if (event.orderId === id) rests = false;
      else forget(event.orderId);
    }
    if (rests) {
      liveIndex.set(id, live.length);
      live.push(id);
    }
  }
  const depth = book.depth(Number.MAX_SAFE_INTEGER);
  console.log(
    `resting orders: mean ${Math.round(restingSum / count)}, at the end ${book.size} on ${depth.bids.length} bid and ${depth.asks.length} ask levels (depth() shows at most 1,000)`,
  );
  return ops;
}

/** One engine behind the same loop: runs operation i. */
type Runner = { name: string; start: () => void; run: (i: number) => void; tradedLots: () => number };

function ourRunner(ops: Operations): Runner {
  let book = createBook(SPEC);
  let traded = 0;
  return {
    name: 'fairex engine',
    start: () => {
      book = createBook(SPEC);
      traded = 0;
    },
    run: (i) => {
      const kind = ops.kind[i];
      let events;
      if (kind === KIND_CANCEL) events = book.cancel(ops.id[i]!).events;
      else if (kind === KIND_LIMIT) {
        events = book.place({
          id: ops.id[i]!,
          accountId: ops.account[i]!,
          side: ops.buy[i] === 1 ? 'buy' : 'sell',
          type: 'limit',
          price: ops.price[i]!,
          quantity: ops.quantity[i]!,
          time: i,
        }).events;
      } else if (kind === KIND_MARKET) {
        events = book.place({ id: ops.id[i]!, accountId: ops.account[i]!, side: ops.buy[i] === 1 ? 'buy' : 'sell', type: 'market', quantity: ops.quantity[i]!, time: i }).events;
      } else {
        events = book.place({ id: ops.id[i]!, accountId: ops.account[i]!, side: 'buy', type: 'market', quoteAmount: ops.quoteAmount[i]!, time: i }).events;
      }
      for (let e = 0; e < events.length; e++) {
        const event = events[e]!;
        if (event.type === 'trade') traded += event.quantity;
      }
    },
    tradedLots: () => traded,
  };
}

/** The subset of hft-limit-order-book 7.0.2's API used here (its package ships no loadable types). */
type PeerResult = { quantityLeft: number; err: unknown };
type PeerBook = {
  limit(options: { id: string; side: 'buy' | 'sell'; size: number; price: number }): PeerResult;
  market(options: { side: 'buy' | 'sell'; size: number }): PeerResult;
  cancel(orderID: string): unknown;
};
const { OrderBook: PeerOrderBook } = createRequire(import.meta.url)('hft-limit-order-book') as { OrderBook: new () => PeerBook };

function peerRunner(ops: Operations): Runner {
  let book = new PeerOrderBook();
  let traded = 0;
  return {
    name: 'hft-limit-order-book 7.0.2',
    start: () => {
      book = new PeerOrderBook();
      traded = 0;
    },
    run: (i) => {
      const kind = ops.kind[i];
      const side = ops.buy[i] === 1 ? 'buy' : 'sell';
      if (kind === KIND_CANCEL) {
        book.cancel(ops.peerId[i]!);
        return;
      }
      const result =
        kind === KIND_LIMIT
          ? book.limit({ id: ops.peerId[i]!, side, size: ops.quantity[i]!, price: ops.price[i]! })
          : book.market({ side: kind === KIND_MARKET ? side : 'buy', size: ops.quantity[i]! });
      // quantityLeft is the taker's unfilled part (resting or dropped), so this sums the taker side of every trade.
      if (result.err === null) traded += ops.quantity[i]! - result.quantityLeft;
    },
    tradedLots: () => traded,
  };
}

function throughput(runner: Runner, count: number) {
  runner.start();
  const cpuBefore = process.cpuUsage();
  const started = process.hrtime.bigint();
  for (let i = 0; i < count; i++) runner.run(i);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const cpu = process.cpuUsage(cpuBefore);
  return { opsPerSecond: count / seconds, opsPerCpuSecond: count / ((cpu.user + cpu.system) / 1e6), seconds, tradedLots: runner.tradedLots() };
}

function latencies(runner: Runner, count: number) {
  runner.start();
  const nanoseconds = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    const started = process.hrtime.bigint();
    runner.run(i);
    nanoseconds[i] = Number(process.hrtime.bigint() - started);
  }
  nanoseconds.sort();
  const at = (q: number) => nanoseconds[Math.min(count - 1, Math.floor(q * count))]!;
  return { p50: at(0.5), p99: at(0.99), p999: at(0.999), max: nanoseconds[count - 1]! };
}

/** Cost of the timer pair alone: the floor under every latency figure. */
function timerFloor() {
  const samples = new Float64Array(100_000);
  for (let i = 0; i < samples.length; i++) {
    const started = process.hrtime.bigint();
    samples[i] = Number(process.hrtime.bigint() - started);
  }
  samples.sort();
  return samples[samples.length >> 1]!;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
const micro = (ns: number) => (ns / 1000).toFixed(2);

const generatedAt = performance.now();
const ops = generate(OPERATIONS);
const mix = [0, 0, 0, 0];
for (let i = 0; i < ops.count; i++) mix[ops.kind[i]!]!++;
console.log(
  `${OPERATIONS.toLocaleString('en')} operations generated in ${Math.round(performance.now() - generatedAt)} ms: ` +
    KIND_NAMES.map((name, kind) => `${name} ${((100 * mix[kind]!) / ops.count).toFixed(1)}%`).join(', '),
);

const runners = [ourRunner(ops), peerRunner(ops)];
for (const runner of runners) throughput(runner, WARMUP_OPERATIONS);
const rows: Record<string, string | number>[] = [];
const rates: number[] = [];
const cpuRates: number[] = [];
for (const runner of runners) {
  const rounds = Array.from({ length: ROUNDS }, () => throughput(runner, ops.count));
  const rate = median(rounds.map((round) => round.opsPerSecond));
  rates.push(rate);
  cpuRates.push(median(rounds.map((round) => round.opsPerCpuSecond)));
  smokeCheck(Number.isFinite(rate) && rate > 0 && rounds[0]!.tradedLots > 0, `${runner.name}: ${rate} ops/s, ${rounds[0]!.tradedLots} lots traded`);
  const latency = latencies(runner, ops.count);
  rows.push({
    engine: runner.name,
    'ops/s': Math.round(rate),
    'ops/CPU s': Math.round(cpuRates[cpuRates.length - 1]!),
    'lots traded': rounds[0]!.tradedLots,
    'p50 µs': micro(latency.p50),
    'p99 µs': micro(latency.p99),
    'p99.9 µs': micro(latency.p999),
    'max µs': micro(latency.max),
  });
}
console.log(`node ${process.version}, ${os.cpus()[0]?.model ?? 'cpu'}; ops/s and ops/CPU s: median of ${ROUNDS} runs; latency: one timed run, timer floor ${micro(timerFloor())} µs`);
console.table(rows);
console.log(`ratio: fairex engine / hft-limit-order-book = ${(rates[0]! / rates[1]!).toFixed(2)}x (per CPU second ${(cpuRates[0]! / cpuRates[1]!).toFixed(2)}x)`);
