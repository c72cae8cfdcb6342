// Proves the conversions between decimal strings and the engine's integer units: fixed examples, the
// refusals (bad text, extra decimals, values past 2^53 - 1), and random round trips checked against
// decimal.js.
import { Decimal } from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatUnits,
  lotsToQuantity,
  parseUnits,
  priceToTicks,
  quantityToLots,
  quoteToUnits,
  ticksToPrice,
  UNITS_MAX,
  unitsToQuote,
  type SymbolSpec,
} from '../../src/spot/engine/index.ts';

/** The test's oracle needs every digit: strings here run to 42 digits, past the default precision of 20. */
const Exact = Decimal.clone({ precision: 100 });

const SPEC: SymbolSpec = { symbol: 'BTCUSDT', priceDecimals: 2, quantityDecimals: 5, priceMax: '10000000', quantityMax: '10000' };

describe('parseUnits', () => {
  it('scales a decimal string to integer units', () => {
    expect(parseUnits('65000.12', 2)).toBe(6_500_012);
    expect(parseUnits('65000.1', 2)).toBe(6_500_010);
    expect(parseUnits('65000', 2)).toBe(6_500_000);
    expect(parseUnits('0.00001', 5)).toBe(1);
    expect(parseUnits('007.50', 2)).toBe(750);
    expect(parseUnits('0', 8)).toBe(0);
    expect(parseUnits('12', 0)).toBe(12);
  });

  it('refuses text that is not a plain non-negative decimal', () => {
    for (const text of ['', '.5', '5.', '-1', '+1', '1e3', ' 1', '1 ', '1,5', '0x10', 'NaN', 'Infinity', '1.2.3']) {
      expect(parseUnits(text, 2), text).toBeNull();
    }
  });

  it('refuses extra decimals unless they are zeros, or truncates them when asked', () => {
    expect(parseUnits('1.234', 2)).toBeNull();
    expect(parseUnits('1.2300', 2)).toBe(123);
    expect(parseUnits('1.239', 2, 'truncate')).toBe(123);
  });

  it('refuses values above 2^53 - 1 and accepts the bound itself', () => {
    expect(parseUnits(String(UNITS_MAX), 0)).toBe(UNITS_MAX);
    expect(parseUnits('9007199254740992', 0)).toBeNull();
    expect(parseUnits('90071992547409.91', 2)).toBe(UNITS_MAX);
    expect(parseUnits('90071992547409.92', 2)).toBeNull();
    expect(parseUnits('1'.padEnd(40, '0'), 0)).toBeNull();
    expect(parseUnits('0'.repeat(40) + '1', 0)).toBe(1);
  });

  it('refuses decimals outside 0..18', () => {
    expect(() => parseUnits('1', 19)).toThrow(RangeError);
    expect(() => parseUnits('1', -1)).toThrow(RangeError);
    expect(() => formatUnits(1, 1.5)).toThrow(RangeError);
  });
});

describe('formatUnits', () => {
  it('writes plain decimals without trailing zeros', () => {
    expect(formatUnits(6_500_012, 2)).toBe('65000.12');
    expect(formatUnits(6_500_010, 2)).toBe('65000.1');
    expect(formatUnits(6_500_000, 2)).toBe('65000');
    expect(formatUnits(1, 8)).toBe('0.00000001');
    expect(formatUnits(0, 8)).toBe('0');
    expect(formatUnits(UNITS_MAX, 18)).toBe('0.009007199254740991');
  });

  it('refuses what is not a unit count', () => {
    for (const units of [-1, 1.5, Number.NaN, UNITS_MAX + 1]) expect(() => formatUnits(units, 2)).toThrow(RangeError);
  });
});

describe('symbol units', () => {
  it('makes ticks times lots equal quote units', () => {
    const ticks = priceToTicks(SPEC, '65000.12')!;
    const lots = quantityToLots(SPEC, '0.015')!;
    expect(unitsToQuote(SPEC, ticks * lots)).toBe(new Exact('65000.12').times('0.015').toFixed());
    expect(ticksToPrice(SPEC, ticks)).toBe('65000.12');
    expect(lotsToQuantity(SPEC, lots)).toBe('0.015');
  });

  it('truncates a quote amount to spend, so an order never spends more than it was given', () => {
    // 2 + 5 decimals: quote units are 10^-7 USDT.
    expect(quoteToUnits(SPEC, '100.123456789')).toBe(1_001_234_567);
    expect(quoteToUnits(SPEC, '100.123456789', 'exact')).toBeNull();
  });
});

describe('round trips (fast-check against decimal.js)', () => {
  it('parse(format(units)) = units and the text equals decimal.js', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: UNITS_MAX }), fc.integer({ min: 0, max: 18 }), (units, decimals) => {
        const text = formatUnits(units, decimals);
        expect(text).toBe(new Exact(units).dividedBy(new Exact(10).pow(decimals)).toFixed());
        expect(parseUnits(text, decimals)).toBe(units);
      }),
    );
  });

  it('parse agrees with decimal.js on random decimal strings, truncating or refusing', () => {
    const decimalText = fc
      .tuple(fc.stringMatching(/^\d{1,20}$/), fc.option(fc.stringMatching(/^\d{1,22}$/), { nil: undefined }))
      .map(([whole, fraction]) => (fraction === undefined ? whole : `${whole}.${fraction}`));
    fc.assert(
      fc.property(decimalText, fc.integer({ min: 0, max: 18 }), (text, decimals) => {
        const scaled = new Exact(text).times(new Exact(10).pow(decimals));
        const truncated = scaled.toDecimalPlaces(0, Decimal.ROUND_DOWN);
        const fits = truncated.lte(UNITS_MAX);
        expect(parseUnits(text, decimals, 'truncate')).toBe(fits ? truncated.toNumber() : null);
        expect(parseUnits(text, decimals, 'exact')).toBe(fits && scaled.isInteger() ? truncated.toNumber() : null);
      }),
    );
  });
});
