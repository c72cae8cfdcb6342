import { Decimal } from 'decimal.js';
import { BALANCE_DISPLAY_DECIMALS, DECIMAL_PRECISION } from './constants.ts';

/** The one decimal type for money: precision 20, half-up (spec section 9). The global Decimal is left alone. */
export const Money = Decimal.clone({ precision: DECIMAL_PRECISION, rounding: Decimal.ROUND_HALF_UP, toExpNeg: -40, toExpPos: 40 });
export type MoneyValue = InstanceType<typeof Money>;
export type MoneyInput = string | number | MoneyValue;

/** Amounts on the wire and in NUMERIC(36,18) have at most 18 decimals. */
export const AMOUNT_DECIMALS = 18;

export const money = (x: MoneyInput): MoneyValue => new Money(x);
export const add = (a: MoneyInput, b: MoneyInput) => toAmountString(money(a).plus(b));
export const sub = (a: MoneyInput, b: MoneyInput) => toAmountString(money(a).minus(b));
export const mul = (a: MoneyInput, b: MoneyInput) => toAmountString(money(a).times(b));
export const div = (a: MoneyInput, b: MoneyInput) => toAmountString(money(a).dividedBy(b));
export const cmp = (a: MoneyInput, b: MoneyInput) => money(a).comparedTo(b) as -1 | 0 | 1;
export const isZero = (x: MoneyInput) => money(x).isZero();
export const isNegative = (x: MoneyInput) => money(x).isNegative() && !money(x).isZero();
export const isPositive = (x: MoneyInput) => money(x).isPositive() && !money(x).isZero();
export const minOf = (a: MoneyInput, b: MoneyInput) => (cmp(a, b) <= 0 ? toAmountString(a) : toAmountString(b));
export const maxOf = (a: MoneyInput, b: MoneyInput) => (cmp(a, b) >= 0 ? toAmountString(a) : toAmountString(b));
export const sum = (list: MoneyInput[]) => toAmountString(list.reduce<MoneyValue>((acc, x) => acc.plus(x), money(0)));

/** Half-up to a fixed number of decimals, always showing them ("2.30"). */
export const roundTo = (x: MoneyInput, decimals: number) => money(x).toFixed(decimals, Decimal.ROUND_HALF_UP);
/** Toward zero, never rounding up what someone has. */
export const truncateTo = (x: MoneyInput, decimals: number) => plain(money(x).toDecimalPlaces(decimals, Decimal.ROUND_DOWN));

/** Plain notation, no exponent, no trailing zeros, at most 18 decimals, "0" for zero (and for -0). */
export function toAmountString(x: MoneyInput): string {
  return plain(money(x).toDecimalPlaces(AMOUNT_DECIMALS, Decimal.ROUND_HALF_UP));
}

/** Spec: balances show at most 4 decimals, truncated, never rounded up. */
export const displayBalance = (x: MoneyInput) => truncateTo(x, BALANCE_DISPLAY_DECIMALS);

function plain(value: MoneyValue): string {
  if (value.isZero()) return '0';
  return value.toFixed();
}
