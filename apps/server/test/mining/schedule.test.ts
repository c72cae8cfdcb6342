// Proves the pure pieces of the mining schedule and views: each day's interest is due at the end of that
// day in the order's time zone (summer-time changes included), nothing is due once every day is paid,
// and a product's name falls back to English.
import { describe, expect, it } from 'vitest';
import { payoutDueAt } from '../../src/mining/payouts.ts';
import { nameIn } from '../../src/mining/views.ts';

describe('payoutDueAt', () => {
  it('is due at the end of each day: a 3-day order from 2026-11-25 in UTC pays at 11-26, 11-27 and 11-28 00:00, then never', () => {
    const order = { startDay: '2026-11-25', termDays: 3, timeZone: 'UTC' };
    expect([0, 1, 2].map((n) => new Date(payoutDueAt(order, n)!).toISOString())).toEqual([
      '2026-11-26T00:00:00.000Z',
      '2026-11-27T00:00:00.000Z',
      '2026-11-28T00:00:00.000Z',
    ]);
    expect(payoutDueAt(order, 3)).toBeNull();
  });

  it('follows the local midnight across a summer-time change: New York\'s 2026-03-08 lasts 23 hours', () => {
    const order = { startDay: '2026-03-07', termDays: 2, timeZone: 'America/New_York' };
    // 2026-03-08 00:00 EST = 05:00Z; 2026-03-09 00:00 EDT = 04:00Z.
    expect(new Date(payoutDueAt(order, 0)!).toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(new Date(payoutDueAt(order, 1)!).toISOString()).toBe('2026-03-09T04:00:00.000Z');
  });
});

describe('nameIn', () => {
  it('answers the name in the reader\'s language, else English', () => {
    const name = { en: 'USDT lock-up', zh: 'USDT 锁仓' };
    expect(nameIn(name, 'zh')).toBe('USDT 锁仓');
    expect(nameIn(name, 'fra')).toBe('USDT lock-up');
  });
});
