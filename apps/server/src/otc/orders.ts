/**
 * OTC orders: placing one on an ad (or by quick buy), the buyer marking it paid with a proof, the seller
 * releasing, the buyer cancelling before paying, the pay time limit passing (a job), appeals and the
 * operator's decision. Each state change and its ledger entry (escrow.ts) share one transaction, with
 * the order row locked, so two calls can never both move the same coins.
 */
import {
  cmp,
  LEVEL_LIMITS,
  OTC_CANCELS_PER_DAY_MAX,
  OTC_OPEN_ORDERS_PER_USER_MAX,
  otcOrderFigures,
  otcReleaseDueAt,
  otcStatesFor,
  otcUsdtValue,
  DAY_MS,
  type OtcAmountUnit,
  type OtcAppealDecideInput,
  type OtcOrderView,
  type OtcPaymentDetail,
} from '@fairex/contract';
import type { Executor, Tx } from '../db/client.ts';
import { DomainError } from '../http/errors.ts';
import type { Transact } from '../http/idempotency.ts';
import { identityLevel } from '../identity/service.ts';
import { ownsUpload } from '../uploads/repository.ts';
import { escrowOrder, releaseOrder, returnOrder, takeFromAd } from './escrow.ts';
import { paymentDetailsOf } from './payments.ts';
import { adPrice, readMarket } from './pricing.ts';
import { otcSettings } from './settings.ts';
import {
  adById,
  appealsOf,
  claimExpired,
  claimReleaseDue,
  countBuyerCancelsSince,
  countOpenOrders,
  insertAppeal,
  insertMessage,
  insertOrder,
  lockAd,
  lockOrder,
  merchantCounts,
  merchantsOfUsers,
  orderById,
  updateAppeal,
  updateOrder,
  userNames,
  type Order,
  type OrderRow,
} from './repository.ts';
import { displayName, merchantView, orderView, type Signer } from './views.ts';
import type { AdsDeps } from './ads.ts';

/** Pending orders one run of the time-out job cancels at most; a full batch leaves the rest to the next run. */
export const OTC_TIMEOUT_BATCH_MAX = 200;

/** Told once the order's transaction committed: both sides refresh. */
export type Signal = (order: Pick<Order, 'id' | 'status' | 'buyerId' | 'sellerId'>, messageId?: number, reason?: 'release_timeout') => void;

export type OrderDeps = AdsDeps & { signal: Signal };

// ================================================================ views

/** Orders as `readerId` (a side of each) sees them: the other side's name and, for a merchant, their counters. */
export async function orderViews(db: Executor, rows: readonly OrderRow[], readerId: number, sign: Signer): Promise<OtcOrderView[]> {
  const others = rows.map((r) => (r.order.buyerId === readerId ? r.order.sellerId : r.order.buyerId));
  const [names, merchants, counts, appeals] = await Promise.all([
    userNames(db, others),
    merchantsOfUsers(db, others),
    merchantCounts(db, [...new Set(others)]),
    appealsOf(
      db,
      rows.map((r) => r.order.id),
    ),
  ]);
  return rows.map((row, i) => {
    const other = others[i]!;
    const merchant = merchants.get(other);
    const approved = merchant && merchant.status !== 'pending' && merchant.status !== 'rejected' ? merchant : undefined;
    return orderView(
      row,
      readerId,
      { name: displayName(names.get(other), approved), merchant: approved ? merchantView(approved, counts.get(other)) : null },
      appeals.get(row.order.id),
      sign,
    );
  });
}

/** The order if `userId` is one of its sides; not_found otherwise (another user's order is not theirs to know of). */
export async function orderOfSide(db: Executor, userId: number, id: number): Promise<OrderRow> {
  const row = await orderById(db, id);
  if (!row || (row.order.buyerId !== userId && row.order.sellerId !== userId)) throw new DomainError('not_found');
  return row;
}

export async function oneOrderView(db: Executor, userId: number, id: number, sign: Signer): Promise<OtcOrderView> {
  const [view] = await orderViews(db, [await orderOfSide(db, userId, id)], userId, sign);
  return view!;
}

// ================================================================ placing

/** The taker's per-order limit in USDT by verification level; an unverified user is sent to verify (998). */
export async function takerLimitUsdt(db: Executor, userId: number): Promise<string> {
  const level = await identityLevel(db, userId);
  if (level === 0) throw new DomainError('verification_required');
  return LEVEL_LIMITS[level].fiat_trade_per_order_usdt;
}

type Placement = { adId: number; amount: string; unit: OtcAmountUnit };

/**
 * Places an order on an ad for `amount` (in fiat or coin) at the ad's price now. Checked before the
 * transaction: the ad online and not the taker's own, the amount within the ad's per-order limits and
 * the taker's limit by level, a selling taker's payment details for the ad's methods. In the
 * transaction, with the ad row locked: what remains (otc_ad_insufficient when another taker got there
 * first), the taker's open orders and recent cancellations, then the order row, the ad's remaining and
 * the escrow entry together.
 */
export async function placeOrder(deps: OrderDeps, transact: Transact, userId: number, placement: Placement, sign: Signer): Promise<OtcOrderView> {
  const limit = await takerLimitUsdt(deps.db, userId);
  const row = await adById(deps.db, placement.adId);
  if (!row || row.ad.status !== 'online') throw new DomainError('otc_ad_unavailable');
  if (row.ad.userId === userId) throw new DomainError('otc_own_ad');
  const market = await readMarket(deps.db, deps.feed);
  const price = adPrice(row.ad, row.coin.name, market);
  const index = market.indexUsdt(row.coin.name);
  if (price === undefined || index === undefined) throw new DomainError('index_unavailable');
  const figures = otcOrderFigures({ price, amount: placement.amount, unit: placement.unit, coinDecimals: row.coin.decimals });
  if (!figures || cmp(figures.fiat_amount, row.ad.minFiat) < 0 || cmp(figures.fiat_amount, row.ad.maxFiat) > 0) throw new DomainError('otc_amount_out_of_range');
  if (cmp(otcUsdtValue(figures.quantity, index), limit) > 0) throw new DomainError('otc_fiat_limit_exceeded');
  const sellerId = row.ad.side === 'sell' ? row.ad.userId : userId;
  const buyerId = row.ad.side === 'sell' ? userId : row.ad.userId;
  const details = await paymentDetailsOf(deps.db, sellerId, row.ad.methodIds);
  if (details.length === 0) throw new DomainError(row.ad.side === 'buy' ? 'otc_payment_method_missing' : 'otc_ad_unavailable');
  // The view is built in the transaction: it is the answer an idempotent retry gets back.
  const view = await transact(async (tx) => {
    const ad = await lockAd(tx, row.ad.id);
    if (!ad || ad.status !== 'online') throw new DomainError('otc_ad_unavailable');
    if (cmp(figures.quantity, ad.remaining) > 0) throw new DomainError('otc_ad_insufficient');
    const now = deps.now();
    if ((await countOpenOrders(tx, userId)) >= OTC_OPEN_ORDERS_PER_USER_MAX) throw new DomainError('otc_open_orders_too_many');
    if ((await countBuyerCancelsSince(tx, userId, now - DAY_MS)) >= OTC_CANCELS_PER_DAY_MAX) throw new DomainError('otc_too_many_cancels');
    const created = await insertOrder(tx, {
      adId: ad.id,
      adSide: ad.side,
      makerId: ad.userId,
      takerId: userId,
      buyerId,
      sellerId,
      currencyId: ad.currencyId,
      fiat: ad.fiat,
      price,
      quantity: figures.quantity,
      fiatAmount: figures.fiat_amount,
      payDeadline: now + ad.payMinutes * 60_000,
      paymentDetails: details satisfies OtcPaymentDetail[],
      createdAt: now,
    });
    await takeFromAd(tx, ad, figures.quantity);
    await escrowOrder(tx, created);
    const [createdView] = await orderViews(tx, [{ order: created, coin: row.coin }], userId, sign);
    return createdView!;
  });
  deps.signal({ id: Number(view.id), status: view.status, buyerId, sellerId });
  return view;
}

// ================================================================ the order's life

/** Locks the order, checks the caller's side and the state, runs `change` and signals both sides after commit. */
async function changeOrder(
  deps: OrderDeps,
  userId: number,
  id: number,
  side: 'buyer' | 'seller' | 'either',
  states: readonly Order['status'][],
  change: (tx: Tx, order: Order, now: number) => Promise<Order>,
): Promise<Order> {
  const order = await deps.db.transaction(async (tx) => {
    const locked = await lockOrder(tx, id);
    const isBuyer = locked?.buyerId === userId;
    const isSeller = locked?.sellerId === userId;
    if (!locked || !(isBuyer || isSeller)) throw new DomainError('not_found');
    if ((side === 'buyer' && !isBuyer) || (side === 'seller' && !isSeller)) throw new DomainError('forbidden');
    if (!states.includes(locked.status)) throw new DomainError('otc_order_state');
    return change(tx, locked, deps.now());
  });
  deps.signal(order);
  return order;
}

/** POST /otc/order/paid: the buyer paid with one of the copied methods before the deadline; the proof is their own upload. */
export async function markPaid(deps: OrderDeps, userId: number, input: { id: number; method_id: number; proof: string }) {
  if (!(await ownsUpload(deps.db, userId, input.proof))) throw new DomainError('otc_proof_required');
  return changeOrder(deps, userId, input.id, 'buyer', otcStatesFor('pay'), async (tx, order, now) => {
    // Past the deadline the escrow is already due back to the seller: the time-out job ends it.
    if (now > order.payDeadline) throw new DomainError('otc_order_state');
    if (!order.paymentDetails.some((d) => d.method_id === input.method_id)) throw new DomainError('otc_payment_method_unavailable');
    // The release limit in force now is the order's: a later change of the setting does not move it.
    const releaseDueAt = otcReleaseDueAt(now, (await otcSettings(tx)).release_minutes);
    return updateOrder(tx, order.id, { status: 'paid', paidAt: now, releaseDueAt, proof: input.proof, paidMethodId: input.method_id });
  });
}

/**
 * POST /otc/order/release: the seller confirms the fiat arrived; the coins go to the buyer. Also while
 * an appeal waits: the seller conceding ends the dispute in the buyer's favour (the appeal stays
 * undecided, the order released by the seller).
 */
export async function releaseBySeller(deps: OrderDeps, userId: number, id: number, confirm: () => Promise<void>) {
  const row = await orderOfSide(deps.db, userId, id);
  if (row.order.sellerId !== userId) throw new DomainError('forbidden');
  await confirm();
  return changeOrder(deps, userId, id, 'seller', otcStatesFor('release'), async (tx, order, now) => {
    await releaseOrder(tx, order);
    return updateOrder(tx, order.id, { status: 'released', releasedAt: now, releasedBy: 'seller' });
  });
}

/** POST /otc/order/cancel: the buyer, before marking it paid; the coins go back to the seller (into the ad while it is online). */
export function cancelByBuyer(deps: OrderDeps, userId: number, id: number) {
  return changeOrder(deps, userId, id, 'buyer', otcStatesFor('cancel'), async (tx, order, now) => {
    await returnOrder(tx, order);
    return updateOrder(tx, order.id, { status: 'cancelled', cancelledAt: now, cancelReason: 'buyer' });
  });
}

/** POST /otc/order/appeal: either side of a paid order; an operator decides (otc/back-office.ts). */
export function appealOrder(deps: OrderDeps, userId: number, input: { id: number; reason: string }) {
  return changeOrder(deps, userId, input.id, 'either', otcStatesFor('appeal'), async (tx, order, now) => {
    await insertAppeal(tx, { orderId: order.id, userId, role: order.buyerId === userId ? 'buyer' : 'seller', reason: input.reason, createdAt: now });
    return updateOrder(tx, order.id, { status: 'appealed' });
  });
}

/**
 * An operator decides an appealed order: `release` moves the coins to the buyer, `return` gives them
 * back to the seller; the note is kept with the appeal and posted into the order chat, the decision
 * logged by the caller in the same transaction.
 */
export async function decideAppeal(deps: OrderDeps, operatorId: number, input: OtcAppealDecideInput, log: (tx: Tx, order: Order) => Promise<void>) {
  const order = await deps.db.transaction(async (tx) => {
    const locked = await lockOrder(tx, input.id);
    if (!locked) throw new DomainError('not_found');
    if (!otcStatesFor(input.decision === 'release' ? 'decide_release' : 'decide_return').includes(locked.status)) throw new DomainError('otc_order_state');
    const now = deps.now();
    let changed: Order;
    if (input.decision === 'release') {
      await releaseOrder(tx, locked);
      changed = await updateOrder(tx, locked.id, { status: 'released', releasedAt: now, releasedBy: 'operator' });
    } else {
      await returnOrder(tx, locked);
      changed = await updateOrder(tx, locked.id, { status: 'cancelled', cancelledAt: now, cancelReason: 'appeal' });
    }
    await updateAppeal(tx, locked.id, { decision: input.decision, note: input.note, operatorId, decidedAt: now });
    await insertMessage(tx, { orderId: locked.id, operatorId, body: input.note, createdAt: now });
    await log(tx, changed);
    return changed;
  });
  deps.signal(order);
  return order;
}

/** Why an automatic appeal was opened (kept as its reason; the screens translate `automatic`). */
export const OTC_RELEASE_TIMEOUT_REASON = 'release_time_limit';

/**
 * One run of the release time-limit job, in its transaction: paid orders past their release_due_at go
 * to appeal by themselves, opened on behalf of the buyer who waits for the coins, so an operator decides
 * them (the coins stay in escrow). The claim skips rows another process holds and the status change
 * takes the order out of the next claim, so each order is appealed exactly once. Answers those appealed.
 */
export async function appealOverdue(tx: Tx, now: number, batchMax: number): Promise<Order[]> {
  const due = await claimReleaseDue(tx, now, batchMax);
  const appealed: Order[] = [];
  for (const order of due) {
    if (!otcStatesFor('release_timeout').includes(order.status)) continue;
    await insertAppeal(tx, { orderId: order.id, userId: order.buyerId, role: 'buyer', reason: OTC_RELEASE_TIMEOUT_REASON, automatic: true, createdAt: now });
    appealed.push(await updateOrder(tx, order.id, { status: 'appealed' }));
  }
  return appealed;
}

/**
 * One run of the time-out job, in its transaction: pending orders past their pay time limit are
 * cancelled and their coins returned, each in a savepoint of its own (a failure is told and retried
 * next run, the others go on). Answers the orders it cancelled.
 */
export async function cancelExpired(tx: Tx, now: number, batchMax: number, onError: (error: unknown) => void): Promise<Order[]> {
  const due = await claimExpired(tx, now, batchMax);
  const cancelled: Order[] = [];
  for (const order of due) {
    try {
      cancelled.push(
        await tx.transaction(async (savepoint) => {
          await returnOrder(savepoint, order);
          return updateOrder(savepoint, order.id, { status: 'cancelled', cancelledAt: now, cancelReason: 'timeout' });
        }),
      );
    } catch (error) {
      onError(error);
    }
  }
  return cancelled;
}

