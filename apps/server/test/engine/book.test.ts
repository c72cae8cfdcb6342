// Proves the order book's rules one scenario at a time, in engine units (ticks, lots, quote units):
// price-time priority, partial fills, market orders by quantity and by quote amount, cancels,
// self-trade prevention, refusals, depth, and rebuilding a book from its open orders.
import { describe, expect, it } from 'vitest';
import {
  createBook,
  RESTING_ORDERS_MAX,
  UNITS_MAX,
  type DoneEvent,
  type EngineEvent,
  type OrderBook,
  type OrderInput,
  type Side,
  type SymbolSpec,
  type TradeEvent,
} from '../../src/spot/engine/index.ts';

const SPEC: SymbolSpec = { symbol: 'BTCUSDT', priceDecimals: 2, quantityDecimals: 3, priceMax: '1000000', quantityMax: '1000000' };

let clock = 0;
const limit = (id: number, accountId: number, side: Side, price: number, quantity: number): OrderInput => ({
  id,
  accountId,
  side,
  type: 'limit',
  price,
  quantity,
  time: ++clock,
});
const market = (id: number, accountId: number, side: Side, amount: { quantity: number; price?: number } | { quoteAmount: number }): OrderInput => ({
  id,
  accountId,
  side,
  type: 'market',
  ...amount,
  time: ++clock,
});

const tradesOf = (events: EngineEvent[]) =>
  events.filter((e): e is TradeEvent => e.type === 'trade').map((t) => ({ maker: t.makerOrderId, price: t.price, quantity: t.quantity }));
const doneOf = (events: EngineEvent[]) =>
  events.filter((e): e is DoneEvent => e.type === 'done').map((d) => ({ id: d.orderId, reason: d.reason, remaining: d.remainingQuantity }));
const rejection = (events: EngineEvent[]) => (events.length === 1 && events[0]!.type === 'rejected' ? events[0]!.reason : undefined);

/** Asks 101 x 5 (id 1), 101 x 3 (id 2), 102 x 4 (id 3); bids 99 x 2 (id 4), 98 x 6 (id 5); all of account 1. */
function seeded(): OrderBook {
  const book = createBook(SPEC);
  for (const order of [limit(1, 1, 'sell', 101, 5), limit(2, 1, 'sell', 101, 3), limit(3, 1, 'sell', 102, 4), limit(4, 1, 'buy', 99, 2), limit(5, 1, 'buy', 98, 6)]) {
    expect(book.place(order).events.map((e) => e.type)).toEqual(['accepted']);
  }
  return book;
}

describe('matching', () => {
  it('fills the best price first, and the oldest order first within a price', () => {
    const book = seeded();
    const { events } = book.place(limit(10, 2, 'buy', 102, 10));
    expect(tradesOf(events)).toEqual([
      { maker: 1, price: 101, quantity: 5 },
      { maker: 2, price: 101, quantity: 3 },
      { maker: 3, price: 102, quantity: 2 },
    ]);
    expect(doneOf(events)).toEqual([
      { id: 1, reason: 'filled', remaining: 0 },
      { id: 2, reason: 'filled', remaining: 0 },
      { id: 10, reason: 'filled', remaining: 0 },
    ]);
    expect(book.order(3)).toMatchObject({ quantity: 4, remaining: 2 });
  });

  it('trades at the maker price and rests the remainder of a limit order at its own price', () => {
    const book = seeded();
    const { events } = book.place(limit(10, 2, 'buy', 101, 12));
    expect(tradesOf(events)).toEqual([
      { maker: 1, price: 101, quantity: 5 },
      { maker: 2, price: 101, quantity: 3 },
    ]);
    expect(doneOf(events).map((d) => d.id)).toEqual([1, 2]);
    expect(book.order(10)).toMatchObject({ price: 101, quantity: 12, remaining: 4 });
    expect(book.bestBid()).toEqual({ price: 101, quantity: 4, orders: 1 });
    expect(book.bestAsk()).toEqual({ price: 102, quantity: 4, orders: 1 });
  });

  it('fills a resting order partly and keeps its place in the queue', () => {
    const book = seeded();
    expect(tradesOf(book.place(limit(10, 2, 'buy', 101, 2)).events)).toEqual([{ maker: 1, price: 101, quantity: 2 }]);
    expect(book.order(1)).toMatchObject({ remaining: 3 });
    expect(tradesOf(book.place(limit(11, 2, 'buy', 101, 4)).events)).toEqual([
      { maker: 1, price: 101, quantity: 3 },
      { maker: 2, price: 101, quantity: 1 },
    ]);
  });

  it('reports every trade with both sides, the quote amount and a rising sequence', () => {
    const book = seeded();
    const { events } = book.place(limit(10, 2, 'buy', 101, 6));
    expect(events[0]).toMatchObject({ type: 'accepted', orderId: 10, orderType: 'limit', price: 101, quantity: 6, quoteAmount: null });
    expect(events[1]).toEqual({
      type: 'trade',
      sequence: events[0]!.type === 'accepted' ? events[0]!.sequence + 1 : -1,
      makerOrderId: 1,
      takerOrderId: 10,
      makerAccountId: 1,
      takerAccountId: 2,
      takerSide: 'buy',
      price: 101,
      quantity: 5,
      quoteAmount: 505,
      time: clock,
    });
    const sequences = events.map((e) => (e.type === 'rejected' ? 0 : e.sequence));
    expect(sequences).toEqual([...sequences].sort((a, b) => a - b));
    expect(new Set(sequences).size).toBe(sequences.length);
    expect(book.sequence).toBe(sequences.at(-1));
  });

  it('does not trade a limit order that does not cross', () => {
    const book = seeded();
    expect(book.place(limit(10, 2, 'buy', 100, 5)).events.map((e) => e.type)).toEqual(['accepted']);
    expect(book.place(limit(11, 3, 'sell', 100, 5)).events.map((e) => e.type)).toEqual(['accepted', 'trade', 'done', 'done']);
  });
});

describe('market orders', () => {
  it('sweeps levels by quantity and ends filled', () => {
    const book = seeded();
    const { events } = book.place(market(10, 2, 'sell', { quantity: 5 }));
    expect(tradesOf(events)).toEqual([
      { maker: 4, price: 99, quantity: 2 },
      { maker: 5, price: 98, quantity: 3 },
    ]);
    expect(doneOf(events).at(-1)).toEqual({ id: 10, reason: 'filled', remaining: 0 });
  });

  it('ends no_liquidity with the unfilled quantity when the book runs out', () => {
    const book = seeded();
    const { events } = book.place(market(10, 2, 'buy', { quantity: 20 }));
    expect(tradesOf(events).reduce((sum, t) => sum + t.quantity, 0)).toBe(12);
    expect(doneOf(events).at(-1)).toEqual({ id: 10, reason: 'no_liquidity', remaining: 8 });
    expect(book.bestAsk()).toBeNull();
  });

  it('ends no_liquidity at once on an empty side', () => {
    const book = createBook(SPEC);
    const { events } = book.place(market(10, 2, 'buy', { quantity: 1 }));
    expect(events.map((e) => e.type)).toEqual(['accepted', 'done']);
    expect(doneOf(events)).toEqual([{ id: 10, reason: 'no_liquidity', remaining: 1 }]);
  });

  it('stops a market sell at its protection price and ends no_liquidity with the rest, never resting', () => {
    const book = seeded();
    // Bids 99 x 2 and 98 x 6; a floor of 99 leaves 98 alone.
    const { events } = book.place(market(10, 2, 'sell', { quantity: 5, price: 99 }));
    expect(events[0]).toMatchObject({ type: 'accepted', orderType: 'market', price: 99 });
    expect(tradesOf(events)).toEqual([{ maker: 4, price: 99, quantity: 2 }]);
    expect(doneOf(events).at(-1)).toEqual({ id: 10, reason: 'no_liquidity', remaining: 3 });
    expect(book.order(10)).toBeUndefined();
    expect(book.bestBid()).toEqual({ price: 98, quantity: 6, orders: 1 });
    expect(book.bestAsk()).toEqual({ price: 101, quantity: 8, orders: 2 });
  });

  it('stops a market buy at its protection price, and fills through it when the book allows', () => {
    const book = seeded();
    const capped = book.place(market(10, 2, 'buy', { quantity: 10, price: 101 })).events;
    expect(tradesOf(capped)).toEqual([
      { maker: 1, price: 101, quantity: 5 },
      { maker: 2, price: 101, quantity: 3 },
    ]);
    expect(doneOf(capped).at(-1)).toEqual({ id: 10, reason: 'no_liquidity', remaining: 2 });
    expect(book.order(10)).toBeUndefined();
    const through = book.place(market(11, 2, 'buy', { quantity: 2, price: 103 })).events;
    expect(tradesOf(through)).toEqual([{ maker: 3, price: 102, quantity: 2 }]);
    expect(doneOf(through).at(-1)).toEqual({ id: 11, reason: 'filled', remaining: 0 });
  });

  it('spends a quote amount across levels and returns the dust that cannot buy one lot', () => {
    const book = seeded();
    // 8 lots at 101 cost 808; 1,000 - 808 = 192 buys 1 lot at 102 (102), leaving 90 < 102.
    const { events } = book.place(market(10, 2, 'buy', { quoteAmount: 1000 }));
    expect(tradesOf(events)).toEqual([
      { maker: 1, price: 101, quantity: 5 },
      { maker: 2, price: 101, quantity: 3 },
      { maker: 3, price: 102, quantity: 1 },
    ]);
    expect(events.at(-1)).toMatchObject({ type: 'done', orderId: 10, reason: 'filled', remainingQuantity: 0, remainingQuoteAmount: 90 });
    expect(book.order(3)).toMatchObject({ remaining: 3 });
  });

  it('ends a quote amount filled when it is spent exactly', () => {
    const book = seeded();
    const { events } = book.place(market(10, 2, 'buy', { quoteAmount: 303 }));
    expect(tradesOf(events)).toEqual([{ maker: 1, price: 101, quantity: 3 }]);
    expect(events.at(-1)).toMatchObject({ reason: 'filled', remainingQuoteAmount: 0 });
  });

  it('stays exact with figures near 2^53', () => {
    const book = createBook({ symbol: 'BIG', priceDecimals: 0, quantityDecimals: 0, priceMax: '100000000', quantityMax: '100000000' });
    const price = 94_906_267;
    const lots = Math.floor(UNITS_MAX / price);
    book.place(limit(1, 1, 'sell', price, lots));
    const budget = lots * price - 1;
    const { events } = book.place(market(2, 2, 'buy', { quoteAmount: budget }));
    expect(tradesOf(events)).toEqual([{ maker: 1, price, quantity: lots - 1 }]);
    expect(events.at(-1)).toMatchObject({ reason: 'filled', remainingQuoteAmount: price - 1 });
    expect(book.order(1)).toMatchObject({ remaining: 1 });
  });

  it('ends a quote amount no_liquidity when the asks run out or it cannot buy one lot', () => {
    const book = seeded();
    const sweep = book.place(market(10, 2, 'buy', { quoteAmount: 5000 })).events;
    expect(sweep.at(-1)).toMatchObject({ reason: 'no_liquidity', remainingQuoteAmount: 5000 - 8 * 101 - 4 * 102 });
    book.place(limit(11, 1, 'sell', 500, 1));
    const tooSmall = book.place(market(12, 2, 'buy', { quoteAmount: 499 })).events;
    expect(tradesOf(tooSmall)).toEqual([]);
    expect(tooSmall.at(-1)).toMatchObject({ reason: 'no_liquidity', remainingQuoteAmount: 499 });
  });
});

describe('cancel', () => {
  it('cancels a partly filled order and reports what was left', () => {
    const book = seeded();
    book.place(market(10, 2, 'buy', { quantity: 2 }));
    const { events } = book.cancel(1);
    expect(events).toEqual([{ type: 'done', sequence: book.sequence, orderId: 1, accountId: 1, side: 'sell', reason: 'cancelled', remainingQuantity: 3, remainingQuoteAmount: 0 }]);
    expect(book.order(1)).toBeUndefined();
    expect(book.bestAsk()).toEqual({ price: 101, quantity: 3, orders: 1 });
  });

  it('refuses an unknown id, and an id already cancelled', () => {
    const book = seeded();
    expect(book.cancel(999).events).toEqual([{ type: 'rejected', orderId: 999, reason: 'unknown_order' }]);
    book.cancel(4);
    expect(rejection(book.cancel(4).events)).toBe('unknown_order');
  });

  it('drops an emptied level', () => {
    const book = seeded();
    book.cancel(4);
    expect(book.bestBid()).toEqual({ price: 98, quantity: 6, orders: 1 });
  });
});

describe('self-trade prevention (cancel oldest)', () => {
  it('cancels the resting order of the same account and goes on matching', () => {
    const book = createBook(SPEC);
    book.place(limit(1, 7, 'sell', 100, 5));
    book.place(limit(2, 8, 'sell', 100, 5));
    const { events } = book.place(limit(3, 7, 'buy', 100, 6));
    expect(doneOf(events)).toEqual([
      { id: 1, reason: 'self_trade_prevented', remaining: 5 },
      { id: 2, reason: 'filled', remaining: 0 },
    ]);
    expect(tradesOf(events)).toEqual([{ maker: 2, price: 100, quantity: 5 }]);
    expect(events.filter((e) => e.type === 'trade').every((t) => t.type === 'trade' && t.makerAccountId !== t.takerAccountId)).toBe(true);
    expect(book.order(1)).toBeUndefined();
    expect(book.order(3)).toMatchObject({ remaining: 1 });
    expect(book.bestBid()).toEqual({ price: 100, quantity: 1, orders: 1 });
  });

  it('leaves a market order no_liquidity when only its own orders were there', () => {
    const book = createBook(SPEC);
    book.place(limit(1, 7, 'buy', 100, 5));
    const { events } = book.place(market(2, 7, 'sell', { quantity: 5 }));
    expect(doneOf(events)).toEqual([
      { id: 1, reason: 'self_trade_prevented', remaining: 5 },
      { id: 2, reason: 'no_liquidity', remaining: 5 },
    ]);
  });
});

describe('refusals', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['a zero id', { id: 0 }, 'invalid_order_id'],
    ['a fractional account', { accountId: 1.5 }, 'invalid_account_id'],
    ['an unknown side', { side: 'hold' }, 'invalid_side'],
    ['an unknown type', { type: 'stop' }, 'invalid_type'],
    ['a time that is not a number', { time: Number.NaN }, 'invalid_time'],
    ['a limit without a price', { price: undefined }, 'price_required'],
    ['a fractional price', { price: 100.5 }, 'invalid_price'],
    ['a price above the maximum', { price: 100_000_001 }, 'invalid_price'],
    ['a zero quantity', { quantity: 0 }, 'invalid_quantity'],
    ['a quantity above the maximum', { quantity: 1_000_000_001 }, 'invalid_quantity'],
    ['a limit without quantity', { quantity: undefined }, 'quantity_required'],
    ['a limit with a quote amount', { quoteAmount: 100 }, 'quote_amount_market_buy_only'],
    ['a quote-amount market buy with a price', { type: 'market', quantity: undefined, quoteAmount: 5 }, 'price_not_allowed'],
    ['a market order with a fractional protection price', { type: 'market', price: 100.5 }, 'invalid_price'],
    ['a market order with quantity and quote amount', { type: 'market', price: undefined, quoteAmount: 5 }, 'quantity_and_quote_amount'],
    ['a market order with neither', { type: 'market', price: undefined, quantity: undefined }, 'quantity_required'],
    ['a market sell by quote amount', { type: 'market', side: 'sell', price: undefined, quantity: undefined, quoteAmount: 5 }, 'quote_amount_market_buy_only'],
    ['a fractional quote amount', { type: 'market', price: undefined, quantity: undefined, quoteAmount: 0.5 }, 'invalid_quote_amount'],
  ];
  it.each(cases)('refuses %s', (_name, change, reason) => {
    const book = createBook(SPEC);
    const order = { ...limit(1, 1, 'buy', 100, 1), ...change } as OrderInput;
    expect(book.place(order).events).toEqual([{ type: 'rejected', orderId: order.id, reason }]);
    expect(book.sequence).toBe(0);
  });

  it('refuses an id that is resting, and accepts it again once the order is gone', () => {
    const book = seeded();
    expect(rejection(book.place(limit(1, 2, 'buy', 90, 1)).events)).toBe('duplicate_order_id');
    book.cancel(1);
    expect(book.place(limit(1, 2, 'buy', 90, 1)).events[0]!.type).toBe('accepted');
  });

  it('refuses a notional above the symbol maximum, exactly at the bound', () => {
    const book = createBook({ ...SPEC, quoteAmountMax: '1' }); // 1 USDT = 100,000 quote units (5 decimals)
    expect(book.place(limit(1, 1, 'buy', 100, 1000)).events[0]!.type).toBe('accepted');
    expect(rejection(book.place(limit(2, 1, 'buy', 100, 1001)).events)).toBe('notional_too_large');
    expect(rejection(book.place(market(3, 1, 'buy', { quoteAmount: 100_001 })).events)).toBe('invalid_quote_amount');
  });

  it('refuses an order whose level total would pass 2^53 - 1', () => {
    const book = createBook({ symbol: 'BIG', priceDecimals: 0, quantityDecimals: 0, priceMax: '10', quantityMax: String(UNITS_MAX) });
    const half = Math.ceil(UNITS_MAX / 2);
    expect(book.place(limit(1, 1, 'buy', 1, half)).events[0]!.type).toBe('accepted');
    expect(rejection(book.place(limit(2, 1, 'buy', 1, half)).events)).toBe('level_full');
    expect(rejection(book.place(limit(3, 1, 'buy', 2, half)).events)).toBe('notional_too_large');
  });

  it(`refuses a limit order once ${RESTING_ORDERS_MAX} orders rest`, () => {
    const book = createBook(SPEC);
    for (let id = 1; id <= RESTING_ORDERS_MAX; id++) book.place({ id, accountId: 1, side: 'buy', type: 'limit', price: 1 + (id % 500), quantity: 1, time: id });
    expect(book.size).toBe(RESTING_ORDERS_MAX);
    expect(rejection(book.place(limit(RESTING_ORDERS_MAX + 1, 2, 'sell', 10, 1)).events)).toBe('book_full');
    expect(book.place(market(RESTING_ORDERS_MAX + 2, 2, 'sell', { quantity: 1 })).events[0]!.type).toBe('accepted');
  });

  it('refuses a symbol spec it cannot run exactly', () => {
    expect(() => createBook({ ...SPEC, priceDecimals: 10, quantityDecimals: 9 })).toThrow(RangeError);
    expect(() => createBook({ ...SPEC, priceMax: '0' })).toThrow(RangeError);
    expect(() => createBook({ ...SPEC, quantityMax: '1e9' })).toThrow(RangeError);
    expect(() => createBook({ ...SPEC, quoteAmountMax: '100000000000' })).toThrow(RangeError); // 10^16 units > 2^53
  });
});

describe('depth', () => {
  it('aggregates quantity and order count per price, best first, up to the levels asked', () => {
    const book = seeded();
    book.place(limit(6, 2, 'buy', 99, 3));
    expect(book.depth()).toEqual({
      bids: [
        { price: 99, quantity: 5, orders: 2 },
        { price: 98, quantity: 6, orders: 1 },
      ],
      asks: [
        { price: 101, quantity: 8, orders: 2 },
        { price: 102, quantity: 4, orders: 1 },
      ],
    });
    expect(book.depth(1)).toEqual({ bids: [{ price: 99, quantity: 5, orders: 2 }], asks: [{ price: 101, quantity: 8, orders: 2 }] });
    expect(book.depth(0)).toEqual({ bids: [], asks: [] });
  });

  it('keeps levels sorted whatever order prices arrive in', () => {
    const book = createBook(SPEC);
    const prices = [50, 10, 30, 20, 40, 35, 5, 45];
    prices.forEach((price, i) => book.place(limit(i + 1, 1, 'buy', price, 1)));
    prices.forEach((price, i) => book.place(limit(100 + i, 1, 'sell', 100 + price, 1)));
    expect(book.depth().bids.map((l) => l.price)).toEqual([...prices].sort((a, b) => b - a));
    expect(book.depth().asks.map((l) => l.price)).toEqual(prices.map((p) => 100 + p).sort((a, b) => a - b));
    book.cancel(4); // bid 20, a level inside the array
    expect(book.depth().bids.map((l) => l.price)).toEqual([50, 45, 40, 35, 30, 10, 5]);
  });
});

describe('rebuild from open orders', () => {
  it('gives the same depth and the same subsequent fills', () => {
    const book = seeded();
    book.place(limit(6, 2, 'sell', 101, 4));
    book.place(market(7, 3, 'buy', { quantity: 2 })); // order 1 is now partly filled
    const rebuilt = createBook(SPEC, JSON.parse(JSON.stringify(book.snapshot())));
    expect(rebuilt.depth()).toEqual(book.depth());
    expect(rebuilt.sequence).toBe(book.sequence);
    expect(rebuilt.order(1)).toEqual(book.order(1));
    const next = [limit(20, 4, 'buy', 102, 15), market(21, 5, 'sell', { quantity: 7 }), limit(22, 2, 'buy', 101, 1)];
    for (const order of next) expect(rebuilt.place(order).events).toEqual(book.place(order).events);
    expect(rebuilt.cancel(22).events).toEqual(book.cancel(22).events);
  });

  it('orders the queue by sequence, whatever order the rows come in', () => {
    const book = seeded();
    const snapshot = book.snapshot();
    const rebuilt = createBook(SPEC, { ...snapshot, orders: [...snapshot.orders].reverse() });
    expect(tradesOf(rebuilt.place(limit(10, 2, 'buy', 101, 8)).events).map((t) => t.maker)).toEqual([1, 2]);
  });

  it('refuses open orders no live book could hold', () => {
    const order = { id: 1, accountId: 1, side: 'buy' as const, price: 100, quantity: 5, remaining: 5, time: 1, sequence: 1 };
    expect(() => createBook(SPEC, { sequence: 1, orders: [order, { ...order, id: 2 }] })).toThrow(/sequences/);
    expect(() => createBook(SPEC, { sequence: 2, orders: [order, { ...order, sequence: 2 }] })).toThrow(/duplicate id/);
    expect(() => createBook(SPEC, { sequence: 1, orders: [{ ...order, remaining: 6 }] })).toThrow(/remaining/);
    expect(() => createBook(SPEC, { sequence: 2, orders: [order, { ...order, id: 2, side: 'sell', sequence: 2 }] })).toThrow(/crossed/);
  });
});
