// Proves the spot sizing rules on exact figures: what a buy freezes, the protection prices, and the
// largest limit buy, market buy (at the best ask's protection price) and sell that a budget affords.
import { describe, expect, it } from 'vitest';
import {
  buyFreezeUnits,
  buyProtectionTicks,
  fromUnits,
  limitBuyQuantityMax,
  marketBuyQuantityMax,
  sellProtectionTicks,
  sellQuantityMax,
  toUnits,
  type SpotSymbolRules,
} from '../src/spot-rules.ts';

const BTC: SpotSymbolRules = {
  price_decimals: 2,
  quantity_decimals: 6,
  spot_rules: { maker_fee_rate: '0.001', taker_fee_rate: '0.002', market_protection_bps: 100, order_value_min: '0' },
};

describe('units', () => {
  it('truncates decimal strings to units and prints them back without trailing zeros', () => {
    expect(toUnits('12.3456789', 4)).toBe(123456n);
    expect(toUnits('-0.5', 2)).toBe(-50n);
    expect([fromUnits(123450n, 4), fromUnits(0n, 6), fromUnits(-5n, 2), fromUnits(7n, 0)]).toEqual(['12.345', '0', '-0.05', '7']);
    expect(() => toUnits('1e3', 2)).toThrow(RangeError);
  });
});

describe('freeze and protection prices', () => {
  it('freezes price x quantity x (1 + fee) in fine units', () => {
    // 100.00 x 0.5 x 1.002 = 50.1 quote, in units of 10^-14.
    expect(buyFreezeUnits(10_000n, 500_000n, 2_000n)).toBe(toUnits('50.1', 14));
  });

  it('rounds a buy protection price up and a sell protection price down, never below one tick', () => {
    expect(buyProtectionTicks(10_001n, 100n)).toBe(10_102n); // 10101.01 rounds up
    expect(sellProtectionTicks(10_001n, 100n)).toBe(9_900n); // 9900.99 rounds down
    expect(sellProtectionTicks(1n, 100n)).toBe(1n);
  });
});

describe('largest orders a budget affords', () => {
  it('sizes a limit buy with the higher fee rate, truncated to the lot', () => {
    // 1000 / (50000 x 1.002) = 0.0199600798...
    expect(limitBuyQuantityMax('1000', '50000', BTC)).toBe('0.01996');
    expect(limitBuyQuantityMax('1000', '50000', { ...BTC, spot_rules: { ...BTC.spot_rules!, maker_fee_rate: '0.01' } })).toBe('0.019801');
    expect(limitBuyQuantityMax('0.0001', '50000', BTC)).toBe('0');
    expect(limitBuyQuantityMax('1000', '50000', { ...BTC, spot_rules: null })).toBe('0');
  });

  it('sizes a market buy at the protection price of the best ask, within the asks up to it', () => {
    const asks: [string, string][] = [
      ['101', '1'],
      ['100', '2'],
      ['1000', '5'],
    ];
    const symbol: SpotSymbolRules = { price_decimals: 0, quantity_decimals: 2, spot_rules: { maker_fee_rate: '0', taker_fee_rate: '0', market_protection_bps: 100, order_value_min: '0' } };
    // Protection at the best ask 100 plus 1 % = 101: 150 buys 1.48.
    expect(marketBuyQuantityMax('150', asks, symbol)).toBe('1.48');
    expect(marketBuyQuantityMax('202', asks, symbol)).toBe('2');
    expect(marketBuyQuantityMax('250', asks, symbol)).toBe('2.47');
    // Never more than the asks up to the protection price: the ask at 1000 cannot fill.
    expect(marketBuyQuantityMax('100000', asks, symbol)).toBe('3');
    expect(marketBuyQuantityMax('100000', [], symbol)).toBe('0');
  });

  it('sizes a sell as the budget truncated to the lot', () => {
    expect(sellQuantityMax('0.123456789', BTC)).toBe('0.123456');
    expect(sellQuantityMax('0', BTC)).toBe('0');
  });
});
