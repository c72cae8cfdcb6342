/**
 * The spot matching engine's pure core: one in-memory book per symbol (createBook), integer units
 * (ticks, lots, quote units) and their decimal-string conversions (units.ts). No I/O: the spot
 * service feeds it orders one at a time per symbol and persists the events it returns.
 */
export { createBook, OrderBook } from './book.ts';
export { DEPTH_LEVELS_DEFAULT, DEPTH_LEVELS_MAX, QUOTE_DECIMALS_MAX, RESTING_ORDERS_MAX, UNITS_MAX } from './limits.ts';
export {
  formatUnits,
  lotsToQuantity,
  parseUnits,
  priceToTicks,
  quantityToLots,
  quoteDecimals,
  quoteToUnits,
  ticksToPrice,
  unitsToQuote,
  type ExtraDecimals,
} from './units.ts';
export { bookLimits } from './validate.ts';
export * from './types.ts';
