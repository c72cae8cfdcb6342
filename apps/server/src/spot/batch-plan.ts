/**
 * Planning a batch: each command runs through the engine in memory, and what it changes (new orders,
 * order progress, trades, ledger legs) is gathered in a BatchPlan that the store writes in one
 * transaction. Nothing here does I/O.
 *
 * Every ledger leg names the order it belongs to (`spot_order`, the order id): a fill's buyer legs name the
 * buy, its seller legs the sell, and the fees account takes one leg per order. So a user's bill line shows
 * that user's own order and never the counterparty's. The entries themselves name the batch.
 */
import type { ErrorCode } from '@fairex/contract';
import { LEGS_PER_ENTRY_MAX, type Entry, type Leg } from '../ledger/index.ts';
import {
  lotsToQuantity,
  ticksToPrice,
  unitsToQuote,
  type EngineEvent,
  type OrderType,
  type RejectReason,
  type Side,
  type TradeEvent,
} from './engine/index.ts';
import { buyerFeePpm, buyFreeze, buyNeeds, feeOf, fineDecimals, fromUnits, marketBuyCap, marketSellFloor, quoteToFine, settleFill } from './amounts.ts';
import type { BookState, LiveOrder, Market, UserAccounts } from './book-state.ts';
import type { SpotTradeInsert } from './repository.ts';
import type { SpotOrderStatus } from './tables.ts';

/** Legs kept free in an entry before another step is added to it (a trade adds at most 7). */
const LEGS_PER_STEP_MAX = 10;
/** The reference every spot leg carries: the order it belongs to. */
export const ORDER_REF_TYPE = 'spot_order';
/** The reference of a batch's entries: `<batch id>.<n>`, the batch id reserved from the order sequence. */
export const BATCH_REF_TYPE = 'spot_batch';

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
export type Outcome = { order: OrderView } | { error: ErrorCode };

export const snapshotOf = (order: LiveOrder): OrderView => {
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
 * on its own, so an entry may end between any two steps). The store posts them all in one postMany.
 */
class EntryBuilder {
  readonly entries: Entry[] = [];
  private legs: Leg[] = [];
  constructor(private readonly batchId: number) {}

  step(legs: Leg[]) {
    const nonZero = legs.filter((l) => l.amount !== '0');
    if (nonZero.length === 0) return;
    if (this.legs.length + nonZero.length > LEGS_PER_ENTRY_MAX - LEGS_PER_STEP_MAX) this.flush();
    this.legs.push(...nonZero);
  }

  flush() {
    if (this.legs.length === 1) throw new Error('spot entry step with a single leg');
    if (this.legs.length >= 2) {
      this.entries.push({ kind: 'spot_trade', refType: BATCH_REF_TYPE, refId: `${this.batchId}.${this.entries.length + 1}`, legs: this.legs });
    }
    this.legs = [];
  }
}

/** Everything a batch changes, gathered in memory and written in one transaction. */
export class BatchPlan {
  readonly inserted = new Map<number, LiveOrder>();
  readonly updated = new Set<LiveOrder>();
  readonly trades: (SpotTradeInsert & { time: number })[] = [];
  readonly accounts = new Set<number>();
  readonly outcomes: Outcome[] = [];
  private readonly entry: EntryBuilder;
  depthChanged = false;
  constructor(
    /** Reserved from the order id sequence; names the batch's entries, so a commit can be found again. */
    readonly batchId: number,
    /** Ids reserved for the batch's new orders, in command order. */
    readonly orderIds: number[],
    readonly available: Map<number, bigint>,
  ) {
    this.entry = new EntryBuilder(batchId);
  }

  /** The batch's ledger entries (call once planning is done). */
  entries(): Entry[] {
    this.entry.flush();
    return this.entry.entries;
  }

  step(legs: Leg[]) {
    this.entry.step(legs);
    for (const leg of legs) if (leg.amount !== '0') this.accounts.add(leg.accountId);
  }

  touch(order: LiveOrder) {
    if (!this.inserted.has(order.id)) this.updated.add(order);
  }

  credit(accountId: number, amount: bigint) {
    const current = this.available.get(accountId);
    if (current !== undefined) this.available.set(accountId, current + amount);
  }
}

/** Runs commands through the engine against `state`, recording what they change in `plan`. */
export class Planner {
  /** Decimals of the quote coin's fine units. */
  private readonly fine: number;

  constructor(
    private readonly market: Market,
    private readonly state: BookState,
    private readonly plan: BatchPlan,
    private readonly now: () => number,
  ) {
    this.fine = fineDecimals(market.spec);
  }

  run(commands: Command[]) {
    let nextId = 0;
    for (const command of commands) {
      this.plan.outcomes.push(command.kind === 'place' ? this.place(command, this.plan.orderIds[nextId++]!) : this.cancel(command));
    }
  }

  private place(command: PlaceCommand, id: number): Outcome {
    const { book } = this.state;
    const { spec, quoteUnit } = this.market;
    const isBuy = command.side === 'buy';
    let price = command.price;
    let freeze: bigint;
    if (command.type === 'limit') {
      if (price === undefined) return { error: 'wrong_number' };
      const feePpm = this.market.makerFeePpm > this.market.takerFeePpm ? this.market.makerFeePpm : this.market.takerFeePpm;
      freeze = isBuy ? buyFreeze(price, command.quantity, feePpm, quoteUnit) : BigInt(command.quantity);
    } else if (isBuy) {
      // A market order trades up (buy) or down (sell) to its protection price, anchored at the best
      // price when it arrives; the rest is cancelled.
      const bestAsk = book.bestAsk();
      if (bestAsk === null) return { error: 'no_liquidity' };
      price = marketBuyCap(bestAsk.price, book.limits.priceTicksMax);
      freeze = buyFreeze(price, command.quantity, this.market.takerFeePpm, quoteUnit);
    } else {
      const bestBid = book.bestBid();
      if (bestBid === null) return { error: 'no_liquidity' };
      price = marketSellFloor(bestBid.price);
      freeze = BigInt(command.quantity);
    }
    const accountId = isBuy ? command.accounts.quote : command.accounts.base;
    const available = this.plan.available.get(accountId) ?? 0n;
    if (available < freeze) return { error: 'insufficient_balance' };

    const time = this.now();
    const result = book.place({ id, accountId: command.userId, side: command.side, type: command.type, price, quantity: command.quantity, time });
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
    this.plan.inserted.set(id, order);
    this.plan.available.set(accountId, available - freeze);
    const amount = this.amountText(order, freeze);
    this.plan.step([
      { accountId, amount: `-${amount}`, ...ref(order) },
      { accountId, bucket: 'frozen', amount, ...ref(order) },
    ]);
    this.state.live.set(id, order);
    this.apply(order, result.events);
    return { order: snapshotOf(order) };
  }

  private cancel(command: CancelCommand): Outcome {
    const order = this.state.live.get(command.orderId);
    // Someone else's order answers like a missing one, so ids cannot be probed.
    if (!order || order.userId !== command.userId || this.state.book.order(order.id) === undefined) return { error: 'not_found' };
    this.apply(order, this.state.book.cancel(order.id).events);
    return { order: snapshotOf(order) };
  }

  private amountText(order: LiveOrder, units: bigint) {
    return fromUnits(units, order.side === 'buy' ? this.fine : this.market.spec.quantityDecimals);
  }

  /** Folds the engine's events into orders, trades and ledger legs. */
  private apply(taker: LiveOrder, events: EngineEvent[]) {
    for (const event of events) {
      if (event.type === 'rejected') continue;
      // Every accepted order changes the book: it rests, trades, or both.
      this.plan.depthChanged = true;
      if (event.type === 'accepted') continue;
      if (event.type === 'trade') this.trade(event);
      else {
        const order = event.orderId === taker.id ? taker : this.state.live.get(event.orderId);
        if (!order) throw new Error(`spot ${this.market.symbol}: done for unknown order ${event.orderId}`);
        this.finish(order, event.reason === 'filled' ? 'filled' : 'cancelled', event.reason);
      }
    }
  }

  private trade(event: TradeEvent) {
    const maker = this.state.live.get(event.makerOrderId);
    const taker = this.state.live.get(event.takerOrderId);
    if (!maker || !taker) throw new Error(`spot ${this.market.symbol}: trade between unknown orders ${event.makerOrderId}/${event.takerOrderId}`);
    const takerBuys = event.takerSide === 'buy';
    const buyer = takerBuys ? taker : maker;
    const seller = takerBuys ? maker : taker;
    const { makerFeePpm, takerFeePpm, feesAccountId, roundingAccountId, quoteUnit, spec } = this.market;
    // Rates may have been raised since the buy froze its funds: never charge it above what it froze for.
    const buyerFee = feeOf(event.quoteAmount, buyerFeePpm(takerBuys ? takerFeePpm : makerFeePpm, buyer));
    const sellerFee = feeOf(event.quoteAmount, takerBuys ? makerFeePpm : takerFeePpm);
    const gross = quoteToFine(event.quoteAmount);
    const lots = BigInt(event.quantity);
    const totals = (o: LiveOrder) => ({ quote: quoteToFine(o.filledQuote), fee: o.fee });
    const settled = settleFill(quoteUnit, { quote: gross, buyerFee, sellerFee }, totals(buyer), totals(seller));
    // An order rested from before payments were rounded may hold a fraction of a unit less than its
    // rounded cost: it pays at most what it holds, the rounding account takes the rest.
    const hold = buyer.frozen - buyer.used;
    const buyerPays = settled.buyerPays < hold ? settled.buyerPays : hold;
    const rounding = settled.rounding - (settled.buyerPays - buyerPays);
    const q = (units: bigint) => fromUnits(units, this.fine);
    const b = (units: bigint) => fromUnits(units, spec.quantityDecimals);
    this.plan.step([
      { accountId: buyer.accounts.quote, bucket: 'frozen', amount: q(-buyerPays), ...ref(buyer) },
      { accountId: buyer.accounts.base, amount: b(lots), ...ref(buyer) },
      { accountId: feesAccountId, amount: q(settled.buyerFee), ...ref(buyer) },
      { accountId: seller.accounts.base, bucket: 'frozen', amount: b(-lots), ...ref(seller) },
      { accountId: seller.accounts.quote, amount: q(settled.sellerReceives), ...ref(seller) },
      { accountId: feesAccountId, amount: q(settled.sellerFee), ...ref(seller) },
      { accountId: roundingAccountId, amount: q(rounding), ...ref(taker) },
    ]);
    this.plan.credit(seller.accounts.quote, settled.sellerReceives);
    this.plan.credit(buyer.accounts.base, lots);

    buyer.used += buyerPays;
    seller.used += lots;
    for (const order of [buyer, seller]) {
      if (order.used > order.frozen) throw new Error(`spot ${this.market.symbol}: order ${order.id} used more than it froze`);
      order.filledLots += lots;
      order.filledQuote += BigInt(event.quoteAmount);
      order.updatedAt = new Date(event.time);
      this.plan.touch(order);
    }
    buyer.fee += buyerFee;
    seller.fee += sellerFee;
    this.releaseUnneeded(buyer);
    this.plan.trades.push({
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

  /**
   * After a buy's fill: what it holds beyond what its remaining quantity can still cost (buyNeeds) goes
   * back to available at once, so nothing stays frozen without a reason.
   */
  private releaseUnneeded(buyer: LiveOrder) {
    const needs = buyNeeds(this.market.quoteUnit, buyer, { quote: quoteToFine(buyer.filledQuote), fee: buyer.fee });
    const release = buyer.frozen - buyer.used - needs;
    if (release > 0n) this.release(buyer, release);
  }

  private release(order: LiveOrder, amount: bigint) {
    const accountId = order.side === 'buy' ? order.accounts.quote : order.accounts.base;
    const text = this.amountText(order, amount);
    this.plan.step([
      { accountId, bucket: 'frozen', amount: `-${text}`, ...ref(order) },
      { accountId, amount: text, ...ref(order) },
    ]);
    this.plan.credit(accountId, amount);
    order.used += amount;
    this.plan.touch(order);
  }

  /** The order left the book: what it froze and did not use goes back to available. */
  private finish(order: LiveOrder, status: SpotOrderStatus, reason: string) {
    const release = order.frozen - order.used;
    if (release < 0n) throw new Error(`spot ${this.market.symbol}: order ${order.id} used more than it froze`);
    if (release > 0n) this.release(order, release);
    order.status = status;
    order.doneReason = reason;
    order.updatedAt = new Date(this.now());
    this.plan.touch(order);
    this.state.live.delete(order.id);
  }
}

/** A leg's reference: the order it belongs to. */
const ref = (order: LiveOrder) => ({ refType: ORDER_REF_TYPE, refId: order.id });
