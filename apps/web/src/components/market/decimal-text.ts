/**
 * Exact decimal figures for display, on BigInt: what the market screens show (a price cut to its decimals,
 * a volume in K or M, a fiat value) without decimal.js, which the start-up's file then leaves out (about
 * 12 KB compressed). Each function gives exactly what the contract's money module (decimal.js, precision
 * 40, half-up) gives for the same text: decimal-text.test.ts compares them over generated figures.
 * Display only: amounts that are sent or posted go through @fairex/contract/money.
 */

/** A finite decimal: (-1 if negative) * digits * 10^-scale, scale >= 0. A negative zero keeps its sign, as in decimal.js. */
export type DecimalText = { negative: boolean; digits: bigint; scale: number };

/** decimal.js's precision for the money type (DECIMAL_PRECISION): products and quotients keep 40 significant digits, half-up. */
const SIGNIFICANT_DIGITS_MAX = 40;
/** Exponents beyond this are no figure a screen shows (10^1000); refused rather than building a huge BigInt. */
const EXPONENT_MAX = 1000;
const NUMBER = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;
const NON_FINITE = /^[+-]?(Infinity|NaN)$/;

const TEN = 10n;
const pow10 = (n: number) => TEN ** BigInt(n);

/**
 * The decimal a text holds, or null for Infinity and NaN (which decimal.js takes as non-finite values).
 * Anything else that is not a number throws, as decimal.js does.
 */
export function parseDecimal(text: string | number): DecimalText | null {
  const value = typeof text === 'number' ? String(text) : text;
  if (NON_FINITE.test(value)) return null;
  const match = NUMBER.exec(value);
  const whole = match?.[2] ?? '';
  const fraction = match?.[3] ?? '';
  if (!match || whole.length + fraction.length === 0) throw new Error(`not a number: ${value}`);
  const exponent = Number(match[4] ?? 0);
  if (Math.abs(exponent) > EXPONENT_MAX) throw new RangeError(`exponent out of range: ${value}`);
  let digits = BigInt(whole + fraction || '0');
  let scale = fraction.length - exponent;
  if (scale < 0) {
    digits *= pow10(-scale);
    scale = 0;
  }
  return { negative: match[1] === '-', digits, scale };
}

const isZero = (x: DecimalText) => x.digits === 0n;

/** decimal.js's `e`: the power of ten of the first significant digit (0.0612 -> -2, 65000 -> 4); 0 for zero. */
export function exponentOf(x: DecimalText): number {
  if (isZero(x)) return 0;
  return x.digits.toString().length - 1 - x.scale;
}

/** Rounds |x| to `decimals` places (>= 0): toward zero, or half-up (away from zero at a half). */
function roundTo(x: DecimalText, decimals: number, mode: 'down' | 'half-up'): DecimalText {
  if (x.scale <= decimals) return { ...x, digits: x.digits * pow10(decimals - x.scale), scale: decimals };
  const divisor = pow10(x.scale - decimals);
  let digits = x.digits / divisor;
  if (mode === 'half-up' && (x.digits % divisor) * 2n >= divisor) digits += 1n;
  return { negative: x.negative, digits, scale: decimals };
}

/** To at most `significant` significant digits, half-up (decimal.js rounds each operation's result to its precision). */
function roundSignificant(x: DecimalText, significant: number): DecimalText {
  const length = x.digits.toString().length;
  if (length <= significant) return x;
  const cut = length - significant;
  const divisor = pow10(cut);
  let digits = x.digits / divisor;
  if ((x.digits % divisor) * 2n >= divisor) digits += 1n;
  // A scale below zero stands for trailing zeros of a whole number.
  return x.scale - cut >= 0 ? { negative: x.negative, digits, scale: x.scale - cut } : { negative: x.negative, digits: digits * pow10(cut - x.scale), scale: 0 };
}

/** The product, rounded as decimal.js's `times` at precision 40. */
export function times(a: DecimalText, b: DecimalText): DecimalText {
  return roundSignificant({ negative: a.negative !== b.negative, digits: a.digits * b.digits, scale: a.scale + b.scale }, SIGNIFICANT_DIGITS_MAX);
}

/** x / 10^n, rounded as decimal.js's `dividedBy` at precision 40. */
export function shiftLeft(x: DecimalText, n: number): DecimalText {
  return roundSignificant({ ...x, scale: x.scale + n }, SIGNIFICANT_DIGITS_MAX);
}

/** Compares |x| with 10^n (n may be negative): 1 above, 0 equal, -1 below. */
export function compareToPowerOfTen(x: DecimalText, n: number): number {
  // |x| = digits / 10^scale against 10^n: digits against 10^(n + scale), both whole when n + scale >= 0.
  const power = n + x.scale;
  if (power >= 0) {
    const bound = pow10(power);
    return x.digits > bound ? 1 : x.digits < bound ? -1 : 0;
  }
  // 10^n below the last digit's place: |x| >= 10^-scale > 10^n unless x is zero.
  return x.digits === 0n ? -1 : 1;
}

/** The digits of |x| with exactly its scale's decimals ("12.50"). */
function unsignedText(x: DecimalText): string {
  const text = x.digits.toString().padStart(x.scale + 1, '0');
  return x.scale === 0 ? text : `${text.slice(0, -x.scale)}.${text.slice(-x.scale)}`;
}

/** decimal.js's `toFixed(decimals, ROUND_DOWN)`: exactly `decimals` places, cut toward zero; '-' when x is below zero, even where the cut shows zero ("-0.00"). */
export function toFixedDown(x: DecimalText, decimals: number): string {
  const text = unsignedText(roundTo(x, decimals, 'down'));
  return x.negative && !isZero(x) ? `-${text}` : text;
}

/** The contract's `truncateTo`: cut toward zero to `decimals` places, without trailing zeros, never "-0". */
export function truncatePlain(x: DecimalText, decimals: number): string {
  return plain(roundTo(x, decimals, 'down'));
}

/** The contract's `roundTo`: half-up to exactly `decimals` places, never "-0.0". */
export function roundFixed(x: DecimalText, decimals: number): string {
  const rounded = roundTo(x, decimals, 'half-up');
  const text = unsignedText(rounded);
  return rounded.negative && !isZero(rounded) ? `-${text}` : text;
}

/** The contract's `toAmountString`: plain notation, at most 18 places (half-up), no trailing zeros, "0" for zero. */
export function amountText(x: DecimalText): string {
  return plain(roundTo(x, 18, 'half-up'));
}

/** Plain notation without trailing zeros; a zero has no sign. */
function plain(x: DecimalText): string {
  let { digits, scale } = x;
  while (scale > 0 && digits % TEN === 0n) {
    digits /= TEN;
    scale--;
  }
  const text = unsignedText({ negative: false, digits, scale });
  return x.negative && digits !== 0n ? `-${text}` : text;
}
