/**
 * Writing a planned batch: new orders, order progress, trades and every ledger entry in ONE transaction;
 * and, when the answer to its COMMIT is lost (the connection dropped while committing), finding out
 * whether it landed, by the ids the batch reserved.
 */
import type { Db } from '../db/client.ts';
import { post } from '../ledger/index.ts';
import { lotsToQuantity, ticksToPrice } from './engine/index.ts';
import { fineDecimals, fromUnits } from './amounts.ts';
import { BATCH_REF_TYPE, type BatchPlan } from './batch-plan.ts';
import type { LiveOrder, Market } from './book-state.ts';
import { batchLanded, insertOrders, insertTrades, lockAccountsInOrder, selectTradeIdsOfTakers, updateOrders, type SpotOrderInsert } from './repository.ts';

export type StoredTrade = BatchPlan['trades'][number] & { id: number };

/** Writes the plan in one transaction; returns its trades with their ids. */
export async function storeBatch(db: Db, market: Market, plan: BatchPlan, entries = plan.entries()): Promise<StoredTrade[]> {
  const { spec, symbolId } = market;
  const fine = fineDecimals(spec);
  const amounts = (o: LiveOrder) => {
    const units = o.side === 'buy' ? fine : spec.quantityDecimals;
    return {
      filledQuantity: fromUnits(o.filledLots, spec.quantityDecimals),
      filledQuote: fromUnits(o.filledQuote, spec.priceDecimals + spec.quantityDecimals),
      fee: fromUnits(o.fee, fine),
      frozen: fromUnits(o.frozen, units),
      used: fromUnits(o.used, units),
    };
  };
  const inserts: SpotOrderInsert[] = [...plan.inserted.values()].map((o) => ({
    id: o.id,
    userId: o.userId,
    symbolId,
    side: o.side,
    type: o.type,
    price: o.price === null ? null : ticksToPrice(spec, o.price),
    quantity: lotsToQuantity(spec, o.quantity),
    ...amounts(o),
    status: o.status,
    doneReason: o.doneReason,
    createdAt: o.createdAt,
    updatedAt: o.updatedAt,
  }));
  const updates = [...plan.updated].map((o) => {
    const { filledQuantity, filledQuote, fee, used } = amounts(o);
    return { id: o.id, filledQuantity, filledQuote, fee, used, status: o.status, doneReason: o.doneReason };
  });
  if (inserts.length === 0 && updates.length === 0 && entries.length === 0) return [];
  return db.transaction(async (tx) => {
    await lockAccountsInOrder(tx, [...plan.accounts]);
    await insertOrders(tx, inserts);
    await updateOrders(tx, updates);
    const tradeIds = await insertTrades(
      tx,
      plan.trades.map(({ time: _time, ...row }) => row),
    );
    for (const entry of entries) await post(tx, entry);
    return plan.trades.map((t, i) => ({ ...t, id: tradeIds[i]! }));
  });
}

/**
 * Whether a batch whose COMMIT went unanswered is in the database: its first entry (every batch that
 * writes anything posts one) or one of its new orders. Throws when the database cannot be read.
 */
export async function batchCommitted(db: Db, plan: BatchPlan, entries = plan.entries()): Promise<boolean> {
  const first = entries[0];
  return batchLanded(db, {
    orderIds: [...plan.inserted.keys()],
    entry: first ? { refType: BATCH_REF_TYPE, refId: String(first.refId) } : undefined,
  });
}

/** The trades of a batch found committed after the fact, with their ids (a batch's trades are its new orders' fills). */
export async function committedTrades(db: Db, plan: BatchPlan): Promise<StoredTrade[]> {
  if (plan.trades.length === 0) return [];
  const ids = await selectTradeIdsOfTakers(db, [...plan.inserted.keys()]);
  if (ids.length !== plan.trades.length) throw new Error(`spot: batch ${plan.batchId} committed ${ids.length} trades, planned ${plan.trades.length}`);
  return plan.trades.map((t, i) => ({ ...t, id: ids[i]! }));
}
