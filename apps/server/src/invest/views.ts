/** The wire forms of dual products and orders (contract: DualProductView, DualOrderView). */
import {
  daysBetween,
  dualAmount,
  dualEstimatedIncome,
  localDay,
  percentOf,
  toAmountString,
  type DualOrderView,
  type DualProductView,
} from '@fairex/contract';
import type { Coin, DualProduct, OrderRow, ProductRow } from './repository.ts';

/** The coin a product takes: the underlying for call ("sell high"), the quote coin for put ("buy low"). */
export const investCoinOf = (row: { product: Pick<DualProduct, 'type'>; base: Coin; quote: Coin }): Coin => (row.product.type === 'call' ? row.base : row.quote);

/** Holding days of a purchase at `now`: maturity date - today in the operator's zone, never below 0. */
export const holdingDaysAt = (now: number, timeZone: string, maturityDate: string) => Math.max(0, daysBetween(localDay(now, timeZone), maturityDate));

/** On sale: open, enabled, before its sale end, with shares left. */
export const onSale = (product: DualProduct, now: number) =>
  product.status === 'open' && product.enabled && now < product.saleEndAt && product.soldShares < product.totalShares;

/** The settlement tick a product cites once its settlement has begun (id, price, time), else null. */
export function settleTickOf(row: ProductRow): DualOrderView['settle_tick'] {
  const { product, tickTime } = row;
  if (product.settleTickId === null || product.settlePrice === null || tickTime === null) return null;
  return { id: product.settleTickId.toString(), price: toAmountString(product.settlePrice), time: tickTime };
}

export type ProductViewContext = { now: number; timeZone: string; indexPrice: string | null; num: number; balance: string | null };

export function productView(row: ProductRow, context: ProductViewContext): DualProductView {
  const { product } = row;
  const coin = investCoinOf(row);
  const holdingDays = holdingDaysAt(context.now, context.timeZone, product.maturityDate);
  return {
    id: product.id,
    type: product.type,
    symbol: row.symbol,
    currency_id: row.base.id,
    currency: row.base.name,
    quote_currency_id: row.quote.id,
    quote_currency: row.quote.name,
    invest_currency_id: coin.id,
    invest_currency: coin.name,
    invest_decimals: coin.decimals,
    base_decimals: row.base.decimals,
    quote_decimals: row.quote.decimals,
    linked_price: toAmountString(product.linkedPrice),
    apr: toAmountString(product.apr),
    per_price: toAmountString(product.perPrice),
    total_shares: product.totalShares,
    sold_shares: product.soldShares,
    remaining_shares: product.totalShares - product.soldShares,
    progress: percentOf(product.soldShares, product.totalShares),
    maturity_date: product.maturityDate,
    settle_at: product.settleAt,
    sale_end_at: product.saleEndAt,
    holding_days: holdingDays,
    index_price: context.indexPrice === null ? null : toAmountString(context.indexPrice),
    estimated_income: dualEstimatedIncome(dualAmount(context.num, product.perPrice), product.apr, holdingDays, coin.decimals),
    num: context.num,
    on_sale: onSale(product, context.now),
    balance: context.balance === null ? null : toAmountString(context.balance),
    demo: product.demo,
  };
}

/** An unsettled order reads "settling" once its product's settlement time has come (spec: settlementing). */
export function orderView(row: OrderRow, now: number): DualOrderView {
  const { order, product } = row;
  const status = order.status === 'purchased' ? (now >= product.settleAt ? 'settling' : 'purchased') : order.status;
  return {
    id: String(order.id),
    product_id: product.id,
    type: product.type,
    symbol: row.symbol,
    invest_currency: investCoinOf(row).name,
    num: order.num,
    amount: toAmountString(order.amount),
    linked_price: toAmountString(product.linkedPrice),
    apr: toAmountString(product.apr),
    holding_days: order.holdingDays,
    purchased_at: order.purchasedAt,
    maturity_date: product.maturityDate,
    settle_at: product.settleAt,
    status,
    settle_tick: order.status === 'success' ? settleTickOf(row) : null,
    payout_currency: row.payoutCoin,
    payout: order.payout === null ? null : toAmountString(order.payout),
    settled_at: order.settledAt,
    demo: product.demo,
  };
}
