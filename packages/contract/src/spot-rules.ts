/**
 * What a spot order freezes, shared by the server (which freezes it) and clients (which size the largest
 * order a balance affords, for the percentage shortcuts), so an order sized here is one the server
 * accepts. Exact integer arithmetic on scaled amounts (bigint), never floats:
 *  - a limit buy freezes price x quantity x (1 + the higher of the maker and taker fee rates);
 *  - a market buy freezes at its protection price, the ask that completes it plus the protection margin
 *    rounded up to a tick, x quantity x (1 + the taker fee rate), and never pays above that price;
 *  - a market sell never sells below its protection price: the best bid less the same margin, rounded
 *    down to a tick.
 * Amounts of the quote coin are counted in "fine units" of 10^-(price decimals + quantity decimals + 6):
 * a price in ticks times a quantity in lots times a fee rate in parts per million is a whole number.
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

/** What a buy of `lots` at `priceTicks` freezes, in fine units: the most it can spend plus the highest fee it can be charged. */
export const buyFreezeUnits = (priceTicks: bigint, lots: bigint, feePpm: bigint) => priceTicks * lots * (PPM + feePpm);

/** A market buy's protection price: the ask that completes it plus `marginBps`, rounded up to a tick. */
export const buyProtectionTicks = (worstAskTicks: bigint, marginBps: bigint) => (worstAskTicks * (BPS + marginBps) + BPS - 1n) / BPS;

/** A market sell's protection price: the best bid less `marginBps`, rounded down to a tick (one tick at least). */
export function sellProtectionTicks(bestBidTicks: bigint, marginBps: bigint): bigint {
  const ticks = (bestBidTicks * (BPS - marginBps)) / BPS;
  return ticks < 1n ? 1n : ticks;
}

/** A symbol as the quotation list gives it: its decimals and, for spot, what its orders freeze. */
export type SpotSymbolRules = { price_decimals: number; quantity_decimals: number; spot_rules: SpotRules | null };

const higher = (a: bigint, b: bigint) => (a > b ? a : b);
const lower = (a: bigint, b: bigint) => (a < b ? a : b);

/** The largest limit buy at `price` whose freeze fits `budget` (quote coin), as a quantity string; "0" when none. */
export function limitBuyQuantityMax(budget: string, price: string, symbol: SpotSymbolRules): string {
  const rules = symbol.spot_rules;
  const ticks = toUnits(price, symbol.price_decimals);
  if (!rules || ticks <= 0n) return '0';
  const feePpm = higher(toUnits(rules.maker_fee_rate, FEE_RATE_DECIMALS), toUnits(rules.taker_fee_rate, FEE_RATE_DECIMALS));
  const budgetUnits = toUnits(budget, fineDecimals(symbol.price_decimals, symbol.quantity_decimals));
  const lots = budgetUnits / buyFreezeUnits(ticks, 1n, feePpm);
  return fromUnits(lots > 0n ? lots : 0n, symbol.quantity_decimals);
}

/**
 * The largest market buy whose freeze fits `budget` against `asks` ([price, quantity], any order): for each
 * quantity the server prices the order at the protection price of the ask level completing it, so the
 * answer is the largest quantity whose level's protection price still affords it. Never more than the
 * asks shown hold, since what lies beyond them (and so its price) is unknown here.
 */
export function marketBuyQuantityMax(budget: string, asks: readonly (readonly [string, string])[], symbol: SpotSymbolRules): string {
  const rules = symbol.spot_rules;
  if (!rules) return '0';
  const feePpm = toUnits(rules.taker_fee_rate, FEE_RATE_DECIMALS);
  const budgetUnits = toUnits(budget, fineDecimals(symbol.price_decimals, symbol.quantity_decimals));
  const levels = asks
    .map(([price, quantity]) => ({ ticks: toUnits(price, symbol.price_decimals), lots: toUnits(quantity, symbol.quantity_decimals) }))
    .sort((a, b) => (a.ticks < b.ticks ? -1 : a.ticks > b.ticks ? 1 : 0));
  let before = 0n;
  let best = 0n;
  for (const level of levels) {
    if (level.ticks <= 0n || level.lots <= 0n) continue;
    const affordable = budgetUnits / buyFreezeUnits(buyProtectionTicks(level.ticks, BigInt(rules.market_protection_bps)), 1n, feePpm);
    // Quantities up to `before` were already priced at a cheaper level; this one prices (before, before + lots].
    if (affordable <= before) break;
    best = lower(affordable, before + level.lots);
    before += level.lots;
    if (affordable < before) break;
  }
  return fromUnits(best, symbol.quantity_decimals);
}

/** The largest sell quantity `budget` (base coin) covers, truncated to the symbol's lots. */
export const sellQuantityMax = (budget: string, symbol: SpotSymbolRules) => {
  const lots = toUnits(budget, symbol.quantity_decimals);
  return fromUnits(lots > 0n ? lots : 0n, symbol.quantity_decimals);
};
