/**
 * The single writer of one symbol: commands (place, cancel) queue here, run through the engine one at a
 * time, and every batch of them (up to ORDERS_PER_BATCH_MAX, whatever is queued) is persisted in ONE
 * database transaction: new orders, trades, order progress and all ledger entries (freeze, fills, fees,
 * releases). A command is answered only after its batch commits (group commit).
 *
 * Affordability is decided before the engine sees an order, from the available figures read at the start
 * of the batch plus what earlier commands of the batch froze or released, so a refused order never
 * disturbs the book or the others. If the transaction fails anyway (a concurrent withdrawal on another
 * domain took the funds), the book is rebuilt from the database and the batch is planned once more from
 * fresh figures; should the funds run short again, the commands freezing from the short accounts fail
 * and the rest is planned one last time. If the rebuild itself fails, the book still holds uncommitted
 * changes: the writer refuses every command (market_unavailable) until a rebuild succeeds, which it
 * tries again before each batch.
 */
import type { ErrorCode } from '@fairex/contract';
import type { Db } from '../db/client.ts';
import { DomainError } from '../http/errors.ts';
import { LEGS_PER_ENTRY_MAX, post, type Entry, type Leg } from '../ledger/index.ts';
import {
  createBook,
  DEPTH_LEVELS_MAX,
  lotsToQuantity,
  ticksToPrice,
  unitsToQuote,
  type EngineEvent,
  type OrderBook,
  type OrderType,
  type RejectReason,
  type Side,
  type SymbolSpec,
  type TradeEvent,
} from './engine/index.ts';
import { buyerFeePpm, buyFreeze, feeOf, fineDecimals, fromUnits, marketBuyCap, marketSellFloor, quoteToFine, toUnits } from './amounts.ts';
import {
  insertOrders,
  insertTrades,
  lockAccountsInOrder,
  reserveOrderIds,
  selectAvailable,
  selectOpenOrders,
  selectSpotAccounts,
  updateOrders,
  type SpotOrderInsert,
  type SpotTradeInsert,
} from './repository.ts';
import type { SpotOrderStatus } from './tables.ts';

/** Commands persisted per transaction at most; the rest wait for the next batch. */
export const ORDERS_PER_BATCH_MAX = 256;
/** Commands waiting per symbol at most; beyond it new orders are refused (too_many_requests). */
export const QUEUE_LENGTH_MAX = 20_000;
/**
 * Planning attempts per batch: the second starts from freshly read figures, the third without the
 * commands of accounts still short.
 */
const BATCH_ATTEMPTS_MAX = 3;
/** Legs kept free in an entry before another step is added to it (a trade adds at most 5). */
const LEGS_PER_STEP_MAX = 8;

export type Market = {
  symbolId: number;
  symbol: string;
  baseCurrencyId: number;
  quoteCurrencyId: number;
  spec: SymbolSpec;
  makerFeePpm: bigint;
  takerFeePpm: bigint;
  feesAccountId: number;
};

export type UserAccounts = { base: number; quote: number };

/** An order the writer knows: placed in this batch, or resting. Amount fields are exact integers. */
export type LiveOrder = {
  id: number;
  userId: number;
  side: Side;
  type: OrderType;
  /** Ticks: the limit price, or a market order's protection price (null only on rows from before it had one). */
  price: number | null;
  quantity: number;
  /** Quote fine units for a buy, lots for a sell. */
  frozen: bigint;
  used: bigint;
  filledLots: bigint;
  filledQuote: bigint;
  /** Fine units of the quote coin. */
  fee: bigint;
  status: SpotOrderStatus;
  doneReason: string | null;
  accounts: UserAccounts;
  createdAt: Date;
  updatedAt: Date;
};

export type PlaceCommand = {
  kind: 'place';
  userId: number;
  accounts: UserAccounts;
  side: Side;
  type: OrderType;
  price?: number;
  quantity: number;
};
export type CancelCommand = { kind: 'cancel'; userId: number; orderId: number };
export type Command = PlaceCommand | CancelCommand;

/** What a settled command answers: the order as committed, or a refusal. */
export type OrderView = Omit<LiveOrder, 'accounts'>;
type Outcome = { order: OrderView } | { error: ErrorCode };
type Pending = { command: Command; resolve: (order: OrderView) => void; reject: (error: unknown) => void };

/**
 * Test-only fault injection (production passes none): `beforeCommit` runs between planning a batch and
 * its transaction (attempt counts from 1), where another transaction may take a placing user's funds;
 * `beforeRebuild` runs before each rebuild after a failed batch, and may fail it.
 */
export type WriterFaults = { beforeCommit?: (attempt: number) => Promise<void>; beforeRebuild?: () => Promise<void> };
export type WriterOptions = { now?: () => number; faults?: WriterFaults };

/** The resting orders in time priority, with what each holds: what a rebuilt writer must show again. */
export type RestingView = Omit<OrderView, 'createdAt' | 'updatedAt' | 'status' | 'doneReason'> & { remaining: number; time: number };

export type BatchPublished = {
  market: Market;
  trades: (SpotTradeInsert & { id: number; time: number })[];
  orders: OrderView[];
  depthChanged: boolean;
};

const snapshotOf = (order: LiveOrder): OrderView => {
  const { accounts: _accounts, ...view } = order;
  return { ...view };
};

/** Engine refusals are the caller's numbers (or a full book); none of them should reach a user otherwise. */
function codeOfReject(reason: RejectReason): ErrorCode {
  switch (reason) {
    case 'level_full':
    case 'book_full':
      return 'too_many_requests';
    case 'unknown_order':
      return 'not_found';
    default:
      return 'wrong_number';
  }
}

/**
 * Collects a batch's ledger legs into as few entries as LEGS_PER_ENTRY_MAX allows (each step balances
 * on its own, so an entry may end between any two steps). Fewer, larger entries are what makes a batch
 * cheap: each entry costs the ledger a lock and a write. An entry names the orders it moves in its memo;
 * spot_trades and spot_orders hold the per-order detail.
 */
class EntryBuilder {
  readonly entries: Entry[] = [];
  private legs: Leg[] = [];
  private orders = new Set<number>();
  constructor(private readonly symbolId: number) {}

  order(id: number) {
    this.orders.add(id);
  }

  step(orderId: number, legs: Leg[]) {
    const nonZero = legs.filter((l) => l.amount !== '0');
    if (nonZero.length === 0) return;
    if (this.legs.length + nonZero.length > LEGS_PER_ENTRY_MAX - LEGS_PER_STEP_MAX) this.flush();
    this.orders.add(orderId);
    this.legs.push(...nonZero);
  }

  flush() {
    if (this.legs.length === 1) throw new Error('spot entry step with a single leg');
    if (this.legs.length >= 2) {
      const ids = [...this.orders].sort((a, b) => a - b);
      this.entries.push({ kind: 'spot_trade', refType: 'spot_batch', refId: `${this.symbolId}:${ids[0]}`, memo: `orders ${ids.join(',')}`, legs: this.legs });
    }
    this.legs = [];
    this.orders = new Set();
  }
}

/** Everything a batch changes, gathered in memory and written in one transaction. */
class BatchPlan {
  readonly inserted = new Map<number, LiveOrder>();
  readonly updated = new Set<LiveOrder>();
  readonly trades: (SpotTradeInsert & { time: number })[] = [];
  readonly entries: Entry[] = [];
  readonly accounts = new Set<number>();
  readonly outcomes: LiveOrder[] = [];
  readonly entry: EntryBuilder;
  depthChanged = false;
  constructor(readonly available: Map<number, bigint>, symbolId: number) {
    this.entry = new EntryBuilder(symbolId);
  }

  touch(order: LiveOrder) {
    if (!this.inserted.has(order.id)) this.updated.add(order);
  }

  credit(accountId: number, amount: bigint) {
    const current = this.available.get(accountId);
    if (current !== undefined) this.available.set(accountId, current + amount);
  }
}

export class SymbolWriter {
  private book: OrderBook;
  private readonly live = new Map<number, LiveOrder>();
  private readonly queue: Pending[] = [];
  private running: Promise<void> | undefined;
  private closed = false;
  /** A failed batch could not be undone by a rebuild: the book may hold changes never committed. */
  private stale = false;
  private batches = 0;
  private commands = 0;
  /** Decimals of the quote coin's fine units. */
  private readonly fine: number;
  private readonly now: () => number;
  private readonly faults: WriterFaults;

  constructor(
    private readonly db: Db,
    readonly market: Market,
    private readonly publish: (batch: BatchPublished) => void,
    private readonly onError: (error: unknown) => void,
    options: WriterOptions = {},
  ) {
    this.book = createBook(market.spec);
    this.fine = fineDecimals(market.spec);
    this.now = options.now ?? Date.now;
    this.faults = options.faults ?? {};
  }

  /** Rebuilds the book and the open orders from the database (at start, and after a failed batch). */
  async rebuild() {
    const rows = await selectOpenOrders(this.db, this.market.symbolId);
    const { spec } = this.market;
    const userIds = [...new Set(rows.map((r) => r.userId))];
    const accounts = await selectSpotAccounts(this.db, userIds, [this.market.baseCurrencyId, this.market.quoteCurrencyId]);
    const accountOf = (userId: number, currencyId: number) => {
      const found = accounts.find((a) => a.userId === userId && a.currencyId === currencyId);
      if (!found) throw new Error(`spot: user ${userId} has an open order but no spot account in currency ${currencyId}`);
      return found.id;
    };
    const live = new Map<number, LiveOrder>();
    const resting = rows.map((row, index) => {
      const order: LiveOrder = {
        id: row.id,
        userId: row.userId,
        side: row.side,
        type: row.type,
        price: row.price === null ? null : Number(toUnits(row.price, spec.priceDecimals)),
        quantity: Number(toUnits(row.quantity, spec.quantityDecimals)),
        frozen: toUnits(row.frozen, row.side === 'buy' ? this.fine : spec.quantityDecimals),
        used: toUnits(row.used, row.side === 'buy' ? this.fine : spec.quantityDecimals),
        filledLots: toUnits(row.filledQuantity, spec.quantityDecimals),
        filledQuote: toUnits(row.filledQuote, spec.priceDecimals + spec.quantityDecimals),
        fee: toUnits(row.fee, this.fine),
        status: row.status,
        doneReason: row.doneReason,
        accounts: { base: accountOf(row.userId, this.market.baseCurrencyId), quote: accountOf(row.userId, this.market.quoteCurrencyId) },
        createdAt: row.createdAt,
        updatedAt: row.updatedAt,
      };
      live.set(order.id, order);
      return {
        id: order.id,
        accountId: order.userId,
        side: order.side,
        price: order.price!,
        quantity: order.quantity,
        remaining: order.quantity - Number(order.filledLots),
        time: order.createdAt.getTime(),
        sequence: index + 1,
      };
    });
    // Swapped in only once complete, so a rebuild that fails leaves the writer as it was (and stale).
    this.book = createBook(spec, { sequence: resting.length, orders: resting });
    this.live.clear();
    for (const [id, order] of live) this.live.set(id, order);
    this.stale = false;
  }

  depth(levels = 20) {
    return this.book.depth(levels);
  }

  /** A resting order as the writer holds it (ownership checks and the market maker read it). */
  openOrder(id: number): LiveOrder | undefined {
    return this.live.get(id);
  }

  openOrdersOf(userId: number): LiveOrder[] {
    return [...this.live.values()].filter((o) => o.userId === userId);
  }

  /** Every resting order in time priority with its amounts (restart checks compare it with a rebuilt writer). */
  restingOrders(): RestingView[] {
    return this.book.snapshot().orders.map((resting) => {
      const { accounts: _accounts, createdAt: _created, updatedAt: _updated, status: _status, doneReason: _reason, ...order } = this.live.get(resting.id)!;
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
        await this.runBatch(this.queue.splice(0, ORDERS_PER_BATCH_MAX));
      }
    } finally {
      this.running = undefined;
    }
  }

  private async runBatch(batch: Pending[]) {
    if (this.stale && !(await this.rebuildAfterFailure())) {
      for (const pending of batch) pending.reject(new DomainError('market_unavailable'));
      return;
    }
    let pending = batch;
    let lastError: unknown;
    for (let attempt = 1; attempt <= BATCH_ATTEMPTS_MAX; attempt++) {
      try {
        await this.commit(pending, attempt);
        return;
      } catch (error) {
        if (!(error instanceof DomainError)) this.onError(error);
        lastError = error;
        // The engine and the open orders hold the failed batch's changes: back to what the database holds.
        this.stale = true;
        if (!(await this.rebuildAfterFailure())) {
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
    }
    const failure = lastError instanceof DomainError ? lastError : new DomainError('internal_error');
    for (const p of pending) p.reject(failure);
  }

  /** Plans a batch, commits it in one transaction, then answers its commands and publishes what changed. */
  private async commit(batch: Pending[], attempt: number) {
    const places = batch.filter((p) => p.command.kind === 'place').map((p) => p.command as PlaceCommand);
    const ids = await reserveOrderIds(this.db, places.length);
    const accountIds = places.flatMap((c) => [c.accounts.base, c.accounts.quote]);
    const figures = await selectAvailable(this.db, [...new Set(accountIds)]);
    const available = new Map<number, bigint>();
    for (const [id, text] of figures) {
      available.set(id, toUnits(text, id === this.quoteAccountOf(places, id) ? this.fine : this.market.spec.quantityDecimals));
    }
    const plan = new BatchPlan(available, this.market.symbolId);
    const outcomes: Outcome[] = [];
    let nextId = 0;
    for (const pending of batch) {
      const command = pending.command;
      outcomes.push(command.kind === 'place' ? this.place(plan, command, ids[nextId++]!) : this.cancel(plan, command));
    }
    plan.entry.flush();
    plan.entries.push(...plan.entry.entries);
    await this.faults.beforeCommit?.(attempt);
    const trades = await this.persist(plan);
    this.batches++;
    this.commands += batch.length;
    batch.forEach((pending, index) => {
      const outcome = outcomes[index]!;
      if ('error' in outcome) pending.reject(new DomainError(outcome.error));
      else pending.resolve(outcome.order);
    });
    try {
      this.publish({ market: this.market, trades, orders: [...plan.inserted.values(), ...plan.updated].map(snapshotOf), depthChanged: plan.depthChanged });
    } catch (error) {
      this.onError(error);
    }
  }

  /** Rebuilds after a failed batch; false (reported) when the database could not be read. */
  private async rebuildAfterFailure(): Promise<boolean> {
    try {
      await this.faults.beforeRebuild?.();
      await this.rebuild();
      return true;
    } catch (error) {
      this.onError(error);
      return false;
    }
  }

  /** The quote account among the batch's accounts (its figures are in fine units, base ones in lots). */
  private quoteAccountOf(places: PlaceCommand[], accountId: number): number | undefined {
    return places.find((c) => c.accounts.quote === accountId)?.accounts.quote;
  }

  private place(plan: BatchPlan, command: PlaceCommand, id: number): Outcome {
    const { spec } = this.market;
    const isBuy = command.side === 'buy';
    let price = command.price;
    let freeze: bigint;
    if (command.type === 'limit') {
      if (price === undefined) return { error: 'wrong_number' };
      const feePpm = this.market.makerFeePpm > this.market.takerFeePpm ? this.market.makerFeePpm : this.market.takerFeePpm;
      freeze = isBuy ? buyFreeze(price, command.quantity, feePpm) : BigInt(command.quantity);
    } else if (isBuy) {
      // A market order trades up (buy) or down (sell) to its protection price; the rest is cancelled.
      const worst = this.worstAskFor(command.quantity);
      if (worst === undefined) return { error: 'no_liquidity' };
      price = marketBuyCap(worst, this.book.limits.priceTicksMax);
      freeze = buyFreeze(price, command.quantity, this.market.takerFeePpm);
    } else {
      const bestBid = this.book.bestBid();
      if (bestBid === null) return { error: 'no_liquidity' };
      price = marketSellFloor(bestBid.price);
      freeze = BigInt(command.quantity);
    }
    const accountId = isBuy ? command.accounts.quote : command.accounts.base;
    const available = plan.available.get(accountId) ?? 0n;
    if (available < freeze) return { error: 'insufficient_balance' };

    const time = this.now();
    const result = this.book.place({ id, accountId: command.userId, side: command.side, type: command.type, price, quantity: command.quantity, time });
    const first = result.events[0];
    if (first?.type === 'rejected') return { error: codeOfReject(first.reason) };

    const order: LiveOrder = {
      id,
      userId: command.userId,
      side: command.side,
      type: command.type,
      price,
      quantity: command.quantity,
      frozen: freeze,
      used: 0n,
      filledLots: 0n,
      filledQuote: 0n,
      fee: 0n,
      status: 'open',
      doneReason: null,
      accounts: command.accounts,
      createdAt: new Date(time),
      updatedAt: new Date(time),
    };
    plan.inserted.set(id, order);
    plan.available.set(accountId, available - freeze);
    const entry = plan.entry;
    const amount = this.amountText(order, freeze);
    entry.step(id, [
      { accountId, amount: `-${amount}` },
      { accountId, bucket: 'frozen', amount },
    ]);
    plan.accounts.add(accountId);
    this.live.set(id, order);
    this.apply(plan, entry, order, result.events);
    plan.outcomes.push(order);
    return { order: snapshotOf(order) };
  }

  private cancel(plan: BatchPlan, command: CancelCommand): Outcome {
    const order = this.live.get(command.orderId);
    // Someone else's order answers like a missing one, so ids cannot be probed.
    if (!order || order.userId !== command.userId || this.book.order(order.id) === undefined) return { error: 'not_found' };
    this.apply(plan, plan.entry, order, this.book.cancel(order.id).events);
    return { order: snapshotOf(order) };
  }

  /** The price of the ask level that completes `lots` (the deepest level when the book has less). */
  private worstAskFor(lots: number): number | undefined {
    let total = 0;
    let worst: number | undefined;
    for (const level of this.book.depth(DEPTH_LEVELS_MAX).asks) {
      worst = level.price;
      total += level.quantity;
      if (total >= lots) break;
    }
    return worst;
  }

  private amountText(order: LiveOrder, units: bigint) {
    return fromUnits(units, order.side === 'buy' ? this.fine : this.market.spec.quantityDecimals);
  }

  /** Folds the engine's events into orders, trades and ledger legs. */
  private apply(plan: BatchPlan, entry: EntryBuilder, taker: LiveOrder, events: EngineEvent[]) {
    for (const event of events) {
      if (event.type === 'rejected') continue;
      // Every accepted order changes the book: it rests, trades, or both.
      plan.depthChanged = true;
      if (event.type === 'accepted') continue;
      if (event.type === 'trade') this.trade(plan, entry, event);
      else {
        const order = event.orderId === taker.id ? taker : this.live.get(event.orderId);
        if (!order) throw new Error(`spot ${this.market.symbol}: done for unknown order ${event.orderId}`);
        this.finish(plan, entry, order, event.reason === 'filled' ? 'filled' : 'cancelled', event.reason);
      }
    }
  }

  private trade(plan: BatchPlan, entry: EntryBuilder, event: TradeEvent) {
    const maker = this.live.get(event.makerOrderId);
    const taker = this.live.get(event.takerOrderId);
    if (!maker || !taker) throw new Error(`spot ${this.market.symbol}: trade between unknown orders ${event.makerOrderId}/${event.takerOrderId}`);
    const takerBuys = event.takerSide === 'buy';
    const buyer = takerBuys ? taker : maker;
    const seller = takerBuys ? maker : taker;
    const { makerFeePpm, takerFeePpm, feesAccountId, spec } = this.market;
    // Rates may have been raised since the buy froze its funds: never charge it above what it froze for.
    const buyerFee = feeOf(event.quoteAmount, buyerFeePpm(takerBuys ? takerFeePpm : makerFeePpm, buyer));
    const sellerFee = feeOf(event.quoteAmount, takerBuys ? makerFeePpm : takerFeePpm);
    const gross = quoteToFine(event.quoteAmount);
    const lots = BigInt(event.quantity);
    const q = (units: bigint) => fromUnits(units, this.fine);
    const b = (units: bigint) => fromUnits(units, spec.quantityDecimals);
    entry.order(maker.id);
    entry.step(taker.id, [
      { accountId: buyer.accounts.quote, bucket: 'frozen', amount: q(-(gross + buyerFee)) },
      { accountId: seller.accounts.quote, amount: q(gross - sellerFee) },
      { accountId: feesAccountId, amount: q(buyerFee + sellerFee) },
      { accountId: seller.accounts.base, bucket: 'frozen', amount: b(-lots) },
      { accountId: buyer.accounts.base, amount: b(lots) },
    ]);
    for (const id of [buyer.accounts.quote, seller.accounts.quote, feesAccountId, seller.accounts.base, buyer.accounts.base]) plan.accounts.add(id);
    plan.credit(seller.accounts.quote, gross - sellerFee);
    plan.credit(buyer.accounts.base, lots);

    buyer.used += gross + buyerFee;
    seller.used += lots;
    for (const order of [buyer, seller]) {
      if (order.used > order.frozen) throw new Error(`spot ${this.market.symbol}: order ${order.id} used more than it froze`);
      order.filledLots += lots;
      order.filledQuote += BigInt(event.quoteAmount);
      order.updatedAt = new Date(event.time);
      plan.touch(order);
    }
    buyer.fee += buyerFee;
    seller.fee += sellerFee;
    plan.trades.push({
      symbolId: this.market.symbolId,
      makerOrderId: maker.id,
      takerOrderId: taker.id,
      makerUserId: maker.userId,
      takerUserId: taker.userId,
      takerSide: event.takerSide,
      price: ticksToPrice(spec, event.price),
      quantity: lotsToQuantity(spec, event.quantity),
      quote: unitsToQuote(spec, event.quoteAmount),
      makerFee: q(takerBuys ? sellerFee : buyerFee),
      takerFee: q(takerBuys ? buyerFee : sellerFee),
      createdAt: new Date(event.time),
      time: event.time,
    });
  }

  /** The order left the book: what it froze and did not use goes back to available. */
  private finish(plan: BatchPlan, entry: EntryBuilder, order: LiveOrder, status: SpotOrderStatus, reason: string) {
    const release = order.frozen - order.used;
    if (release < 0n) throw new Error(`spot ${this.market.symbol}: order ${order.id} used more than it froze`);
    const accountId = order.side === 'buy' ? order.accounts.quote : order.accounts.base;
    if (release > 0n) {
      const amount = this.amountText(order, release);
      entry.step(order.id, [
        { accountId, bucket: 'frozen', amount: `-${amount}` },
        { accountId, amount },
      ]);
      plan.accounts.add(accountId);
      plan.credit(accountId, release);
      order.used = order.frozen;
    }
    order.status = status;
    order.doneReason = reason;
    order.updatedAt = new Date(this.now());
    plan.touch(order);
    this.live.delete(order.id);
  }

  private async persist(plan: BatchPlan) {
    const { spec, symbolId } = this.market;
    const amounts = (o: LiveOrder) => {
      const units = o.side === 'buy' ? this.fine : spec.quantityDecimals;
      return {
        filledQuantity: fromUnits(o.filledLots, spec.quantityDecimals),
        filledQuote: fromUnits(o.filledQuote, spec.priceDecimals + spec.quantityDecimals),
        fee: fromUnits(o.fee, this.fine),
        frozen: fromUnits(o.frozen, units),
        used: fromUnits(o.used, units),
      };
    };
    const inserts: SpotOrderInsert[] = [...plan.inserted.values()].map((o) => ({
      id: o.id,
      userId: o.userId,
      symbolId,
      side: o.side,
      type: o.type,
      price: o.price === null ? null : ticksToPrice(spec, o.price),
      quantity: lotsToQuantity(spec, o.quantity),
      ...amounts(o),
      status: o.status,
      doneReason: o.doneReason,
      createdAt: o.createdAt,
      updatedAt: o.updatedAt,
    }));
    const updates = [...plan.updated].map((o) => {
      const { filledQuantity, filledQuote, fee, used } = amounts(o);
      return { id: o.id, filledQuantity, filledQuote, fee, used, status: o.status, doneReason: o.doneReason };
    });
    if (inserts.length === 0 && updates.length === 0 && plan.entries.length === 0) return [];
    return this.db.transaction(async (tx) => {
      await lockAccountsInOrder(tx, [...plan.accounts]);
      await insertOrders(tx, inserts);
      await updateOrders(tx, updates);
      const tradeIds = await insertTrades(
        tx,
        plan.trades.map(({ time: _time, ...row }) => row),
      );
      for (const entry of plan.entries) await post(tx, entry);
      return plan.trades.map((t, i) => ({ ...t, id: tradeIds[i]! }));
    });
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
