// Proves the market maker keeps its configured ladder (levels a side, spread, step, level value) around
// a slowly moving index while placing few orders: it requotes only the levels whose target changed, so
// spot_orders and the journal grow with the index's moves, not with every tick. Its orders go through
// the writers like everyone's, so its balances stay real ledger balances (the audit holds).
import { money, roundTo } from '@fairex/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { seedMarketMaker } from '../../src/spot/market-maker.ts';
import { expectLedgerBalanced, makeTestApp, type TestApp } from '../support/app.ts';
import { btcMarket, spotFigures } from './support.ts';

let test: TestApp;
beforeAll(async () => {
  test = await makeTestApp();
});
afterAll(async () => {
  await test.close();
});

const TICKS = 60;
/** The index rises this much per tick: 18 bps over the run, a few times the 2 bps requote threshold. */
const DRIFT_BPS_PER_TICK = 0.3;

async function ordersPlacedBy(userId: number, symbolId: number) {
  const [row] = await queryRows<{ n: number }>(test.db, sql`select count(*)::int as n from spot_orders where user_id = ${userId} and symbol_id = ${symbolId}`);
  return row!.n;
}

describe('market maker', () => {
  it('keeps its ladder on a slowly moving index with at most half the orders of requoting every level', async () => {
    const m = btcMarket(test);
    const makerId = await seedMarketMaker(test.db);
    const maker = test.ctx.spot.marketMaker!;
    const writer = test.ctx.spot.writer(m.symbolId)!;
    let index = money('65000');
    await maker.quote(writer, index.toFixed());
    const first = await ordersPlacedBy(makerId, m.symbolId);
    expect(first).toBe(20);

    for (let tick = 1; tick <= TICKS; tick++) {
      index = index.times(money(1).plus(money(DRIFT_BPS_PER_TICK).dividedBy(10_000)));
      await maker.quote(writer, roundTo(index, 2));
    }
    const placed = (await ordersPlacedBy(makerId, m.symbolId)) - first;
    // Cancelling and replacing all 20 orders whenever the index moved 2 bps placed 160 orders here.
    expect(placed).toBeLessThanOrEqual(80);

    // Still the configured ladder: 10 levels a side, 5 bps apart, 10 bps between best bid and best ask,
    // centred on the index within half a step plus the requote threshold.
    const depth = writer.depth(50);
    expect([depth.bids.length, depth.asks.length]).toEqual([10, 10]);
    const bps = (a: number, b: number) => ((a - b) / b) * 10_000;
    const bestBid = depth.bids[0]!.price;
    const bestAsk = depth.asks[0]!.price;
    const centre = (bestBid + bestAsk) / 2;
    expect(bps(bestAsk, bestBid)).toBeCloseTo(10, 0);
    expect(Math.abs(bps(centre, Number(index) * 100))).toBeLessThanOrEqual(4.5);
    for (const side of [depth.bids, depth.asks]) {
      for (let level = 1; level < side.length; level++) expect(Math.abs(bps(side[level]!.price, side[level - 1]!.price))).toBeCloseTo(5, 0);
    }

    // Its frozen funds are exactly what its open orders hold.
    const held = writer.openOrdersOf(makerId).filter((o) => o.side === 'sell').reduce((sum, o) => sum + o.frozen - o.used, 0n);
    expect(money((await spotFigures(test, makerId, m.base)).frozen).times(1_000_000).toFixed()).toBe(held.toString());
    await expectLedgerBalanced(test);
  });

  it('requotes a symbol one at a time: a requote, a second one and a withdrawal asked at once leave one ladder, then none', async () => {
    const m = btcMarket(test);
    const makerId = await seedMarketMaker(test.db);
    const maker = test.ctx.spot.marketMaker!;
    const writer = test.ctx.spot.writer(m.symbolId)!;
    await maker.withdraw(m.symbolId);
    expect(writer.openOrdersOf(makerId)).toHaveLength(0);
    // Side by side, both would read the empty ladder and place its 20 levels twice.
    await Promise.all([maker.quote(writer, '66000'), maker.quote(writer, '66000')]);
    expect(writer.openOrdersOf(makerId)).toHaveLength(20);
    const settled = Promise.all([maker.quote(writer, '66100'), maker.withdraw(m.symbolId)]);
    await maker.settled();
    expect(writer.openOrdersOf(makerId)).toHaveLength(0);
    await settled;
    expect((await spotFigures(test, makerId, m.base)).frozen).toBe('0');
    await expectLedgerBalanced(test);
  });
});
