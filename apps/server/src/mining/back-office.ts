/**
 * Back office for lock-up mining: products (created and edited by admins, logged), the daily rates
 * (published by admins for days that have not started, inside the product's range, logged), the order
 * search and the interest_expense balances that fund interest. No call touches an order or a payout:
 * what an order earns follows from the published rates and the rules alone.
 */
import {
  addDays,
  cmp,
  daysBetween,
  localDay,
  money,
  toAmountString,
  type Lang,
  type MiningAdminOrderListInput,
  type MiningProductInput,
  type MiningRateInput,
} from '@fairex/contract';
import { logAction, type Operator } from '../admin/operators.ts';
import type { AppContext } from '../app-context.ts';
import { DomainError } from '../http/errors.ts';
import { wealthSystemBalances } from '../wealth/repository.ts';
import { wealthTimeZone } from '../wealth/settings.ts';
import {
  coinById,
  findRate,
  insertProduct,
  listCoins,
  listProducts,
  lockProduct,
  orderFilter,
  pageOrders,
  productHoldings,
  publishLowEnd,
  ratesFrom,
  updateProduct,
  upcomingRatesOutside,
  upsertOperatorRate,
  type MiningProduct,
} from './repository.ts';
import { orderView } from './views.ts';

/** The back office lists rates from this many days back (and every upcoming one). */
export const MINING_RATES_PAST_DAYS = 7;
/** How far ahead an operator may publish a rate. */
export const MINING_RATE_DAYS_AHEAD_MAX = 90;

const productRow = (product: MiningProduct, coin: { name: string }, holdings?: { orders: number; locked: string }) => ({
  id: product.id,
  category: product.category,
  name_en: product.name.en ?? '',
  name_zh: product.name.zh ?? '',
  currency_id: product.currencyId,
  currency: coin.name,
  term_days: product.termDays,
  daily_yield_min: toAmountString(product.dailyYieldMin),
  daily_yield_max: toAmountString(product.dailyYieldMax),
  amount_min: toAmountString(product.amountMin),
  amount_max: product.amountMax === null ? null : toAmountString(product.amountMax),
  penalty_ratio: toAmountString(product.penaltyRatio),
  enabled: product.enabled,
  sort: product.sort,
  demo: product.demo,
  active_orders: holdings?.orders ?? 0,
  locked: toAmountString(holdings?.locked ?? '0'),
});

/** GET /api/admin/mining: products with what their active orders hold, recent and upcoming rates, coins, interest_expense per coin. */
export async function miningOverview(ctx: Pick<AppContext, 'clock' | 'db'>) {
  const timeZone = await wealthTimeZone(ctx.db);
  const today = localDay(ctx.clock(), timeZone);
  const [products, holdings, rates, coins, balances] = await Promise.all([
    listProducts(ctx.db, { offered: false }),
    productHoldings(ctx.db),
    ratesFrom(ctx.db, addDays(today, -MINING_RATES_PAST_DAYS)),
    listCoins(ctx.db),
    wealthSystemBalances(ctx.db),
  ]);
  return {
    time_zone: timeZone,
    today,
    products: products.map(({ product, coin }) => productRow(product, coin, holdings.get(product.id))),
    rates: rates.map((r) => ({ product_id: r.productId, day: r.day, rate: toAmountString(r.rate), source: r.source, published_at: r.publishedAt })),
    coins: coins.map((c) => ({ id: c.id, name: c.name, decimals: c.decimals })),
    interest_expense: balances.filter((b) => b.system === 'interest_expense').map((b) => ({ currency: b.currency, balance: toAmountString(b.balance) })),
  };
}

const finerThan = (amount: string | undefined, decimals: number) => amount !== undefined && money(amount).decimalPlaces() > decimals;

/**
 * POST /api/admin/mining/products: creates a product (no id) or edits one. Before an edit, today's rate
 * is published at the range in force (so the edit cannot change what today pays), and a range that
 * would leave an upcoming published rate outside it is refused (mining_rate_out_of_range). Orders keep
 * the terms they were bought with. Logged with before and after.
 */
export async function saveMiningProduct(ctx: Pick<AppContext, 'clock' | 'db'>, operator: Operator, input: MiningProductInput) {
  const coin = await coinById(ctx.db, input.currency_id);
  if (!coin) throw new DomainError('currency_unavailable');
  if (finerThan(input.amount_min, coin.decimals) || finerThan(input.amount_max, coin.decimals)) throw new DomainError('wrong_number');
  const figures = {
    category: input.category,
    currencyId: coin.id,
    termDays: input.term_days,
    dailyYieldMin: input.daily_yield_min,
    dailyYieldMax: input.daily_yield_max,
    amountMin: input.amount_min,
    amountMax: input.amount_max ?? null,
    penaltyRatio: input.penalty_ratio,
    enabled: input.enabled,
    sort: input.sort,
  };
  const names = (earlier: Record<string, string>) => {
    const { zh: _zh, ...others } = earlier;
    return { ...others, en: input.name_en, ...(input.name_zh ? { zh: input.name_zh } : {}) };
  };
  return ctx.db.transaction(async (tx) => {
    if (input.id === undefined) {
      const created = await insertProduct(tx, { ...figures, name: names({}) });
      await logAction(tx, operator.id, 'mining.product.create', `mining_product:${created.id}`, { after: productRow(created, coin) });
      return productRow(created, coin);
    }
    const before = await lockProduct(tx, input.id);
    if (!before) throw new DomainError('not_found');
    const now = ctx.clock();
    const today = localDay(now, await wealthTimeZone(tx));
    await publishLowEnd(tx, today, now, before.id);
    if ((await upcomingRatesOutside(tx, before.id, today, input.daily_yield_min, input.daily_yield_max)).length > 0) throw new DomainError('mining_rate_out_of_range');
    const beforeCoin = (await coinById(tx, before.currencyId)) ?? coin;
    const after = await updateProduct(tx, before.id, { ...figures, name: names(before.name) });
    await logAction(tx, operator.id, 'mining.product.edit', `mining_product:${before.id}`, { before: productRow(before, beforeCoin), after: productRow(after, coin) });
    return productRow(after, coin);
  });
}

/**
 * POST /api/admin/mining/rates: a product's rate for a day that has not started in the operator's time
 * zone (mining_rate_day_started otherwise), inside the product's range (mining_rate_out_of_range),
 * replacing an earlier one for that day. Logged with the rate it replaced.
 */
export async function publishMiningRate(ctx: Pick<AppContext, 'clock' | 'db'>, operator: Operator, input: MiningRateInput) {
  return ctx.db.transaction(async (tx) => {
    // Locked: the range checked here is the range in force until this commits.
    const product = await lockProduct(tx, input.product_id);
    if (!product) throw new DomainError('not_found');
    const now = ctx.clock();
    const today = localDay(now, await wealthTimeZone(tx));
    if (input.day <= today) throw new DomainError('mining_rate_day_started');
    if (daysBetween(today, input.day) > MINING_RATE_DAYS_AHEAD_MAX) throw new DomainError('parameter_error');
    if (cmp(input.rate, product.dailyYieldMin) < 0 || cmp(input.rate, product.dailyYieldMax) > 0) throw new DomainError('mining_rate_out_of_range');
    const before = await findRate(tx, product.id, input.day);
    const rate = toAmountString(input.rate);
    await upsertOperatorRate(tx, { productId: product.id, day: input.day, rate, publishedAt: now });
    await logAction(tx, operator.id, 'mining.rate.publish', `mining_product:${product.id}:${input.day}`, {
      before: before ? { rate: toAmountString(before.rate), source: before.source } : null,
      after: { rate, source: 'operator' },
    });
    return { product_id: product.id, day: input.day, rate, source: 'operator' as const, published_at: now };
  });
}

/** GET /api/admin/mining/orders: read-only search, newest first, with the user and the interest paid. */
export async function searchMiningOrders(ctx: Pick<AppContext, 'clock' | 'db'>, lang: Lang, input: MiningAdminOrderListInput) {
  const where = orderFilter({ userId: input.user_id, productId: input.product_id, status: input.status });
  const { rows, total } = await pageOrders(ctx.db, where, input.page, input.limit);
  const now = ctx.clock();
  return {
    data: rows.map((row) => {
      const { payouts: _payouts, ...view } = orderView(row, [], lang, now);
      return { ...view, user_id: row.order.userId };
    }),
    total,
    page: input.page,
    limit: input.limit,
  };
}
