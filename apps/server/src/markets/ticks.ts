import { TICK_CHAIN_GENESIS, tickAfter, tickHash, toAmountString } from '@fairex/contract';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.ts';
import { TICK_INTERVAL_MS, type PriceFeed, type Tick } from './price-feed.ts';
import { PUBLIC_FEED_DEFAULTS } from './public-feed.ts';
import { indexTicks } from './tables.ts';

/**
 * An index tick as stored: `id` names its row in index_ticks, so a result can cite the tick it used.
 * `pricedAt` (index_ticks.priced_at, outside the chain's hash): when its price was first knowable,
 * where earlier than `time` (the public feed); absent means `time`.
 */
export type RecordedTick = { id: string; symbol: string; price: string; time: number; pricedAt?: number; hash?: string };

/**
 * The recorded index. Mark price for contracts = the index: the latest recorded tick of the symbol
 * (see markPrice below), never the last trade, so no trade can move a liquidation or a trigger.
 */
export interface TickStore {
  /** The last recorded tick of the symbol (in memory); undefined before the first, or while the feed has no index for it. */
  latest(symbol: string): RecordedTick | undefined;
  /** The tick in force at `time`: the latest recorded one with tick.time <= time (memory for recent ticks, else the database). */
  at(symbol: string, time: number): Promise<RecordedTick | undefined>;
  /** Called after each tick is recorded (its row written), in the feed's order. */
  onTick(listener: (tick: RecordedTick) => void): () => void;
  /**
   * The first tick of the symbol (by time) recorded and priced after `time` (tickAfter: tick.time and
   * its pricedAt > `time`; an order accepted at `time` opens on it: index-freshness.ts openingTick): at
   * once if already recorded, else awaited at most `withinMs` (undefined if none came by then).
   */
  firstAfter(symbol: string, time: number, withinMs: number): Promise<RecordedTick | undefined>;
}

/**
 * firstAfter for ticks not yet recorded: the first tick of `symbol` recorded and priced after `time`
 * (tickAfter) that `store` tells its listeners within `withinMs`, else undefined; one priced before
 * `time` is skipped. A listener, not polling: it resolves as the tick is told.
 */
export function nextTickHeard(store: Pick<TickStore, 'onTick'>, symbol: string, time: number, withinMs: number): Promise<RecordedTick | undefined> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      stop();
      resolve(undefined);
    }, withinMs);
    const stop = store.onTick((tick) => {
      if (tick.symbol !== symbol || !tickAfter(tick, time)) return;
      clearTimeout(timer);
      stop();
      resolve(tick);
    });
  });
}

/**
 * The mark price of a contract symbol: the index, as its latest recorded tick (price, id and time).
 * Undefined when the feed has no index for the symbol (a stale public feed): trading that needs a mark
 * price then pauses (error index_unavailable).
 */
export function markPrice(ticks: TickStore, symbol: string): RecordedTick | undefined {
  return ticks.latest(symbol);
}

/** Slack for timer jitter and a busy event loop on top of a feed interval and the recording delay. */
export const INDEX_FRESH_SLACK_MS = 250;

/**
 * How long the public exchanges' REST tickers normally take to answer (request sent to answer read). An
 * answer slower than this only delays an order's opening tick past the window (the order is void).
 */
export const PUBLIC_REQUEST_LATENCY_MS = 1000;

/**
 * indexFreshMs for a feed: one interval of new prices plus the recording delay (indexTickFlushMs) plus
 * slack. The simulation moves every second and prices a tick as it emits it (1,500 ms with the default
 * flush). The public feed learns prices by polling every 2 s, and an order opens only on a tick priced
 * from quotes REQUESTED after it (tickAfter): accepted just after a round's requests went out, it waits
 * for the next round's requests (pollMs), their answers (PUBLIC_REQUEST_LATENCY_MS; the feed ticks as
 * the round completes) and the recording: 2,000 + 1,000 + 250 + 250 = 3,500 ms.
 */
export function indexFreshMsFor(priceFeed: 'simulation' | 'public', flushMs: number): number {
  const newPrices = priceFeed === 'public' ? PUBLIC_FEED_DEFAULTS.pollMs + PUBLIC_REQUEST_LATENCY_MS : TICK_INTERVAL_MS;
  return newPrices + flushMs + INDEX_FRESH_SLACK_MS;
}

export type TickStoreLimits = {
  /** Most ticks written by one INSERT. */
  indexTickBatchMax: number;
  /** Longest a tick waits in the buffer before its batch is written. */
  indexTickFlushMs: number;
  /** Recent ticks kept in memory per symbol for `at` (older ones are read from the database). */
  indexTicksInMemoryPerSymbol: number;
};

type Pending = { tick: Tick; symbolId: number };

/**
 * Records every tick the feed emits into index_ticks, buffered: a batch is written when it reaches
 * indexTickBatchMax ticks or indexTickFlushMs after its first tick, one INSERT per batch. A tick becomes
 * `latest` and reaches listeners only after its row is written, so every id handed out is a stored row.
 * It is the single writer of index ticks, and so of their chain (@fairex/contract tick-chain.ts): a
 * batch takes its ids from the sequence first, hashes each tick onto the previous one of its symbol
 * (the head kept in memory, seeded from the last stored hash of the symbol on its first write), and
 * inserts ids, prices, times and hashes in one statement.
 *
 * In a cluster only the leader records (`recording`; startRecording when a process takes the core
 * lease); `onRecorded` publishes each stored batch, and the other processes `ingest` it (tick-relay.ts),
 * so every process answers latest, at and firstAfter from the same recorded ticks.
 */
export class IndexTickStore implements TickStore {
  private readonly recent = new Map<string, RecordedTick[]>();
  private readonly listeners = new Set<(tick: RecordedTick) => void>();
  private pending: Pending[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private writing: Promise<void> = Promise.resolve();
  private unsubscribe: (() => void) | undefined;
  /** The hash of the last stored tick per symbol id (the chain's head). */
  private readonly heads = new Map<number, string>();

  constructor(
    private readonly db: Db,
    private readonly feed: PriceFeed,
    /** The symbol's id in market_symbols (Markets.symbolId). */
    private readonly symbolId: (symbol: string) => number | undefined,
    private readonly limits: TickStoreLimits,
    private readonly onError: (error: unknown) => void,
    private readonly options: { recording?: boolean; onRecorded?: (ticks: RecordedTick[]) => void } = {},
  ) {
    if (options.recording ?? true) this.startRecording();
  }

  /**
   * A condition every write must meet (cluster: this process still holds the core at its epoch, checked
   * in the insert itself), so a process that lost the core can never fork the tick chain.
   */
  private fence: SQL | undefined;

  /** Records the feed's ticks from now on (the chain's heads are read again from the database). */
  startRecording(options: { fence?: SQL } = {}) {
    this.fence = options.fence;
    this.heads.clear();
    this.unsubscribe ??= this.feed.onTick((tick) => this.record(tick));
  }

  /** Drops the ticks kept in memory (a follower that may have missed some): the database answers until the next. */
  forgetRecent() {
    this.recent.clear();
  }

  /** Ticks another process recorded (a cluster's leader): kept and told as if recorded here; older ones than the last kept are skipped. */
  ingest(ticks: readonly RecordedTick[]) {
    for (const tick of ticks) {
      const last = this.recent.get(tick.symbol)?.at(-1);
      if (last && BigInt(last.id) >= BigInt(tick.id)) continue;
      this.remember(tick);
    }
  }

  private record(tick: Tick) {
    const symbolId = this.symbolId(tick.symbol);
    if (symbolId === undefined) return this.onError(new Error(`index tick for an unknown symbol ${tick.symbol}`));
    this.pending.push({ tick, symbolId });
    if (this.pending.length >= this.limits.indexTickBatchMax) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.limits.indexTickFlushMs);
  }

  /** Writes what is buffered now (after any batch already being written); resolves once it is stored. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.pending;
    this.pending = [];
    if (batch.length > 0) this.writing = this.writing.then(() => this.write(batch));
    return this.writing;
  }

  private async write(batch: Pending[]) {
    const recordedBatch: RecordedTick[] = [];
    try {
      const ids = await queryRows<{ id: string }>(this.db, sql`select nextval(pg_get_serial_sequence('index_ticks', 'id'))::text as id from generate_series(1, ${batch.length})`);
      const sorted = ids.map((r) => BigInt(r.id)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      const values = [];
      for (const [i, { tick, symbolId }] of batch.entries()) {
        const id = sorted[i]!.toString();
        const prevHash = this.heads.get(symbolId) ?? (await this.storedHead(symbolId));
        // pricedAt stays outside the hash: the chain of rows stored before it was kept still verifies.
        const hash = tickHash(prevHash, { id, symbol: tick.symbol, price: tick.price, time: tick.time });
        this.heads.set(symbolId, hash);
        recordedBatch.push({ id, symbol: tick.symbol, price: tick.price, time: tick.time, ...(tick.pricedAt === undefined ? {} : { pricedAt: tick.pricedAt }), hash });
        values.push(sql`(${id}::bigint, ${symbolId}::int, ${tick.price}::numeric, ${tick.time}::bigint, ${tick.pricedAt ?? null}::bigint, ${prevHash}::text, ${hash}::text)`);
      }
      if (this.fence) {
        const stored = await queryRows(
          this.db,
          sql`insert into ${indexTicks} (id, symbol_id, price, time, priced_at, prev_hash, hash)
              select * from (values ${sql.join(values, sql`, `)}) as v where ${this.fence} returning id`,
        );
        if (stored.length !== batch.length) throw new Error('index ticks not recorded: this process no longer holds the core');
      } else {
        await queryRows(this.db, sql`insert into ${indexTicks} (id, symbol_id, price, time, priced_at, prev_hash, hash) values ${sql.join(values, sql`, `)}`);
      }
    } catch (error) {
      // The heads may name ticks that were not stored: read them again from the database next time.
      this.heads.clear();
      return this.onError(error);
    }
    for (const recorded of recordedBatch) this.remember(recorded);
    try {
      this.options.onRecorded?.(recordedBatch);
    } catch (error) {
      this.onError(error);
    }
  }

  /** A stored tick becomes the symbol's latest and reaches the listeners. */
  private remember(recorded: RecordedTick) {
    const list = this.recent.get(recorded.symbol) ?? [];
    list.push(recorded);
    if (list.length > this.limits.indexTicksInMemoryPerSymbol) list.splice(0, list.length - this.limits.indexTicksInMemoryPerSymbol);
    this.recent.set(recorded.symbol, list);
    for (const listener of this.listeners) {
      try {
        listener(recorded);
      } catch (error) {
        this.onError(error);
      }
    }
  }

  /** The hash of the symbol's last stored tick (by id), or the genesis value before its first hashed tick. */
  private async storedHead(symbolId: number): Promise<string> {
    const [row] = await queryRows<{ hash: string | null }>(this.db, sql`select hash from ${indexTicks} where symbol_id = ${symbolId} order by id desc limit 1`);
    return row?.hash ?? TICK_CHAIN_GENESIS;
  }

  latest(symbol: string): RecordedTick | undefined {
    if (this.feed.price(symbol) === undefined) return undefined;
    return this.recent.get(symbol)?.at(-1);
  }

  async at(symbol: string, time: number): Promise<RecordedTick | undefined> {
    // A tick of that moment still in the buffer is written first, so the answer is the tick in force.
    if (this.pending.some((p) => p.tick.symbol === symbol && p.tick.time <= time)) await this.flush();
    else await this.writing;
    const list = this.recent.get(symbol);
    if (list && list.length > 0 && list[0]!.time <= time) return list[lastAtOrBefore(list, time)];
    const symbolId = this.symbolId(symbol);
    if (symbolId === undefined) return undefined;
    const [row] = await queryRows<StoredRow>(
      this.db,
      sql`select id::text as id, price::text as price, time::text as time, priced_at::text as priced_at, hash from ${indexTicks}
          where symbol_id = ${symbolId} and time <= ${time} order by time desc, id desc limit 1`,
    );
    return row && storedTick(symbol, row);
  }

  onTick(listener: (tick: RecordedTick) => void) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async firstAfter(symbol: string, time: number, withinMs: number): Promise<RecordedTick | undefined> {
    const list = this.recent.get(symbol) ?? [];
    // A time older than memory reaches: the database knows the first tick after it.
    if (list.length > 0 && list[0]!.time > time) return (await this.storedFirstAfter(symbol, time)) ?? nextTickHeard(this, symbol, time, withinMs);
    // Recent ticks are in time order: the first after the last at or before `time` that is also priced
    // after it (public feed: the ones priced from quotes requested before are skipped), else the next one told.
    const recorded = list.length > 0 ? list.slice(lastAtOrBefore(list, time) + 1).find((t) => tickAfter(t, time)) : undefined;
    return recorded ?? nextTickHeard(this, symbol, time, withinMs);
  }

  private async storedFirstAfter(symbol: string, time: number): Promise<RecordedTick | undefined> {
    const [row] = await queryRows<StoredRow>(
      this.db,
      sql`select id::text as id, price::text as price, time::text as time, priced_at::text as priced_at, hash from ${indexTicks}
          where symbol_id = ${this.symbolId(symbol) ?? null} and time > ${time} and coalesce(priced_at, time) > ${time}
          order by time, id limit 1`,
    );
    return row && storedTick(symbol, row);
  }

  /** Stops taking ticks and writes what is buffered (app close). */
  async stop() {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    await this.flush();
  }
}

type StoredRow = { id: string; price: string; time: string; priced_at: string | null; hash: string | null };

/** A row of index_ticks as a recorded tick. */
function storedTick(symbol: string, row: StoredRow): RecordedTick {
  return {
    id: row.id,
    symbol,
    price: toAmountString(row.price),
    time: Number(row.time),
    ...(row.priced_at === null ? {} : { pricedAt: Number(row.priced_at) }),
    ...(row.hash === null ? {} : { hash: row.hash }),
  };
}

/** Index of the last tick with time <= `time` in a list sorted by time whose first tick is at or before it. */
export function lastAtOrBefore(list: { time: number }[], time: number): number {
  let low = 0;
  let high = list.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (list[middle]!.time <= time) low = middle;
    else high = middle - 1;
  }
  return low;
}
