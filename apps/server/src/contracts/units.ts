/**
 * Contract figures in integer units, for the paths that handle a thousand positions or accounts at once
 * (a tick's bulk close, its triggers and realtime figures): bigint arithmetic on units of 10^-18 (what
 * NUMERIC(36,18) holds), exact, instead of a decimal.js parse and operation per figure. Each function
 * gives the very result of the decimal rule it names (contract-rules.ts, money.ts), as tests check.
 */
import { fromUnits, toAmountString, toUnits } from '@fairex/contract';

/** Decimals of NUMERIC(36,18) figures; a product of two (a price times a size) has twice as many. */
export const FIGURE_DECIMALS = 18;
/** One in units of 10^-18. */
export const ONE = 10n ** BigInt(FIGURE_DECIMALS);

/** An amount (at most 18 decimals) in units of 10^-18. */
export const units = (amount: string | number) => toUnits(String(amount), FIGURE_DECIMALS);
/** Units of 10^-18 as an amount string, as toAmountString writes it ("650", "-0.5", "0"). */
export const unitsAmount = (value: bigint) => fromUnits(value, FIGURE_DECIMALS);
/** Units of 10^-36 (a price times a size) as a decimal string. */
export const fineAmount = (value: bigint) => fromUnits(value, 2 * FIGURE_DECIMALS);

/** Units of 10^-36 rounded half away from zero to units of 10^-18 (toAmountString's rounding). */
export function roundFine(value: bigint): bigint {
  const whole = value / ONE;
  const rest = value % ONE;
  return 2n * (rest < 0n ? -rest : rest) >= ONE ? whole + (value < 0n ? -1n : 1n) : whole;
}

/** Units of 10^-18 rounded down (towards minus infinity) to a coin's unit: receiveUnits. */
export function floorToCoin(value: bigint, coinDecimals: number): bigint {
  if (coinDecimals >= FIGURE_DECIMALS) return value;
  const step = 10n ** BigInt(FIGURE_DECIMALS - coinDecimals);
  const rest = ((value % step) + step) % step;
  return value - rest;
}

const PLAIN = /^(-?)(\d+)(?:\.(\d{1,18}))?$/;

/**
 * toAmountString of a plain decimal with at most 18 decimals (a NUMERIC(36,18) read from the database,
 * an amount written by this code) without a decimal parse: trailing zeros dropped, "0" for zero. Anything
 * else goes through toAmountString itself.
 */
export function plainAmount(amount: string): string {
  const match = PLAIN.exec(amount);
  if (!match) return toAmountString(amount);
  const whole = match[2]!.replace(/^0+(?=\d)/, '');
  const fraction = (match[3] ?? '').replace(/0+$/, '');
  const text = fraction ? `${whole}.${fraction}` : whole;
  return match[1] && text !== '0' ? `-${text}` : text;
}

/**
 * A close's P&L in units: receiveUnits(profitLoss(side, open, close, lots, size), coinDecimals), that is
 * (close - open) x lots x size, signed by the side, rounded half away from zero to 18 decimals, then
 * down to the coin's unit (a loss rounds up).
 */
export function closeProfitUnits(side: 'long' | 'short', openPrice: string, closePrice: string, lots: number, contractSize: string, coinDecimals: number): bigint {
  const fine = (units(closePrice) - units(openPrice)) * BigInt(lots) * units(contractSize);
  return floorToCoin(roundFine(side === 'long' ? fine : -fine), coinDecimals);
}

export type SettlementLineUnits = { id: number; toUser: bigint; fromUser: bigint; shortfall: bigint };

/**
 * contract-rules settleTogether in units: the account's available raised by every positive back first,
 * then each deficit taken from it in turn; what it cannot pay is the shortfall.
 */
export function settleUnits(available: bigint, items: readonly { id: number; back: bigint }[]): { lines: SettlementLineUnits[]; available: bigint; shortfall: bigint } {
  let left = available;
  for (const item of items) if (item.back > 0n) left += item.back;
  let shortfall = 0n;
  const lines = items.map((item) => {
    if (item.back >= 0n) return { id: item.id, toUser: item.back, fromUser: 0n, shortfall: 0n };
    const deficit = -item.back;
    const fromUser = deficit < left ? deficit : left;
    left -= fromUser;
    shortfall += deficit - fromUser;
    return { id: item.id, toUser: 0n, fromUser, shortfall: deficit - fromUser };
  });
  return { lines, available: left, shortfall };
}

/** Significant digits decimal.js keeps (money.ts: precision 40); a division rounds to them. */
const SIGNIFICANT_DIGITS = 40;
const magnitude = (x: bigint) => (x < 0n ? -x : x);
/** a / b rounded half away from zero to an integer. */
function divideRounded(a: bigint, b: bigint): bigint {
  const quotient = a / b;
  const rest = a % b;
  return 2n * magnitude(rest) >= magnitude(b) ? quotient + ((a < 0n) !== (b < 0n) ? -1n : 1n) : quotient;
}

/**
 * contract-rules riskRate of one account from its sums in units: (available + margins + P&L) / margins
 * x 100, the quotient rounded to 40 significant digits as decimal.js divides, then to 18 decimals
 * (toAmountString), for figures NUMERIC(36,18) holds (their sum is then exact in 40 digits, as in
 * riskRate). "0" when the margins sum to zero.
 */
export function riskRateUnits(available: bigint, marginTotal: bigint, profit: bigint): string {
  if (marginTotal === 0n) return '0';
  const equity = available + marginTotal + profit;
  if (equity === 0n) return '0';
  const a = magnitude(equity);
  const b = magnitude(marginTotal);
  // 10^e <= a / b < 10^(e + 1)
  let e = a.toString().length - b.toString().length;
  if (e >= 0 ? a < b * 10n ** BigInt(e) : a * 10n ** BigInt(-e) < b) e -= 1;
  const shift = SIGNIFICANT_DIGITS - 1 - e;
  // a / b to 40 significant digits is scaled x 10^(e - 39); x 100 and in units of 10^-18, scaled x 10^(e - 19).
  const scaled = shift >= 0 ? divideRounded(a * 10n ** BigInt(shift), b) : divideRounded(a, b * 10n ** BigInt(-shift));
  const rate = e >= 19 ? scaled * 10n ** BigInt(e - 19) : divideRounded(scaled, 10n ** BigInt(19 - e));
  return unitsAmount((equity < 0n) !== (marginTotal < 0n) ? -rate : rate);
}
