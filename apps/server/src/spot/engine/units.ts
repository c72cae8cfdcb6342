/**
 * Decimal strings <-> the engine's integer units, by string arithmetic only (no parseFloat, no float
 * maths): a price is counted in ticks of 10^-priceDecimals, a quantity in lots of 10^-quantityDecimals,
 * and a quote amount in quote units of 10^-(priceDecimals + quantityDecimals), so that
 * ticks * lots = quote units exactly. A parsed value is refused above UNITS_MAX (2^53 - 1), the
 * largest integer a `number` holds exactly.
 */
import { QUOTE_DECIMALS_MAX, UNITS_MAX } from './limits.ts';
import type { SymbolSpec } from './types.ts';

const PLAIN_DECIMAL = /^(\d+)(?:\.(\d+))?$/;
/** Digits of UNITS_MAX: a longer digit string is certainly above it. */
const UNITS_DIGITS_MAX = String(UNITS_MAX).length;

/** 'exact' refuses digits beyond `decimals`; 'truncate' drops them (rounds toward zero). */
export type ExtraDecimals = 'exact' | 'truncate';

/**
 * "65000.12" with 2 decimals -> 6500012. Returns null for text that is not a plain non-negative
 * decimal, for extra decimals in 'exact' mode, and for a result above UNITS_MAX.
 */
export function parseUnits(text: string, decimals: number, extra: ExtraDecimals = 'exact'): number | null {
  assertDecimals(decimals);
  const match = PLAIN_DECIMAL.exec(text);
  if (match === null) return null;
  const whole = match[1]!;
  let fraction = match[2] ?? '';
  if (fraction.length > decimals) {
    const dropped = fraction.slice(decimals);
    if (extra === 'exact' && /[1-9]/.test(dropped)) return null;
    fraction = fraction.slice(0, decimals);
  }
  const digits = (whole + fraction.padEnd(decimals, '0')).replace(/^0+(?=\d)/, '');
  if (digits.length > UNITS_DIGITS_MAX) return null;
  // A digit string of at most 16 digits converts to a double exactly when its value is below 2^53.
  const units = Number(digits);
  return units <= UNITS_MAX ? units : null;
}

/** 6500012 with 2 decimals -> "65000.12"; plain notation, no trailing zeros (the wire form). */
export function formatUnits(units: number, decimals: number): string {
  assertDecimals(decimals);
  if (!Number.isSafeInteger(units) || units < 0) throw new RangeError(`not a unit count: ${units}`);
  if (decimals === 0) return String(units);
  const digits = String(units).padStart(decimals + 1, '0');
  const whole = digits.slice(0, -decimals);
  const fraction = digits.slice(-decimals).replace(/0+$/, '');
  return fraction === '' ? whole : `${whole}.${fraction}`;
}

/** Decimals of a quote amount in quote units: a tick times a lot. */
export const quoteDecimals = (spec: SymbolSpec) => spec.priceDecimals + spec.quantityDecimals;

export const priceToTicks = (spec: SymbolSpec, price: string) => parseUnits(price, spec.priceDecimals);
export const ticksToPrice = (spec: SymbolSpec, ticks: number) => formatUnits(ticks, spec.priceDecimals);
export const quantityToLots = (spec: SymbolSpec, quantity: string) => parseUnits(quantity, spec.quantityDecimals);
export const lotsToQuantity = (spec: SymbolSpec, lots: number) => formatUnits(lots, spec.quantityDecimals);
/** A quote amount to spend is truncated to quote units, so an order never spends more than was given. */
export const quoteToUnits = (spec: SymbolSpec, amount: string, extra: ExtraDecimals = 'truncate') =>
  parseUnits(amount, quoteDecimals(spec), extra);
export const unitsToQuote = (spec: SymbolSpec, units: number) => formatUnits(units, quoteDecimals(spec));

function assertDecimals(decimals: number) {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > QUOTE_DECIMALS_MAX) {
    throw new RangeError(`decimals must be an integer in 0..${QUOTE_DECIMALS_MAX}: ${decimals}`);
  }
}
