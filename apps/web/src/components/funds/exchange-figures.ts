import { AMOUNT_DECIMALS, money, truncateTo, type MoneyInput } from '@fairex/contract/money';

/** A rate keeps at least this many significant digits, so a small one never shows as 0. */
const RATE_SIGNIFICANT_MIN = 4;

/**
 * How the exchange screen shows a rate (target units per source unit): with the target coin's own
 * decimals (the 4-decimal truncation is for balances only), widened until RATE_SIGNIFICANT_MIN
 * significant digits show; truncated, never rounded up.
 *   USDT -> BTC at 65000, BTC 8 decimals:   0.0000153846... -> "0.00001538"
 *   BTC -> USDT at 65000, USDT 6 decimals:  65000           -> "65000"
 *   ETH -> BTC, 0.0384615384..., 8 decimals                 -> "0.03846153"
 *   a coin at 1e-5 USDT -> BTC, 8 decimals: 1.53846e-10     -> "0.0000000001538" (not "0")
 */
export function rateShown(rate: MoneyInput, toDecimals: number): string {
  const value = money(rate);
  if (value.isZero() || value.isNegative()) return '0';
  // decimal.js's `e` is the exponent of the first significant digit (0.0000153 has e = -5).
  const needed = RATE_SIGNIFICANT_MIN - 1 - value.e;
  return truncateTo(value, Math.min(AMOUNT_DECIMALS, Math.max(toDecimals, needed)));
}

/**
 * What the user receives for `amount`, as the server computes it (funds/rules.ts quoteExchange): the
 * fee is the fee rate of the gross truncated to the target's decimals, and the rest is truncated too.
 *   10 USDT -> BTC at 65000, fee 0.2 %, 8 decimals: gross 0.000153846..., fee 0.0000003 -> "0.00015354"
 *   1 BTC -> USDT at 65000, fee 0.2 %, 6 decimals:  gross 65000, fee 130               -> "64870"
 *   0.01 USDT -> BTC: gross 0.000000153..., fee 0                                    -> "0.00000015"
 */
export function estimateShown(amount: MoneyInput, rate: MoneyInput, feeRate: MoneyInput, toDecimals: number): string {
  const gross = money(amount).times(rate);
  const fee = truncateTo(gross.times(feeRate), toDecimals);
  return truncateTo(gross.minus(fee), toDecimals);
}
