/**
 * The allocation of an ended project (wealth-rules.ts, "IEO"): every pending subscription gets its
 * share of the supply (all of it when the applied total fits), pays for what it got at the issue price
 * (rounded up, never more than it paid) and has the rest of its payment refunded. The tokens come out
 * of the ieo_sale system account into the user's spot account, locked for the project's lock period
 * (released at once without one); the proceeds go to ieo_sale. One project is one job item: its orders,
 * its ledger entries, its passed total and its subscribers' notifications commit together or not at all.
 */
import { cmp, DAY_MS, ieoAllocate, ieoCost, isPositive, money, sub, sum, toAmountString } from '@fairex/contract';
import type { Tx } from '../db/client.ts';
import type { NotificationService } from '../notifications/service.ts';
import { BATCH_LEGS_PER_ENTRY_MAX, post, systemAccount, userAccount, type Leg } from '../ledger/index.ts';
import { coinById, markAllocated, markProjectAllocated, pendingOrders, type Allocation, type IeoOrder, type IeoProject } from './repository.ts';

/** At most three legs per order (payment out of frozen, refund, tokens) plus two for ieo_sale per entry. */
export const IEO_ORDERS_PER_ENTRY_MAX = Math.floor((BATCH_LEGS_PER_ENTRY_MAX - 2) / 3);

export type AllocationResult = {
  orders: number;
  token: string;
  payCurrency: string;
  /** Tokens credited to users, payment kept (charged) and payment refunded. */
  allocated: string;
  charged: string;
  refunded: string;
};

/** Each order's figures by the rules; a charge above the payment would be a broken rule, so it throws. */
export function allocationsOf(project: IeoProject, orders: IeoOrder[], tokenDecimals: number, payDecimals: number): Allocation[] {
  const shares = ieoAllocate(
    orders.map((o) => o.amount),
    project.totalIssuance,
    tokenDecimals,
  );
  const unlockAt = project.lockDays > 0 ? project.endAt + project.lockDays * DAY_MS : null;
  return orders.map((order, i) => {
    const allocated = toAmountString(shares[i]!);
    const charged = ieoCost(allocated, order.price, payDecimals);
    if (cmp(charged, order.paid) > 0) throw new Error(`ieo order ${order.id}: charge ${charged} above payment ${order.paid}`);
    const locked = unlockAt !== null && isPositive(allocated);
    return { id: order.id, status: locked ? 'allocated' : 'released', allocated, charged, refunded: sub(order.paid, charged), unlockAt: locked ? unlockAt : null };
  });
}

export async function allocateProject(tx: Tx, project: IeoProject, now: number, notifications?: NotificationService): Promise<AllocationResult> {
  const [token, payCoin] = await Promise.all([coinById(tx, project.currencyId), coinById(tx, project.payCurrencyId)]);
  if (!token || !payCoin) throw new Error(`ieo project ${project.id}: coin missing`);
  const orders = await pendingOrders(tx, project.id);
  const allocations = allocationsOf(project, orders, token.decimals, payCoin.decimals);
  // The project row is locked by the job's claim and subscriptions lock it too, so no pending order
  // can change under us: every one of them must be written.
  const written = await markAllocated(tx, allocations, now);
  if (written.length !== allocations.length) throw new Error(`ieo project ${project.id}: ${allocations.length - written.length} orders changed during allocation`);

  const byId = new Map(orders.map((o) => [o.id, o]));
  for (let start = 0, part = 1; start < allocations.length; start += IEO_ORDERS_PER_ENTRY_MAX, part += 1) {
    await postAllocations(tx, project, { token: token.id, pay: payCoin.id }, allocations.slice(start, start + IEO_ORDERS_PER_ENTRY_MAX), byId, part);
  }
  const allocated = sum(allocations.map((a) => a.allocated));
  await markProjectAllocated(tx, project.id, allocated, now);
  // Each subscriber is told what they got, kept and got back, with the allocation.
  await notifications?.recordMany(
    tx,
    allocations.map((a) => ({
      userId: byId.get(a.id)!.userId,
      refId: a.id,
      event: {
        kind: 'ieo_allocated' as const,
        figures: { order_id: a.id, project: project.name, allocated: a.allocated, token: token.name, charged: a.charged, refunded: a.refunded, pay_currency: payCoin.name, unlock_at: a.unlockAt },
      },
    })),
  );
  return {
    orders: allocations.length,
    token: token.name,
    payCurrency: payCoin.name,
    allocated,
    charged: sum(allocations.map((a) => a.charged)),
    refunded: sum(allocations.map((a) => a.refunded)),
  };
}

/** One ledger entry for a slice of a project's orders, each user leg naming its order. */
async function postAllocations(tx: Tx, project: IeoProject, coins: { token: number; pay: number }, slice: Allocation[], byId: Map<number, IeoOrder>, part: number) {
  const legs: Leg[] = [];
  for (const allocation of slice) {
    const order = byId.get(allocation.id)!;
    const ref = { refType: 'ieo_order', refId: order.id };
    const payAccount = await userAccount(tx, order.userId, coins.pay, 'spot');
    legs.push({ accountId: payAccount, bucket: 'frozen', amount: toAmountString(money(order.paid).negated()), ...ref });
    if (isPositive(allocation.refunded)) legs.push({ accountId: payAccount, amount: allocation.refunded, ...ref });
    if (isPositive(allocation.allocated)) {
      const tokenAccount = await userAccount(tx, order.userId, coins.token, 'spot');
      legs.push({ accountId: tokenAccount, bucket: allocation.status === 'allocated' ? 'locked' : 'available', amount: allocation.allocated, ...ref });
    }
  }
  const charged = sum(slice.map((a) => a.charged));
  const allocated = sum(slice.map((a) => a.allocated));
  if (isPositive(charged)) legs.push({ accountId: await systemAccount(tx, 'ieo_sale', coins.pay), amount: charged });
  if (isPositive(allocated)) legs.push({ accountId: await systemAccount(tx, 'ieo_sale', coins.token), amount: toAmountString(money(allocated).negated()) });
  await post(tx, { kind: 'ieo_allocate', refType: 'ieo_project', refId: `${project.id}:${part}`, legs }, BATCH_LEGS_PER_ENTRY_MAX);
}
