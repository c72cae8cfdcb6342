import { money, roundTo, toAmountString } from './money.ts';

const THOUSAND = 1e3;
const MILLION = 1e6;

/**
 * Spec section 9: "above 1e6 in M, above 1e3 in K, one decimal". Strictly above, so 1000 stays "1000"
 * and 1000000 is "1000.0K"; the one decimal is rounded half-up. Computed in decimals so 1050 is "1.1K".
 */
export function formatCount(n: number | string): string {
  const value = money(n);
  if (value.abs().greaterThan(MILLION)) return `${roundTo(value.dividedBy(MILLION), 1)}M`;
  if (value.abs().greaterThan(THOUSAND)) return `${roundTo(value.dividedBy(THOUSAND), 1)}K`;
  return toAmountString(value);
}

/**
 * Digit grouping of an exact decimal string: the whole part in groups of three, the fraction as it is
 * (no rounding through a float). `separator` is the reader's group mark (',' in English, ' ' in French).
 *   groupDigits('1000000') = '1,000,000'; groupDigits('2000') = '2,000'; groupDigits('999') = '999';
 *   groupDigits('1234567.891') = '1,234,567.891'; groupDigits('-1200', ' ') = '-1 200'
 */
export function groupDigits(value: string, separator = ','): string {
  const match = /^(-?)(\d+)(\.\d+)?$/.exec(value);
  if (!match) return value;
  return `${match[1]}${match[2]!.replace(/\B(?=(\d{3})+(?!\d))/g, separator)}${match[3] ?? ''}`;
}

// Relative times have their own module, free of decimal.js, for screens that show only them (the web's start-up).
export { relativeTime, type RelativeTime } from './relative-time.ts';
