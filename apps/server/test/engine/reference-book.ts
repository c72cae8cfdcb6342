/**
 * A deliberately naive order book, the oracle for the engine's property tests: resting orders in one
 * array, and every match step scans it for the best maker (best price, then lowest sequence). It
 * models the engine's rules (price-time priority, self-trade prevention "cancel oldest", market by
 * quantity with an optional protection price, or by quote amount) with none of its data structures,
 * for valid orders only.
 */
import type { Depth, DepthLevel, DoneReason, EngineEvent, OrderInput, RestingOrder, Side } from '../../src/spot/engine/index.ts';

export class ReferenceBook {
  resting: RestingOrder[] = [];
  sequence = 0;

  place(order: OrderInput): EngineEvent[] {
    if (this.resting.some((o) => o.id === order.id)) return [{ type: 'rejected', orderId: order.id, reason: 'duplicate_order_id' }];
    const sequence = ++this.sequence;
    const events: EngineEvent[] = [
      {
        type: 'accepted',
        sequence,
        orderId: order.id,
        accountId: order.accountId,
        side: order.side,
        orderType: order.type,
        price: order.price ?? null,
        quantity: order.quantity ?? null,
        quoteAmount: order.quoteAmount ?? null,
        time: order.time,
      },
    ];
    const isBuy = order.side === 'buy';
    const byQuote = order.quoteAmount !== undefined;
    let remaining = order.quantity ?? 0;
    let budget = order.quoteAmount ?? 0;
    let traded = false;
    let dust = false;
    for (;;) {
      if (byQuote ? budget === 0 : remaining === 0) break;
      const maker = this.bestMaker(isBuy ? 'sell' : 'buy');
      if (maker === undefined) break;
      // A limit price, or a market order's protection price.
      if (order.price !== undefined && (isBuy ? maker.price > order.price : maker.price < order.price)) break;
      const wanted = byQuote ? Math.floor(budget / maker.price) : remaining;
      if (wanted === 0) {
        dust = true;
        break;
      }
      if (maker.accountId === order.accountId) {
        this.remove(maker);
        events.push(this.done(maker.id, maker.accountId, maker.side, 'self_trade_prevented', maker.remaining, 0));
        continue;
      }
      const quantity = Math.min(wanted, maker.remaining);
      maker.remaining -= quantity;
      if (byQuote) budget -= quantity * maker.price;
      else remaining -= quantity;
      traded = true;
      events.push({
        type: 'trade',
        sequence: ++this.sequence,
        makerOrderId: maker.id,
        takerOrderId: order.id,
        makerAccountId: maker.accountId,
        takerAccountId: order.accountId,
        takerSide: order.side,
        price: maker.price,
        quantity,
        quoteAmount: quantity * maker.price,
        time: order.time,
      });
      if (maker.remaining === 0) {
        this.remove(maker);
        events.push(this.done(maker.id, maker.accountId, maker.side, 'filled', 0, 0));
      }
    }
    if (byQuote) {
      const reason = budget === 0 || (dust && traded) ? 'filled' : 'no_liquidity';
      events.push(this.done(order.id, order.accountId, order.side, reason, 0, budget));
    } else if (remaining === 0) {
      events.push(this.done(order.id, order.accountId, order.side, 'filled', 0, 0));
    } else if (order.type === 'limit') {
      this.resting.push({ id: order.id, accountId: order.accountId, side: order.side, price: order.price!, quantity: order.quantity!, remaining, time: order.time, sequence });
    } else {
      events.push(this.done(order.id, order.accountId, order.side, 'no_liquidity', remaining, 0));
    }
    return events;
  }

  cancel(orderId: number): EngineEvent[] {
    const order = this.resting.find((o) => o.id === orderId);
    if (order === undefined) return [{ type: 'rejected', orderId, reason: 'unknown_order' }];
    this.remove(order);
    return [this.done(order.id, order.accountId, order.side, 'cancelled', order.remaining, 0)];
  }

  depth(): Depth {
    const side = (which: Side): DepthLevel[] => {
      const levels = new Map<number, DepthLevel>();
      for (const order of this.resting.filter((o) => o.side === which)) {
        const level = levels.get(order.price) ?? { price: order.price, quantity: 0, orders: 0 };
        level.quantity += order.remaining;
        level.orders++;
        levels.set(order.price, level);
      }
      return [...levels.values()].sort((a, b) => (which === 'buy' ? b.price - a.price : a.price - b.price));
    };
    return { bids: side('buy'), asks: side('sell') };
  }

  private bestMaker(side: Side): RestingOrder | undefined {
    let best: RestingOrder | undefined;
    for (const order of this.resting) {
      if (order.side !== side) continue;
      const better = best === undefined || (side === 'sell' ? order.price < best.price : order.price > best.price) || (order.price === best.price && order.sequence < best.sequence);
      if (better) best = order;
    }
    return best;
  }

  private remove(order: RestingOrder) {
    this.resting.splice(this.resting.indexOf(order), 1);
  }

  private done(orderId: number, accountId: number, side: Side, reason: DoneReason, remainingQuantity: number, remainingQuoteAmount: number): EngineEvent {
    return { type: 'done', sequence: ++this.sequence, orderId, accountId, side, reason, remainingQuantity, remainingQuoteAmount };
  }
}
