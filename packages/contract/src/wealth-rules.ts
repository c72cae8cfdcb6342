/**
 * Wealth products (spec sections 3, 4, 9): the rules the server pays by and the screens preview with,
 * so both show the same figures. Amounts reaching the ledger are whole multiples of the coin's unit by
 * the one rounding rule of DESIGN.md: what a user pays is rounded up, what a user receives rounded down.
 *
 * Lock-up mining
 *  - An order of amount A on a product of N days earns interest for N calendar days (operator time
 *    zone), the day of deposit first (spec: "interest accrues from the day of deposit"); each day's
 *    interest is A x that day's rate, paid once the day has ended. The principal is locked until the
 *    deposit time + N days, then returned.
 *  - A day's rate is one figure per product, published before the day starts (by the operator, or the
 *    low end of the advertised range when none was published), the same for every holder.
 *  - Early redemption: penalty = ratio x remaining days x A (remaining days: whole days left to the
 *    unlock time, a part day counting as one), never more than A; interest already paid is kept.
 * IEO
 *  - A subscription of Q tokens at price P freezes Q x P. At the end, when the applied total T is within
 *    the supply S everyone gets what they applied for; when T > S, each gets Q x S / T (pro rata),
 *    rounded down to the token's unit. Each pays allocated x P (rounded up) and the rest is refunded.
 * Dual investment (spec section 9, "Invest settlement")
 *  - yield factor = 1 + days x APR / 365, days = maturity date - purchase date.
 *  - call ("sell high", amount in the base coin): settlement price below the linked price pays
 *    amount x factor in the base coin, otherwise amount x linked price x factor in the quote coin.
 *  - put ("buy low", amount in the quote coin): the mirror: settlement price above the linked price pays
 *    amount x factor in the quote coin, otherwise amount / linked price x factor in the base coin.
 */
import { Decimal } from 'decimal.js';
import { DAY_MS } from './calendar.ts';
import { money, toAmountString, type MoneyInput } from './money.ts';

/** The wealth jobs, each a recurring job of the scheduler whose runs that moved money are recorded (the back office lists them). */
export const WEALTH_JOB_NAMES = ['mining.payout', 'ieo.allocate', 'ieo.release', 'dual.settle'] as const;
export type WealthJobName = (typeof WEALTH_JOB_NAMES)[number];

const down = (x: Decimal, decimals: number) => toAmountString(x.toDecimalPlaces(decimals, Decimal.ROUND_DOWN));
const up = (x: Decimal, decimals: number) => toAmountString(x.toDecimalPlaces(decimals, Decimal.ROUND_UP));

// ---------------------------------------------------------------- lock-up mining

/** One day's interest on a locked amount: amount x daily rate, rounded down to the coin's unit. */
export function miningDailyInterest(amount: MoneyInput, dailyRate: MoneyInput, coinDecimals: number): string {
  return down(money(amount).times(dailyRate), coinDecimals);
}

/** Whole days left until the unlock time, a part day counting as a whole one; 0 once unlocked. */
export function miningRemainingDays(unlockAt: number, now: number): number {
  return Math.max(0, Math.ceil((unlockAt - now) / DAY_MS));
}

/** The early-redemption penalty: ratio x remaining days x amount, rounded up to the coin's unit, at most the amount. */
export function miningPenalty(amount: MoneyInput, penaltyRatio: MoneyInput, remainingDays: number, coinDecimals: number): string {
  const penalty = money(penaltyRatio).times(remainingDays).times(amount);
  return up(Decimal.min(penalty, money(amount)), coinDecimals);
}

/** Interest over a whole term at one daily rate (a preview: each day is paid at its own published rate). */
export function miningTermInterest(amount: MoneyInput, dailyRate: MoneyInput, termDays: number, coinDecimals: number): string {
  return toAmountString(money(miningDailyInterest(amount, dailyRate, coinDecimals)).times(termDays));
}

// ---------------------------------------------------------------- IEO

export const IEO_STATES = ['warmup', 'in_progress', 'ended'] as const;
export type IeoState = (typeof IEO_STATES)[number];

/** From the project's times: before the start warm-up, until the end in progress, then ended. */
export function ieoState(project: { start_at: number; end_at: number }, now: number): IeoState {
  if (now < project.start_at) return 'warmup';
  if (now < project.end_at) return 'in_progress';
  return 'ended';
}

/** What a subscription of `amount` tokens at `price` costs in the pay coin, rounded up to its unit. */
export function ieoCost(amount: MoneyInput, price: MoneyInput, payDecimals: number): string {
  return up(money(amount).times(price), payDecimals);
}

/**
 * Each subscription's allocated quantity: all of it when the applied total is within the supply, else
 * its share of the supply (amount x supply / total), rounded down to the token's unit. The few units
 * the rounding leaves stay unsold.
 */
export function ieoAllocate(applied: readonly MoneyInput[], supply: MoneyInput, tokenDecimals: number): string[] {
  const total = applied.reduce<Decimal>((t, a) => t.plus(a), money(0));
  if (total.lte(supply)) return applied.map((a) => toAmountString(a));
  return applied.map((a) => down(money(a).times(supply).dividedBy(total), tokenDecimals));
}

/** Tokens still open to subscription: supply - applied, never below zero (oversubscription is allowed and allocated pro rata). */
export const ieoRemaining = (supply: MoneyInput, applied: MoneyInput) => toAmountString(Decimal.max(money(supply).minus(applied), 0));

/** Progress in percent, two decimals, capped at 100: applied / supply. */
export function percentOf(part: MoneyInput, whole: MoneyInput): string {
  if (money(whole).lte(0)) return '0';
  return toAmountString(Decimal.min(money(part).dividedBy(whole).times(100), 100).toDecimalPlaces(2, Decimal.ROUND_DOWN));
}

// ---------------------------------------------------------------- dual investment

export const DUAL_TYPES = ['call', 'put'] as const;
export type DualType = (typeof DUAL_TYPES)[number];

/** 1 + days x APR / 365 (APR as a fraction: 0.365 is 36.5 %). */
export const dualYieldFactor = (apr: MoneyInput, days: number) => money(apr).times(days).dividedBy(365).plus(1);

export type DualSettlement = { coin: 'base' | 'quote'; amount: string };

/**
 * What a dual order pays at maturity: see the file's head. `amount` is the invested amount (base coin
 * for call, quote coin for put); the answer is rounded down to the paid coin's unit.
 */
export function dualSettlement(input: {
  type: DualType;
  amount: MoneyInput;
  linkedPrice: MoneyInput;
  settlePrice: MoneyInput;
  apr: MoneyInput;
  days: number;
  baseDecimals: number;
  quoteDecimals: number;
}): DualSettlement {
  const factor = dualYieldFactor(input.apr, input.days);
  const price = money(input.settlePrice);
  if (input.type === 'call') {
    if (price.lt(input.linkedPrice)) return { coin: 'base', amount: down(money(input.amount).times(factor), input.baseDecimals) };
    return { coin: 'quote', amount: down(money(input.amount).times(input.linkedPrice).times(factor), input.quoteDecimals) };
  }
  if (price.gt(input.linkedPrice)) return { coin: 'quote', amount: down(money(input.amount).times(factor), input.quoteDecimals) };
  return { coin: 'base', amount: down(money(input.amount).dividedBy(input.linkedPrice).times(factor), input.baseDecimals) };
}

/** The income shown before buying: amount x days x APR / 365 in the invested coin, rounded down. */
export function dualEstimatedIncome(amount: MoneyInput, apr: MoneyInput, days: number, decimals: number): string {
  return down(money(amount).times(apr).times(days).dividedBy(365), decimals);
}

/** The invested amount of `shares` shares at `perShare` each (shares are whole: spec section 5). */
export const dualAmount = (shares: number, perShare: MoneyInput) => toAmountString(money(perShare).times(shares));
