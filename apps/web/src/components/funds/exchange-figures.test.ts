// Proves the exchange screen's display rule on its worked examples: rates with the target coin's own
// decimals and never 0, estimates truncated to those decimals exactly as the server pays them.
import { describe, expect, it } from 'vitest';
import { estimateShown, rateShown } from './exchange-figures.ts';

describe('rateShown', () => {
  it('shows a rate with the target coin’s decimals, truncated', () => {
    expect(rateShown('0.000015384615384615', 8)).toBe('0.00001538');
    expect(rateShown('65000', 6)).toBe('65000');
    expect(rateShown('0.038461538461538461', 8)).toBe('0.03846153');
    expect(rateShown('65012.3456789', 6)).toBe('65012.345678');
  });

  it('widens a tiny rate to four significant digits instead of showing 0', () => {
    expect(rateShown('0.000000000153846153', 8)).toBe('0.0000000001538');
    expect(rateShown('0.000000000000000001', 8)).toBe('0.000000000000000001');
    expect(rateShown('0', 8)).toBe('0');
  });
});

describe('estimateShown', () => {
  it('gives what the server pays: fee and rest truncated to the target’s decimals', () => {
    expect(estimateShown('10', '0.000015384615384615', '0.002', 8)).toBe('0.00015354');
    expect(estimateShown('1', '65000', '0.002', 6)).toBe('64870');
    expect(estimateShown('0.01', '0.000015384615384615', '0.002', 8)).toBe('0.00000015');
  });
});
