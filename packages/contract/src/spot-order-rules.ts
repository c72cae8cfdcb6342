/**
 * What a spot order shows and why it is refused, shared by the server and the trade form: the tick and
 * lot a price and an amount must be multiples of (named in the refusal, as exchanges do), an order's
 * average fill price from its fills, and its fee in the fee coin's own precision.
 */
import { payUnits } from './contract-rules.ts';
import { money, roundTo } from './money.ts';
import { fitsCoinUnit } from './nft-rules.ts';

/** The smallest step of a figure with `decimals` decimals: 2 -> "0.01", 0 -> "1". */
export const stepOf = (decimals: number) => (decimals <= 0 ? '1' : `0.${'0'.repeat(decimals - 1)}1`);

export type OrderStepProblem = { code: 'price_tick'; params: { tick: string } } | { code: 'quantity_step'; params: { step: string } };

/**
 * The first of an order's figures that is off its symbol's grid, with the step it broke; null when both
 * fit. Only well-formed positive figures are judged (the schemas refuse the rest as wrong_number).
 * BTC/USDT (price 2 decimals, quantity 6): price 65000.001 -> price_tick 0.01; amount 0.0000001 ->
 * quantity_step 0.000001; 65000.10 x 0.5 -> null. A market order (no price) checks the amount only.
 */
export function orderStepProblem(symbol: { price_decimals: number; quantity_decimals: number }, price: string | undefined, amount: string): OrderStepProblem | null {
  if (price !== undefined && !fitsCoinUnit(price, symbol.price_decimals)) return { code: 'price_tick', params: { tick: stepOf(symbol.price_decimals) } };
  if (!fitsCoinUnit(amount, symbol.quantity_decimals)) return { code: 'quantity_step', params: { step: stepOf(symbol.quantity_decimals) } };
  return null;
}

/**
 * An order's average fill price: the quote of its fills over the base they filled (never its limit or a
 * market order's protection price), half-up to the symbol's price decimals; null before any fill, shown
 * as "-". Fills 0.1 at 60,000 and 0.3 at 60,001 (quote 24,000.3 over 0.4) -> "60000.75"; 0.3 at 0.1 and
 * 0.7 at 0.2 with 2 decimals (0.17 over 1) -> "0.17"; nothing filled -> null.
 */
export function averageFillPrice(filledQuote: string, filledQuantity: string, priceDecimals: number): string | null {
  if (money(filledQuantity).isZero()) return null;
  return roundTo(money(filledQuote).dividedBy(filledQuantity), priceDecimals);
}

/**
 * A fee as the user sees it: in its coin's precision, rounded up (contract-rules' payUnits), since what a
 * user pays is rounded up to the coin's unit. 1.3000012 USDT with 6 decimals -> "1.300002"; 0.25 with 2
 * -> "0.25"; 0 -> "0".
 */
export const feeShown = (fee: string, decimals: number) => payUnits(fee, decimals);
