/** The wire forms of mining products and orders (GET /lh/deposit/config, /lh/deposit/order and the answers of deposit and redeem). */
import { miningPenalty, miningRemainingDays, toAmountString, type Lang, type MiningOrderView, type MiningProductView } from '@fairex/contract';
import type { MiningPayout, MiningProduct, OrderWithProduct, ProductWithCoin } from './repository.ts';

/** A product's name in the reader's language, English where none was written for it. */
export function nameIn(name: MiningProduct['name'], lang: Lang): string {
  return name[lang] || name.en || Object.values(name)[0] || '';
}

export function productView(
  { product, coin }: ProductWithCoin,
  lang: Lang,
  rates: { today: string | undefined; tomorrow: string | undefined },
  balance: string | null,
): MiningProductView {
  return {
    id: product.id,
    category: product.category,
    name: nameIn(product.name, lang),
    currency_id: coin.id,
    currency: coin.name,
    decimals: coin.decimals,
    term_days: product.termDays,
    daily_yield_min: toAmountString(product.dailyYieldMin),
    daily_yield_max: toAmountString(product.dailyYieldMax),
    // Until the day's first run publishes it, today's rate is the low end: the figure that run will publish.
    today_rate: toAmountString(rates.today ?? product.dailyYieldMin),
    tomorrow_rate: rates.tomorrow === undefined ? null : toAmountString(rates.tomorrow),
    amount_min: toAmountString(product.amountMin),
    amount_max: product.amountMax === null ? null : toAmountString(product.amountMax),
    penalty_ratio: toAmountString(product.penaltyRatio),
    balance: balance === null ? null : toAmountString(balance),
    demo: product.demo,
  };
}

/** An order as its owner sees it; while active, the penalty an early redemption at `now` would take. */
export function orderView({ order, product, coin }: OrderWithProduct, payouts: readonly MiningPayout[], lang: Lang, now: number): MiningOrderView {
  const active = order.status === 'active';
  const remainingDays = active ? miningRemainingDays(order.unlockAt, now) : 0;
  return {
    id: String(order.id),
    product_id: product.id,
    name: nameIn(product.name, lang),
    category: product.category,
    currency_id: coin.id,
    currency: coin.name,
    amount: toAmountString(order.amount),
    term_days: order.termDays,
    daily_yield_min: toAmountString(product.dailyYieldMin),
    daily_yield_max: toAmountString(product.dailyYieldMax),
    penalty_ratio: toAmountString(order.penaltyRatio),
    status: order.status,
    locked_at: order.lockedAt,
    unlock_at: order.unlockAt,
    next_payout_at: order.nextPayoutAt,
    days_paid: order.daysPaid,
    interest_paid: toAmountString(order.interestPaid),
    remaining_days: remainingDays,
    redeem_penalty: active ? miningPenalty(order.amount, order.penaltyRatio, remainingDays, coin.decimals) : '0',
    returned: order.returned === null ? null : toAmountString(order.returned),
    penalty: order.penalty === null ? null : toAmountString(order.penalty),
    ended_at: order.endedAt,
    payouts: payouts.map((p) => ({ day: p.day, rate: toAmountString(p.rate), amount: toAmountString(p.amount), paid_at: p.paidAt })),
    demo: product.demo,
  };
}
