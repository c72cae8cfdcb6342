// Worked examples of a spot symbol's minimum order value, the rule the server refuses by and the trade
// form pre-checks with.
import { describe, expect, it } from 'vitest';
import { marketOrderValuePrice, meetsOrderValueMin } from '../src/spot-limits.ts';

describe('meetsOrderValueMin', () => {
  it('admits an order worth exactly the minimum and refuses one a lot below it', () => {
    // 0.0001 BTC at 50,000 USDT is 5 USDT.
    expect(meetsOrderValueMin('0.0001', '50000', '5')).toBe(true);
    // 0.000099 BTC at 50,000 is 4.95 USDT.
    expect(meetsOrderValueMin('0.000099', '50000', '5')).toBe(false);
  });

  it('compares exactly, without floating-point error', () => {
    // 0.1 x 0.3 is 0.03 exactly (a float gives 0.030000000000000002).
    expect(meetsOrderValueMin('0.1', '0.3', '0.03')).toBe(true);
    expect(meetsOrderValueMin('0.1', '0.3', '0.030000000000000001')).toBe(false);
  });

  it('admits every order when the minimum is 0', () => {
    expect(meetsOrderValueMin('0.000001', '0.01', '0')).toBe(true);
  });
});

describe('marketOrderValuePrice', () => {
  it('values a market order at the best opposite price, else the index, else not at all', () => {
    expect(marketOrderValuePrice('65010.5', '65000')).toBe('65010.5');
    expect(marketOrderValuePrice(undefined, '65000')).toBe('65000');
    expect(marketOrderValuePrice(undefined, undefined)).toBeUndefined();
  });
});
