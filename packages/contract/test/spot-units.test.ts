// Proves the contract's coin-unit rounding on worked examples: fine amounts rounded up (what a user
// pays, a buy's freeze) and down (what a user receives) to a coin's smallest unit, and sizing rules that
// only count whole units of a budget, so the largest order they give is one the server accepts.
import { describe, expect, it } from 'vitest';
import { buyFreezeUnits, coinUnitInFine, limitBuyQuantityMax, roundDownToUnit, roundUpToUnit, toUnits, type SpotSymbolRules } from '../src/spot-rules.ts';

const BTC: SpotSymbolRules = {
  price_decimals: 2,
  quantity_decimals: 6,
  spot_rules: { maker_fee_rate: '0.001', taker_fee_rate: '0.002', market_protection_bps: 100, quote_decimals: 6, order_value_min: '0' },
};

describe('coin units', () => {
  it('counts a coin unit in fine units, and never finer than one', () => {
    expect(coinUnitInFine(14, 6)).toBe(10n ** 8n); // USDT in BTC/USDT's fine units
    expect(coinUnitInFine(8, 18)).toBe(1n); // a coin finer than the fine units
  });

  it('rounds up what is paid and down what is received', () => {
    const unit = 10n ** 8n;
    expect(roundUpToUnit(1n, unit)).toBe(unit);
    expect(roundUpToUnit(unit, unit)).toBe(unit);
    expect(roundUpToUnit(0n, unit)).toBe(0n);
    expect(roundDownToUnit(2n * unit - 1n, unit)).toBe(unit);
    expect(roundDownToUnit(unit - 1n, unit)).toBe(0n);
  });

  it('rounds a buy freeze up to the quote coin unit', () => {
    // 60001.37 x 0.000123 x 1.002 = 7.39492884702 USDT, frozen as 7.394929.
    expect(buyFreezeUnits(6_000_137n, 123n, 2_000n, 10n ** 8n)).toBe(toUnits('7.394929', 14));
    expect(buyFreezeUnits(6_000_137n, 123n, 2_000n)).toBe(toUnits('7.39492884702', 14));
  });

  it('sizes a limit buy from the whole units of a budget', () => {
    // 7.394928 USDT (one unit short of the freeze above) affords 122 lots, 7.394929 affords 123.
    expect(limitBuyQuantityMax('7.394928', '60001.37', BTC)).toBe('0.000122');
    expect(limitBuyQuantityMax('7.394929', '60001.37', BTC)).toBe('0.000123');
    // Decimals beyond the coin's unit cannot be frozen, so they do not count: 7.3949289999 is 7.394928.
    expect(limitBuyQuantityMax('7.3949289999', '60001.37', BTC)).toBe('0.000122');
  });
});
