// Proves the money helpers compute exactly at precision 40 half-up (never losing a NUMERIC(36,18) digit), return plain strings, and leave the global Decimal alone.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Decimal } from 'decimal.js';
import {
  add,
  cmp,
  displayBalance,
  div,
  isNegative,
  isPositive,
  isZero,
  maxOf,
  minOf,
  money,
  Money,
  mul,
  roundTo,
  sub,
  sum,
  toAmountString,
  truncateTo,
} from '../src/money.ts';

/** Decimal strings of up to 12 integer and 18 fraction digits, the NUMERIC(36,18) range in practice. */
const amountArb = fc
  .tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 10n ** 30n - 1n }))
  .map(([negative, units]) => toAmountString(`${negative ? '-' : ''}${units}e-18`));

describe('money', () => {
  it('uses a clone at precision 40, half-up, without touching the global Decimal', () => {
    expect(Money).not.toBe(Decimal);
    expect(Money.precision).toBe(40);
    expect(Money.rounding).toBe(Decimal.ROUND_HALF_UP);
    expect(money('1')).toBeInstanceOf(Money);
  });

  it('adds 0.1 and 0.2 to exactly 0.3', () => {
    expect(add('0.1', '0.2')).toBe('0.3');
    expect(add(0.1, 0.2)).toBe('0.3');
  });

  it('subtracts, multiplies and divides to plain strings', () => {
    expect(sub('1', '0.9')).toBe('0.1');
    expect(sub('1', '1')).toBe('0');
    expect(mul('1.1', '1.1')).toBe('1.21');
    expect(mul('0.000000001', '0.000000001')).toBe('0.000000000000000001');
    expect(div('1', '4')).toBe('0.25');
    expect(div('10', '2')).toBe('5');
  });

  it('rounds a division to precision 40, half-up', () => {
    // 40 significant digits, the last one rounded up from ...666.
    expect(div('2', '3')).toBe('0.666666666666666667');
    expect(money('2').dividedBy('3').toFixed()).toBe(`0.${'6'.repeat(39)}7`);
    expect(div('1', '3')).toBe('0.333333333333333333');
  });

  it('keeps every digit of amounts as large as NUMERIC(36,18) holds', () => {
    // 21 significant digits: precision 20 rounded this difference to 123456789012345.12346.
    expect(sub('123456789012345.123456', '0.001')).toBe('123456789012345.122456');
    expect(add('123456789012345.123456', '0.000001')).toBe('123456789012345.123457');
    // The largest figure a column holds, 18 + 18 digits, moved by its smallest unit both ways.
    const largest = `${'9'.repeat(17)}.${'9'.repeat(18)}`;
    expect(sub(largest, '0.000000000000000001')).toBe(`${'9'.repeat(17)}.${'9'.repeat(17)}8`);
    expect(add(sub(largest, '1'), '1')).toBe(largest);
    expect(sum([largest, `-${largest}`, '0.000000000000000001'])).toBe('0.000000000000000001');
    expect(mul('123456789012345.123456', '1000')).toBe('123456789012345123.456');
    expect(cmp('123456789012345.123456', '123456789012345.123457')).toBe(-1);
  });

  it('throws on a zero divisor and on text that is not a number', () => {
    expect(() => div('1', '0')).toThrow(RangeError);
    expect(() => money('abc')).toThrow();
    expect(() => toAmountString(Number.NaN)).toThrow(RangeError);
  });

  it('compares and classifies signs, with -0 neither negative nor positive', () => {
    expect(cmp('1', '2')).toBe(-1);
    expect(cmp('2.0', '2')).toBe(0);
    expect(cmp('-1', '-2')).toBe(1);
    expect(isZero('0.000')).toBe(true);
    expect(isZero('-0')).toBe(true);
    expect(isZero('0.000000000000000001')).toBe(false);
    expect(isNegative('-0')).toBe(false);
    expect(isNegative('-0.01')).toBe(true);
    expect(isNegative('0')).toBe(false);
    expect(isPositive('0')).toBe(false);
    expect(isPositive('0.01')).toBe(true);
    expect(isPositive('-0.01')).toBe(false);
  });

  it('takes the least and the greatest, and sums a list', () => {
    expect(minOf('2', '1.50')).toBe('1.5');
    expect(maxOf('2', '1.50')).toBe('2');
    expect(minOf('3', '-1', '2')).toBe('-1');
    expect(maxOf('7')).toBe('7');
    expect(sum(['0.1', '0.2', 0.3, money('0.4')])).toBe('1');
    expect(sum([])).toBe('0');
  });

  it('rounds half-up to a fixed number of decimals', () => {
    expect(roundTo('2.345', 2)).toBe('2.35');
    expect(roundTo('-2.345', 2)).toBe('-2.35');
    expect(roundTo('2.344', 2)).toBe('2.34');
    expect(roundTo('2.5', 0)).toBe('3');
    expect(roundTo('2.3', 2)).toBe('2.30');
    expect(roundTo('-0.001', 2)).toBe('0.00');
    expect(roundTo('1.005', 2)).toBe('1.01');
  });

  it('truncates toward zero', () => {
    expect(truncateTo('2.349', 2)).toBe('2.34');
    expect(truncateTo('-2.349', 2)).toBe('-2.34');
    expect(truncateTo('2.30', 2)).toBe('2.3');
    expect(truncateTo('-0.001', 2)).toBe('0');
  });

  it('writes amounts plainly with at most 18 decimals', () => {
    expect(toAmountString('1e-7')).toBe('0.0000001');
    expect(toAmountString('1e21')).toBe('1000000000000000000000');
    expect(toAmountString('1.500')).toBe('1.5');
    expect(toAmountString('0.00')).toBe('0');
    expect(toAmountString('-0')).toBe('0');
    expect(toAmountString('0.0000000000000000005')).toBe('0.000000000000000001');
    expect(toAmountString('0.0000000000000000004')).toBe('0');
    expect(toAmountString(`1.${'9'.repeat(19)}`)).toBe('2');
  });

  it('displays balances truncated to at most 4 decimals', () => {
    expect(displayBalance('4.99999')).toBe('4.9999');
    expect(displayBalance('1.5')).toBe('1.5');
    expect(displayBalance('2')).toBe('2');
    expect(displayBalance('-0.00001')).toBe('0');
    expect(displayBalance('0.00009')).toBe('0');
    expect(displayBalance('1e-10')).toBe('0');
    expect(displayBalance('123456789.123456789')).toBe('123456789.1234');
  });

  it('truncateTo never exceeds the input in absolute value, by less than one unit of the last place', () => {
    fc.assert(
      fc.property(amountArb, fc.integer({ min: 0, max: 18 }), (amount, decimals) => {
        const truncated = money(truncateTo(amount, decimals));
        const input = money(amount);
        expect(truncated.abs().lessThanOrEqualTo(input.abs())).toBe(true);
        expect(input.minus(truncated).abs().lessThan(money(10).pow(-decimals))).toBe(true);
      }),
    );
  });

  it('add is exact and commutative, and sub undoes it, for amounts within precision', () => {
    const shortAmount = fc
      .tuple(fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: 0, max: 8 }))
      .map(([units, scale]) => toAmountString(money(units).dividedBy(10 ** scale)));
    fc.assert(
      fc.property(shortAmount, shortAmount, (a, b) => {
        expect(add(a, b)).toBe(add(b, a));
        expect(sub(add(a, b), b)).toBe(a);
      }),
    );
  });
});
