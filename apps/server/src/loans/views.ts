/** The wire forms of loan products, loans, their records and liquidations (GET /loan/* and the answers of every loan call). */
import {
  LOAN_OVERDUE_RATE_MULTIPLIER,
  loanDebt,
  loanDueAt,
  loanToValue,
  loanTriggerPrice,
  mul,
  toAmountString,
  type Lang,
  type LoanCollateralView,
  type LoanEventView,
  type LoanLiquidationView,
  type LoanProductView,
  type LoanView,
} from '@fairex/contract';
import type { RecordedTick } from '../markets/ticks.ts';
import { nameIn } from '../mining/views.ts';
import type { Collateral, EventRow, LoanLiquidation, LoanRow, ProductWithCoin } from './repository.ts';

const optional = (value: string | null) => (value === null ? null : toAmountString(value));

/** The latest index tick of a symbol, when there is one the views may show. */
export type PriceOf = (symbol: string) => RecordedTick | undefined;

export function productView(
  { product, coin }: ProductWithCoin,
  collaterals: readonly Collateral[],
  lang: Lang,
  context: { priceOf: PriceOf; balances: Map<number, string> | undefined; poolAvailable: string },
): LoanProductView {
  const balanceOf = (currencyId: number) => (context.balances ? toAmountString(context.balances.get(currencyId) ?? '0') : null);
  return {
    id: product.id,
    name: nameIn(product.name, lang),
    currency_id: coin.id,
    currency: coin.name,
    decimals: coin.decimals,
    balance: balanceOf(coin.id),
    collaterals: collaterals.map((c): LoanCollateralView => {
      const tick = context.priceOf(c.index.symbol);
      return {
        currency_id: c.coin.id,
        currency: c.coin.name,
        decimals: c.coin.decimals,
        symbol: c.index.symbol,
        price_decimals: c.index.priceDecimals,
        price: tick?.price ?? null,
        price_at: tick?.time ?? null,
        balance: balanceOf(c.coin.id),
      };
    }),
    initial_ltv: toAmountString(product.initialLtv),
    margin_call_ltv: toAmountString(product.marginCallLtv),
    liquidation_ltv: toAmountString(product.liquidationLtv),
    daily_rate: toAmountString(product.dailyRate),
    overdue_rate: mul(product.dailyRate, LOAN_OVERDUE_RATE_MULTIPLIER),
    terms: product.terms,
    amount_min: toAmountString(product.amountMin),
    amount_max: optional(product.amountMax),
    pool_available: toAmountString(context.poolAvailable),
    demo: product.demo,
  };
}

export function liquidationView(row: LoanLiquidation): LoanLiquidationView {
  return {
    reason: row.reason,
    tick_id: row.tickId.toString(),
    price: toAmountString(row.price),
    ltv: toAmountString(row.ltv),
    principal: toAmountString(row.principal),
    interest: toAmountString(row.interest),
    debt: toAmountString(row.debt),
    collateral: toAmountString(row.collateral),
    collateral_sold: toAmountString(row.collateralSold),
    collateral_returned: toAmountString(row.collateralReturned),
    proceeds: toAmountString(row.proceeds),
    shortfall: toAmountString(row.shortfall),
    reserve_covered: toAmountString(row.reserveCovered),
    liquidated_at: row.liquidatedAt,
  };
}

/** A loan as its owner sees it; while open, its LTV at the latest index tick and the index prices of its margin call and liquidation. */
export function loanView({ loan, name, demo, coin, collateralCoin, index }: LoanRow, lang: Lang, now: number, priceOf: PriceOf, liquidation: LoanLiquidation | undefined): LoanView {
  const open = loan.status === 'open';
  const debt = loanDebt(loan.principal, loan.interestOutstanding);
  const tick = open ? priceOf(index.symbol) : undefined;
  const dueAt = loanDueAt(loan.borrowedAt, loan.termDays);
  const trigger = (level: string) => (open ? loanTriggerPrice(debt, loan.collateral, level, index.priceDecimals) : null);
  return {
    id: String(loan.id),
    product_id: loan.productId,
    name: nameIn(name, lang),
    currency_id: coin.id,
    currency: coin.name,
    decimals: coin.decimals,
    collateral_currency_id: collateralCoin.id,
    collateral_currency: collateralCoin.name,
    collateral_decimals: collateralCoin.decimals,
    symbol: index.symbol,
    borrowed: toAmountString(loan.borrowed),
    principal: toAmountString(loan.principal),
    interest_outstanding: toAmountString(loan.interestOutstanding),
    interest_charged: toAmountString(loan.interestCharged),
    interest_paid: toAmountString(loan.interestPaid),
    debt,
    collateral: toAmountString(loan.collateral),
    daily_rate: toAmountString(loan.dailyRate),
    overdue_rate: mul(loan.dailyRate, LOAN_OVERDUE_RATE_MULTIPLIER),
    initial_ltv: toAmountString(loan.initialLtv),
    margin_call_ltv: toAmountString(loan.marginCallLtv),
    liquidation_ltv: toAmountString(loan.liquidationLtv),
    term_days: loan.termDays,
    borrowed_at: loan.borrowedAt,
    due_at: dueAt,
    overdue_liquidation_at: loan.overdueLiquidationAt,
    overdue: open && dueAt !== null && now >= dueAt,
    days_charged: loan.daysCharged,
    next_charge_at: loan.nextChargeAt,
    price: tick?.price ?? null,
    ltv: tick ? loanToValue(debt, loan.collateral, tick.price) : null,
    margin_call_price: trigger(loan.marginCallLtv),
    liquidation_price: trigger(loan.liquidationLtv),
    margin_called_at: loan.marginCalledAt,
    status: loan.status,
    ended_at: loan.endedAt,
    liquidation: liquidation ? liquidationView(liquidation) : null,
    demo,
  };
}

export function eventView({ event, currency, collateralCurrency }: EventRow): LoanEventView {
  return {
    id: String(event.id),
    loan_id: String(event.loanId),
    kind: event.kind,
    currency,
    collateral_currency: collateralCurrency,
    amount: optional(event.amount),
    interest: optional(event.interest),
    principal: optional(event.principal),
    collateral: optional(event.collateral),
    price: optional(event.price),
    ltv: optional(event.ltv),
    created_at: event.createdAt,
  };
}
