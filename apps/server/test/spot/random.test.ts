// Proves that the group-committed writer keeps the ledger exact under load: several funded users fire
// thousands of seeded random limit, market and cancel orders concurrently (so batches hold many
// commands) against the market maker; afterwards the audit holds, every user's frozen funds equal what
// their open orders still hold, and a writer rebuilt from the database holds exactly the same book:
// every resting order with its price, remaining quantity, time priority and frozen and used amounts.
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { marketSymbols } from '../../src/markets/tables.ts';
import { seedMarketMaker } from '../../src/spot/market-maker.ts';
import { SpotService } from '../../src/spot/service.ts';
import { call, expectLedgerBalanced, makeTestApp, makeUser, type TestApp } from '../support/app.ts';
import { fundAccount } from '../support/ledger.ts';
import { btcMarket } from './support.ts';

let test: TestApp;
beforeAll(async () => {
  // The load is a few users firing as fast as they can, with orders down to one lot: above the
  // anti-abuse limits a user gets by default (spot/order-limits.ts), so this test raises them.
  test = await makeTestApp({ spotOrdersPerSecond: 100_000, spotOrdersPerMinute: 1_000_000, spotOpenOrdersPerSymbolMax: 100_000 });
  await test.db.update(marketSymbols).set({ orderValueMin: '0' }).where(eq(marketSymbols.symbol, 'BTC/USDT'));
  await test.ctx.spot.sync();
});
afterAll(async () => {
  await test.close();
});

const USERS = 6;
const OPERATIONS = 2_400;
/** Requests in flight at once: enough that batches hold many commands. */
const CONCURRENCY = 60;

describe('spot under random load', () => {
  it('keeps the ledger balanced and the book rebuildable after thousands of random orders and cancels', async () => {
    const m = btcMarket(test);
    await seedMarketMaker(test.db);
    await test.ctx.spot.marketMaker!.quoteAll();
    const users: Awaited<ReturnType<typeof makeUser>>[] = [];
    for (let i = 0; i < USERS; i++) {
      const user = await makeUser(test);
      await fundAccount(test, user.id, m.quote, '2000');
      await fundAccount(test, user.id, m.base, '0.03');
      users.push(user);
    }
    const operation = fc.record({
      user: fc.integer({ min: 0, max: USERS - 1 }),
      kind: fc.constantFrom('limit', 'limit', 'limit', 'market', 'cancel', 'cancel'),
      side: fc.constantFrom('buy', 'sell'),
      // Around the index: some orders cross the market maker's ladder, some rest.
      offsetBps: fc.integer({ min: -40, max: 40 }),
      lots: fc.integer({ min: 1, max: 5000 }),
      pick: fc.nat(),
    });
    const operations = fc.sample(operation, { numRuns: OPERATIONS, seed: 20261122 });
    const placed: { user: number; id: number }[] = [];
    const counts = { ok: 0, insufficient: 0, notFound: 0, noLiquidity: 0, other: [] as unknown[] };
    const index = Number(test.ctx.markets.feed.price('BTC/USDT'));
    const writer = test.ctx.spot.writer(m.symbolId)!;
    for (let start = 0; start < operations.length; start += CONCURRENCY) {
      const chunk = operations.slice(start, start + CONCURRENCY);
      const answers = await Promise.all(
        chunk.map(async (op) => {
          const user = users[op.user]!;
          if (op.kind === 'cancel') {
            // One of the user's open orders (it may fill before the cancel runs), else any order of theirs.
            const open = writer.openOrdersOf(user.id);
            const mine = placed.filter((p) => p.user === op.user);
            const target = open[op.pick % Math.max(open.length, 1)]?.id ?? mine[op.pick % Math.max(mine.length, 1)]?.id ?? 1;
            return call(test.app, `/coin/trade?id=${target}`, { method: 'PUT', token: user.token });
          }
          const payload: Record<string, unknown> = { amount: (op.lots / 1_000_000).toFixed(6), currency_id: m.base, legal_id: m.quote, type: op.side };
          if (op.kind === 'limit') payload.target_price = (index * (1 + op.offsetBps / 10_000)).toFixed(2);
          const answer = await call(test.app, '/coin/trade', { token: user.token, payload });
          if (answer.body.type === 'ok') placed.push({ user: op.user, id: answer.body.message.id });
          return answer;
        }),
      );
      for (const a of answers) {
        if (a.body.type === 'ok') counts.ok++;
        else if (a.body.code === 'insufficient_balance') counts.insufficient++;
        else if (a.body.code === 'not_found') counts.notFound++;
        else if (a.body.code === 'no_liquidity') counts.noLiquidity++;
        else counts.other.push(a.body);
      }
      if (start % (CONCURRENCY * 4) === 0) await test.ctx.spot.marketMaker!.quoteAll();
    }
    expect(counts.other).toEqual([]);
    expect(counts.ok).toBeGreaterThan(OPERATIONS / 2);
    const [trades] = await queryRows<{ n: number }>(test.db, sql`select count(*)::int as n from spot_trades`);
    expect(trades!.n).toBeGreaterThan(300);
    const userIds = sql.join(
      users.map((u) => sql`${u.id}`),
      sql`, `,
    );
    const [cancels] = await queryRows<{ n: number }>(test.db, sql`select count(*)::int as n from spot_orders where done_reason = 'cancelled' and user_id in (${userIds})`);
    expect(cancels!.n).toBeGreaterThan(200);
    // Some orders were refused for funds, inside batches that committed the others.
    expect(counts.insufficient).toBeGreaterThan(0);

    await expectLedgerBalanced(test);
    // Every frozen figure is exactly what open orders still hold (frozen - used).
    const mismatched = await queryRows(
      test.db,
      sql`select a.id, a.frozen, coalesce(o.held, 0) as held from ledger_accounts a
          left join (
            select o.user_id, case o.side when 'buy' then s.quote_currency_id else s.base_currency_id end as currency_id, sum(o.frozen - o.used) as held
            from spot_orders o join market_symbols s on s.id = o.symbol_id where o.status = 'open' group by 1, 2) o
            on o.user_id = a.user_id and o.currency_id = a.currency_id
          where a.kind = 'spot' and a.frozen <> coalesce(o.held, 0)`,
    );
    expect(mismatched).toEqual([]);
    const [negative] = await queryRows<{ n: number }>(test.db, sql`select count(*)::int as n from ledger_accounts where user_id is not null and (available < 0 or frozen < 0)`);
    expect(negative!.n).toBe(0);

    // Restart: a service opened on the same database rebuilds exactly the same book, order by order in
    // time priority, each with the same remaining quantity and the same frozen and used amounts.
    const before = writer.restingOrders();
    expect(before.length).toBeGreaterThan(20);
    expect(new Set(before.map((o) => o.userId)).size).toBeGreaterThan(USERS / 2);
    const depth = test.ctx.spot.depth(m.symbolId, 1000)!;
    await test.ctx.spot.stop();
    const reopened = await SpotService.open(test.db, test.ctx.bus, { onError: (e) => { throw e; } });
    expect(reopened.writer(m.symbolId)!.restingOrders()).toEqual(before);
    const after = reopened.depth(m.symbolId, 1000)!;
    expect({ bids: after.bids, asks: after.asks }).toEqual({ bids: depth.bids, asks: depth.asks });
    // The rebuilt writer keeps trading with the same state: cancelling an open order still releases exactly.
    const openOne = placed.find((p) => reopened.writer(m.symbolId)!.openOrder(p.id) !== undefined);
    if (openOne) {
      await reopened.cancel(users[openOne.user]!.id, openOne.id);
      await expectLedgerBalanced(test);
    }
    await reopened.stop();
  });
});
