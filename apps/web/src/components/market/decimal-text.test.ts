// The market's display figures (format.ts, on decimal-text.ts's BigInt decimals) give exactly what the
// contract's money module (decimal.js) gives: each is compared with the decimal.js formula it replaced, over
// generated decimal texts (signs, leading and trailing zeros, exponents, up to 40 digits) and chosen edges.
import { formatCount } from '@fairex/contract/format';
import { displayBalance, money, Money } from '@fairex/contract/money';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fiatValue, formatVolume, withDecimals } from './format.ts';

/** The formulas format.ts had on decimal.js. */
const reference = {
  withDecimals(value: string, decimals: number) {
    const amount = money(value);
    return amount.isFinite() ? amount.toFixed(decimals, Money.ROUND_DOWN) : value;
  },
  formatVolume: (volume: string) => (money(volume).abs().greaterThan(1e3) ? formatCount(volume) : displayBalance(volume)),
  fiatValue(price: string, quoteUsdt: string, fiatRate: string) {
    const value = money(price).times(quoteUsdt).times(fiatRate);
    const needed = value.isZero() ? 0 : 3 - value.e;
    return value.toFixed(Math.min(8, Math.max(2, needed)), Money.ROUND_DOWN);
  },
};

const digitString = (max: number) => fc.array(fc.constantFrom(...'0123456789'), { minLength: 1, maxLength: max }).map((d) => d.join(''));
/** Decimal texts as servers and tickers write them, and less usual ones decimal.js also reads. */
const decimalText = fc
  .tuple(fc.constantFrom('', '-', '+'), digitString(22), fc.option(fc.tuple(fc.constantFrom('.'), fc.option(digitString(20), { nil: '' })), { nil: undefined }), fc.option(fc.integer({ min: -30, max: 30 }), { nil: undefined }))
  .map(([sign, whole, fraction, exponent]) => `${sign}${whole}${fraction ? fraction.join('') : ''}${exponent === undefined ? '' : `e${exponent}`}`);
const EDGES = ['0', '-0', '0.0000', '-0.001', '-0.00001', '1000', '1000.0001', '-1000.00001', '999.99999', '1000000', '1000000.05', '-1050', '1050', '1049.99', '.5', '5.', '1e-7', '-1e-7', '1e21', '65079.5', '0.0612', '0.00000123456', '9.99999999999999999999999999999999999999999', '123456789012345678901234567890.123456789012'];

describe('display figures without decimal.js', () => {
  it('cuts a figure to its decimals as decimal.js does', () => {
    for (const value of [...EDGES, 'Infinity', '-Infinity', 'NaN']) for (const decimals of [0, 2, 8]) expect(withDecimals(value, decimals)).toBe(reference.withDecimals(value, decimals));
    fc.assert(fc.property(decimalText, fc.integer({ min: 0, max: 18 }), (value, decimals) => withDecimals(value, decimals) === reference.withDecimals(value, decimals)), { numRuns: 600 });
  });

  it('shortens a volume as formatCount and displayBalance do', () => {
    for (const value of EDGES) expect(formatVolume(value)).toBe(reference.formatVolume(value));
    fc.assert(fc.property(decimalText, (value) => formatVolume(value) === reference.formatVolume(value)), { numRuns: 600 });
  });

  it('reckons a fiat value as decimal.js does, rounding products to 40 digits', () => {
    const usdt = (coin: string) => ({ BTC: '65000', ETH: '3200' })[coin];
    for (const price of EDGES) for (const rate of ['1', '7.1', '0.000123', '1e-9']) expect(fiatValue(price, 'USDT', usdt, rate)).toBe(reference.fiatValue(price, '1', rate));
    fc.assert(
      fc.property(decimalText, decimalText, decimalText, (price, quoteUsdt, rate) => fiatValue(price, 'ETH', () => quoteUsdt, rate) === reference.fiatValue(price, quoteUsdt, rate)),
      { numRuns: 600 },
    );
  });

  it('refuses what decimal.js refuses', () => {
    for (const text of ['', '.', 'e5', '1e', 'abc', ' 1', '1 ', '--1']) {
      expect(() => money(text)).toThrow();
      expect(() => withDecimals(text, 2)).toThrow();
    }
  });
});
