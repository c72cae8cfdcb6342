/**
 * What a spot order freezes, shared by the server (which freezes it) and clients (which size the largest
 * order a balance affords, for the percentage shortcuts), so an order sized here is one the server
 * accepts. Exact integer arithmetic on scaled amounts (bigint), never floats:
 *  - a limit buy freezes price x quantity x (1 + the higher of the maker and taker fee rates);
 *  - a market buy freezes at its protection price, the best ask at arrival plus the protection margin
 *    rounded up to a tick, x quantity x (1 + the taker fee rate), and never pays above that price;
 *  - a market sell never sells below its protection price: the best bid less the same margin, rounded
 *    down to a tick.
 * Amounts of the quote coin are counted in "fine units" of 10^-(price decimals + quantity decimals + 6):
 * a price in ticks times a quantity in lots times a fee rate in parts per million is a whole number.
 * What reaches the ledger is a whole number of the coin's smallest unit: a freeze is rounded up to it
 * (the one rounding rule: a user pays rounded up, receives rounded down; see the server's settlement).
 */
import type { SpotRules } from './schemas/market.ts';

/** Fee rates carry at most 6 decimals (parts per million). */
export const FEE_RATE_DECIMALS = 6;
export const PPM = 1_000_000n;
const BPS = 10_000n;

const FIXED = /^(-)?(\d+)(?:\.(\d+))?$/;

/** A decimal string to integer units of 10^-decimals, truncated toward zero. */
export function toUnits(text: string, decimals: number): bigint {
  const match = FIXED.exec(text.trim());
  if (!match) throw new RangeError(`not a decimal: ${text}`);
  const fraction = (match[3] ?? '').padEnd(decimals, '0').slice(0, decimals);
  const units = BigInt(match[2]! + fraction);
  return match[1] ? -units : units;
}

/** Integer units of 10^-decimals to a plain decimal string without trailing zeros ("0" for zero). */
export function fromUnits(units: bigint, decimals: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(decimals + 1, '0');
  const whole = decimals === 0 ? digits : digits.slice(0, -decimals);
  const fraction = decimals === 0 ? '' : digits.slice(-decimals).replace(/0+$/, '');
  const text = fraction ? `${whole}.${fraction}` : whole;
  return negative && units !== 0n ? `-${text}` : text;
}

/** Decimals of the quote coin's fine units for a symbol. */
export const fineDecimals = (priceDecimals: number, quantityDecimals: number) => priceDecimals + quantityDecimals + FEE_RATE_DECIMALS;

/**
 * Fine units in one smallest unit of a coin with `coinDecimals` decimals: 10^(fine - coin), or 1 when the
 * coin is at least as fine as the fine units (then every fine amount is already a whole unit).
 * BTC/USDT (fine 14 decimals, USDT 6): 10^8.
 */
export const coinUnitInFine = (fine: number, coinDecimals: number) => 10n ** BigInt(Math.max(0, fine - coinDecimals));

/** A non-negative fine amount rounded up to a whole coin unit (what a user pays). 10^8 unit: 1 -> 10^8, 10^8 -> 10^8. */
export const roundUpToUnit = (fine: bigint, unit: bigint) => ((fine + unit - 1n) / unit) * unit;

/** A non-negative fine amount rounded down to a whole coin unit (what a user receives). 10^8 unit: 199999999 -> 10^8. */
export const roundDownToUnit = (fine: bigint, unit: bigint) => (fine / unit) * unit;

/**
 * What a buy of `lots` at `priceTicks` freezes, in fine units: the most it can spend plus the highest fee
 * it can be charged, rounded up to a whole unit of the quote coin (`unit` fine units; 1 = no rounding).
 */
export const buyFreezeUnits = (priceTicks: bigint, lots: bigint, feePpm: bigint, unit = 1n) => roundUpToUnit(priceTicks * lots * (PPM + feePpm), unit);

/** A market buy's protection price: the best ask at arrival plus `marginBps`, rounded up to a tick. */
export const buyProtectionTicks = (bestAskTicks: bigint, marginBps: bigint) => (bestAskTicks * (BPS + marginBps) + BPS - 1n) / BPS;

/** A market sell's protection price: the best bid less `marginBps`, rounded down to a tick (one tick at least). */
export function sellProtectionTicks(bestBidTicks: bigint, marginBps: bigint): bigint {
  const ticks = (bestBidTicks * (BPS - marginBps)) / BPS;
  return ticks < 1n ? 1n : ticks;
}

/** A symbol as the quotation list gives it: its decimals and, for spot, what its orders freeze. */
export type SpotSymbolRules = { price_decimals: number; quantity_decimals: number; spot_rules: SpotRules | null };

/** A budget of the quote coin in fine units, truncated to the coin's unit (only whole units can be frozen). */
function budgetFine(budget: string, symbol: SpotSymbolRules) {
  const fine = fineDecimals(symbol.price_decimals, symbol.quantity_decimals);
  const units = higher(toUnits(budget, fine), 0n);
  const quoteDecimals = symbol.spot_rules?.quote_decimals;
  return quoteDecimals === undefined ? units : roundDownToUnit(units, coinUnitInFine(fine, quoteDecimals));
}

const higher = (a: bigint, b: bigint) => (a > b ? a : b);
const lower = (a: bigint, b: bigint) => (a < b ? a : b);

/** The largest limit buy at `price` whose freeze fits `budget` (quote coin), as a quantity string; "0" when none. */
export function limitBuyQuantityMax(budget: string, price: string, symbol: SpotSymbolRules): string {
  const rules = symbol.spot_rules;
  const ticks = toUnits(price, symbol.price_decimals);
  if (!rules || ticks <= 0n) return '0';
  const feePpm = higher(toUnits(rules.maker_fee_rate, FEE_RATE_DECIMALS), toUnits(rules.taker_fee_rate, FEE_RATE_DECIMALS));
  // The freeze is rounded up to the coin's unit: it fits a budget of whole units exactly when its exact figure does.
  const lots = budgetFine(budget, symbol) / buyFreezeUnits(ticks, 1n, feePpm);
  return fromUnits(lots > 0n ? lots : 0n, symbol.quantity_decimals);
}

/**
 * The largest market buy whose freeze fits `budget` against `asks` ([price, quantity], any order): the
 * server prices the order at its protection price, the best ask plus the margin, so the answer is what
 * the budget affords at that price, and never more than the asks shown up to that price hold (the rest
 * could not fill).
 */
export function marketBuyQuantityMax(budget: string, asks: readonly (readonly [string, string])[], symbol: SpotSymbolRules): string {
  const rules = symbol.spot_rules;
  if (!rules) return '0';
  const feePpm = toUnits(rules.taker_fee_rate, FEE_RATE_DECIMALS);
  const levels = asks
    .map(([price, quantity]) => ({ ticks: toUnits(price, symbol.price_decimals), lots: toUnits(quantity, symbol.quantity_decimals) }))
    .filter((level) => level.ticks > 0n && level.lots > 0n);
  if (levels.length === 0) return '0';
  const best = levels.reduce((low, level) => lower(low, level.ticks), levels[0]!.ticks);
  const cap = buyProtectionTicks(best, BigInt(rules.market_protection_bps));
  const fillable = levels.filter((level) => level.ticks <= cap).reduce((sum, level) => sum + level.lots, 0n);
  const affordable = budgetFine(budget, symbol) / buyFreezeUnits(cap, 1n, feePpm);
  return fromUnits(lower(affordable, fillable), symbol.quantity_decimals);
}

/** The largest sell quantity `budget` (base coin) covers, truncated to the symbol's lots. */
export const sellQuantityMax = (budget: string, symbol: SpotSymbolRules) => {
  const lots = toUnits(budget, symbol.quantity_decimals);
  return fromUnits(lots > 0n ? lots : 0n, symbol.quantity_decimals);
};
