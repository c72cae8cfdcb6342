/**
 * The order book of one symbol: price-time priority matching of limit and market orders.
 *
 * Pure and synchronous: no I/O, no clock, no timers; time and ids come in with the orders. The
 * caller is the single writer of a book (one queue per symbol) and persists the events it returns.
 * Units are integer ticks, lots and quote units (see types.ts for why numbers are exact here).
 *
 * Self-trade prevention, "cancel oldest": when a taker meets a resting order of its own account, the
 * resting order is cancelled (done: self_trade_prevented) and matching goes on with the next one. The
 * newer instruction wins, and the taker is never partly executed against itself.
 *
 * A market order by quantity may carry a protection price: it trades down (sell) or up (buy) to that
 * price and no further, and whatever is left ends no_liquidity, like a market order that met an empty
 * side. It never rests.
 */
import { DEPTH_LEVELS_DEFAULT, DEPTH_LEVELS_MAX, RESTING_ORDERS_MAX, UNITS_MAX } from './limits.ts';
import { HashIndex } from './hash-index.ts';
import { BookSide, OrderNode, type PriceLevel } from './price-levels.ts';
import type {
  AcceptedEvent,
  BookLimits,
  BookSnapshot,
  Depth,
  DepthLevel,
  DoneReason,
  EngineEvent,
  EngineResult,
  OrderId,
  OrderInput,
  RejectReason,
  RestingOrder,
  SymbolSpec,
} from './types.ts';
import { bookLimits, orderRejectReason, rejectReason } from './validate.ts';

/** A book for `spec`, empty or rebuilt from open orders (keeping their time priority). */
export function createBook(spec: SymbolSpec, snapshot?: BookSnapshot): OrderBook {
  const book = new OrderBook(spec);
  if (snapshot !== undefined) book.restore(snapshot);
  return book;
}

const sideName = (isBuy: boolean) => (isBuy ? 'buy' : 'sell');
const rejected = (orderId: OrderId, reason: RejectReason): EngineResult => ({ events: [{ type: 'rejected', orderId, reason }] });

/**
 * floor(a / b) for positive integers a < 2^53, b >= 1, exact: when a / b is not an integer it lies at
 * least 1/b below the next one, while rounding moves it by at most half an ulp, which is below
 * (a / b) * 2^-53 < 1/b; so the division can never round up onto the next integer.
 */
const floorDivide = (a: number, b: number) => Math.floor(a / b);

/** Nodes of orders that left the book kept for reuse (see OrderNode); past this many they are left to the GC. */
const SPARE_NODES_MAX = 4096;

export class OrderBook {
  readonly limits: BookLimits;
  private readonly bids = new BookSide(true);
  private readonly asks = new BookSide(false);
  private readonly orders = new HashIndex<OrderNode>();
  private lastSequence = 0;
  /** Unlinked nodes to reuse, chained through `next`. */
  private spare: OrderNode | null = null;
  private spareCount = 0;

  constructor(readonly spec: SymbolSpec) {
    this.limits = bookLimits(spec);
  }

  /** Sequence of the last event issued. */
  get sequence() {
    return this.lastSequence;
  }

  /** Orders resting. */
  get size() {
    return this.orders.size;
  }

  /**
   * Places an order. Events: `rejected`, or `accepted` followed by the trades in execution order, a
   * `done` for each maker that filled or was cancelled by self-trade prevention, and a `done` for the
   * taker unless its remainder rests in the book (limit orders only).
   */
  place(order: OrderInput): EngineResult {
    // Each field read once: orders come in several shapes, so every read is a lookup over them.
    const { id, accountId, side, type, price, quantity, quoteAmount, time } = order;
    const reason = rejectReason(id, accountId, side, type, price, quantity, quoteAmount, time, this.limits);
    if (reason !== null) return rejected(id, reason);
    if (this.orders.has(id)) return rejected(id, 'duplicate_order_id');
    const isBuy = side === 'buy';
    const isLimit = type === 'limit';
    // Matching only touches the other side, so the order's own level found now is still right when it rests.
    let ownLevel: PriceLevel | undefined;
    if (isLimit) {
      if (this.orders.size >= RESTING_ORDERS_MAX) return rejected(id, 'book_full');
      ownLevel = (isBuy ? this.bids : this.asks).find(price!);
      if (ownLevel !== undefined && ownLevel.quantity > UNITS_MAX - quantity!) return rejected(id, 'level_full');
    }

    const sequence = ++this.lastSequence;
    // Also the taker matching reads (one shape, whatever the order's).
    const accepted: AcceptedEvent = {
      type: 'accepted',
      sequence,
      orderId: id,
      accountId,
      side,
      orderType: type,
      price: price ?? null,
      quantity: quantity ?? null,
      quoteAmount: quoteAmount ?? null,
      time,
    };
    const events: EngineEvent[] = [accepted];
    if (quoteAmount !== undefined) {
      this.spendQuote(accepted, quoteAmount, events);
      return { events };
    }

    // A limit order's price, or a market order's protection price: it trades no worse than that.
    const limitPrice = price ?? (isBuy ? Number.POSITIVE_INFINITY : 0);
    const remaining = this.match(accepted, isBuy, limitPrice, quantity!, events);
    if (remaining === 0) {
      this.pushDone(events, id, accountId, isBuy, 'filled', 0, 0);
    } else if (isLimit) {
      const level = ownLevel ?? (isBuy ? this.bids : this.asks).findOrCreate(price!);
      const node = this.newNode(id, accountId, isBuy, price!, quantity!, remaining, time, sequence);
      level.append(node);
      this.orders.set(id, node);
    } else {
      this.pushDone(events, id, accountId, isBuy, 'no_liquidity', remaining, 0);
    }
    return { events };
  }

  /** Cancels a resting order, partly filled or not. Events: `done` (cancelled) or `rejected` (unknown_order). */
  cancel(orderId: OrderId): EngineResult {
    const node = this.orders.get(orderId);
    if (node === undefined) return rejected(orderId, 'unknown_order');
    this.removeResting(node);
    const events: EngineEvent[] = [];
    this.pushDone(events, node.id, node.accountId, node.isBuy, 'cancelled', node.remaining, 0);
    this.release(node);
    return { events };
  }

  /** A resting order by id, or undefined when it is not (or no longer) in the book. */
  order(orderId: OrderId): RestingOrder | undefined {
    const node = this.orders.get(orderId);
    return node === undefined ? undefined : view(node);
  }

  bestBid(): DepthLevel | null {
    const level = this.bids.best();
    return level === undefined ? null : depthLevel(level);
  }

  bestAsk(): DepthLevel | null {
    const level = this.asks.best();
    return level === undefined ? null : depthLevel(level);
  }

  /** Aggregated levels, best first, at most `levels` (capped at DEPTH_LEVELS_MAX) per side. */
  depth(levels = DEPTH_LEVELS_DEFAULT): Depth {
    const count = Math.min(Math.max(Math.trunc(levels) || 0, 0), DEPTH_LEVELS_MAX);
    const side = (book: BookSide) => {
      const out: DepthLevel[] = [];
      for (let rank = 0; rank < count; rank++) {
        const level = book.at(rank);
        if (level === undefined) break;
        out.push(depthLevel(level));
      }
      return out;
    };
    return { bids: side(this.bids), asks: side(this.asks) };
  }

  /** Open orders in time priority (acceptance sequence) and the last sequence: what createBook rebuilds from. */
  snapshot(): BookSnapshot {
    const orders = Array.from(this.orders, view).sort((a, b) => a.sequence - b.sequence);
    return { sequence: this.lastSequence, orders };
  }

  /**
   * Loads open orders into an empty book in the order of their sequence, so time priority survives a
   * restart. Throws on anything a live book could not have held: that is corrupt state, not a refusal.
   */
  restore(snapshot: BookSnapshot) {
    if (this.orders.size > 0 || this.lastSequence > 0) throw new Error(`${this.spec.symbol}: restore needs an empty book`);
    if (!Number.isSafeInteger(snapshot.sequence) || snapshot.sequence < 0) throw new RangeError(`${this.spec.symbol}: invalid sequence`);
    if (snapshot.orders.length > RESTING_ORDERS_MAX) throw new RangeError(`${this.spec.symbol}: more than ${RESTING_ORDERS_MAX} orders`);
    const orders = [...snapshot.orders].sort((a, b) => a.sequence - b.sequence);
    let previous = 0;
    for (const order of orders) {
      const fail = (why: string) => new RangeError(`${this.spec.symbol}: cannot restore order ${order.id}: ${why}`);
      const reason = orderRejectReason({ ...order, type: 'limit' }, this.limits);
      if (reason !== null) throw fail(reason);
      if (!Number.isSafeInteger(order.remaining) || order.remaining < 1 || order.remaining > order.quantity) throw fail('invalid remaining');
      if (!Number.isSafeInteger(order.sequence) || order.sequence <= previous) throw fail('sequences must be unique positive integers');
      if (this.orders.has(order.id)) throw fail('duplicate id');
      previous = order.sequence;
      const isBuy = order.side === 'buy';
      const level = (isBuy ? this.bids : this.asks).findOrCreate(order.price);
      if (level.quantity > UNITS_MAX - order.remaining) throw fail('level_full');
      const node = this.newNode(order.id, order.accountId, isBuy, order.price, order.quantity, order.remaining, order.time, order.sequence);
      level.append(node);
      this.orders.set(node.id, node);
    }
    const bid = this.bids.best();
    const ask = this.asks.best();
    if (bid !== undefined && ask !== undefined && bid.price >= ask.price) {
      throw new RangeError(`${this.spec.symbol}: restored book is crossed (${bid.price} >= ${ask.price})`);
    }
    this.lastSequence = Math.max(snapshot.sequence, previous);
  }

  /** Takes liquidity from the other side while prices cross `limitPrice`; returns the lots left. */
  private match(taker: AcceptedEvent, isBuy: boolean, limitPrice: number, quantity: number, events: EngineEvent[]): number {
    const opposite = isBuy ? this.asks : this.bids;
    let remaining = quantity;
    while (remaining > 0) {
      const level = opposite.best();
      if (level === undefined || (isBuy ? level.price > limitPrice : level.price < limitPrice)) break;
      remaining = this.takeFromLevel(level, taker, remaining, events);
      if (level.orders === 0) opposite.remove(level);
    }
    return remaining;
  }

  /**
   * A market buy spending a quote budget: at each ask level it buys what the budget affords. It ends
   * `filled` once the budget is spent or what is left cannot buy one lot at the best ask (that dust is
   * returned as remainingQuoteAmount); `no_liquidity` when the book runs out, or when it could not buy
   * a single lot at all.
   */
  private spendQuote(taker: AcceptedEvent, quoteAmount: number, events: EngineEvent[]) {
    let budget = quoteAmount;
    let traded = false;
    let dust = false;
    while (budget > 0) {
      const level = this.asks.best();
      if (level === undefined) break;
      const affordable = floorDivide(budget, level.price);
      if (affordable === 0) {
        dust = true;
        break;
      }
      const bought = affordable - this.takeFromLevel(level, taker, affordable, events);
      // bought * price <= affordable * price <= budget: exact and never negative.
      budget -= bought * level.price;
      if (bought > 0) traded = true;
      if (level.orders === 0) this.asks.remove(level);
    }
    const reason: DoneReason = budget === 0 || (dust && traded) ? 'filled' : 'no_liquidity';
    this.pushDone(events, taker.orderId, taker.accountId, true, reason, 0, budget);
  }

  /** Fills up to `wanted` lots from one level, oldest first; returns the lots still wanted. */
  private takeFromLevel(level: PriceLevel, taker: AcceptedEvent, wanted: number, events: EngineEvent[]): number {
    let maker = level.head;
    while (maker !== null && wanted > 0) {
      const next = maker.next;
      if (maker.accountId === taker.accountId) {
        level.unlink(maker);
        this.orders.delete(maker.id);
        this.pushDone(events, maker.id, maker.accountId, maker.isBuy, 'self_trade_prevented', maker.remaining, 0);
        this.release(maker);
      } else {
        const quantity = maker.remaining < wanted ? maker.remaining : wanted;
        maker.remaining -= quantity;
        level.quantity -= quantity;
        wanted -= quantity;
        events.push({
          type: 'trade',
          sequence: ++this.lastSequence,
          makerOrderId: maker.id,
          takerOrderId: taker.orderId,
          makerAccountId: maker.accountId,
          takerAccountId: taker.accountId,
          takerSide: taker.side,
          price: level.price,
          quantity,
          quoteAmount: level.price * quantity,
          time: taker.time,
        });
        if (maker.remaining === 0) {
          level.unlink(maker);
          this.orders.delete(maker.id);
          this.pushDone(events, maker.id, maker.accountId, maker.isBuy, 'filled', 0, 0);
          this.release(maker);
        }
      }
      maker = next;
    }
    return wanted;
  }

  /** A node for a new resting order: a spare one when there is one. */
  private newNode(id: OrderId, accountId: number, isBuy: boolean, price: number, quantity: number, remaining: number, time: number, sequence: number) {
    const node = this.spare;
    if (node === null) return new OrderNode(id, accountId, isBuy, price, quantity, remaining, time, sequence);
    this.spare = node.next;
    this.spareCount--;
    node.next = null;
    return node.set(id, accountId, isBuy, price, quantity, remaining, time, sequence);
  }

  /** Keeps the node of an order that left the book (unlinked, its events already written) for reuse. */
  private release(node: OrderNode) {
    if (this.spareCount >= SPARE_NODES_MAX) return;
    node.next = this.spare;
    this.spare = node;
    this.spareCount++;
  }

  private removeResting(node: OrderNode) {
    const level = node.level!;
    level.unlink(node);
    this.orders.delete(node.id);
    if (level.orders === 0) (node.isBuy ? this.bids : this.asks).remove(level);
  }

  private pushDone(
    events: EngineEvent[],
    orderId: OrderId,
    accountId: number,
    isBuy: boolean,
    reason: DoneReason,
    remainingQuantity: number,
    remainingQuoteAmount: number,
  ) {
    events.push({
      type: 'done',
      sequence: ++this.lastSequence,
      orderId,
      accountId,
      side: sideName(isBuy),
      reason,
      remainingQuantity,
      remainingQuoteAmount,
    });
  }
}

function view(node: OrderNode): RestingOrder {
  return {
    id: node.id,
    accountId: node.accountId,
    side: sideName(node.isBuy),
    price: node.price,
    quantity: node.quantity,
    remaining: node.remaining,
    time: node.time,
    sequence: node.sequence,
  };
}

const depthLevel = (level: PriceLevel): DepthLevel => ({ price: level.price, quantity: level.quantity, orders: level.orders });
