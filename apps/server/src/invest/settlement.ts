/**
 * Dual settlement (spec section 9, "Invest settlement"): at 16:00 in the operator's time zone on the
 * maturity date (settle_at, fixed on the product when it was created), each purchase is paid by
 * dualSettlement on the recorded index tick in force at settle_at, and nothing else: no setting,
 * operator call or field decides a price or a result.
 *  - The one index freshness rule (@fairex/contract index-freshness.ts settlementTick, limit
 *    indexFreshMs: one feed interval plus the recording delay), as seconds options settle by: the tick
 *    in force at settle_at is final once a tick at or after settle_at is recorded, or indexFreshMs has
 *    passed since it (ticks are stored in time order). Until then the product waits, and its orders
 *    read "settling".
 *  - The tick in force settles only if it is fresh (at most indexFreshMs before settle_at). A stale one
 *    means the index was not known at the settlement time (the feed was down): the product is void,
 *    every purchase refunded in full (principal back to the spot account, orders end "fail", the
 *    product "cancelled" with no settlement tick), never paid on a price from before the gap nor on the
 *    first one after it (a price known after settle_at could be chosen by waiting).
 *  - Otherwise every purchase is paid in one coin or the other. The other fail state is a product
 *    cancelled while on sale (back-office.ts), which refunds in full the same way.
 *  - A recurring job claims due products with FOR UPDATE SKIP LOCKED and settles each in a savepoint,
 *    so a product is settled once whatever the number of schedulers, and after downtime once.
 */
import { dualSettlement, money, settlementTick, toAmountString, type NotificationFigures } from '@fairex/contract';
import type { Tx } from '../db/client.ts';
import type { NotificationService } from '../notifications/service.ts';
import { postMany, systemAccount, type Leg } from '../ledger/index.ts';
import { symbolById, ticksInForce } from '../markets/repository.ts';
import type { TickStore } from '../markets/ticks.ts';
import { userAccountIds, userAccountKey, type UserAccountKey } from '../wealth/repository.ts';
import { CoinTotals, eachDue, recordRun } from '../wealth/runs.ts';
import { coinById, dueProducts, endOrders, purchasedOrders, updateProduct, type DualOrder, type DualProduct, type OrderEnd } from './repository.ts';

export const DUAL_SETTLE_JOB = 'dual.settle';
/** Products settle at this local time (operator time zone) on their maturity date (spec section 4). */
export const DUAL_SETTLE_TIME = '16:00';
/** How often the settlement job looks for due products. */
export const WEALTH_SWEEP_EVERY_MS = 10_000;
/** Products one run takes at most; a full batch leaves the rest for the next run. */
export const DUAL_SETTLE_PRODUCTS_MAX = 20;
/**
 * Orders of one product one run pays at most (the run's transaction stays short); a product with more
 * stays open and carries on at the next run, on the same tick (recorded on the product at the first).
 */
export const DUAL_SETTLE_ORDERS_MAX = 1_000;

export type SettleDeps = {
  now: number;
  ticks: TickStore;
  /** Limits.indexFreshMs: a tick in force older than this at settle_at voids the product. */
  indexFreshMs: number;
  onError?: (error: unknown) => void;
  /** DUAL_SETTLE_PRODUCTS_MAX and DUAL_SETTLE_ORDERS_MAX unless given (tests make them small). */
  productsMax?: number;
  ordersMax?: number;
  /** Tells each buyer how their order ended (the app's; tests may leave it out). */
  notifications?: NotificationService;
};
type Settled = { userId: number; refId: number; event: { kind: 'dual_settled'; figures: NotificationFigures['dual_settled'] } };
const settledEvent = (order: DualOrder, symbol: string, status: 'success' | 'fail', currency: string, payout: string, payoutCurrency: string): Settled => ({
  userId: order.userId,
  refId: order.id,
  event: { kind: 'dual_settled', figures: { order_id: order.id, symbol, status, amount: toAmountString(order.amount), currency, payout: toAmountString(payout), payout_currency: payoutCurrency } },
});
type Paid = { coin: string; amount: string };
type Handled = { productId: number; tickId: string | null; price: string | null; orders: number; settled: boolean; paid: Paid[]; void?: true };

/** The job's work: settles the due products whose settlement tick is final, and records the run. */
export async function settleDueProducts(tx: Tx, deps: SettleDeps): Promise<void> {
  const due = await dueProducts(tx, deps.now, deps.productsMax ?? DUAL_SETTLE_PRODUCTS_MAX);
  const done = await eachDue(tx, due, (savepoint, product) => settleProduct(savepoint, product, deps), (error) => deps.onError?.(error));
  const handled = done.flatMap(({ result }) => (result ? [result] : []));
  const totals = new CoinTotals();
  for (const paid of handled.flatMap((h) => h.paid)) totals.add(paid.coin, paid.amount);
  await recordRun(tx, DUAL_SETTLE_JOB, deps.now, handled.length, {
    paid: totals.toJSON(),
    orders: handled.reduce((n, h) => n + h.orders, 0),
    products: handled.map(({ paid: _paid, ...h }) => h),
  });
}

/** Settles one product (up to DUAL_SETTLE_ORDERS_MAX of its orders); undefined while its tick is not final. */
async function settleProduct(tx: Tx, product: DualProduct, deps: SettleDeps): Promise<Handled | undefined> {
  const symbol = await symbolById(tx, product.symbolId);
  if (!symbol) throw new Error(`dual product ${product.id}: symbol ${product.symbolId} not found`);
  const latest = deps.ticks.latest(symbol.symbol);
  // A tick already cited on the product (a product paid over several runs) settles the rest of it.
  const cited = product.settleTickId === null ? undefined : { id: product.settleTickId.toString(), price: product.settlePrice!, time: product.settleAt };
  // Read in the job's transaction: the tick store's own reads would wait behind it on PGlite's one connection.
  const inForce = cited ?? (await ticksInForce(tx, product.symbolId, [product.settleAt])).get(product.settleAt);
  const decision = cited ? { kind: 'use' as const, tick: cited } : settlementTick(inForce, (latest?.time ?? -1) >= product.settleAt, product.settleAt, deps.now, deps.indexFreshMs);
  if (decision.kind === 'wait') return undefined;
  if (decision.kind === 'void') return voidProduct(tx, product, symbol.symbol, deps);
  const tick = decision.tick;
  const [base, quote] = await Promise.all([coinById(tx, product.baseCurrencyId), coinById(tx, product.quoteCurrencyId)]);
  if (!base || !quote) throw new Error(`dual product ${product.id}: its coins are missing`);

  const ordersMax = deps.ordersMax ?? DUAL_SETTLE_ORDERS_MAX;
  const orders = await purchasedOrders(tx, product.id, ordersMax);
  const payouts = orders.map((order) => {
    const payout = dualSettlement({
      type: product.type,
      amount: order.amount,
      linkedPrice: product.linkedPrice,
      settlePrice: tick.price,
      apr: product.apr,
      days: order.holdingDays,
      baseDecimals: base.decimals,
      quoteDecimals: quote.decimals,
    });
    return { order, coin: payout.coin === 'base' ? base : quote, amount: payout.amount };
  });
  // The order rows first (only those still purchased end here), then their money in one postMany.
  const ended = await endOrders(
    tx,
    payouts.map((p): OrderEnd => ({ id: p.order.id, status: 'success', payoutCurrencyId: p.coin.id, payout: p.amount })),
    deps.now,
  );
  const mine = payouts.filter((p) => ended.has(p.order.id));
  const accounts = await userAccountIds(
    tx,
    mine.flatMap(({ order, coin }) => [
      { userId: order.userId, currencyId: order.investCurrencyId, kind: 'financial' as const },
      { userId: order.userId, currencyId: coin.id, kind: 'spot' as const },
    ]),
  );
  // The invest pool's accounts the legs name (none in a coin where every payout equals its amount).
  const pools = new Map<number, number>();
  for (const { order, coin, amount } of mine) {
    const coins = coin.id !== order.investCurrencyId ? [order.investCurrencyId, coin.id] : money(order.amount).equals(amount) ? [] : [coin.id];
    for (const id of coins) if (!pools.has(id)) pools.set(id, await systemAccount(tx, 'invest_pool', id));
  }
  await postMany(
    tx,
    mine.map(({ order, coin, amount }) => ({
      kind: 'dual_settle',
      refType: 'dual_order',
      refId: order.id,
      legs: settlementLegs(order, coin.id, amount, (key) => accounts.get(userAccountKey(key))!, (currencyId) => pools.get(currencyId)!),
    })),
  );
  const paid: Paid[] = mine.map(({ coin, amount }) => ({ coin: coin.name, amount }));
  const told = mine.map(({ order, coin, amount }) => settledEvent(order, symbol.symbol, 'success', (order.investCurrencyId === base.id ? base : quote).name, amount, coin.name));
  await deps.notifications?.recordMany(tx, told);
  // The tick is cited on the product with the first orders it paid (every order's view shows it); the
  // product is settled once no purchase is left.
  const settled = orders.length < ordersMax;
  await updateProduct(tx, product.id, { settleTickId: BigInt(tick.id), settlePrice: tick.price, ...(settled ? { status: 'settled' as const, settledAt: deps.now } : {}) });
  return { productId: product.id, tickId: tick.id, price: toAmountString(tick.price), orders: paid.length, settled, paid };
}

/**
 * The product's index was stale at settle_at: every purchase is refunded in full (up to
 * DUAL_SETTLE_ORDERS_MAX a run; the product stays open for the next run until none is left, then ends
 * "cancelled" with no settlement tick).
 */
async function voidProduct(tx: Tx, product: DualProduct, symbol: string, deps: SettleDeps): Promise<Handled> {
  const ordersMax = deps.ordersMax ?? DUAL_SETTLE_ORDERS_MAX;
  const orders = await purchasedOrders(tx, product.id, ordersMax);
  const mine = await refundOrders(tx, orders, deps.now);
  const names = new Map<number, string>();
  for (const id of new Set(mine.map((o) => o.investCurrencyId))) names.set(id, (await coinById(tx, id))?.name ?? String(id));
  const paid: Paid[] = mine.map((order) => ({ coin: names.get(order.investCurrencyId)!, amount: toAmountString(order.amount) }));
  const told = mine.map((order) => {
    const name = names.get(order.investCurrencyId)!;
    return settledEvent(order, symbol, 'fail', name, toAmountString(order.amount), name);
  });
  await deps.notifications?.recordMany(tx, told);
  const settled = orders.length < ordersMax;
  if (settled) await updateProduct(tx, product.id, { status: 'cancelled', settledAt: deps.now });
  return { productId: product.id, tickId: null, price: null, orders: paid.length, settled, paid, void: true };
}

/**
 * Refunds purchased orders in full (a void settlement, a product cancelled on sale): each still purchased
 * ends "fail" with its amount as payout, and the amount goes from the financial account's locked bucket back
 * to spot, one entry per order, all in one postMany. Answers the orders this call refunded.
 */
export async function refundOrders(tx: Tx, orders: readonly DualOrder[], now: number): Promise<DualOrder[]> {
  const ended = await endOrders(
    tx,
    orders.map((order): OrderEnd => ({ id: order.id, status: 'fail', payoutCurrencyId: order.investCurrencyId, payout: toAmountString(order.amount) })),
    now,
  );
  const mine = orders.filter((order) => ended.has(order.id));
  const accounts = await userAccountIds(
    tx,
    mine.flatMap((order) => [
      { userId: order.userId, currencyId: order.investCurrencyId, kind: 'financial' as const },
      { userId: order.userId, currencyId: order.investCurrencyId, kind: 'spot' as const },
    ]),
  );
  const accountOf = (userId: number, currencyId: number, kind: 'financial' | 'spot') => accounts.get(userAccountKey({ userId, currencyId, kind }))!;
  await postMany(
    tx,
    mine.map((order) => {
      const amount = toAmountString(order.amount);
      return {
        kind: 'dual_refund',
        refType: 'dual_order',
        refId: order.id,
        legs: [
          { accountId: accountOf(order.userId, order.investCurrencyId, 'financial'), bucket: 'locked' as const, amount: `-${amount}` },
          { accountId: accountOf(order.userId, order.investCurrencyId, 'spot'), amount },
        ],
      };
    }),
  );
  return mine;
}

/**
 * The invested amount leaves the user's financial account (locked) for the invest pool, and the payout
 * leaves the pool for the user's spot account. When both are in one coin the pool's two legs are one.
 */
function settlementLegs(
  order: DualOrder,
  payoutCurrencyId: number,
  payout: string,
  accountOf: (key: UserAccountKey) => number,
  pool: (currencyId: number) => number,
): Leg[] {
  const amount = toAmountString(order.amount);
  const legs: Leg[] = [{ accountId: accountOf({ userId: order.userId, currencyId: order.investCurrencyId, kind: 'financial' }), bucket: 'locked', amount: `-${amount}` }];
  if (payoutCurrencyId === order.investCurrencyId) {
    const net = money(amount).minus(payout);
    if (!net.isZero()) legs.push({ accountId: pool(order.investCurrencyId), amount: toAmountString(net) });
  } else {
    legs.push({ accountId: pool(order.investCurrencyId), amount });
    legs.push({ accountId: pool(payoutCurrencyId), amount: `-${payout}` });
  }
  legs.push({ accountId: accountOf({ userId: order.userId, currencyId: payoutCurrencyId, kind: 'spot' }), amount: payout });
  // A payout rounded down to nothing (a dust purchase) moves no money in its coin.
  return legs.filter((leg) => !money(leg.amount).isZero());
}
