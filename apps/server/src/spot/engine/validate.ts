/**
 * Checks of an order and of a symbol spec before they reach the book. Orders come from the service
 * layer, which validates user input first; these checks keep the book's integer bounds (types.ts)
 * true whatever a caller passes.
 */
import { QUOTE_DECIMALS_MAX, UNITS_MAX } from './limits.ts';
import type { BookLimits, OrderInput, RejectReason, SymbolSpec } from './types.ts';
import { parseUnits } from './units.ts';

const isId = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;
const isCount = (value: unknown, max: number): value is number =>
  Number.isSafeInteger(value) && (value as number) > 0 && (value as number) <= max;

/** Why an order cannot be placed, or null when it can (duplicate ids and capacity are the book's). */
export function orderRejectReason(order: OrderInput, limits: BookLimits): RejectReason | null {
  return rejectReason(order.id, order.accountId, order.side, order.type, order.price, order.quantity, order.quoteAmount, order.time, limits);
}

/**
 * orderRejectReason on the order's fields, which the book reads once: callers build orders of several
 * shapes (limit, market, quote amount), so each read of a field is a lookup over those shapes.
 */
export function rejectReason(
  id: OrderInput['id'],
  accountId: OrderInput['accountId'],
  side: OrderInput['side'],
  type: OrderInput['type'],
  price: OrderInput['price'],
  quantity: OrderInput['quantity'],
  quoteAmount: OrderInput['quoteAmount'],
  time: OrderInput['time'],
  limits: BookLimits,
): RejectReason | null {
  if (!isId(id)) return 'invalid_order_id';
  if (!isId(accountId)) return 'invalid_account_id';
  if (side !== 'buy' && side !== 'sell') return 'invalid_side';
  if (!Number.isFinite(time)) return 'invalid_time';
  if (type === 'limit') {
    if (price === undefined) return 'price_required';
    if (!isCount(price, limits.priceTicksMax)) return 'invalid_price';
    if (quoteAmount !== undefined) return 'quote_amount_market_buy_only';
    if (quantity === undefined) return 'quantity_required';
    if (!isCount(quantity, limits.quantityLotsMax)) return 'invalid_quantity';
    // Exact: a true product <= quoteUnitsMax (< 2^53) is computed exactly, a larger one rounds to a larger double.
    if (price * quantity > limits.quoteUnitsMax) return 'notional_too_large';
    return null;
  }
  if (type === 'market') {
    if (quantity !== undefined && quoteAmount !== undefined) return 'quantity_and_quote_amount';
    if (quoteAmount !== undefined) {
      if (price !== undefined) return 'price_not_allowed';
      if (side !== 'buy') return 'quote_amount_market_buy_only';
      return isCount(quoteAmount, limits.quoteUnitsMax) ? null : 'invalid_quote_amount';
    }
    if (quantity === undefined) return 'quantity_required';
    if (!isCount(quantity, limits.quantityLotsMax)) return 'invalid_quantity';
    // A market order by quantity may carry a protection price, beyond which it does not trade.
    return price === undefined || isCount(price, limits.priceTicksMax) ? null : 'invalid_price';
  }
  return 'invalid_type';
}

/** The spec's maxima in engine units; throws on a spec the engine cannot run exactly (a configuration bug). */
export function bookLimits(spec: SymbolSpec): BookLimits {
  const { priceDecimals, quantityDecimals } = spec;
  for (const decimals of [priceDecimals, quantityDecimals]) {
    if (!Number.isInteger(decimals) || decimals < 0) throw new RangeError(`${spec.symbol}: decimals must be integers >= 0`);
  }
  if (priceDecimals + quantityDecimals > QUOTE_DECIMALS_MAX) {
    throw new RangeError(`${spec.symbol}: price + quantity decimals must be <= ${QUOTE_DECIMALS_MAX}`);
  }
  const positive = (name: string, text: string | undefined, decimals: number) => {
    const units = text === undefined ? UNITS_MAX : parseUnits(text, decimals);
    if (units === null || units < 1) {
      throw new RangeError(`${spec.symbol}: ${name} ${text} is not a positive amount of at most ${UNITS_MAX} units`);
    }
    return units;
  };
  return {
    priceTicksMax: positive('priceMax', spec.priceMax, priceDecimals),
    quantityLotsMax: positive('quantityMax', spec.quantityMax, quantityDecimals),
    quoteUnitsMax: positive('quoteAmountMax', spec.quoteAmountMax, priceDecimals + quantityDecimals),
  };
}
