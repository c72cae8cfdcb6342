// Proves the book's invariants on random sequences of place and cancel (fast-check): every event the
// engine emits equals that of a naive reference book (so each trade's maker was the best-priced,
// earliest resting order), the book is never crossed and its depth matches the reference, quantity
// and quote amounts are conserved per order, funds per account, and a book rebuilt from a snapshot
// at any point behaves exactly like the original from then on.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createBook,
  DEPTH_LEVELS_MAX,
  type DoneEvent,
  type EngineEvent,
  type OrderBook,
  type OrderInput,
  type Side,
  type SymbolSpec,
} from '../../src/spot/engine/index.ts';
import { ReferenceBook } from './reference-book.ts';

const SPEC: SymbolSpec = { symbol: 'TEST', priceDecimals: 0, quantityDecimals: 0, priceMax: '1000', quantityMax: '1000' };
/** Runs per property; raise ENGINE_PROPERTY_RUNS for a longer hunt. */
const RUNS = Number(process.env.ENGINE_PROPERTY_RUNS ?? 300);
const OPERATIONS_MAX = 150;
/** An id never placed, to cancel. */
const UNKNOWN_ID = 1_000_000;

type Operation =
  | { kind: 'limit'; accountId: number; side: Side; price: number; quantity: number }
  | { kind: 'market'; accountId: number; side: Side; quantity: number; protection: number | undefined }
  | { kind: 'quote'; accountId: number; quoteAmount: number }
  | { kind: 'cancel'; pick: number };

// Few accounts, so self-trades come up often; prices mostly in a narrow band, so orders cross.
const accountId = fc.integer({ min: 1, max: 4 });
const side = fc.constantFrom<Side>('buy', 'sell');
const price = fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 95, max: 105 }) }, { weight: 1, arbitrary: fc.integer({ min: 1, max: 300 }) });
const operation: fc.Arbitrary<Operation> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('limit' as const), accountId, side, price, quantity: fc.integer({ min: 1, max: 20 }) }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('market' as const), accountId, side, quantity: fc.integer({ min: 1, max: 40 }), protection: fc.option(price, { nil: undefined }) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('quote' as const), accountId, quoteAmount: fc.integer({ min: 1, max: 3000 }) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }) },
);
// size 'max': lengths spread over 0..OPERATIONS_MAX (fast-check's default size stops near 10).
const operations = fc.array(operation, { maxLength: OPERATIONS_MAX, size: 'max' });

/** Turns operations into book calls: ids count up from 1; a cancel picks any id placed so far, or an unknown one. */
class Driver {
  readonly placed: OrderInput[] = [];

  call(op: Operation, time: number): { kind: 'place'; order: OrderInput } | { kind: 'cancel'; id: number } {
    if (op.kind === 'cancel') {
      const index = op.pick % (this.placed.length + 1);
      return { kind: 'cancel', id: index === this.placed.length ? UNKNOWN_ID : this.placed[index]!.id };
    }
    const id = this.placed.length + 1;
    const order: OrderInput =
      op.kind === 'limit'
        ? { id, accountId: op.accountId, side: op.side, type: 'limit', price: op.price, quantity: op.quantity, time }
        : op.kind === 'market'
          ? { id, accountId: op.accountId, side: op.side, type: 'market', quantity: op.quantity, price: op.protection, time }
          : { id, accountId: op.accountId, side: 'buy', type: 'market', quoteAmount: op.quoteAmount, time };
    this.placed.push(order);
    return { kind: 'place', order };
  }
}

function apply(book: OrderBook, call: ReturnType<Driver['call']>): EngineEvent[] {
  return call.kind === 'place' ? book.place(call.order).events : book.cancel(call.id).events;
}

function expectNotCrossed(book: OrderBook) {
  const bid = book.bestBid();
  const ask = book.bestAsk();
  if (bid !== null && ask !== null) expect(bid.price).toBeLessThan(ask.price);
}

describe('order book properties', () => {
  it('emits exactly the events of a naive reference book, never crosses, and shows the same depth', () => {
    fc.assert(
      fc.property(operations, (ops) => {
        const book = createBook(SPEC);
        const reference = new ReferenceBook();
        const driver = new Driver();
        ops.forEach((op, time) => {
          const call = driver.call(op, time);
          const expected = call.kind === 'place' ? reference.place(call.order) : reference.cancel(call.id);
          expect(apply(book, call)).toEqual(expected);
          expectNotCrossed(book);
          expect(book.depth(DEPTH_LEVELS_MAX)).toEqual(reference.depth());
          expect(book.size).toBe(reference.resting.length);
        });
      }),
      { numRuns: RUNS },
    );
  });

  it('conserves every order quantity and quote amount, and every account funds', () => {
    fc.assert(
      fc.property(operations, (ops) => {
        const book = createBook(SPEC);
        const driver = new Driver();
        const filled = new Map<number, number>();
        /** Quote amount each order paid (buy) or received (sell), as maker or taker. */
        const value = new Map<number, number>();
        const done = new Map<number, DoneEvent>();
        const base = new Map<number, number>();
        const quote = new Map<number, number>();
        const add = (map: Map<number, number>, key: number, amount: number) => map.set(key, (map.get(key) ?? 0) + amount);
        ops.forEach((op, time) => {
          for (const event of apply(book, driver.call(op, time))) {
            if (event.type === 'done') {
              expect(done.has(event.orderId)).toBe(false);
              done.set(event.orderId, event);
            }
            if (event.type !== 'trade') continue;
            expect(event.makerAccountId).not.toBe(event.takerAccountId);
            expect(event.quoteAmount).toBe(event.price * event.quantity);
            add(filled, event.makerOrderId, event.quantity);
            add(filled, event.takerOrderId, event.quantity);
            add(value, event.makerOrderId, event.quoteAmount);
            add(value, event.takerOrderId, event.quoteAmount);
            const buyer = event.takerSide === 'buy' ? event.takerAccountId : event.makerAccountId;
            const seller = event.takerSide === 'buy' ? event.makerAccountId : event.takerAccountId;
            add(base, buyer, event.quantity);
            add(base, seller, -event.quantity);
            add(quote, buyer, -event.quoteAmount);
            add(quote, seller, event.quoteAmount);
          }
        });

        // Per order: placed = filled + resting + left at done; a quote order: amount = spent + returned.
        const expectedBase = new Map<number, number>();
        for (const order of driver.placed) {
          const resting = book.order(order.id);
          const end = done.get(order.id);
          expect(resting === undefined).toBe(end !== undefined);
          const orderFilled = filled.get(order.id) ?? 0;
          if (order.quoteAmount !== undefined) {
            expect((value.get(order.id) ?? 0) + end!.remainingQuoteAmount).toBe(order.quoteAmount);
          } else {
            expect(orderFilled + (resting?.remaining ?? 0) + (end?.remainingQuantity ?? 0)).toBe(order.quantity);
            if (resting !== undefined) expect(resting.quantity - resting.remaining).toBe(orderFilled);
          }
          // Limit protection: an order never pays more (buy) or receives less (sell) than its price allows.
          if (order.type === 'limit') {
            const amount = value.get(order.id) ?? 0;
            if (order.side === 'buy') expect(amount).toBeLessThanOrEqual(orderFilled * order.price!);
            else expect(amount).toBeGreaterThanOrEqual(orderFilled * order.price!);
          }
          add(expectedBase, order.accountId, order.side === 'buy' ? orderFilled : -orderFilled);
        }
        // Per account: what the trades moved equals what its orders filled; base and quote both sum to zero.
        for (const [account, amount] of base) expect(amount).toBe(expectedBase.get(account) ?? 0);
        const total = (map: Map<number, number>) => [...map.values()].reduce((sum, x) => sum + x, 0);
        expect(total(base)).toBe(0);
        expect(total(quote)).toBe(0);
      }),
      { numRuns: RUNS },
    );
  });

  it('rebuilt from a snapshot at any point, behaves exactly like the original afterwards', () => {
    fc.assert(
      fc.property(operations, operations, (before, after) => {
        const book = createBook(SPEC);
        const driver = new Driver();
        before.forEach((op, time) => apply(book, driver.call(op, time)));
        // Through JSON, as if read back from storage.
        const rebuilt = createBook(SPEC, JSON.parse(JSON.stringify(book.snapshot())));
        expect(rebuilt.depth(DEPTH_LEVELS_MAX)).toEqual(book.depth(DEPTH_LEVELS_MAX));
        expect(rebuilt.snapshot()).toEqual(book.snapshot());
        after.forEach((op, index) => {
          const call = driver.call(op, before.length + index);
          expect(apply(rebuilt, call)).toEqual(apply(book, call));
        });
        expect(rebuilt.depth(DEPTH_LEVELS_MAX)).toEqual(book.depth(DEPTH_LEVELS_MAX));
      }),
      { numRuns: RUNS },
    );
  });
});
