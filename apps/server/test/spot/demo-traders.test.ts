// Proves the development demo spot traders make a living market from real orders: the seed adds the demo
// users once, funded through the ledger; a round of the job places market orders through the spot
// service that fill against the market maker's quotes (trades recorded, every pair within its turn,
// the 24 h volume moves); the back office's switch stops it; and the ledger audit holds throughout.
import { money } from '@fairex/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OPERATOR } from '../../src/admin/operators.ts';
import { users } from '../../src/accounts/tables.ts';
import { queryRows } from '../../src/db/client.ts';
import { seededRandom } from '../../src/markets/random.ts';
import { chooseDemoOrder, DemoSpotTraders, seedSpotDemo, SPOT_DEMO_QUOTE_FUNDS, SPOT_DEMO_TRADERS, spotDemoTraderIds } from '../../src/spot/demo.ts';
import { seedMarketMaker } from '../../src/spot/market-maker.ts';
import { spotTrades } from '../../src/spot/tables.ts';
import { expectLedgerBalanced, makeTestApp, operatorHeaders, operatorLogin, type TestApp } from '../support/app.ts';
import { btcMarket, spotFigures } from './support.ts';

let test: TestApp;
beforeAll(async () => {
  test = await makeTestApp();
});
afterAll(async () => {
  await test.close();
});

async function admin(method: 'GET' | 'POST', url: string, token?: string, payload?: Record<string, string>) {
  const res = await test.app.inject({ method, url: `/api/admin${url}`, headers: token ? operatorHeaders(token) : {}, payload, remoteAddress: test.nextIp() });
  return res.json() as { type: string; message: any };
}
/** What the market page says about who quotes the books (GET /api/coin/market_maker, public). */
const marketMaker = async () => (await test.app.inject({ method: 'GET', url: '/api/coin/market_maker', remoteAddress: test.nextIp() })).json().message;

describe('demo spot traders', { timeout: 120_000 }, () => {
  it('seeds the demo traders once, visible and marked demo, funded through the ledger', async () => {
    // Before the seed (as in production): the market maker is named, no demo traders.
    expect(await marketMaker()).toEqual({ account: 'market-maker', demo_traders: [] });
    await seedSpotDemo(test.db);
    await seedSpotDemo(test.db);
    expect(await marketMaker()).toEqual({ account: 'market-maker', demo_traders: SPOT_DEMO_TRADERS.map((t) => t.nickname) });
    const ids = await spotDemoTraderIds(test.db);
    expect(ids).toHaveLength(SPOT_DEMO_TRADERS.length);
    const rows = await test.db.select().from(users).where(inArray(users.id, ids));
    for (const row of rows) expect(row.nickname?.toLowerCase()).toContain('demo');
    const m = btcMarket(test);
    for (const id of ids) {
      expect((await spotFigures(test, id, m.quote)).available).toBe(SPOT_DEMO_QUOTE_FUNDS);
      expect(Number((await spotFigures(test, id, m.base)).available)).toBeGreaterThan(0);
    }
    const [seeded] = await queryRows<{ n: number }>(test.db, sql`select count(*)::int as n from ledger_entries where ref_type = 'demo_seed'`);
    // USDT and the four seeded base coins, per trader, once.
    expect(seeded!.n).toBe(SPOT_DEMO_TRADERS.length * 5);
    await expectLedgerBalanced(test);
  });

  it('places real orders that fill against the market maker, every pair in its turn', async () => {
    const makerId = await seedMarketMaker(test.db);
    await test.ctx.spot.marketMaker!.quoteAll();
    const demo = new DemoSpotTraders(test.db, test.ctx.spot, 20261122);
    const writers = test.ctx.spot.allWriters();
    const traders = await spotDemoTraderIds(test.db);
    const placed = [];
    for (let round = 0; round < writers.length * 2; round++) placed.push(await demo.round());
    expect(placed.every((o) => o !== undefined && o.status === 'filled' && o.order_type === 'market')).toBe(true);
    for (const writer of writers) {
      const trades = await test.db.select().from(spotTrades).where(eq(spotTrades.symbolId, writer.market.symbolId));
      expect(trades.length).toBeGreaterThan(0);
      for (const t of trades) {
        expect(t.makerUserId).toBe(makerId);
        expect(traders).toContain(t.takerUserId);
      }
    }
    const quotations = await test.ctx.markets.quotations();
    const btc = quotations.find((q) => q.id === btcMarket(test).symbolId)!;
    expect(Number(btc.volume)).toBeGreaterThan(0);
    await expectLedgerBalanced(test);
  });

  it('places nothing once an operator switches it off, and again once switched on', async () => {
    const token = await operatorLogin(test.app, DEMO_OPERATOR.username, DEMO_OPERATOR.password, test.nextIp());
    expect((await admin('GET', '/spot/demo-trading', token)).message).toEqual({ enabled: true, traders: SPOT_DEMO_TRADERS.length });
    expect((await admin('POST', '/spot/demo-trading', token, { enabled: 'false' })).message).toMatchObject({ enabled: false });
    expect((await marketMaker()).demo_traders).toEqual([]);
    const demo = new DemoSpotTraders(test.db, test.ctx.spot, 7);
    const before = await test.db.select({ id: spotTrades.id }).from(spotTrades);
    expect(await demo.round()).toBeUndefined();
    expect(await test.db.select({ id: spotTrades.id }).from(spotTrades)).toHaveLength(before.length);
    expect((await admin('POST', '/spot/demo-trading', token, { enabled: 'true' })).message).toMatchObject({ enabled: true });
    expect((await demo.round())?.status).toBe('filled');
    const [logged] = await queryRows<{ n: number }>(test.db, sql`select count(*)::int as n from operator_audit_log where action = 'spot_demo_trading_edit'`);
    expect(logged!.n).toBe(2);
    await expectLedgerBalanced(test);
  });
});

describe('demo order choice', () => {
  const input = { price: money('65000'), quantityDecimals: 6, orderValueMin: '5', held: '0.3', seeded: '0.3', quoteAvailable: '50000' };

  it('sizes every order above the minimum value and within the bounds, on both sides', () => {
    const random = seededRandom(1);
    const sides = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const choice = chooseDemoOrder(random, input)!;
      const value = money(choice.quantity).times('65000');
      expect(value.gte(10) && value.lte(80)).toBe(true);
      sides.add(choice.side);
    }
    expect([...sides].sort()).toEqual(['buy', 'sell']);
  });

  it('leans back towards the seeded holding and never picks a side it cannot pay', () => {
    const random = seededRandom(2);
    const buys = (held: string) => Array.from({ length: 200 }, () => chooseDemoOrder(random, { ...input, held })!.side).filter((s) => s === 'buy').length;
    expect(buys('0.6')).toBeLessThan(60);
    expect(buys('0.001')).toBeGreaterThan(140);
    expect(chooseDemoOrder(random, { ...input, held: '0' })?.side).toBe('buy');
    expect(chooseDemoOrder(random, { ...input, quoteAvailable: '1' })?.side).toBe('sell');
    expect(chooseDemoOrder(random, { ...input, held: '0', quoteAvailable: '1' })).toBeUndefined();
  });
});
