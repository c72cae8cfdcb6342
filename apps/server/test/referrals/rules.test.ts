// Proves the rebate rule's worked examples (referrals/rules.ts): a share of the fee the payer kept paying,
// rounded down to the coin's unit, one level unless a second share is set, nothing at 0; and the masks
// the share page shows other users' accounts with.
import { describe, expect, it } from 'vitest';
import { maskAccount, rebateAmount, rebatesOf } from '../../src/referrals/rules.ts';

const chain = { level1: 11, level2: 22 };

describe('rebates', () => {
  it('pays the inviter 1.3 x 0.2 = 0.26 USDT and no second level when its share is 0', () => {
    expect(rebatesOf('1.3', '0', { level1: '0.2', level2: '0' }, chain, 6)).toEqual([{ level: 1, inviterId: 11, share: '0.2', amount: '0.26' }]);
  });

  it('pays 0.26 to the inviter and 0.13 to the inviter\'s inviter when the second share is 0.1', () => {
    expect(rebatesOf('1.3', '0', { level1: '0.2', level2: '0.1' }, chain, 6)).toEqual([
      { level: 1, inviterId: 11, share: '0.2', amount: '0.26' },
      { level: 2, inviterId: 22, share: '0.1', amount: '0.13' },
    ]);
  });

  it('pays nothing when the rebate rounds to 0: 0.000004 x 0.2 = 0.0000008 is 0 at 6 decimals', () => {
    expect(rebateAmount('0.000004', '0', '0.2', 6)).toBe('0');
    expect(rebatesOf('0.000004', '0', { level1: '0.2', level2: '0.2' }, chain, 6)).toEqual([]);
  });

  it('takes the share of what a fee coupon left: (2 - 0.5) x 0.3 = 0.45, and nothing of a fee refunded in full', () => {
    expect(rebateAmount('2', '0.5', '0.3', 6)).toBe('0.45');
    expect(rebatesOf('2', '2', { level1: '0.3', level2: '0' }, chain, 6)).toEqual([]);
  });

  it('rounds down to the coin\'s unit: 0.00012345 BTC x 0.15 = 0.0000185175 pays 0.00001851', () => {
    expect(rebateAmount('0.00012345', '0', '0.15', 8)).toBe('0.00001851');
  });

  it('pays nothing with a share of 0 or without an inviter, and the second level only where the inviter has one', () => {
    expect(rebatesOf('10', '0', { level1: '0', level2: '0' }, chain, 6)).toEqual([]);
    expect(rebatesOf('10', '0', { level1: '0.2', level2: '0.1' }, { level1: null, level2: null }, 6)).toEqual([]);
    expect(rebatesOf('10', '0', { level1: '0.2', level2: '0.1' }, { level1: 11, level2: null }, 6)).toEqual([{ level: 1, inviterId: 11, share: '0.2', amount: '2' }]);
  });

  it('never pays more than the fee: shares of 0.7 and 0.3 of 0.000003 pay 0.000002 and 0', () => {
    const paid = rebatesOf('0.000003', '0', { level1: '0.7', level2: '0.3' }, chain, 6);
    expect(paid).toEqual([{ level: 1, inviterId: 11, share: '0.7', amount: '0.000002' }]);
  });
});

describe('masks', () => {
  it('shows an email as a***@example.com, a mobile as 138****1234 and a name by its ends', () => {
    expect(maskAccount('alice@example.com')).toBe('a***@example.com');
    expect(maskAccount('13812341234')).toBe('138****1234');
    expect(maskAccount('trader7')).toBe('t***7');
    expect(maskAccount('x')).toBe('x***');
  });
});
