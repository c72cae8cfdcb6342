/**
 * Types of the spot matching engine's pure core.
 *
 * Numbers: every price, quantity and quote amount here is an integer `number`, never a float amount
 * and never a bigint. A price is in ticks (10^-priceDecimals), a quantity in lots
 * (10^-quantityDecimals), a quote amount in quote units (10^-(priceDecimals + quantityDecimals)), so a
 * trade's quote amount is exactly price * quantity. Integer doubles are exact below 2^53 and several
 * times faster than bigint; the engine keeps every figure below UNITS_MAX (2^53 - 1) by construction:
 *  - price, quantity and quote amount of an order are checked against the symbol's maxima (<= UNITS_MAX);
 *  - a limit order's notional, price * quantity, must be <= the symbol's quote maximum, and a trade's
 *    quote amount is the maker's price times at most the maker's quantity, so it is bounded the same way;
 *  - a quote-amount market buy only ever decreases its budget;
 *  - a level's total quantity is checked before an order joins it (level_full).
 * units.ts converts decimal strings to these units and back.
 */

export type Side = 'buy' | 'sell';
export type OrderType = 'limit' | 'market';
/** Database serial ids: positive safe integers. */
export type OrderId = number;
export type AccountId = number;

/** A symbol's precision and maxima, as configured (decimal strings). */
export interface SymbolSpec {
  symbol: string;
  priceDecimals: number;
  quantityDecimals: number;
  /** Highest limit price accepted. */
  priceMax: string;
  /** Largest order quantity accepted. */
  quantityMax: string;
  /** Largest notional (limit price * quantity, or a market buy's quote amount); default: as large as exact integers allow. */
  quoteAmountMax?: string;
}

/** The spec's maxima in engine units. */
export interface BookLimits {
  priceTicksMax: number;
  quantityLotsMax: number;
  quoteUnitsMax: number;
}

/**
 * An order to place. Limit: price + quantity. Market: quantity (with an optional protection price), or
 * (buy only) quoteAmount to spend. `time` is the caller's clock (ms); the engine never reads a clock.
 */
export interface OrderInput {
  id: OrderId;
  accountId: AccountId;
  side: Side;
  type: OrderType;
  /** Ticks: a limit order's price, or a market order's protection price (it trades no worse than this). */
  price?: number;
  /** Lots. */
  quantity?: number;
  /** Quote units; market buys only. */
  quoteAmount?: number;
  time: number;
}

/** An order resting in the book, as order() shows it and as snapshots carry it. */
export interface RestingOrder {
  id: OrderId;
  accountId: AccountId;
  side: Side;
  price: number;
  /** Quantity placed, lots. */
  quantity: number;
  /** Quantity still open, lots (quantity minus fills). */
  remaining: number;
  time: number;
  /** Sequence of the order's `accepted` event: its time priority. */
  sequence: number;
}

/** Open orders to rebuild a book from (e.g. read from the database at start). */
export interface BookSnapshot {
  /** Last event sequence the book issued; the rebuilt book continues after it. */
  sequence: number;
  orders: readonly RestingOrder[];
}

export const DONE_REASONS = ['filled', 'cancelled', 'self_trade_prevented', 'no_liquidity'] as const;
export type DoneReason = (typeof DONE_REASONS)[number];

export const REJECT_REASONS = [
  'invalid_order_id',
  'invalid_account_id',
  'invalid_side',
  'invalid_type',
  'invalid_time',
  'duplicate_order_id',
  'price_required',
  'price_not_allowed',
  'invalid_price',
  'quantity_required',
  'quantity_and_quote_amount',
  'invalid_quantity',
  'quote_amount_market_buy_only',
  'invalid_quote_amount',
  'notional_too_large',
  'level_full',
  'book_full',
  'unknown_order',
] as const;
export type RejectReason = (typeof REJECT_REASONS)[number];

/**
 * Every event that changes the book carries the book's next sequence number, so a consumer can
 * persist and replay them in order; refusals change nothing and carry none.
 */
export interface AcceptedEvent {
  type: 'accepted';
  sequence: number;
  orderId: OrderId;
  accountId: AccountId;
  side: Side;
  orderType: OrderType;
  price: number | null;
  quantity: number | null;
  quoteAmount: number | null;
  time: number;
}

export interface TradeEvent {
  type: 'trade';
  sequence: number;
  makerOrderId: OrderId;
  takerOrderId: OrderId;
  makerAccountId: AccountId;
  takerAccountId: AccountId;
  takerSide: Side;
  /** The maker's price, ticks. */
  price: number;
  quantity: number;
  /** price * quantity, quote units. */
  quoteAmount: number;
  /** The taker's time. */
  time: number;
}

/** An order left the book (or never rested): nothing more will happen to it. */
export interface DoneEvent {
  type: 'done';
  sequence: number;
  orderId: OrderId;
  accountId: AccountId;
  side: Side;
  reason: DoneReason;
  /** Lots not filled (0 for a quote-amount market buy). */
  remainingQuantity: number;
  /** Quote units not spent by a quote-amount market buy (0 otherwise). */
  remainingQuoteAmount: number;
}

export interface RejectedEvent {
  type: 'rejected';
  orderId: OrderId;
  reason: RejectReason;
}

export type EngineEvent = AcceptedEvent | TradeEvent | DoneEvent | RejectedEvent;

export interface EngineResult {
  events: EngineEvent[];
}

export interface DepthLevel {
  price: number;
  /** Sum of remaining lots at the price. */
  quantity: number;
  orders: number;
}

/** Best first on both sides. */
export interface Depth {
  bids: DepthLevel[];
  asks: DepthLevel[];
}
