/**
 * What the index does to a loan, on its row locked and its due days charged by the caller (the watch
 * job): the margin call (its owner told, once per crossing), the call cleared once LTV is back below the
 * level, and the liquidation. A liquidation sells, at the recorded index tick it cites, just the collateral
 * that covers principal and interest to the lending pool, returns the rest to the borrower's spot account,
 * and has the pool's reserve cover a shortfall (loan-rules.ts), in one ledger entry with its record.
 */
import { add, isPositive, loanDebt, loanLiquidation, loanToValue, toAmountString, type LoanLiquidationReason } from '@fairex/contract';
import type { Tx } from '../db/client.ts';
import { post, systemAccount, userAccount, type Leg } from '../ledger/index.ts';
import type { RecordedTick } from '../markets/ticks.ts';
import type { NotificationService } from '../notifications/service.ts';
import { reserveCover } from './pool.ts';
import { insertEvent, insertLiquidation, updateLoan, type Coin, type Loan } from './repository.ts';

/** A loan with its two coins and its index symbol's name. */
export type LoanCoins = { coin: Coin; collateralCoin: Coin; symbol: string };

const ltvAt = (loan: Loan, price: string) => loanToValue(loanDebt(loan.principal, loan.interestOutstanding), loan.collateral, price) ?? '0';

/** LTV reached the margin-call level at `tick`: recorded, the owner told in this transaction, not again until LTV went back below it. */
export async function callMargin(tx: Tx, loan: Loan, coins: LoanCoins, tick: RecordedTick, now: number, notifications: NotificationService): Promise<Loan> {
  const ltv = ltvAt(loan, tick.price);
  const event = await insertEvent(tx, { loanId: loan.id, userId: loan.userId, kind: 'margin_call', price: tick.price, ltv, createdAt: now });
  const called = await updateLoan(tx, loan.id, { marginCalledAt: now });
  await notifications.loanMarginCall(tx, {
    userId: loan.userId,
    eventId: event.id,
    figures: {
      loan_id: String(loan.id),
      symbol: coins.symbol,
      price: tick.price,
      ltv,
      margin_call_ltv: toAmountString(loan.marginCallLtv),
      liquidation_ltv: toAmountString(loan.liquidationLtv),
      currency: coins.coin.name,
      collateral_currency: coins.collateralCoin.name,
    },
  });
  return called;
}

/** LTV is back below the margin-call level (the index rose, or the borrower repaid or added collateral): a later crossing calls again. */
export const clearMarginCall = (tx: Tx, loan: Loan) => updateLoan(tx, loan.id, { marginCalledAt: null });

/** Liquidates the loan at the tick (see the file's head); answers the loan as it now is. */
export async function liquidate(
  tx: Tx,
  loan: Loan,
  coins: LoanCoins,
  tick: RecordedTick,
  reason: LoanLiquidationReason,
  now: number,
  notifications: NotificationService,
): Promise<Loan> {
  const { coin, collateralCoin } = coins;
  const result = loanLiquidation({
    principal: loan.principal,
    interest: loan.interestOutstanding,
    collateral: loan.collateral,
    price: tick.price,
    collateralDecimals: collateralCoin.decimals,
    loanDecimals: coin.decimals,
  });
  const legs: Leg[] = [
    { accountId: await userAccount(tx, loan.userId, collateralCoin.id, 'spot'), bucket: 'locked', amount: `-${toAmountString(loan.collateral)}` },
    { accountId: await systemAccount(tx, 'loans', collateralCoin.id), amount: result.sold },
  ];
  if (isPositive(result.returned)) legs.push({ accountId: await userAccount(tx, loan.userId, collateralCoin.id, 'spot'), amount: result.returned });
  let covered = '0';
  if (isPositive(result.shortfall)) {
    const reserve = await reserveCover(tx, coin.id, result.shortfall);
    covered = reserve.covered;
    if (isPositive(covered)) {
      legs.push({ accountId: reserve.accountId, amount: `-${covered}` }, { accountId: await systemAccount(tx, 'loans', coin.id), amount: covered });
    }
  }
  await post(tx, { kind: 'loan_liquidation', refType: 'loan', refId: loan.id, legs });

  const ltv = ltvAt(loan, tick.price);
  await insertLiquidation(tx, {
    loanId: loan.id,
    reason,
    tickId: BigInt(tick.id),
    price: tick.price,
    ltv,
    principal: loan.principal,
    interest: loan.interestOutstanding,
    debt: result.debt,
    collateral: loan.collateral,
    collateralSold: result.sold,
    collateralReturned: result.returned,
    proceeds: result.proceeds,
    shortfall: result.shortfall,
    reserveCovered: covered,
    liquidatedAt: now,
  });
  await insertEvent(tx, {
    loanId: loan.id,
    userId: loan.userId,
    kind: 'liquidation',
    amount: result.debt,
    interest: loan.interestOutstanding,
    principal: loan.principal,
    collateral: result.sold,
    price: tick.price,
    ltv,
    createdAt: now,
  });
  if (isPositive(result.returned)) {
    await insertEvent(tx, { loanId: loan.id, userId: loan.userId, kind: 'collateral_return', collateral: result.returned, createdAt: now });
  }
  const ended = await updateLoan(tx, loan.id, {
    status: 'liquidated',
    principal: '0',
    interestOutstanding: '0',
    interestPaid: add(loan.interestPaid, loan.interestOutstanding),
    nextChargeAt: null,
    marginCallPrice: null,
    liquidationPrice: null,
    endedAt: now,
  });
  await notifications.loanLiquidated(tx, {
    userId: loan.userId,
    loanId: loan.id,
    figures: {
      loan_id: String(loan.id),
      reason,
      price: tick.price,
      debt: result.debt,
      currency: coin.name,
      collateral_sold: result.sold,
      collateral_returned: result.returned,
      collateral_currency: collateralCoin.name,
    },
  });
  return ended;
}
