// The wealth rules with worked examples: mining interest and the early-redemption penalty, IEO states,
// cost and pro-rata allocation, and both branches of the dual-investment settlement for call and put.
// What a user receives is rounded down to the coin's unit, what a user pays rounded up.
import { describe, expect, it } from 'vitest';
import {
  dualAmount,
  dualBuyInput,
  dualEstimatedIncome,
  dualSettlement,
  dualYieldFactor,
  ieoAllocate,
  ieoCost,
  ieoRemaining,
  ieoState,
  miningDailyInterest,
  miningPenalty,
  miningRemainingDays,
  miningTermInterest,
  percentOf,
  sum,
} from '../src/index.ts';

const DAY = 86_400_000;

describe('mining interest', () => {
  it('pays 1000 USDT x 0.3 % = 3 a day', () => expect(miningDailyInterest('1000', '0.003', 6)).toBe('3'));
  it('rounds 123.456789 x 0.0035 = 0.4320987615 down to 0.432098 for a 6-decimal coin', () => expect(miningDailyInterest('123.456789', '0.0035', 6)).toBe('0.432098'));
  it('pays 0 at a rate of 0', () => expect(miningDailyInterest('1000', '0', 6)).toBe('0'));
  it('previews 5 days of 1000 at 0.3 % as 15', () => expect(miningTermInterest('1000', '0.003', 5, 6)).toBe('15'));
});

describe('mining early redemption', () => {
  it('counts 3 days left when 2 days and 1 hour remain (a part day counts)', () => expect(miningRemainingDays(2 * DAY + 3_600_000, 0)).toBe(3));
  it('counts 0 days left once unlocked', () => expect(miningRemainingDays(1000, 5000)).toBe(0));
  it('takes 0.4 % x 3 days x 1000 = 12 (the spec example ratio)', () => expect(miningPenalty('1000', '0.004', 3, 6)).toBe('12'));
  it('rounds 0.004 x 5 x 0.1234567 = 0.002469134 up to 0.002470 for a 6-decimal coin', () => expect(miningPenalty('0.1234567', '0.004', 5, 6)).toBe('0.00247'));
  it('never takes more than the amount: 1 % x 200 days x 50 is capped at 50', () => expect(miningPenalty('50', '0.01', 200, 6)).toBe('50'));
  it('takes nothing with no days left', () => expect(miningPenalty('1000', '0.004', 0, 6)).toBe('0'));
});

describe('IEO', () => {
  const project = { start_at: 1000, end_at: 2000 };
  it('is in warm-up before the start, in progress until the end, ended from the end', () => {
    expect(ieoState(project, 999)).toBe('warmup');
    expect(ieoState(project, 1000)).toBe('in_progress');
    expect(ieoState(project, 1999)).toBe('in_progress');
    expect(ieoState(project, 2000)).toBe('ended');
  });
  it('costs 333.333333 tokens at 0.15 USDT = 49.99999995, rounded up to 50 for a 6-decimal coin', () => expect(ieoCost('333.333333', '0.15', 6)).toBe('50'));
  it('allocates every application in full when 600 are applied for 1000 offered', () => expect(ieoAllocate(['100', '500'], '1000', 8)).toEqual(['100', '500']));
  it('allocates pro rata when 3000 are applied for 1000: 1000 -> 333.33333333, 2000 -> 666.66666666 (rounded down)', () => {
    const allocated = ieoAllocate(['1000', '2000'], '1000', 8);
    expect(allocated).toEqual(['333.33333333', '666.66666666']);
    expect(sum(allocated)).toBe('999.99999999');
  });
  it('allocates exactly at the supply: 500 + 500 for 1000 offered', () => expect(ieoAllocate(['500', '500'], '1000', 8)).toEqual(['500', '500']));
  it('never allocates more than offered across many applications', () => {
    const applied = Array.from({ length: 37 }, (_, i) => String(i * 7.13 + 1));
    const allocated = ieoAllocate(applied, '100', 4);
    expect(Number(sum(allocated))).toBeLessThanOrEqual(100);
  });
  it('leaves 400 of 1000 open after 600 applied, and 0 when oversubscribed', () => {
    expect(ieoRemaining('1000', '600')).toBe('400');
    expect(ieoRemaining('1000', '3000')).toBe('0');
  });
  it('shows progress 60 % at 600 of 1000, capped at 100 % when oversubscribed', () => {
    expect(percentOf('600', '1000')).toBe('60');
    expect(percentOf('3000', '1000')).toBe('100');
    expect(percentOf('1', '3')).toBe('33.33');
  });
});

describe('dual investment', () => {
  const base = { linkedPrice: '60000', apr: '0.365', days: 10, baseDecimals: 8, quoteDecimals: 6 };
  it('has a yield factor of 1 + 10 x 36.5 % / 365 = 1.01', () => expect(dualYieldFactor('0.365', 10).toString()).toBe('1.01'));
  it('call below the linked price: 0.1 BTC settled at 59,999.99 pays 0.1 x 1.01 = 0.101 BTC', () =>
    expect(dualSettlement({ ...base, type: 'call', amount: '0.1', settlePrice: '59999.99' })).toEqual({ coin: 'base', amount: '0.101' }));
  it('call at or above the linked price: 0.1 BTC settled at 60,000 pays 0.1 x 60,000 x 1.01 = 6,060 USDT', () =>
    expect(dualSettlement({ ...base, type: 'call', amount: '0.1', settlePrice: '60000' })).toEqual({ coin: 'quote', amount: '6060' }));
  it('put above the linked price: 1,000 USDT settled at 60,000.01 pays 1,000 x 1.01 = 1,010 USDT', () =>
    expect(dualSettlement({ ...base, type: 'put', amount: '1000', settlePrice: '60000.01' })).toEqual({ coin: 'quote', amount: '1010' }));
  it('put at or below the linked price: 1,000 USDT settled at 60,000 pays 1,000 / 60,000 x 1.01 = 0.01683333 BTC (rounded down)', () =>
    expect(dualSettlement({ ...base, type: 'put', amount: '1000', settlePrice: '60000' })).toEqual({ coin: 'base', amount: '0.01683333' }));
  it('pays the bare amount back over 0 holding days: 0.1 BTC below the linked price', () =>
    expect(dualSettlement({ ...base, days: 0, type: 'call', amount: '0.1', settlePrice: '1' })).toEqual({ coin: 'base', amount: '0.1' }));
  it('estimates 0.001 BTC of income on 0.1 BTC for 10 days at 36.5 %', () => expect(dualEstimatedIncome('0.1', '0.365', 10, 8)).toBe('0.001'));
  it('invests 3 shares of 0.01 BTC as 0.03 BTC', () => expect(dualAmount(3, '0.01')).toBe('0.03'));
  it('takes a whole number of shares only (spec section 5)', () => {
    expect(dualBuyInput.safeParse({ id: '1', num: '3' }).success).toBe(true);
    for (const num of ['1.5', '', '0', '-2', 'abc']) {
      const result = dualBuyInput.safeParse({ id: '1', num });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('invest_quantity_integer');
    }
  });
});
