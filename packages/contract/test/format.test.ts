// Proves the spec section 9 count format, digit grouping and relative-time buckets on each boundary, with a fixed clock.
import { describe, expect, it } from 'vitest';
import { formatCount, groupDigits, relativeTime } from '../src/format.ts';

describe('formatCount', () => {
  it('keeps counts up to 1000 as they are', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe('1000');
    expect(formatCount('1000')).toBe('1000');
  });

  it('shows counts above 1000 in K with one decimal, half-up', () => {
    expect(formatCount(1001)).toBe('1.0K');
    expect(formatCount(1500)).toBe('1.5K');
    expect(formatCount(1049)).toBe('1.0K');
    expect(formatCount(1050)).toBe('1.1K');
    expect(formatCount(999_999)).toBe('1000.0K');
    expect(formatCount(1_000_000)).toBe('1000.0K');
  });

  it('shows counts above 1000000 in M with one decimal, half-up', () => {
    expect(formatCount(1_000_001)).toBe('1.0M');
    expect(formatCount(1_250_000)).toBe('1.3M');
    expect(formatCount('12345678')).toBe('12.3M');
  });

  it('keeps the sign of a negative count', () => {
    expect(formatCount(-1500)).toBe('-1.5K');
    expect(formatCount(-999)).toBe('-999');
  });
});

describe('relativeTime', () => {
  const SECOND_MS = 1000;
  const MINUTE_MS = 60 * SECOND_MS;
  const HOUR_MS = 60 * MINUTE_MS;
  const DAY_MS = 24 * HOUR_MS;
  // Built from local parts so the expected calendar day holds in any time zone.
  const now = new Date(2024, 5, 15, 12, 0, 0);
  const ago = (ms: number) => new Date(now.getTime() - ms);

  it('says just now under 5 minutes, and for a time in the future', () => {
    expect(relativeTime(now, now)).toEqual({ unit: 'just_now' });
    expect(relativeTime(ago(4 * MINUTE_MS + 59 * SECOND_MS), now)).toEqual({ unit: 'just_now' });
    expect(relativeTime(ago(-MINUTE_MS), now)).toEqual({ unit: 'just_now' });
  });

  it('counts whole minutes from 5 minutes to under an hour', () => {
    expect(relativeTime(ago(5 * MINUTE_MS), now)).toEqual({ unit: 'minutes', value: 5 });
    expect(relativeTime(ago(59 * MINUTE_MS), now)).toEqual({ unit: 'minutes', value: 59 });
    expect(relativeTime(ago(HOUR_MS - 1), now)).toEqual({ unit: 'minutes', value: 59 });
  });

  it('counts whole hours from 1 hour to under a day', () => {
    expect(relativeTime(ago(60 * MINUTE_MS), now)).toEqual({ unit: 'hours', value: 1 });
    expect(relativeTime(ago(23 * HOUR_MS), now)).toEqual({ unit: 'hours', value: 23 });
    expect(relativeTime(ago(DAY_MS - 1), now)).toEqual({ unit: 'hours', value: 23 });
  });

  it('counts whole days from 1 day to under 30 days', () => {
    expect(relativeTime(ago(24 * HOUR_MS), now)).toEqual({ unit: 'days', value: 1 });
    expect(relativeTime(ago(29 * DAY_MS), now)).toEqual({ unit: 'days', value: 29 });
    expect(relativeTime(ago(30 * DAY_MS - 1), now)).toEqual({ unit: 'days', value: 29 });
  });

  it('gives the local date from 30 days on', () => {
    expect(relativeTime(ago(30 * DAY_MS), now)).toEqual({ unit: 'date', value: '2024-05-16' });
    expect(relativeTime(new Date(2023, 0, 2, 0, 30), now)).toEqual({ unit: 'date', value: '2023-01-02' });
  });

  it('accepts epoch milliseconds as well as dates', () => {
    expect(relativeTime(now.getTime() - 2 * HOUR_MS, now.getTime())).toEqual({ unit: 'hours', value: 2 });
  });
});

describe('groupDigits', () => {
  it('groups the whole part by three and leaves the fraction as it is', () => {
    expect(groupDigits('1000000')).toBe('1,000,000');
    expect(groupDigits('2000')).toBe('2,000');
    expect(groupDigits('999')).toBe('999');
    expect(groupDigits('1234567.891234')).toBe('1,234,567.891234');
    expect(groupDigits('-1200', ' ')).toBe('-1 200');
    expect(groupDigits('123456789012345678901234')).toBe('123,456,789,012,345,678,901,234');
    expect(groupDigits('n/a')).toBe('n/a');
  });
});
