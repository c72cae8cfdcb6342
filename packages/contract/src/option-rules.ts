/**
 * Seconds options (spec sections 3, 4, 7 "microtrade"): the rules the server settles with and the order
 * screen previews with, so both show the same figures.
 *  - The outcome follows the two recorded index ticks only: up wins when the close is above the open,
 *    down wins when it is below, an equal close is a draw. Nothing else takes part.
 *  - A win pays the stake back plus stake x payout ratio; a loss pays nothing; a draw returns the stake.
 *  - The fee is stake x fee rate, paid on top of the stake, and never returned.
 * Amounts are whole multiples of the coin's smallest unit (the one rounding rule of DESIGN.md: a user
 * pays rounded up, receives rounded down).
 */
import { Decimal } from 'decimal.js';
import { money, toAmountString, type MoneyInput } from './money.ts';

/** type 1 buys up, 2 buys down (the spec's numbers). */
export const OPTION_DIRECTIONS = ['up', 'down'] as const;
export type OptionDirection = (typeof OPTION_DIRECTIONS)[number];
export const OPTION_OUTCOMES = ['win', 'lose', 'draw'] as const;
export type OptionOutcome = (typeof OPTION_OUTCOMES)[number];

/** Up wins on a higher close, down on a lower; an equal close is a draw for both. */
export function optionOutcome(direction: OptionDirection, openPrice: MoneyInput, closePrice: MoneyInput): OptionOutcome {
  const move = money(closePrice).comparedTo(openPrice);
  if (move === 0) return 'draw';
  return (move > 0) === (direction === 'up') ? 'win' : 'lose';
}

/** The fee on a stake: stake x rate, rounded up to the coin's unit (the user pays it). */
export function optionFee(stake: MoneyInput, feeRate: MoneyInput, coinDecimals: number): string {
  return toAmountString(money(stake).times(feeRate).toDecimalPlaces(coinDecimals, Decimal.ROUND_UP));
}

/** The profit a win adds to the stake: stake x ratio, rounded down to the coin's unit (the user receives it). */
export function optionProfit(stake: MoneyInput, payoutRatio: MoneyInput, coinDecimals: number): string {
  return toAmountString(money(stake).times(payoutRatio).toDecimalPlaces(coinDecimals, Decimal.ROUND_DOWN));
}

/** What settlement pays the user back: stake + profit on a win, the stake on a draw, nothing on a loss. */
export function optionPayout(outcome: OptionOutcome, stake: MoneyInput, payoutRatio: MoneyInput, coinDecimals: number): string {
  switch (outcome) {
    case 'win':
      return toAmountString(money(stake).plus(optionProfit(stake, payoutRatio, coinDecimals)));
    case 'draw':
      return toAmountString(stake);
    case 'lose':
      return '0';
  }
}

/** The user's result after settlement, fee included: payout - stake - fee. */
export function optionNet(payout: MoneyInput, stake: MoneyInput, fee: MoneyInput): string {
  return toAmountString(money(payout).minus(stake).minus(fee));
}

/** Milliseconds until expiry, never below zero. */
export const optionRemainingMs = (expiresAt: number, now: number) => Math.max(0, expiresAt - now);
