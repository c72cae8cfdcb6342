// Proves the platform's own side of trading is real money with limits: the market maker is funded from
// the equity system account (never from deposits in transit); the currency exchange (/user/Transfer)
// pays from the market maker's spot inventory and refuses, translated and moving nothing, what that
// inventory cannot pay; the market maker stops quoting the side that would take its holding out of its
// configured inventory band. The ledger audit holds after each test.
import { money } from '@fairex/contract';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { accountsOf } from '../../src/ledger/index.ts';
import { DEFAULT_MARKET_MAKER, seedMarketMaker } from '../../src/spot/market-maker.ts';
import { call, expectLedgerBalanced, makeUser, type TestApp } from '../support/app.ts';
import { btcMarket } from '../spot/support.ts';
import { coinId, figures, fund, makeFundsApp, pinPrice } from './support.ts';

let test: TestApp;
let makerId: number;
beforeAll(async () => {
  test = await makeFundsApp();
  makerId = await seedMarketMaker(test.db);
});
afterEach(async () => {
  await expectLedgerBalanced(test);
});
afterAll(async () => {
  await test.close();
});

const makerSpot = async (currencyId: number) => {
  const row = (await accountsOf(test.db, makerId)).find((a) => a.currency_id === currencyId && a.kind === 'spot');
  return { available: row?.available ?? '0', balance: row?.balance ?? '0' };
};

describe('market maker funding and the exchange desk', () => {
  it('funds the market maker from equity, leaving deposits in transit untouched', async () => {
    const rows = await queryRows<{ system: string; balance: string }>(
      test.db,
      sql`select system, sum(available + frozen + locked)::text as balance from ledger_accounts where system in ('equity', 'deposits_in_transit') group by system order by system`,
    );
    const bySystem = Object.fromEntries(rows.map((r) => [r.system, r.balance]));
    expect(money(bySystem.equity ?? '0').isNegative()).toBe(true);
    expect(money(bySystem.deposits_in_transit ?? '0').isZero()).toBe(true);
    const [funding] = await queryRows<{ n: number }>(test.db, sql`select count(*)::int as n from ledger_entries where kind = 'market_maker_funding'`);
    expect(funding!.n).toBeGreaterThan(0);
    expect((await makerSpot(await coinId(test, 'USDT'))).balance).toBe('100000000');
  });

  it('pays an exchange from the market maker’s inventory', async () => {
    pinPrice(test, 'ETH/USDT', '3200');
    const user = await makeUser(test);
    await fund(test, user.id, 'USDT', '1000');
    const [usdt, eth] = [await coinId(test, 'USDT'), await coinId(test, 'ETH')];
    const [usdtBefore, ethBefore] = [await makerSpot(usdt), await makerSpot(eth)];
    const res = await call(test.app, '/user/Transfer', { token: user.token, payload: { number: '320', from_currency_id: usdt, to_currency_id: eth } });
    // 0.1 ETH gross at the default 0.2 % fee.
    expect(res.body.message).toMatchObject({ fee: '0.0002', received: '0.0998' });
    expect((await makerSpot(usdt)).available).toBe(money(usdtBefore.available).plus('320').toFixed());
    expect((await makerSpot(eth)).available).toBe(money(ethBefore.available).minus('0.1').toFixed());
  });

  it('refuses an exchange its inventory cannot pay, translated, moving nothing', async () => {
    pinPrice(test, 'ETH/USDT', '3200');
    const user = await makeUser(test);
    const [usdt, eth] = [await coinId(test, 'USDT'), await coinId(test, 'ETH')];
    const inventory = (await makerSpot(eth)).available;
    // Worth a little more ETH than the desk has available.
    const number = money(inventory).plus(1).times(3200).toFixed(0);
    await fund(test, user.id, 'USDT', number);
    const res = await call(test.app, '/user/Transfer', { token: user.token, lang: 'zh', payload: { number, from_currency_id: usdt, to_currency_id: eth } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ type: 'error', code: 'exchange_inventory_short', message: '该币种当前可兑换数量不足，请减少数量后重试' });
    expect(await figures(test, user, 'USDT')).toMatchObject({ available: number });
    expect((await makerSpot(eth)).available).toBe(inventory);
    // A user short of the source is told so, as before.
    const poor = await makeUser(test);
    expect((await call(test.app, '/user/Transfer', { token: poor.token, payload: { number: '1', from_currency_id: usdt, to_currency_id: eth } })).body.code).toBe('insufficient_balance');
  });

  it('stops quoting the side that would take its holding out of the inventory band', async () => {
    const m = btcMarket(test);
    const maker = test.ctx.spot.marketMaker!;
    const writer = test.ctx.spot.writer(m.symbolId)!;
    const index = '65000';
    const holding = money((await makerSpot(m.base)).balance).times(index);
    const level = money(DEFAULT_MARKET_MAKER.levelValue);
    try {
      // Room for 3 bids above and 2 asks below the holding.
      maker.configure({
        ...DEFAULT_MARKET_MAKER,
        inventoryMaxValue: holding.plus(level.times(3)).plus(1).toFixed(6),
        inventoryMinValue: holding.minus(level.times(2)).minus(1).toFixed(6),
      });
      await maker.quote(writer, index);
      const depth = writer.depth(50);
      expect([depth.bids.length, depth.asks.length]).toEqual([3, 2]);
      // Holding above the maximum: no bid; the asks all fit again.
      maker.configure({ ...DEFAULT_MARKET_MAKER, inventoryMaxValue: holding.minus(1).toFixed(6), inventoryMinValue: '0' });
      await maker.quote(writer, index);
      const full = writer.depth(50);
      expect([full.bids.length, full.asks.length]).toEqual([0, DEFAULT_MARKET_MAKER.levels]);
    } finally {
      maker.configure(DEFAULT_MARKET_MAKER);
      await maker.withdraw(m.symbolId);
    }
  });
});
