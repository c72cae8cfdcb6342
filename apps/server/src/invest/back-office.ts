/**
 * Back office for dual investment: products (created and edited by admins, logged), cancellation of a
 * product while it is on sale (every purchase refunded in full), the order search, and the invest
 * pool's balances. No call sets a settlement price or an order's result: settlement alone decides them
 * from the recorded ticks (settlement.ts; test/invest/no-override.test.ts checks the route table).
 */
import { cmp, money, toAmountString, zonedTime, type DualProductInput, type WealthAdminListInput } from '@fairex/contract';
import { logAction, type Operator } from '../admin/operators.ts';
import type { Db, Tx } from '../db/client.ts';
import { DomainError } from '../http/errors.ts';
import { symbolById } from '../markets/repository.ts';
import { wealthSystemBalances } from '../wealth/repository.ts';
import { wealthTimeZone } from '../wealth/settings.ts';
import {
  coinById,
  findProduct,
  fitsAmountColumn,
  insertProduct,
  lockProduct,
  pageOrders,
  pageProducts,
  purchasedOrders,
  spotSymbols,
  updateProduct,
  type DualProduct,
  type ProductRow,
} from './repository.ts';
import { DUAL_SETTLE_ORDERS_MAX, DUAL_SETTLE_TIME, refundOrders } from './settlement.ts';
import { onSale, orderView, settleTickOf } from './views.ts';

/** A product as the back office lists it. */
export function adminProductView(row: ProductRow, now: number) {
  const { product } = row;
  return {
    id: product.id,
    type: product.type,
    symbol_id: product.symbolId,
    symbol: row.symbol,
    currency: row.base.name,
    quote_currency: row.quote.name,
    invest_currency: product.type === 'call' ? row.base.name : row.quote.name,
    linked_price: toAmountString(product.linkedPrice),
    apr: toAmountString(product.apr),
    per_price: toAmountString(product.perPrice),
    total_shares: product.totalShares,
    sold_shares: product.soldShares,
    maturity_date: product.maturityDate,
    settle_at: product.settleAt,
    sale_end_at: product.saleEndAt,
    enabled: product.enabled,
    demo: product.demo,
    status: product.status,
    on_sale: onSale(product, now),
    settle_tick: settleTickOf(row),
    settled_at: product.settledAt,
  };
}
export type AdminProductView = ReturnType<typeof adminProductView>;

/** GET /api/admin/dual: the operator's time zone, the symbols a product may link to, the invest pool per coin. */
export async function investOverview(db: Db, now: number) {
  const [timeZone, symbols, balances] = await Promise.all([wealthTimeZone(db), spotSymbols(db), wealthSystemBalances(db)]);
  return {
    time_zone: timeZone,
    settle_time: DUAL_SETTLE_TIME,
    now,
    symbols,
    pool: balances.filter((b) => b.system === 'invest_pool').map((b) => ({ currency: b.currency, balance: toAmountString(b.balance) })),
  };
}

export async function pageAdminProducts(db: Db, input: { page: number; limit: number }, now: number) {
  const { rows, total } = await pageProducts(db, input.page, input.limit);
  return { data: rows.map((row) => adminProductView(row, now)), total, page: input.page, limit: input.limit };
}

/** GET /api/admin/dual/orders: read-only search, newest first. */
export async function searchDualOrders(db: Db, input: WealthAdminListInput, now: number) {
  const { rows, total } = await pageOrders(db, { userId: input.user_id, productId: input.product_id, now }, input.page, input.limit);
  return { data: rows.map((row) => ({ ...orderView(row, now), user_id: row.order.userId })), total, page: input.page, limit: input.limit };
}

/** A product's figures as the operator log keeps them (the form's names). */
const loggedFigures = (p: DualProduct) => ({
  type: p.type,
  symbol_id: p.symbolId,
  linked_price: toAmountString(p.linkedPrice),
  apr: toAmountString(p.apr),
  per_price: toAmountString(p.perPrice),
  total_shares: p.totalShares,
  sold_shares: p.soldShares,
  maturity_date: p.maturityDate,
  sale_end_at: p.saleEndAt,
  enabled: p.enabled,
});

/** The figures a purchase has fixed: once shares are sold, an edit may change none of them. */
const sameFigures = (product: DualProduct, input: DualProductInput) =>
  product.type === input.type &&
  product.symbolId === input.symbol_id &&
  cmp(product.linkedPrice, input.linked_price) === 0 &&
  cmp(product.apr, input.apr) === 0 &&
  cmp(product.perPrice, input.per_price) === 0 &&
  product.totalShares === input.total_shares &&
  product.maturityDate === input.maturity_date;

/**
 * The row a create or a full edit writes: the symbol must be an enabled spot symbol (its coins are the
 * product's), the per-share price a whole number of the invested coin's units, and the settlement
 * (16:00 on the maturity date in the operator's zone, fixed here) in the future with sales closing by then.
 */
async function productFigures(tx: Tx, input: DualProductInput, now: number) {
  const symbol = await symbolById(tx, input.symbol_id);
  if (!symbol) throw new DomainError('not_found');
  if (symbol.kind !== 'spot' || symbol.baseCurrencyId === null) throw new DomainError('parameter_error');
  if (!symbol.enabled) throw new DomainError('symbol_disabled');
  const investCoin = await coinById(tx, input.type === 'call' ? symbol.baseCurrencyId : symbol.quoteCurrencyId);
  if (!investCoin) throw new DomainError('currency_unavailable');
  if (money(input.per_price).decimalPlaces() > investCoin.decimals) throw new DomainError('wrong_number');
  if (![input.linked_price, input.per_price].every(fitsAmountColumn)) throw new DomainError('wrong_number');
  const settleAt = zonedTime(input.maturity_date, DUAL_SETTLE_TIME, await wealthTimeZone(tx));
  if (settleAt <= now || input.sale_end_at > settleAt) throw new DomainError('wealth_times_invalid');
  return {
    type: input.type,
    symbolId: symbol.id,
    baseCurrencyId: symbol.baseCurrencyId,
    quoteCurrencyId: symbol.quoteCurrencyId,
    linkedPrice: toAmountString(input.linked_price),
    apr: toAmountString(input.apr),
    perPrice: toAmountString(input.per_price),
    totalShares: input.total_shares,
    maturityDate: input.maturity_date,
    settleAt,
    saleEndAt: input.sale_end_at,
    enabled: input.enabled,
  };
}

/**
 * POST /api/admin/dual/products: creates a product (no id) or edits one. Before the first purchase an
 * edit may change any figure; after it only the sale end (never past settlement) and the on/off switch
 * (invest_product_locked otherwise). Logged with before and after, in the same transaction.
 */
export async function saveDualProduct(db: Db, operator: Operator, input: DualProductInput, now: number) {
  const id = await db.transaction(async (tx) => {
    if (input.id === undefined) {
      const created = await insertProduct(tx, await productFigures(tx, input, now));
      await logAction(tx, operator.id, 'dual_product_create', `dual_product:${created.id}`, { after: input });
      return created.id;
    }
    const before = await lockProduct(tx, input.id);
    if (!before) throw new DomainError('not_found');
    if (before.status !== 'open') throw new DomainError('wealth_product_unavailable');
    if (before.soldShares > 0) {
      if (!sameFigures(before, input)) throw new DomainError('invest_product_locked');
      if (input.sale_end_at > before.settleAt) throw new DomainError('wealth_times_invalid');
      await updateProduct(tx, before.id, { saleEndAt: input.sale_end_at, enabled: input.enabled });
    } else {
      await updateProduct(tx, before.id, await productFigures(tx, input, now));
    }
    await logAction(tx, operator.id, 'dual_product_edit', `dual_product:${before.id}`, { before: loggedFigures(before), after: input });
    return before.id;
  });
  return adminProductView((await findProduct(db, id))!, now);
}

/**
 * POST /api/admin/dual/products/cancel: while a product is on sale (before its sale end), cancels it
 * and refunds every purchase in full to the buyer's spot account (orders end as "fail"). Logged.
 */
export async function cancelDualProduct(db: Db, operator: Operator, id: number, now: number) {
  const refunded = await db.transaction(async (tx) => {
    const product = await lockProduct(tx, id);
    if (!product) throw new DomainError('not_found');
    if (product.status !== 'open') throw new DomainError('wealth_product_unavailable');
    if (now >= product.saleEndAt) throw new DomainError('invest_sale_closed');
    let orders = 0;
    let amount = money(0);
    // Batches keep each read bounded; all of them are refunded in this one transaction.
    for (let batch = await purchasedOrders(tx, id, DUAL_SETTLE_ORDERS_MAX); batch.length > 0; batch = await purchasedOrders(tx, id, DUAL_SETTLE_ORDERS_MAX)) {
      for (const order of await refundOrders(tx, batch, now)) {
        orders += 1;
        amount = amount.plus(order.amount);
      }
    }
    await updateProduct(tx, id, { status: 'cancelled' });
    const summary = { orders, amount: toAmountString(amount) };
    await logAction(tx, operator.id, 'dual_product_cancel', `dual_product:${id}`, summary);
    return summary;
  });
  return { product: adminProductView((await findProduct(db, id))!, now), refunded };
}
