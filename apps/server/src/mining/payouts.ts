/**
 * The money movements of one mining order, each on the order's row locked by the caller (the payout
 * job claims due rows, a redemption locks its own), so a day is paid once and an order ends once:
 *  - paying its due days, each at that day's published rate, the missed ones in turn (catch-up);
 *  - unlocking it at its unlock time once every day is paid (principal back to spot);
 *  - redeeming it early (principal less the penalty back to spot, the penalty to fees).
 */
import { add, addDays, dayStart, isPositive, miningDailyInterest, miningPenalty, miningRemainingDays, sub } from '@fairex/contract';
import type { Tx } from '../db/client.ts';
import { post, postMany, systemAccount, userAccount, type Entry, type Leg } from '../ledger/index.ts';
import { userAccountIds, userAccountKey } from '../wealth/repository.ts';
import {
  findRate,
  insertPayout,
  insertPayouts,
  markUnlocked,
  publishLowEnd,
  ratesOfDays,
  updateOrder,
  updatePaidOrders,
  type Coin,
  type MiningOrder,
} from './repository.ts';

export type DayPaid = { orderId: number; day: string; rate: string; amount: string };

/**
 * When the interest of an order's day number `daysPaid` (0 = the day of deposit) is due: the end of
 * that day in the order's time zone; null once all `termDays` days are paid.
 */
export function payoutDueAt(order: Pick<MiningOrder, 'startDay' | 'termDays' | 'timeZone'>, daysPaid: number): number | null {
  return daysPaid < order.termDays ? dayStart(addDays(order.startDay, daysPaid + 1), order.timeZone) : null;
}

/**
 * A product's rate for a day: the published one, else (the server was down that whole day, or the day
 * is being paid before any run published it) the low end of the range, published now so every order
 * of that product and day is paid at the same figure.
 */
export async function rateOfDay(tx: Tx, productId: number, day: string, now: number): Promise<string> {
  const published = await findRate(tx, productId, day);
  if (published) return published.rate;
  await publishLowEnd(tx, day, now, productId);
  const rate = await findRate(tx, productId, day);
  if (!rate) throw new Error(`mining product ${productId}: no rate for ${day}`);
  return rate.rate;
}

/** Pays every day of the order that ended by `now`, oldest first; answers the order as it now is and the days paid. */
export async function payDueDays(tx: Tx, locked: MiningOrder, coin: Coin, now: number): Promise<{ order: MiningOrder; paid: DayPaid[] }> {
  let order = locked;
  const paid: DayPaid[] = [];
  while (order.status === 'active' && order.nextPayoutAt !== null && order.nextPayoutAt <= now && order.daysPaid < order.termDays) {
    const day = addDays(order.startDay, order.daysPaid);
    const rate = await rateOfDay(tx, order.productId, day, now);
    const interest = miningDailyInterest(order.amount, rate, coin.decimals);
    // The payout row first: its key (order, day) refuses a day paid before, whatever the caller.
    await insertPayout(tx, { orderId: order.id, day, rate, amount: interest, paidAt: now });
    if (isPositive(interest)) {
      await post(tx, {
        kind: 'mining_interest',
        refType: 'mining_payout',
        refId: `${order.id}:${day}`,
        legs: [
          { accountId: await systemAccount(tx, 'interest_expense', coin.id), amount: `-${interest}` },
          { accountId: await userAccount(tx, order.userId, coin.id, 'spot'), amount: interest },
        ],
      });
    }
    const daysPaid = order.daysPaid + 1;
    order = await updateOrder(tx, order.id, { daysPaid, interestPaid: add(order.interestPaid, interest), nextPayoutAt: payoutDueAt(order, daysPaid) });
    paid.push({ orderId: order.id, day, rate, amount: interest });
  }
  return { order, paid };
}

/**
 * payDueDays for many orders at once, rows locked by the caller, with the same outcome as paying them one
 * after the other: every due day's rate (the low end published where none is), the payout rows in one
 * insert (its key refuses a day paid before, failing the whole batch), the interest in one postMany (one
 * entry per day, as before), the orders' figures in one update. Answers each order's result in order.
 */
export async function payDueDaysMany(tx: Tx, locked: readonly MiningOrder[], coinOf: (currencyId: number) => Coin, now: number): Promise<{ order: MiningOrder; paid: DayPaid[] }[]> {
  const due = locked.map((order) => {
    const days: string[] = [];
    let daysPaid = order.daysPaid;
    let nextPayoutAt = order.nextPayoutAt;
    while (order.status === 'active' && nextPayoutAt !== null && nextPayoutAt <= now && daysPaid < order.termDays) {
      days.push(addDays(order.startDay, daysPaid));
      daysPaid += 1;
      nextPayoutAt = payoutDueAt(order, daysPaid);
    }
    return { order, days, daysPaid, nextPayoutAt };
  });
  const rates = await ratesOfDays(
    tx,
    [...new Map(due.flatMap(({ order, days }) => days.map((day) => [`${order.productId}:${day}`, { productId: order.productId, day }] as const))).values()],
    now,
  );
  const results = due.map(({ order, days, daysPaid, nextPayoutAt }) => {
    const coin = coinOf(order.currencyId);
    const paid = days.map((day): DayPaid => {
      const rate = rates.get(`${order.productId}:${day}`);
      if (rate === undefined) throw new Error(`mining product ${order.productId}: no rate for ${day}`);
      return { orderId: order.id, day, rate, amount: miningDailyInterest(order.amount, rate, coin.decimals) };
    });
    const interestPaid = paid.reduce((total, p) => add(total, p.amount), order.interestPaid);
    return { order: { ...order, daysPaid, interestPaid, nextPayoutAt }, paid };
  });
  const payouts = results.flatMap((r) => r.paid);
  // The payout rows first: their key (order, day) refuses a day paid before, whatever the caller.
  await insertPayouts(tx, payouts, now);
  const positive = results.flatMap(({ order, paid }) => paid.filter((p) => isPositive(p.amount)).map((p) => ({ order, p })));
  const spot = await userAccountIds(
    tx,
    positive.map(({ order }) => ({ userId: order.userId, currencyId: order.currencyId, kind: 'spot' as const })),
  );
  const expense = new Map<number, number>();
  for (const { order } of positive) if (!expense.has(order.currencyId)) expense.set(order.currencyId, await systemAccount(tx, 'interest_expense', order.currencyId));
  await postMany(
    tx,
    positive.map(({ order, p }): Entry => ({
      kind: 'mining_interest',
      refType: 'mining_payout',
      refId: `${order.id}:${p.day}`,
      legs: [
        { accountId: expense.get(order.currencyId)!, amount: `-${p.amount}` },
        { accountId: spot.get(userAccountKey({ userId: order.userId, currencyId: order.currencyId, kind: 'spot' }))!, amount: p.amount },
      ],
    })),
  );
  await updatePaidOrders(
    tx,
    results.filter((r) => r.paid.length > 0).map(({ order }) => order),
  );
  return results;
}

/** The principal leaves the mining account's locked bucket: `returned` to spot, the rest (a penalty) to fees. */
async function release(tx: Tx, order: MiningOrder, coin: Coin, kind: 'mining_unlock' | 'mining_redeem', returned: string, penalty: string) {
  const legs: Leg[] = [{ accountId: await userAccount(tx, order.userId, coin.id, 'mining'), bucket: 'locked', amount: `-${order.amount}` }];
  if (isPositive(returned)) legs.push({ accountId: await userAccount(tx, order.userId, coin.id, 'spot'), amount: returned });
  if (isPositive(penalty)) legs.push({ accountId: await systemAccount(tx, 'fees', coin.id), amount: penalty });
  await post(tx, { kind, refType: 'mining_order', refId: order.id, legs });
}

/** At the unlock time, every day paid: the whole principal back to spot, no penalty. */
export async function unlock(tx: Tx, order: MiningOrder, coin: Coin, now: number): Promise<MiningOrder> {
  await release(tx, order, coin, 'mining_unlock', order.amount, '0');
  return updateOrder(tx, order.id, { status: 'expired', returned: order.amount, penalty: '0', endedAt: now, nextPayoutAt: null });
}

/**
 * unlock for many orders at once (rows locked by the caller, every day paid): each principal back to spot,
 * one entry per order in one postMany, the orders expired in one update. Answers the orders as they now are.
 */
export async function unlockMany(tx: Tx, orders: readonly MiningOrder[], now: number): Promise<MiningOrder[]> {
  const accounts = await userAccountIds(
    tx,
    orders.flatMap((order) => [
      { userId: order.userId, currencyId: order.currencyId, kind: 'mining' as const },
      { userId: order.userId, currencyId: order.currencyId, kind: 'spot' as const },
    ]),
  );
  const accountOf = (order: MiningOrder, kind: 'mining' | 'spot') => accounts.get(userAccountKey({ userId: order.userId, currencyId: order.currencyId, kind }))!;
  await postMany(
    tx,
    orders.map((order): Entry => {
      const legs: Leg[] = [{ accountId: accountOf(order, 'mining'), bucket: 'locked', amount: `-${order.amount}` }];
      if (isPositive(order.amount)) legs.push({ accountId: accountOf(order, 'spot'), amount: order.amount });
      return { kind: 'mining_unlock', refType: 'mining_order', refId: order.id, legs };
    }),
  );
  await markUnlocked(
    tx,
    orders.map((o) => o.id),
    now,
  );
  return orders.map((order) => ({ ...order, status: 'expired' as const, returned: order.amount, penalty: '0', endedAt: now, nextPayoutAt: null }));
}

/** Early redemption: penalty = ratio x whole days left x amount (wealth-rules.ts); interest paid so far is kept. */
export async function redeem(tx: Tx, order: MiningOrder, coin: Coin, now: number): Promise<MiningOrder> {
  const penalty = miningPenalty(order.amount, order.penaltyRatio, miningRemainingDays(order.unlockAt, now), coin.decimals);
  const returned = sub(order.amount, penalty);
  await release(tx, order, coin, 'mining_redeem', returned, penalty);
  return updateOrder(tx, order.id, { status: 'redeemed', returned, penalty, endedAt: now, nextPayoutAt: null });
}

/** Whether the order has reached its unlock time with every day paid (the job unlocks it). */
export const unlockable = (order: MiningOrder, now: number) => order.status === 'active' && order.unlockAt <= now && order.daysPaid === order.termDays;
