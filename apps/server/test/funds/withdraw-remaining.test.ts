// Proves the 24-hour limit left (remainingWithdrawal) on its worked examples: in BTC, in another coin
// through the prices, truncated to the coin's decimals, never below zero, unknown without a price.
import { describe, expect, it } from 'vitest';
import { remainingWithdrawal } from '../../src/funds/rules.ts';

describe('remainingWithdrawal', () => {
  it('gives the limit less what was used, in BTC and in the coin', () => {
    expect(remainingWithdrawal('200', '150', '50000', '50000', 8)).toEqual({ remaining_btc: '50', remaining: '50' });
    expect(remainingWithdrawal('200', '150', '1', '50000', 6)).toEqual({ remaining_btc: '50', remaining: '2500000' });
    expect(remainingWithdrawal('500', '499.8', '2500', '50000', 8)).toEqual({ remaining_btc: '0.2', remaining: '4' });
  });

  it('truncates to the coin’s decimals, so the figure shown always fits', () => {
    expect(remainingWithdrawal('0.1', '0', '3', '50000', 6)).toEqual({ remaining_btc: '0.1', remaining: '1666.666666' });
  });

  it('never goes below zero, and has no coin figure without prices', () => {
    expect(remainingWithdrawal('200', '200', '1', '50000', 6)).toEqual({ remaining_btc: '0', remaining: '0' });
    expect(remainingWithdrawal('200', '250', '1', '50000', 6)).toEqual({ remaining_btc: '0', remaining: '0' });
    expect(remainingWithdrawal('200', '0', '0', '50000', 6)).toEqual({ remaining_btc: '200', remaining: null });
  });
});
