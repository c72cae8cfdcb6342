/**
 * Calendar days in the operator's time zone, for products that pay per day or settle at a local hour
 * (lock-up mining, dual investment). A day is written "YYYY-MM-DD"; its arithmetic is on the date
 * alone (no time zone), and only turning a local day and hour into an instant needs the zone.
 */

export const DAY_MS = 86_400_000;

/** The UTC day of an instant: utcDay(Date.parse('2026-11-28T23:59:59Z')) = "2026-11-28". */
export const utcDay = (timeMs: number) => new Date(timeMs).toISOString().slice(0, 10);

/** The local calendar day of an instant in a time zone: 2026-11-25T23:30Z is "2026-11-26" in Asia/Shanghai. */
export function localDay(timeMs: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(new Date(timeMs));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

const dayNumber = (day: string) => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / DAY_MS;
const dayOfNumber = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** The day `n` days after `day` (before it when negative): addDays("2026-02-27", 2) = "2026-03-01". */
export const addDays = (day: string, n: number) => dayOfNumber(dayNumber(day) + n);

/** Whole days from `from` to `to`: daysBetween("2026-11-25", "2026-12-02") = 7 (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string) => dayNumber(to) - dayNumber(from);

/** Whether text is a real calendar day "YYYY-MM-DD" (2026-02-30 is not). */
export function isDay(text: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && dayOfNumber(dayNumber(text)) === text;
}

/** The zone's offset from UTC at an instant, in ms (Asia/Shanghai: +8 h). */
function offsetMs(timeMs: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(timeMs));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return asUtc - Math.floor(timeMs / 1000) * 1000;
}

/**
 * The instant a local day and time ("HH:MM") happen in a time zone: zonedTime("2026-11-25", "16:00",
 * "Asia/Shanghai") = 2026-11-25T08:00Z. The offset is looked up at the guess and once more at the
 * answer, so days that change offset (summer time) come out right; a local time skipped by a change
 * comes out an hour later, one repeated by it at its first occurrence.
 */
export function zonedTime(day: string, time: string, timeZone: string): number {
  const [hour, minute] = time.split(':').map(Number);
  const wall = dayNumber(day) * DAY_MS + (hour! * 60 + minute!) * 60_000;
  const first = wall - offsetMs(wall, timeZone);
  const second = wall - offsetMs(first, timeZone);
  return offsetMs(second, timeZone) === offsetMs(first, timeZone) ? Math.min(first, second) : Math.max(first, second);
}

/** The instant a local day starts (its midnight) in a time zone. */
export const dayStart = (day: string, timeZone: string) => zonedTime(day, '00:00', timeZone);
