import { Decimal } from 'decimal.js';
import { money, type MoneyInput } from './money.ts';

/** Spec: above 1e6 in M, above 1e3 in K, one decimal (half-up); up to 1e3 as it is. */
export function formatCount(n: MoneyInput): string {
  const value = money(n);
  const abs = value.abs();
  if (abs.greaterThan(1e6)) return `${value.dividedBy(1e6).toFixed(1, Decimal.ROUND_HALF_UP)}M`;
  if (abs.greaterThan(1e3)) return `${value.dividedBy(1e3).toFixed(1, Decimal.ROUND_HALF_UP)}K`;
  return value.toFixed();
}

export type RelativeTime =
  | { unit: 'just_now' }
  | { unit: 'minutes' | 'hours' | 'days'; value: number }
  | { unit: 'date'; value: string };

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** Spec: under 5 min just now; to 1 hour minutes; to 1 day hours; to 30 days days; then the date. */
export function relativeTime(then: Date | number, now: Date | number = Date.now()): RelativeTime {
  const elapsed = Number(now) - Number(then);
  if (elapsed < 5 * MINUTE_MS) return { unit: 'just_now' };
  if (elapsed < HOUR_MS) return { unit: 'minutes', value: Math.floor(elapsed / MINUTE_MS) };
  if (elapsed < DAY_MS) return { unit: 'hours', value: Math.floor(elapsed / HOUR_MS) };
  if (elapsed < 30 * DAY_MS) return { unit: 'days', value: Math.floor(elapsed / DAY_MS) };
  return { unit: 'date', value: new Date(then).toISOString().slice(0, 10) };
}
