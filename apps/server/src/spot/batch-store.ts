/**
 * Writing a planned batch: new orders, order progress, trades and every ledger entry in ONE transaction
 * of three statements;
 * and, when the answer to its COMMIT is lost (the connection dropped while committing), finding out
 * whether it landed, by the ids the batch reserved.
 */
import type { Db, Tx } from '../db/client.ts';
import { postMany } from '../ledger/index.ts';
import { lotsToQuantity, ticksToPrice } from './engine/index.ts';
import { fineDecimals, fromUnits } from './amounts.ts';
import { BATCH_REF_TYPE, type BatchPlan } from './batch-plan.ts';
import type { LiveOrder, Market } from './book-state.ts';
import { batchLanded, selectTradeIdsOfTakers, writeBatchRows, type BatchOrderRow, type BatchTradeRow, type OrderProgress } from './repository.ts';

export type StoredTrade = BatchPlan['trades'][number] & { id: number };

/**
 * Writes the plan in one transaction of three statements: the orders and trades (writeBatchRows), then
 * every ledger entry of the batch through postMany, which locks the touched accounts once, in id order
 * (the ledger's order, so two writers cannot deadlock), checks and writes them all. Returns the plan's
 * trades with their ids.
 */
export async function storeBatch(db: Db, market: Market, plan: BatchPlan, entries = plan.entries(), fence?: (tx: Tx) => Promise<void>): Promise<StoredTrade[]> {
  const { spec, symbolId } = market;
  const fine = fineDecimals(spec);
  const filled = (o: LiveOrder) => ({
    filled_quantity: fromUnits(o.filledLots, spec.quantityDecimals),
    filled_quote: fromUnits(o.filledQuote, spec.priceDecimals + spec.quantityDecimals),
    fee: fromUnits(o.fee, fine),
    used: fromUnits(o.used, o.side === 'buy' ? fine : spec.quantityDecimals),
  });
  const orders: BatchOrderRow[] = [];
  for (const o of plan.inserted.values()) {
    orders.push({
      id: o.id,
      user_id: o.userId,
      symbol_id: symbolId,
      side: o.side,
      type: o.type,
      price: o.price === null ? null : ticksToPrice(spec, o.price),
      quantity: lotsToQuantity(spec, o.quantity),
      ...filled(o),
      frozen: fromUnits(o.frozen, o.side === 'buy' ? fine : spec.quantityDecimals),
      status: o.status,
      done_reason: o.doneReason,
      created_at: o.createdAt.toISOString(),
      updated_at: o.updatedAt.toISOString(),
    });
  }
  const progress: OrderProgress[] = [];
  for (const o of plan.updated) progress.push({ id: o.id, ...filled(o), status: o.status, done_reason: o.doneReason });
  if (orders.length === 0 && progress.length === 0 && entries.length === 0) return [];
  const trades: BatchTradeRow[] = plan.trades.map((t) => ({
    symbol_id: t.symbolId,
    maker_order_id: t.makerOrderId,
    taker_order_id: t.takerOrderId,
    maker_user_id: t.makerUserId,
    taker_user_id: t.takerUserId,
    taker_side: t.takerSide,
    price: t.price,
    quantity: t.quantity,
    quote: t.quote,
    maker_fee: t.makerFee,
    taker_fee: t.takerFee,
    created_at: new Date(t.time).toISOString(),
  }));
  return db.transaction(async (tx) => {
    await fence?.(tx);
    const tradeIds = await writeBatchRows(tx, { orders, progress, trades });
    await postMany(tx, entries);
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
