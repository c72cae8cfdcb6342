/**
 * The single writer of one symbol: commands (place, cancel) queue here, run through the engine one at a
 * time, and every batch of them (up to ORDERS_PER_BATCH_MAX, whatever is queued) is persisted in ONE
 * database transaction: new orders, trades, order progress and all ledger entries (freeze, fills, fees,
 * releases). A command is answered only after its batch commits (group commit). This file is the queue
 * and the failure handling; planning is batch-plan.ts, writing batch-store.ts, the memory book-state.ts.
 *
 * Affordability is decided before the engine sees an order, from the available figures read at the start
 * of the batch plus what earlier commands of the batch froze or released, so a refused order never
 * disturbs the book or the others. If the transaction fails anyway (a concurrent withdrawal on another
 * domain took the funds), the book is rebuilt from the database and the batch is planned once more from
 * fresh figures; should the funds run short again, the commands freezing from the short accounts fail
 * and the rest is planned one last time.
 *
 * A failure the writer cannot undo makes it stale before anything else happens (the book may hold changes
 * never committed): it then refuses every command (market_unavailable, a translated message) until a
 * rebuild succeeds, which it tries again before each batch. That covers a rebuild that fails at start,
 * so one symbol whose open orders cannot be read does not stop the others. When the answer to a COMMIT
 * is lost, the writer first looks for the batch's reserved ids: found, the batch is answered as
 * committed; not found, it failed like any other; unknown (the database is gone), stale.
 */
import { DomainError } from '../http/errors.ts';
import type { Db, Tx } from '../db/client.ts';
import type { Depth } from './engine/index.ts';
import { fineDecimals, toUnits } from './amounts.ts';
import { BatchPlan, Planner, snapshotOf, type Command, type OrderView, type Outcome, type PlaceCommand } from './batch-plan.ts';
import { batchCommitted, committedTrades, storeBatch, type StoredTrade } from './batch-store.ts';
import { BookState, type LiveOrder, type Market } from './book-state.ts';
import { reserveOrderIds, selectAvailable, selectOpenOrders, selectSpotAccounts } from './repository.ts';

export type { CancelCommand, Command, OrderView, PlaceCommand } from './batch-plan.ts';
export type { LiveOrder, Market, UserAccounts } from './book-state.ts';

/**
 * Order ids taken from the sequence per round trip. The writer hands them out in order from memory, so a
 * batch costs no query for its ids; the ones left when the process stops are never used (gaps are
 * harmless: ids only need to be unique and rising in acceptance order, which the sequence gives).
 */
export const ORDER_IDS_PER_BLOCK = 4_096;

/** Ids reserved ahead from the order sequence, in rising order. */
class OrderIds {
  private reserved: number[] = [];
  private next = 0;

  async take(db: Db, n: number): Promise<number[]> {
    if (this.reserved.length - this.next < n) {
      const block = await reserveOrderIds(db, Math.max(n, ORDER_IDS_PER_BLOCK));
      // What was left of the old block goes first: ids stay rising.
      this.reserved = [...this.reserved.slice(this.next), ...block];
      this.next = 0;
    }
    const ids = this.reserved.slice(this.next, this.next + n);
    this.next += n;
    return ids;
  }
}

/** How long a short queue waits for the rest of a busy writer's clients before its batch starts (see gather). */
export const GROUP_COMMIT_WAIT_MS = 2;

/** Commands persisted per transaction at most; the rest wait for the next batch. */
export const ORDERS_PER_BATCH_MAX = 256;
/** Commands waiting per symbol at most; beyond it new orders are refused (too_many_requests). */
export const QUEUE_LENGTH_MAX = 20_000;
/**
 * Planning attempts per batch: the second starts from freshly read figures, the third without the
 * commands of accounts still short.
 */
const BATCH_ATTEMPTS_MAX = 3;

type Pending = { command: Command; resolve: (order: OrderView) => void; reject: (error: unknown) => void };

/**
 * Test-only fault injection (production passes none): `beforeCommit` runs between planning a batch and
 * its transaction (attempt counts from 1), where another transaction may take a placing user's funds;
 * `afterCommit` runs once the transaction committed, and failing it stands for a COMMIT whose answer was
 * lost; `beforeRebuild` runs before each rebuild the writer starts itself (open() and after a failure), and may
 * fail it; `beforeLookup`
 * runs before the writer looks for a batch whose COMMIT went unanswered, and may fail it.
 */
export type WriterFaults = {
  beforeCommit?: (attempt: number) => Promise<void>;
  afterCommit?: (attempt: number) => Promise<void>;
  beforeRebuild?: () => Promise<void>;
  beforeLookup?: () => Promise<void>;
};
/**
 * `onCommitted`: told after each committed batch, its commands and the seconds from planning to commit (metrics).
 * `fence`: run first in each batch's transaction (a cluster's lease check, cluster/membership.ts); a
 * DomainError from it rolls the batch back and answers its commands with that error.
 */
export type WriterOptions = {
  now?: () => number;
  faults?: WriterFaults;
  onCommitted?: (commands: number, seconds: number) => void;
  fence?: (tx: Tx) => Promise<void>;
};

/** The resting orders in time priority, with what each holds: what a rebuilt writer must show again. */
export type RestingView = Omit<OrderView, 'createdAt' | 'updatedAt' | 'status' | 'doneReason'> & { remaining: number; time: number };

export type BatchPublished = {
  market: Market;
  trades: StoredTrade[];
  orders: OrderView[];
  depthChanged: boolean;
};

/** A batch's transaction failed and it is certain nothing of it was committed. */
type Rolledback = { committed: false; error: unknown };

export class SymbolWriter {
  private state: BookState;
  private readonly queue: Pending[] = [];
  private running: Promise<void> | undefined;
  private closed = false;
  /** The book may hold changes never committed (or was never read): no command runs until a rebuild succeeds. */
  private isStale = true;
  private batches = 0;
  private commands = 0;
  private readonly now: () => number;
  private readonly faults: WriterFaults;
  private readonly orderIds = new OrderIds();
  /** Commands in the last batch, and the wait for the next one to fill (see gather). */
  private lastBatchSize = 0;
  private gathered: { wanted: number; done: () => void } | undefined;
  private readonly onCommitted: WriterOptions['onCommitted'];
  private readonly fence: WriterOptions['fence'];

  constructor(
    private readonly db: Db,
    readonly market: Market,
    private readonly publish: (batch: BatchPublished) => void,
    private readonly onError: (error: unknown) => void,
    options: WriterOptions = {},
  ) {
    this.state = BookState.empty(market.spec);
    this.now = options.now ?? Date.now;
    this.faults = options.faults ?? {};
    this.onCommitted = options.onCommitted;
    this.fence = options.fence;
  }

  /** Rebuilds the book and the open orders from the database (at start, and after a failed batch). */
  async rebuild() {
    const rows = await selectOpenOrders(this.db, this.market.symbolId);
    const userIds = [...new Set(rows.map((r) => r.userId))];
    const accounts = await selectSpotAccounts(this.db, userIds, [this.market.baseCurrencyId, this.market.quoteCurrencyId]);
    // Swapped in only once complete, so a rebuild that fails leaves the writer as it was (and stale).
    this.state = BookState.fromRows(this.market, rows, accounts);
    this.isStale = false;
  }

  /**
   * The first rebuild: a failure is reported and leaves the writer stale (refusing orders with
   * market_unavailable and trying again before each batch) instead of failing the caller.
   */
  async open() {
    await this.rebuildOrReport();
  }

  /** Whether the writer refuses commands until a rebuild succeeds. */
  get stale() {
    return this.isStale;
  }

  /** The depth as last committed, best first (never a batch in the middle of planning or committing). */
  depth(levels = 20): Depth {
    return this.state.committedDepth(levels);
  }

  /** A resting order as the writer holds it (ownership checks and the market maker read it). */
  openOrder(id: number): LiveOrder | undefined {
    return this.state.live.get(id);
  }

  openOrdersOf(userId: number): LiveOrder[] {
    return [...this.state.live.values()].filter((o) => o.userId === userId);
  }

  /** Every resting order in time priority with its amounts (restart checks compare it with a rebuilt writer). */
  restingOrders(): RestingView[] {
    return this.state.book.snapshot().orders.map((resting) => {
      const { accounts: _accounts, createdAt: _created, updatedAt: _updated, status: _status, doneReason: _reason, ...order } = this.state.live.get(resting.id)!;
      return { ...order, remaining: resting.remaining, time: resting.time };
    });
  }

  get queued() {
    return this.queue.length;
  }

  /** Batches committed since start: commands per batch is what group commit buys. */
  get committedBatches() {
    return this.batches;
  }

  /** Commands (places and cancels, refused ones included) answered by committed batches since start. */
  get committedCommands() {
    return this.commands;
  }

  submit(command: Command): Promise<OrderView> {
    if (this.closed) return Promise.reject(new DomainError('internal_error'));
    if (this.queue.length >= QUEUE_LENGTH_MAX) return Promise.reject(new DomainError('too_many_requests'));
    return new Promise<OrderView>((resolve, reject) => {
      this.queue.push({ command, resolve, reject });
      if (this.gathered && this.queue.length >= this.gathered.wanted) this.gathered.done();
      this.running ??= this.drain();
    });
  }

  /** Stops taking commands and waits for the batches already queued. */
  async close() {
    this.closed = true;
    await this.running;
  }

  private async drain() {
    try {
      while (this.queue.length > 0) {
        // Let the requests that have already arrived reach the queue first. Embedded PGlite answers
        // queries without I/O, so without this turn of the event loop a whole batch runs in microtasks
        // and each request that wakes the writer would commit alone.
        await new Promise((resolve) => setImmediate(resolve));
        await this.gather();
        const batch = this.queue.splice(0, ORDERS_PER_BATCH_MAX);
        this.lastBatchSize = batch.length;
        await this.runBatch(batch);
      }
    } finally {
      this.running = undefined;
    }
  }

  /**
   * Group commit under load: the answers of a batch go out together, so its clients' next commands
   * come back together a moment later, while the few that missed it are already queued. Committing
   * those few alone would cost a whole transaction (and on embedded PGlite hold the event loop while
   * the others arrive), so while the queue holds less than half the last batch, the writer waits up to
   * GROUP_COMMIT_WAIT_MS for the rest. A lone client (last batch of one) never waits.
   */
  private async gather() {
    const wanted = Math.min(Math.ceil(this.lastBatchSize / 2), ORDERS_PER_BATCH_MAX);
    if (this.queue.length >= wanted) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, GROUP_COMMIT_WAIT_MS);
      this.gathered = { wanted, done };
      function done() {
        clearTimeout(timer);
        resolve();
      }
    });
    this.gathered = undefined;
  }

  private async runBatch(batch: Pending[]) {
    if (this.isStale && !(await this.rebuildOrReport())) {
      for (const pending of batch) pending.reject(new DomainError('market_unavailable'));
      return;
    }
    let pending = batch;
    let lastError: unknown;
    for (let attempt = 1; attempt <= BATCH_ATTEMPTS_MAX; attempt++) {
      const failed = await this.commit(pending, attempt);
      if (failed === undefined) return;
      const { error } = failed;
      lastError = error;
      // The engine and the open orders hold the failed batch's changes: back to what the database holds.
      if (!(await this.rebuildOrReport())) {
        lastError = new DomainError('market_unavailable');
        break;
      }
      if (!(error instanceof DomainError && error.code === 'insufficient_balance')) break;
      // Fresh figures were not enough: the commands freezing from the accounts still short fail alone.
      if (attempt >= 2) {
        const short = new Set((error.detail as { accounts?: number[] } | undefined)?.accounts ?? []);
        const [refused, rest] = partition(pending, (p) => short.has(freezeAccountOf(p.command) ?? 0));
        for (const p of refused) p.reject(new DomainError('insufficient_balance'));
        pending = rest;
        if (pending.length === 0) return;
      }
    }
    const failure = lastError instanceof DomainError ? lastError : new DomainError('internal_error');
    for (const p of pending) p.reject(failure);
  }

  /**
   * Plans a batch, commits it in one transaction, then answers its commands and publishes what changed.
   * Returns undefined once the batch is answered (committed, or its outcome unknown), or the error of a
   * batch certainly not committed; the writer is then stale.
   */
  private async commit(batch: Pending[], attempt: number): Promise<Rolledback | undefined> {
    let plan: BatchPlan;
    let stored: StoredTrade[];
    const started = performance.now();
    try {
      plan = await this.plan(batch);
      await this.faults.beforeCommit?.(attempt);
    } catch (error) {
      // The plan may have moved the book; nothing was sent to the database.
      return this.failed(error);
    }
    try {
      stored = await storeBatch(this.db, this.market, plan, plan.entries(), this.fence);
      this.onCommitted?.(batch.length, (performance.now() - started) / 1000);
      await this.faults.afterCommit?.(attempt);
    } catch (error) {
      if (error instanceof DomainError) return this.failed(error); // refused by the ledger: rolled back
      this.isStale = true;
      this.onError(error);
      // Connection lost, maybe during COMMIT: the batch's ids tell whether it landed.
      const landed = await this.lookUp(plan);
      if (landed === false) return { committed: false, error };
      if (landed === undefined) {
        for (const p of batch) p.reject(new DomainError('market_unavailable'));
        return undefined;
      }
      try {
        stored = await committedTrades(this.db, plan);
      } catch (lookupError) {
        this.onError(lookupError);
        stored = [];
      }
      // The book is what was committed: no rebuild needed.
      this.isStale = false;
    }
    this.answer(batch, plan, stored);
    return undefined;
  }

  private failed(error: unknown): Rolledback {
    this.isStale = true;
    if (!(error instanceof DomainError)) this.onError(error);
    return { committed: false, error };
  }

  /** true: committed; false: not; undefined: cannot tell (reported; the writer stays stale). */
  private async lookUp(plan: BatchPlan): Promise<boolean | undefined> {
    try {
      await this.faults.beforeLookup?.();
      return await batchCommitted(this.db, plan);
    } catch (error) {
      this.onError(error);
      return undefined;
    }
  }

  private async plan(batch: Pending[]): Promise<BatchPlan> {
    const places = batch.filter((p) => p.command.kind === 'place').map((p) => p.command as PlaceCommand);
    const accountIds = places.flatMap((c) => [c.accounts.base, c.accounts.quote]);
    // One id more than the new orders: the batch's own, which names its ledger entries.
    const [ids, figures] = await Promise.all([this.orderIds.take(this.db, places.length + 1), selectAvailable(this.db, [...new Set(accountIds)])]);
    const batchId = ids.pop()!;
    const quoteAccounts = new Set(places.map((c) => c.accounts.quote));
    const fine = fineDecimals(this.market.spec);
    const available = new Map<number, bigint>();
    // Quote figures are counted in fine units, base ones in lots.
    for (const [id, text] of figures) available.set(id, toUnits(text, quoteAccounts.has(id) ? fine : this.market.spec.quantityDecimals));
    const plan = new BatchPlan(batchId, ids, available);
    new Planner(this.market, this.state, plan, this.now).run(batch.map((p) => p.command));
    return plan;
  }

  private answer(batch: Pending[], plan: BatchPlan, trades: StoredTrade[]) {
    this.batches++;
    this.commands += batch.length;
    if (plan.depthChanged) this.state.markCommitted();
    batch.forEach((pending, index) => {
      const outcome: Outcome = plan.outcomes[index]!;
      if ('error' in outcome) pending.reject(new DomainError(outcome.error));
      else pending.resolve(outcome.order);
    });
    try {
      this.publish({ market: this.market, trades, orders: [...plan.inserted.values(), ...plan.updated].map(snapshotOf), depthChanged: plan.depthChanged });
    } catch (error) {
      this.onError(error);
    }
  }

  /** Rebuilds; false (reported, the writer stale) when the database could not be read. */
  private async rebuildOrReport(): Promise<boolean> {
    this.isStale = true;
    try {
      await this.faults.beforeRebuild?.();
      await this.rebuild();
      return true;
    } catch (error) {
      this.onError(error);
      return false;
    }
  }
}

/** The account a command freezes from: a buy's quote, a sell's base; none for a cancel. */
const freezeAccountOf = (command: Command) => (command.kind === 'place' ? (command.side === 'buy' ? command.accounts.quote : command.accounts.base) : undefined);

function partition<T>(list: T[], test: (item: T) => boolean): [T[], T[]] {
  const yes: T[] = [];
  const no: T[] = [];
  for (const item of list) (test(item) ? yes : no).push(item);
  return [yes, no];
}
