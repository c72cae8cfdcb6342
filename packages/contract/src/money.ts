import { Decimal } from 'decimal.js';
import { BALANCE_DISPLAY_DECIMALS, DECIMAL_PRECISION } from './constants.ts';

/**
 * The one decimal type for money: precision 40 (never fewer digits than NUMERIC(36,18) holds), half-up.
 * A clone, so the global Decimal other libraries may use keeps its own settings.
 */
export const Money = Decimal.clone({ precision: DECIMAL_PRECISION, rounding: Decimal.ROUND_HALF_UP });
export type MoneyValue = InstanceType<typeof Money>;
export type MoneyInput = string | number | MoneyValue;

/** Amounts on the wire and in NUMERIC(36,18) carry at most 18 decimals. */
export const AMOUNT_DECIMALS = 18;

/** Throws on text that is not a number (a broken caller, not a user error: validate input first). */
export const money = (x: MoneyInput): MoneyValue => new Money(x);

export const add = (a: MoneyInput, b: MoneyInput) => toAmountString(money(a).plus(b));
export const sub = (a: MoneyInput, b: MoneyInput) => toAmountString(money(a).minus(b));
export const mul = (a: MoneyInput, b: MoneyInput) => toAmountString(money(a).times(b));
/** Throws on a zero divisor through toAmountString, which refuses Infinity. */
export const div = (a: MoneyInput, b: MoneyInput) => toAmountString(money(a).dividedBy(b));

export const cmp = (a: MoneyInput, b: MoneyInput) => money(a).comparedTo(b) as -1 | 0 | 1;
export const isZero = (x: MoneyInput) => money(x).isZero();
/** decimal.js has a signed zero; -0 is neither negative nor positive here. */
export const isNegative = (x: MoneyInput) => !isZero(x) && money(x).isNegative();
export const isPositive = (x: MoneyInput) => !isZero(x) && money(x).isPositive();

export const minOf = (first: MoneyInput, ...rest: MoneyInput[]) => toAmountString(Money.min(first, ...rest));
export const maxOf = (first: MoneyInput, ...rest: MoneyInput[]) => toAmountString(Money.max(first, ...rest));
export const sum = (list: readonly MoneyInput[]) =>
  toAmountString(list.reduce<MoneyValue>((total, x) => total.plus(x), money(0)));

/** Half-up to a fixed number of decimals, always showing them ("2.30"); never "-0.00". */
export const roundTo = (x: MoneyInput, decimals: number) => plain(money(x).toDecimalPlaces(decimals, Decimal.ROUND_HALF_UP), decimals);

/** Toward zero, so a shown or paid-out amount never exceeds what is held; no trailing zeros. */
export const truncateTo = (x: MoneyInput, decimals: number) => plain(money(x).toDecimalPlaces(decimals, Decimal.ROUND_DOWN));

/** The wire and database form: plain notation, no trailing zeros, at most 18 decimals (half-up), "0" for zero. */
export const toAmountString = (x: MoneyInput) => plain(money(x).toDecimalPlaces(AMOUNT_DECIMALS, Decimal.ROUND_HALF_UP));

/** Spec: balances show at most 4 decimals, truncated, never rounded up. */
export const displayBalance = (x: MoneyInput) => truncateTo(x, BALANCE_DISPLAY_DECIMALS);

/**
 * Plain notation (toFixed never uses an exponent), optionally with exactly `decimals` decimals.
 * A NaN or an Infinity here is a bug, so it throws rather than travel.
 */
function plain(value: MoneyValue, decimals?: number): string {
  if (!value.isFinite()) throw new RangeError(`not a finite amount: ${value.toString()}`);
  // Drop the sign of a zero: -0.001 rounded to 2 decimals is "0.00", not "-0.00".
  const unsigned = value.isZero() ? value.abs() : value;
  return decimals === undefined ? unsigned.toFixed() : unsigned.toFixed(decimals);
}
