/**
 * Named limits of the matching engine. The engine keeps every price, quantity and quote amount as an
 * integer `number` (ticks, lots, quote units); UNITS_MAX is the bound that keeps them exact.
 */

/** Largest integer a double holds exactly (2^53 - 1); every engine figure stays at or below it. */
export const UNITS_MAX = Number.MAX_SAFE_INTEGER;

/** Quote units carry price + quantity decimals; the ledger's NUMERIC(36,18) holds at most 18. */
export const QUOTE_DECIMALS_MAX = 18;

/** Levels per side that depth() returns when asked for none in particular. */
export const DEPTH_LEVELS_DEFAULT = 20;

/** Most levels per side depth() returns, so a caller cannot ask to copy a whole book. */
export const DEPTH_LEVELS_MAX = 1_000;

/** Most orders resting in one book; a limit order beyond it is refused (memory stays bounded). */
export const RESTING_ORDERS_MAX = 1_000_000;
