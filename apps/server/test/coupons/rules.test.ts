// Proves the coupon rules' worked examples (coupons/rules.ts): what can be claimed and by whom, when a
// claimed coupon expires, how a fee is refunded from the holder's coupons, and where an experience
// order's settlement goes.
import { DAY_MS } from '@fairex/contract';
import { describe, expect, it } from 'vitest';
import { claimRefusal, couponExpiresAt, experienceSettlement, isEligible, refundSplit } from '../../src/coupons/rules.ts';

describe('fee refunds', () => {
  it('refunds a 1.3 USDT fee in full from a 10 USDT coupon', () => {
    expect(refundSplit('1.3', 6, [{ id: 1, remaining: '10' }])).toEqual([{ couponId: 1, amount: '1.3' }]);
  });

  it('refunds 0.5 of a 1.3 fee from a coupon with 0.5 left: the holder pays 0.8', () => {
    expect(refundSplit('1.3', 6, [{ id: 1, remaining: '0.5' }])).toEqual([{ couponId: 1, amount: '0.5' }]);
  });

  it('takes 0.5 from the coupon expiring first and 0.8 from the next', () => {
    expect(
      refundSplit('1.3', 6, [
        { id: 1, remaining: '0.5' },
        { id: 2, remaining: '10' },
      ]),
    ).toEqual([
      { couponId: 1, amount: '0.5' },
      { couponId: 2, amount: '0.8' },
    ]);
  });

  it('rounds a fine fee down to the unit: 0.1234567 refunds 0.123456', () => {
    expect(refundSplit('0.1234567', 6, [{ id: 1, remaining: '10' }])).toEqual([{ couponId: 1, amount: '0.123456' }]);
  });

  it('refunds nothing without coupons or of a fee below the unit', () => {
    expect(refundSplit('1', 6, [])).toEqual([]);
    expect(refundSplit('0.0000004', 6, [{ id: 1, remaining: '10' }])).toEqual([]);
  });
});

describe('claiming', () => {
  const batch = { enabled: true, claimStartsAt: 1_000, claimEndsAt: 2_000, quantity: 5, claimed: 0 };

  it('is claimable from its start (inclusive) to its end (exclusive) while switched on and not all claimed', () => {
    expect(claimRefusal(batch, 1_000)).toBeUndefined();
    expect(claimRefusal(batch, 999)).toBe('coupon_not_claimable');
    expect(claimRefusal(batch, 2_000)).toBe('coupon_not_claimable');
    expect(claimRefusal({ ...batch, enabled: false }, 1_500)).toBe('coupon_not_claimable');
    expect(claimRefusal({ ...batch, claimed: 5 }, 1_500)).toBe('coupon_sold_out');
  });

  it('admits everyone, invited users, or users with verified identity', () => {
    expect(isEligible('all', { invited: false, verified: false })).toBe(true);
    expect(isEligible('invited', { invited: false, verified: true })).toBe(false);
    expect(isEligible('invited', { invited: true, verified: false })).toBe(true);
    expect(isEligible('verified', { invited: true, verified: false })).toBe(false);
    expect(isEligible('verified', { invited: false, verified: true })).toBe(true);
  });

  it('expires a coupon claimed at t its valid days later', () => {
    expect(couponExpiresAt(5_000, 30)).toBe(5_000 + 30 * DAY_MS);
  });
});

describe('experience settlement', () => {
  it('pays a 10 USDT win at 0.85 its profit 8.5 to the holder and the stake to the fund; a draw the stake to the fund; a loss nothing', () => {
    expect(experienceSettlement('win', '18.5', '10')).toEqual({ toHolder: '8.5', toFund: '10' });
    expect(experienceSettlement('draw', '10', '10')).toEqual({ toHolder: '0', toFund: '10' });
    expect(experienceSettlement('lose', '0', '10')).toEqual({ toHolder: '0', toFund: '0' });
  });
});
