/** The wire forms of IEO projects and subscriptions (schemas/wealth.ts: IeoProjectView, IeoOrderView). */
import { DAY_MS, ieoRemaining, ieoState, percentOf, toAmountString, type IeoOrderView, type IeoProjectView } from '@fairex/contract';
import type { OrderRow, ProjectRow } from './repository.ts';

const amountOrNull = (value: string | null) => (value === null ? null : toAmountString(value));

/** `mine`: the user's applied total and pay-coin spot balance, when the request came with a valid session. */
export function projectView({ project, currency, currencyDecimals, payCurrency, payDecimals }: ProjectRow, now: number, mine?: { applied: string; balance: string }): IeoProjectView {
  const times = { start_at: project.startAt, end_at: project.endAt };
  return {
    id: project.id,
    name: project.name,
    description: project.description,
    currency_id: project.currencyId,
    currency,
    currency_decimals: currencyDecimals,
    pay_currency_id: project.payCurrencyId,
    pay_currency: payCurrency,
    pay_decimals: payDecimals,
    price: toAmountString(project.price),
    total_issuance: toAmountString(project.totalIssuance),
    white_paper: project.whitePaper,
    website: project.website,
    lock_days: project.lockDays,
    start_at: project.startAt,
    end_at: project.endAt,
    listing_at: project.listingAt,
    // A part day counts as a whole one: a 36-hour subscription is a 2-day cycle.
    cycle_days: Math.ceil((project.endAt - project.startAt) / DAY_MS),
    state: ieoState(times, now),
    applied: toAmountString(project.applied),
    passed: toAmountString(project.passed),
    remaining: ieoRemaining(project.totalIssuance, project.applied),
    progress: percentOf(project.applied, project.totalIssuance),
    allocated: project.allocatedAt !== null,
    amount_min: toAmountString(project.amountMin),
    amount_max_per_user: amountOrNull(project.amountMaxPerUser),
    my_applied: mine ? toAmountString(mine.applied) : null,
    pay_balance: mine ? toAmountString(mine.balance) : null,
  };
}

export function orderView(row: Omit<OrderRow, 'userId' | 'account'>, now: number): IeoOrderView {
  const { order } = row;
  return {
    id: String(order.id),
    project_id: order.projectId,
    project: row.project,
    currency: row.currency,
    pay_currency: row.payCurrency,
    amount: toAmountString(order.amount),
    price: toAmountString(order.price),
    paid: toAmountString(order.paid),
    status: order.status,
    allocated: amountOrNull(order.allocated),
    charged: amountOrNull(order.charged),
    refunded: amountOrNull(order.refunded),
    unlock_at: order.unlockAt,
    created_at: order.createdAt,
    state: ieoState({ start_at: row.startAt, end_at: row.endAt }, now),
  };
}
