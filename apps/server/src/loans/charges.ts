/**
 * A loan's daily interest, on the loan's row locked by the caller (the charge job claims due rows; a
 * repayment, a top-up and the watch job lock their own), so each day is charged once: interest is charged
 * per started day at the day's start on the principal then outstanding (loan-rules.ts), missed days in
 * turn (catch-up after downtime). A charge moves no money: it adds to what the borrower owes, recorded
 * per day; the money moves when the borrower repays or the collateral is liquidated.
 */
import { add, isZero, LOAN_OVERDUE_RATE_MULTIPLIER, loanDayInterest, loanDayOverdue, loanDebt, loanNextChargeAt, loanTriggerPrice, mul, toAmountString } from '@fairex/contract';
import type { Tx } from '../db/client.ts';
import { insertCharge, insertCharges, updateChargedLoans, updateLoan, type Loan } from './repository.ts';

export type DayCharged = { loanId: number; day: number; amount: string; overdue: boolean };

/**
 * The index prices at or below which the loan's LTV reaches its margin-call and liquidation levels,
 * rounded up (so a tick finds every loan it may concern); none once nothing is owed.
 */
export function triggerPrices(loan: Pick<Loan, 'principal' | 'interestOutstanding' | 'collateral' | 'marginCallLtv' | 'liquidationLtv'>) {
  const debt = loanDebt(loan.principal, loan.interestOutstanding);
  if (isZero(debt)) return { marginCallPrice: null, liquidationPrice: null };
  return {
    marginCallPrice: loanTriggerPrice(debt, loan.collateral, loan.marginCallLtv),
    liquidationPrice: loanTriggerPrice(debt, loan.collateral, loan.liquidationLtv),
  };
}

/** The rate charged on a day: the daily rate, or LOAN_OVERDUE_RATE_MULTIPLIER times it once the term is over. */
export const dayRate = (loan: Pick<Loan, 'dailyRate' | 'termDays'>, day: number) =>
  toAmountString(loanDayOverdue(loan.termDays, day) ? mul(loan.dailyRate, LOAN_OVERDUE_RATE_MULTIPLIER) : loan.dailyRate);

/** Day `day`'s charge of the loan: its record and the loan's figures after it (the one rule for both paths below). */
function dayCharge(loan: Loan, day: number, decimals: number) {
  const overdue = loanDayOverdue(loan.termDays, day);
  const amount = loanDayInterest(loan.principal, loan.dailyRate, overdue, decimals);
  const figures = { interestOutstanding: add(loan.interestOutstanding, amount), interestCharged: add(loan.interestCharged, amount) };
  return {
    record: { loanId: loan.id, day, principal: loan.principal, rate: dayRate(loan, day), amount, overdue },
    values: {
      ...figures,
      daysCharged: day,
      nextChargeAt: loanNextChargeAt(loan.borrowedAt, loan.termDays, day),
      ...triggerPrices({ ...loan, ...figures }),
    },
    charged: { loanId: loan.id, day, amount, overdue } satisfies DayCharged,
  };
}

/** Charges day `day` of the loan at `now`: its record (the key refuses a day charged before) and what it adds to the debt. */
export async function chargeDay(tx: Tx, loan: Loan, day: number, decimals: number, now: number): Promise<{ loan: Loan; charged: DayCharged }> {
  const { record, values, charged } = dayCharge(loan, day, decimals);
  await insertCharge(tx, { ...record, chargedAt: now });
  const updated = await updateLoan(tx, loan.id, values);
  return { loan: updated, charged };
}

/** Charges every day of the loan that started by `now` and was not charged yet, oldest first; answers the loan as it now is. */
export async function chargeDueDays(tx: Tx, locked: Loan, decimals: number, now: number): Promise<{ loan: Loan; charged: DayCharged[] }> {
  let loan = locked;
  const charged: DayCharged[] = [];
  while (loan.status === 'open' && loan.nextChargeAt !== null && loan.nextChargeAt <= now) {
    const result = await chargeDay(tx, loan, loan.daysCharged + 1, decimals, now);
    loan = result.loan;
    charged.push(result.charged);
  }
  return { loan, charged };
}

/**
 * chargeDueDays for many loans at once (rows locked by the caller), with the same records and figures: the
 * day records in one insert (its key refuses a day charged before, failing the whole batch), the loans'
 * figures in one update. Answers each loan's days charged, in order.
 */
export async function chargeDueDaysMany(tx: Tx, locked: readonly Loan[], decimalsOf: (currencyId: number) => number, now: number): Promise<DayCharged[][]> {
  const plans = locked.map((start) => {
    let loan = start;
    const records: ReturnType<typeof dayCharge>['record'][] = [];
    const charged: DayCharged[] = [];
    while (loan.status === 'open' && loan.nextChargeAt !== null && loan.nextChargeAt <= now) {
      const day = dayCharge(loan, loan.daysCharged + 1, decimalsOf(loan.currencyId));
      records.push(day.record);
      charged.push(day.charged);
      loan = { ...loan, ...day.values };
    }
    return { loan, records, charged };
  });
  await insertCharges(
    tx,
    plans.flatMap((p) => p.records),
    now,
  );
  await updateChargedLoans(
    tx,
    plans.filter((p) => p.charged.length > 0).map((p) => p.loan),
  );
  return plans.map((p) => p.charged);
}
