/**
 * Crypto-backed loans (spec sections 1, 2: borrowing and repayment): the rules the server lends, charges
 * and liquidates by and the borrow form previews with, so both show the same figures. Amounts reaching the
 * ledger are whole multiples of their coin's unit: what the user pays is rounded up, what the user
 * receives rounded down (DESIGN.md). Loan-to-value (LTV) is a fraction: 0.5 is 50 %.
 *
 * Worked examples (a product lending USDT against BTC: initial LTV 65 %, margin call 75 %, liquidation
 * 85 %, daily rate 0.05 %; USDT has 6 decimals, BTC 8, the BTC/USDT index 2):
 *  - Borrowing: with 1 BTC pledged at an index of 60,000 the debt may reach 1 x 60,000 x 0.65 = 39,000 USDT.
 *    Day 1's interest is charged at borrowing, so the most one may borrow is what stays within that with
 *    its day's interest: 39,000 / 1.0005 = 38,980.509745 (rounded down), whose interest 19.490255 (rounded
 *    up) makes a debt of exactly 39,000, an LTV of 65 %. Borrowing 30,000 gives an LTV of 30,015 / 60,000.
 *  - Interest is charged per started day, at the day's start, on the principal then outstanding: day 1 at
 *    borrowing, day n at borrowing + (n - 1) days. 30,000 x 0.05 % = 15 USDT a day (rounded up to the
 *    coin's unit: 1,234.567891 x 0.05 % = 0.6172839455 -> 0.617284). A loan repaid an hour after borrowing
 *    has paid one day.
 *  - LTV = (principal + interest outstanding) / (collateral x index). After day 1 the debt is 30,015: the
 *    margin call comes at an index of 30,015 / (1 x 0.75) = 40,020 or below, liquidation at 30,015 /
 *    (1 x 0.85) = 35,311.7647..., that is at 35,311.76 or below on the index's 2-decimal grid.
 *  - Repayment pays interest first, then principal: 100 USDT against 15 of interest is 15 of interest and
 *    85 of principal; 10 USDT is interest only. The collateral returns once principal and interest are 0.
 *  - Liquidation sells at the index, to the lending pool, just the collateral that covers the debt (rounded
 *    up to the collateral's unit) and returns the rest: debt 30,045 at 35,000 takes 30,045 / 35,000 =
 *    0.858428571... -> 0.85842858 BTC (worth 30,045.0003) and returns 0.14157142 BTC. When the collateral
 *    is worth less than the debt (the index gapped down to 28,000), all of it goes (worth 28,000) and the
 *    pool's reserve covers the 2,045 shortfall.
 *  - A fixed-term loan past its term is overdue: each further day is charged at 3 x the daily rate
 *    (1,000 x 0.05 % x 3 = 1.5 a day), and 3 days after the term ends the collateral is liquidated at the
 *    index as above, whatever the LTV. Repaying in full at any time before costs no penalty.
 */
import { Decimal } from 'decimal.js';
import { DAY_MS } from './calendar.ts';
import { AMOUNT_DECIMALS, money, toAmountString, type MoneyInput } from './money.ts';

export const LOAN_STATUSES = ['open', 'repaid', 'liquidated'] as const;
export type LoanStatus = (typeof LOAN_STATUSES)[number];

/** How many times the daily rate an overdue day costs. */
export const LOAN_OVERDUE_RATE_MULTIPLIER = 3;
/** Days an overdue loan runs before its collateral is liquidated. */
export const LOAN_OVERDUE_GRACE_DAYS = 3;
/** A term of 0 days is a flexible loan: no end, repaid whenever the borrower likes. */
export const LOAN_TERM_FLEXIBLE = 0;

const down = (x: Decimal, decimals: number) => toAmountString(x.toDecimalPlaces(decimals, Decimal.ROUND_DOWN));
const up = (x: Decimal, decimals: number) => toAmountString(x.toDecimalPlaces(decimals, Decimal.ROUND_UP));

/** What the debt is: principal plus the interest charged and not yet paid. */
export const loanDebt = (principal: MoneyInput, interest: MoneyInput) => toAmountString(money(principal).plus(interest));

/**
 * The most one may borrow against `collateral` at `price`: the largest amount on the loan coin's unit whose
 * debt after day 1 (the amount plus that day's interest, charged at borrowing and rounded up) is at most
 * collateral x price x initial LTV, so a loan never opens above the initial LTV (review 2026-11-27: "Max"
 * opened at 65.03 %). cap / (1 + rate) rounded down can overshoot by the interest's rounding, by less than
 * one unit, so one unit less is then the answer.
 */
export function loanMaxAmount(collateral: MoneyInput, price: MoneyInput, initialLtv: MoneyInput, dailyRate: MoneyInput, loanDecimals: number): string {
  const cap = money(collateral).times(price).times(initialLtv);
  let amount = money(down(cap.dividedBy(money(1).plus(dailyRate)), loanDecimals));
  if (amount.plus(loanDayInterest(amount, dailyRate, false, loanDecimals)).gt(cap)) amount = amount.minus(money(10).pow(-loanDecimals));
  return toAmountString(Decimal.max(amount, 0));
}

/** The least collateral that lends `amount` at `price` within the initial LTV: amount / (price x LTV), rounded up to the collateral's unit. */
export function loanCollateralFor(amount: MoneyInput, price: MoneyInput, initialLtv: MoneyInput, collateralDecimals: number): string {
  const value = money(price).times(initialLtv);
  if (value.lte(0)) return '0';
  return up(money(amount).dividedBy(value), collateralDecimals);
}

/** LTV = debt / (collateral x price), to 18 decimals; null when the collateral is worth nothing. */
export function loanToValue(debt: MoneyInput, collateral: MoneyInput, price: MoneyInput): string | null {
  const value = money(collateral).times(price);
  if (value.lte(0)) return null;
  return toAmountString(money(debt).dividedBy(value));
}

/** Whether LTV has reached `level` (debt >= level x collateral x price), decided without rounding. */
export function loanLtvReaches(debt: MoneyInput, collateral: MoneyInput, price: MoneyInput, level: MoneyInput): boolean {
  return money(debt).gte(money(level).times(collateral).times(price));
}

/**
 * The index at or below which LTV reaches `level`: debt / (collateral x level). Without `decimals` it is
 * rounded up to 18 decimals (the server keeps it to find the loans a tick may concern, then decides with
 * loanLtvReaches); with them, rounded down to the index's grid: the highest index price that reaches it.
 */
export function loanTriggerPrice(debt: MoneyInput, collateral: MoneyInput, level: MoneyInput, decimals?: number): string {
  const exact = money(debt).dividedBy(money(collateral).times(level));
  return decimals === undefined ? up(exact, AMOUNT_DECIMALS) : down(exact, decimals);
}

/** Whether day `day` (1 = the day of borrowing) of a loan with this term is overdue (a flexible loan never is). */
export const loanDayOverdue = (termDays: number, day: number) => termDays !== LOAN_TERM_FLEXIBLE && day > termDays;

/** A day's interest: principal x daily rate (x 3 when overdue), rounded up to the loan coin's unit. */
export function loanDayInterest(principal: MoneyInput, dailyRate: MoneyInput, overdue: boolean, loanDecimals: number): string {
  const rate = money(dailyRate).times(overdue ? LOAN_OVERDUE_RATE_MULTIPLIER : 1);
  return up(money(principal).times(rate), loanDecimals);
}

/** Interest over a whole fixed term at the day's figure (the form's preview; a repayment lowers later days). */
export const loanTermInterest = (amount: MoneyInput, dailyRate: MoneyInput, termDays: number, loanDecimals: number) =>
  toAmountString(money(loanDayInterest(amount, dailyRate, false, loanDecimals)).times(termDays));

/** When day `day` (1 = the day of borrowing) starts, and is charged. */
export const loanDayStartsAt = (borrowedAt: number, day: number) => borrowedAt + (day - 1) * DAY_MS;

/** When a fixed-term loan is due (null for a flexible one). */
export const loanDueAt = (borrowedAt: number, termDays: number) => (termDays === LOAN_TERM_FLEXIBLE ? null : borrowedAt + termDays * DAY_MS);

/** When an overdue fixed-term loan is liquidated: LOAN_OVERDUE_GRACE_DAYS after it is due (null for a flexible one). */
export const loanOverdueLiquidationAt = (borrowedAt: number, termDays: number) =>
  termDays === LOAN_TERM_FLEXIBLE ? null : borrowedAt + (termDays + LOAN_OVERDUE_GRACE_DAYS) * DAY_MS;

/**
 * When the day after `daysCharged` charged days starts: the next charge. A fixed-term loan is charged up to
 * its overdue liquidation (the day that would start then is not), so null after that.
 */
export function loanNextChargeAt(borrowedAt: number, termDays: number, daysCharged: number): number | null {
  if (termDays !== LOAN_TERM_FLEXIBLE && daysCharged >= termDays + LOAN_OVERDUE_GRACE_DAYS) return null;
  return loanDayStartsAt(borrowedAt, daysCharged + 1);
}

/** A repayment of `amount` pays the interest outstanding first, the rest goes to principal. */
export function loanRepaySplit(amount: MoneyInput, interestOutstanding: MoneyInput): { interest: string; principal: string } {
  const interest = Decimal.min(money(amount), money(interestOutstanding));
  return { interest: toAmountString(interest), principal: toAmountString(money(amount).minus(interest)) };
}

export type LoanLiquidation = {
  /** Principal plus interest settled by the liquidation. */
  debt: string;
  /** Collateral taken by the lending pool at the index, and what returns to the borrower. */
  sold: string;
  returned: string;
  /** What the collateral taken is worth at the index, rounded down to the loan coin's unit. */
  proceeds: string;
  /** The debt the collateral did not cover (the pool's reserve pays it). */
  shortfall: string;
};

/**
 * The liquidation of a loan at `price`: see the file's head. At the index, not through the spot book, as
 * the larger exchanges' loan desks do: a forced sale into a thin book costs the borrower slippage and
 * could be steered, while the index is the one price every user can check (the liquidation cites its tick).
 */
export function loanLiquidation(input: {
  principal: MoneyInput;
  interest: MoneyInput;
  collateral: MoneyInput;
  price: MoneyInput;
  collateralDecimals: number;
  loanDecimals: number;
}): LoanLiquidation {
  const debt = money(input.principal).plus(input.interest);
  const needed = money(up(debt.dividedBy(input.price), input.collateralDecimals));
  const sold = Decimal.min(needed, money(input.collateral));
  const proceeds = money(down(sold.times(input.price), input.loanDecimals));
  return {
    debt: toAmountString(debt),
    sold: toAmountString(sold),
    returned: toAmountString(money(input.collateral).minus(sold)),
    proceeds: toAmountString(proceeds),
    shortfall: toAmountString(Decimal.max(debt.minus(proceeds), 0)),
  };
}

/** An LTV (a fraction) in percent, 2 decimals rounded up so a shown risk is never below the real one: "50.05". */
export const loanLtvPercent = (ltv: MoneyInput) => up(money(ltv).times(100), 2);
