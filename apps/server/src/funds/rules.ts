/** Pure funds rules: amount precision, withdrawal fee and valuation. */
import { cmp, isPositive, money, sub, toAmountString, truncateTo } from '@fairex/contract';

/** An amount the coin can hold: no more decimals than the coin's precision. */
export const fitsDecimals = (value: string, decimals: number) => money(value).decimalPlaces() <= decimals;

export type WithdrawQuote = { fee: string; arrival: string };

/**
 * The gross quantity is frozen; the fee stays with the platform and the rest arrives. Below the
 * minimum, or not above the fee, is refused (undefined).
 */
export function quoteWithdrawal(number: string, fee: string, minimum: string): WithdrawQuote | undefined {
  if (cmp(number, minimum) < 0 || cmp(number, fee) <= 0) return undefined;
  return { fee: toAmountString(fee), arrival: sub(number, fee) };
}

/** Value of a quantity in another coin, both priced in USDT; zero when the target has no price. */
export function valueIn(number: string, priceUsdt: string, targetPriceUsdt: string): string {
  if (!isPositive(targetPriceUsdt)) return '0';
  return toAmountString(money(number).times(priceUsdt).dividedBy(targetPriceUsdt));
}

export type ExchangeQuote = { rate: string; gross: string; fee: string; received: string };

/**
 * Exchange at the index price: rate = from price / to price; the fee is the configured share of the
 * gross, both truncated to the target coin's decimals so the platform never pays out a rounding gain.
 */
export function quoteExchange(number: string, fromPriceUsdt: string, toPriceUsdt: string, feeRate: string, toDecimals: number): ExchangeQuote {
  const rate = money(fromPriceUsdt).dividedBy(toPriceUsdt);
  const gross = money(number).times(rate);
  const fee = truncateTo(gross.times(feeRate), toDecimals);
  const received = truncateTo(gross.minus(fee), toDecimals);
  return { rate: toAmountString(rate), gross: toAmountString(gross), fee, received };
}

export type WithdrawRemaining = { remaining_btc: string; remaining: string | null };

/**
 * What is left of the 24-hour withdrawal limit (valued in BTC, spec section 9), and that in the coin
 * asked about, truncated to its decimals so withdrawing exactly the figure shown fits (null when the
 * coin has no price to value it by). Never below zero.
 *   Lv1 (200 BTC), 150 used, BTC              -> 50 BTC, 50
 *   Lv1, 150 used, USDT at 1, BTC at 50000    -> 50 BTC, 2500000
 *   Lv2 (500 BTC), 499.8 used, ETH at 2500    -> 0.2 BTC, 4
 *   0.1 BTC left, a coin at 3 with 6 decimals -> 1666.666666 (never rounded up)
 */
export function remainingWithdrawal(limitBtc: string, usedBtc: string, coinPriceUsdt: string, btcPriceUsdt: string, decimals: number): WithdrawRemaining {
  const left = money(limitBtc).minus(usedBtc);
  const remainingBtc = left.isPositive() && !left.isZero() ? toAmountString(left) : '0';
  if (!isPositive(coinPriceUsdt) || !isPositive(btcPriceUsdt)) return { remaining_btc: remainingBtc, remaining: null };
  return { remaining_btc: remainingBtc, remaining: truncateTo(money(remainingBtc).times(btcPriceUsdt).dividedBy(coinPriceUsdt), decimals) };
}
