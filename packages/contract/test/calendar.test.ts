// Calendar days in the operator's time zone, with worked examples: a local day of an instant, day
// arithmetic across months and leap years, and the instant of a local day and hour, summer time included.
import { describe, expect, it } from 'vitest';
import { addDays, dayStart, daysBetween, isDay, localDay, zonedTime } from '../src/index.ts';

describe('localDay', () => {
  it('reads 2026-11-25T23:30Z as 2026-11-25 in UTC and 2026-11-26 in Asia/Shanghai (+8)', () => {
    const t = Date.UTC(2026, 10, 25, 23, 30);
    expect(localDay(t, 'UTC')).toBe('2026-11-25');
    expect(localDay(t, 'Asia/Shanghai')).toBe('2026-11-26');
  });
  it('reads 2026-01-01T03:00Z as 2025-12-31 in America/New_York (-5)', () => expect(localDay(Date.UTC(2026, 0, 1, 3), 'America/New_York')).toBe('2025-12-31'));
});

describe('day arithmetic', () => {
  it('adds 2 days to 2028-02-28 across the leap day: 2028-03-01', () => expect(addDays('2028-02-28', 2)).toBe('2028-03-01'));
  it('goes back a day from 2026-01-01 to 2025-12-31', () => expect(addDays('2026-01-01', -1)).toBe('2025-12-31'));
  it('counts 7 days from 2026-11-25 to 2026-12-02, and -7 the other way', () => {
    expect(daysBetween('2026-11-25', '2026-12-02')).toBe(7);
    expect(daysBetween('2026-12-02', '2026-11-25')).toBe(-7);
  });
  it('accepts 2028-02-29 but not 2026-02-29, 2026-13-01 or 26-11-25', () => {
    expect(isDay('2028-02-29')).toBe(true);
    expect(isDay('2026-02-29')).toBe(false);
    expect(isDay('2026-13-01')).toBe(false);
    expect(isDay('26-11-25')).toBe(false);
  });
});

describe('zonedTime', () => {
  it('puts 16:00 on 2026-11-25 in Asia/Shanghai at 08:00Z and in UTC at 16:00Z', () => {
    expect(zonedTime('2026-11-25', '16:00', 'Asia/Shanghai')).toBe(Date.UTC(2026, 10, 25, 8));
    expect(zonedTime('2026-11-25', '16:00', 'UTC')).toBe(Date.UTC(2026, 10, 25, 16));
  });
  it('starts 2026-11-25 in Asia/Kolkata (+5:30) at 2026-11-24T18:30Z', () => expect(dayStart('2026-11-25', 'Asia/Kolkata')).toBe(Date.UTC(2026, 10, 24, 18, 30)));
  it('follows summer time in America/New_York: 16:00 is 20:00Z in July and 21:00Z in December', () => {
    expect(zonedTime('2026-07-01', '16:00', 'America/New_York')).toBe(Date.UTC(2026, 6, 1, 20));
    expect(zonedTime('2026-12-01', '16:00', 'America/New_York')).toBe(Date.UTC(2026, 11, 1, 21));
  });
  it('starts the days around the 2026 changes in America/New_York at their local midnight', () => {
    // Clocks go forward at 02:00 on 2026-03-08 and back at 02:00 on 2026-11-01: both midnights exist once.
    expect(dayStart('2026-03-08', 'America/New_York')).toBe(Date.UTC(2026, 2, 8, 5));
    expect(dayStart('2026-03-09', 'America/New_York')).toBe(Date.UTC(2026, 2, 9, 4));
    expect(dayStart('2026-11-01', 'America/New_York')).toBe(Date.UTC(2026, 10, 1, 4));
    expect(dayStart('2026-11-02', 'America/New_York')).toBe(Date.UTC(2026, 10, 2, 5));
  });
  it('gives the local day back for every instant it makes', () => {
    for (const zone of ['UTC', 'Asia/Shanghai', 'America/New_York', 'Europe/Paris', 'Pacific/Auckland']) {
      expect(localDay(zonedTime('2026-03-29', '16:00', zone), zone)).toBe('2026-03-29');
      expect(localDay(dayStart('2026-10-25', zone), zone)).toBe('2026-10-25');
    }
  });
});
