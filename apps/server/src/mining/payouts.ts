/**
 * The money movements of one mining order, each on the order's row locked by the caller (the payout
 * job claims due rows, a redemption locks its own), so a day is paid once and an order ends once:
 *  - paying its due days, each at that day's published rate, the missed ones in turn (catch-up);
 *  - unlocking it at its unlock time once every day is paid (principal back to spot);
 *  - redeeming it early (principal less the penalty back to spot, the penalty to fees).
 */
import { add, addDays, dayStart, isPositive, miningDailyInterest, miningPenalty, miningRemainingDays, sub } from '@fairex/contract';
import type { Tx } from '../db/client.ts';
import { post, systemAccount, userAccount, type Leg } from '../ledger/index.ts';
import { findRate, insertPayout, publishLowEnd, updateOrder, type Coin, type MiningOrder } from './repository.ts';

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

/** Early redemption: penalty = ratio x whole days left x amount (wealth-rules.ts); interest paid so far is kept. */
export async function redeem(tx: Tx, order: MiningOrder, coin: Coin, now: number): Promise<MiningOrder> {
  const penalty = miningPenalty(order.amount, order.penaltyRatio, miningRemainingDays(order.unlockAt, now), coin.decimals);
  const returned = sub(order.amount, penalty);
  await release(tx, order, coin, 'mining_redeem', returned, penalty);
  return updateOrder(tx, order.id, { status: 'redeemed', returned, penalty, endedAt: now, nextPayoutAt: null });
}

/** Whether the order has reached its unlock time with every day paid (the job unlocks it). */
export const unlockable = (order: MiningOrder, now: number) => order.status === 'active' && order.unlockAt <= now && order.daysPaid === order.termDays;
