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

/** Structured so the web can translate the unit; `date` is the local calendar day, YYYY-MM-DD. */
export type RelativeTime =
  | { unit: 'just_now' }
  | { unit: 'minutes' | 'hours' | 'days'; value: number }
  | { unit: 'date'; value: string };

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const JUST_NOW_MS = 5 * MINUTE_MS;
const DAYS_SHOWN_MAX_MS = 30 * DAY_MS;

/**
 * Spec section 9: under 5 minutes "just now"; then whole minutes up to an hour, whole hours up to a
 * day, whole days up to 30 days; older as the date. A time in the future (clock skew) is "just now".
 */
export function relativeTime(then: Date | number, now: Date | number): RelativeTime {
  const elapsedMs = Number(now) - Number(then);
  if (elapsedMs < JUST_NOW_MS) return { unit: 'just_now' };
  if (elapsedMs < HOUR_MS) return { unit: 'minutes', value: Math.floor(elapsedMs / MINUTE_MS) };
  if (elapsedMs < DAY_MS) return { unit: 'hours', value: Math.floor(elapsedMs / HOUR_MS) };
  if (elapsedMs < DAYS_SHOWN_MAX_MS) return { unit: 'days', value: Math.floor(elapsedMs / DAY_MS) };
  return { unit: 'date', value: localDate(new Date(then)) };
}

/** The reader's own calendar day: an ISO (UTC) date would show yesterday for a morning in UTC+8. */
function localDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
