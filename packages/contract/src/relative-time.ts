// Spec section 9's relative times ("5 minutes ago"), apart from format.ts so that importing them brings no decimal.js.

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
