/**
 * Display helpers for market figures; values stay strings from the server. They reckon in exact decimals
 * (decimal-text.ts, the money module's results without decimal.js): home shows them, and decimal.js stays
 * out of the start-up's file.
 */
import { BALANCE_DISPLAY_DECIMALS } from '@fairex/contract/constants';
import { compareToPowerOfTen, exponentOf, parseDecimal, roundFixed, shiftLeft, times, toFixedDown, truncatePlain } from './decimal-text.ts';

/** What a figure shows when there is none: a symbol without an index has no price (quotation price null). */
export const NO_FIGURE = '-';

/** A price or quantity with exactly the symbol's decimals, so a column lines up (65079.5 -> 65079.50); '-' for none. */
export function withDecimals(value: string | null, decimals: number): string {
  if (value === null) return NO_FIGURE;
  const amount = parseDecimal(value);
  return amount ? toFixedDown(amount, decimals) : value;
}

/** "up", "down" or "flat" for a percent-change string such as "-1.25". */
export function trendOf(change: string | null): 'up' | 'down' | 'flat' {
  if (change === null) return 'flat';
  const value = Number(change);
  if (!Number.isFinite(value) || value === 0) return 'flat';
  return value > 0 ? 'up' : 'down';
}

/** "+1.25%" / "-0.40%" / "0.00%"; '-' without an index (null). */
export function formatChange(change: string | null): string {
  if (change === null) return NO_FIGURE;
  const value = Number(change);
  if (!Number.isFinite(value)) return '--';
  return `${value > 0 ? '+' : ''}${value.toFixed(2)}%`;
}

/**
 * The spec's short number form (strictly above 1e6 in M, above 1e3 in K, one decimal half-up: the contract's
 * formatCount); smaller volumes truncated to 4 decimals (displayBalance).
 */
export function formatVolume(volume: string): string {
  const amount = parseDecimal(volume);
  if (!amount) throw new RangeError(`not a finite volume: ${volume}`);
  if (compareToPowerOfTen(amount, 6) > 0) return `${roundFixed(shiftLeft(amount, 6), 1)}M`;
  if (compareToPowerOfTen(amount, 3) > 0) return `${roundFixed(shiftLeft(amount, 3), 1)}K`;
  return truncatePlain(amount, BALANCE_DISPLAY_DECIMALS);
}

/** Base and quote coin of "BTC/USDT". */
export function coinsOf(symbol: string): { base: string; quote: string } {
  const [base = symbol, quote = ''] = symbol.split('/');
  return { base, quote };
}

/**
 * The reader's time of day ("14:05:09", 24-hour), as toLocaleTimeString([], { hour12: false }) gives it,
 * with one formatter made on first use and kept: toLocaleTimeString builds a new one per call, which took
 * most of the trade list's render (50 rows at each snapshot). Not made when this file loads: the first
 * one costs tens of milliseconds (the locale's data), which home, loading this file, does not need.
 */
let timeOfDay: Intl.DateTimeFormat | undefined;
const timeOfDayFormat = () => (timeOfDay ??= new Intl.DateTimeFormat([], { hour12: false, hour: 'numeric', minute: 'numeric', second: 'numeric' }));
export const timeOf = (ms: number) => timeOfDayFormat().format(ms);

/** Makes timeOf's formatter in an idle moment (a list that will show times, before its rows arrive), so its cost is a task of its own. */
export function prepareTimeOf() {
  if (timeOfDay) return;
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => void timeOfDayFormat());
  else setTimeout(() => void timeOfDayFormat(), 0);
}

/** Fewest decimals of a fiat figure, and the most a small one may take to show its significant digits. */
const FIAT_DECIMALS = 2;
const FIAT_DECIMALS_MAX = 8;
const FIAT_SIGNIFICANT_DIGITS = 4;

/**
 * A price's value in the chosen fiat, as exchanges print it beside the last price: the price in its
 * quote coin, times that coin's USDT price (1 for USDT itself, taken as one US dollar as the assets page
 * does; else the quote coin's own /USDT pair), times the fiat's rate against USD. Two decimals, or
 * enough for four significant digits below 1 (at most 8); truncated, like every shown value. Undefined
 * when the quote coin has no USDT price.
 * 65000 USDT at CNY 7.1 -> "461500.00"; 0.0612 USDT at 1 -> "0.06120"; 0.05 ETH (ETH/USDT 3200) at 1 -> "160.00".
 */
export function fiatValue(price: string | null, quote: string, usdtPriceOf: (coin: string) => string | null | undefined, fiatRate: string): string | undefined {
  const quoteUsdt = quote === 'USDT' ? '1' : usdtPriceOf(quote);
  if (price === null || quoteUsdt === undefined || quoteUsdt === null) return undefined;
  const amount = parseDecimal(price);
  if (!amount) return undefined;
  const quoteRate = parseDecimal(quoteUsdt);
  const rate = parseDecimal(fiatRate);
  if (!quoteRate || !rate) throw new RangeError(`not a finite rate: ${quoteUsdt} x ${fiatRate}`);
  const value = times(times(amount, quoteRate), rate);
  // The exponent of the first significant digit (0.0612 has -2), decimal.js's `e`, as in funds' rateShown.
  const needed = value.digits === 0n ? 0 : FIAT_SIGNIFICANT_DIGITS - 1 - exponentOf(value);
  const decimals = Math.min(FIAT_DECIMALS_MAX, Math.max(FIAT_DECIMALS, needed));
  return toFixedDown(value, decimals);
}
