// Proves the spot money path on a real database through the HTTP API: a buy releases at each fill what
// it no longer needs (a fill below its limit, a maker fee below the taker fee it froze), a market buy
// stops at the best ask at arrival plus the margin, every amount posted is a whole unit of its coin
// over random fills, and each user's bill lines name only that user's own order; the audit after each.
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { systemAccount } from '../../src/ledger/index.ts';
import { call, expectLedgerBalanced, makeTestApp, makeUser, type TestApp } from '../support/app.ts';
import { fundAccount } from '../support/ledger.ts';
import { btcMarket, spotFigures } from './support.ts';

let test: TestApp;
let m: ReturnType<typeof btcMarket>;
beforeAll(async () => {
  test = await makeTestApp();
  m = btcMarket(test);
});
afterAll(async () => {
  await test.close();
});
afterEach(async () => {
  await expectLedgerBalanced(test);
});

type Pair = { base: number; quote: number };
const order = (token: string, pair: Pair, payload: Record<string, unknown>) =>
  call(test.app, '/coin/trade', { token, payload: { currency_id: pair.base, legal_id: pair.quote, ...payload } });
const cancel = (token: string, id: number) => call(test.app, `/coin/trade?id=${id}`, { method: 'PUT', token });

describe('a buy releases at each fill what it no longer needs', () => {
  it('keeps frozen exactly what the resting quantity needs when a buy fills below its limit', async () => {
    const seller = await makeUser(test);
    const buyer = await makeUser(test);
    await fundAccount(test, seller.id, m.base, '1');
    await fundAccount(test, buyer.id, m.quote, '10000');
    await order(seller.token, m, { amount: '0.01', target_price: '60000', type: 'sell' });
    const bid = await order(buyer.token, m, { amount: '0.02', target_price: '65000', type: 'buy' });
    expect(bid.body.message).toMatchObject({ status: 'open', filled_quantity: '0.01', filled_quote: '600', fee: '1.2' });
    // Froze 0.02 x 65,000 x 1.002 = 1302.6; paid 600 + 1.2; the resting 0.01 needs 650 x 1.002 = 651.3.
    expect(await spotFigures(test, buyer.id, m.quote)).toEqual({ available: '8747.5', frozen: '651.3' });
    const [row] = await queryRows<{ frozen: string; used: string }>(test.db, sql`select frozen::text, used::text from spot_orders where id = ${bid.body.message.id}`);
    expect(Number(row!.frozen) - Number(row!.used)).toBeCloseTo(651.3, 9);
    await cancel(buyer.token, bid.body.message.id);
    expect(await spotFigures(test, buyer.id, m.quote)).toEqual({ available: '9398.8', frozen: '0' });
  });

  it('releases the taker fee it froze when a resting buy pays the maker fee, and holds nothing once filled', async () => {
    const buyer = await makeUser(test);
    const seller = await makeUser(test);
    await fundAccount(test, buyer.id, m.quote, '10000');
    await fundAccount(test, seller.id, m.base, '1');
    const bid = await order(buyer.token, m, { amount: '0.02', target_price: '65000', type: 'buy' });
    expect(await spotFigures(test, buyer.id, m.quote)).toEqual({ available: '8697.4', frozen: '1302.6' });
    // The sell takes half at 65,000: the buy pays 650 + the 0.1 % maker fee 0.65, not the 1.3 it froze for.
    await order(seller.token, m, { amount: '0.01', target_price: '65000', type: 'sell' });
    expect(await spotFigures(test, buyer.id, m.quote)).toEqual({ available: '8698.05', frozen: '651.3' });
    // The rest fills: nothing stays frozen.
    await order(seller.token, m, { amount: '0.01', target_price: '65000', type: 'sell' });
    expect(await spotFigures(test, buyer.id, m.quote)).toEqual({ available: '8698.7', frozen: '0' });
    const done = await call(test.app, '/coin/list', { method: 'GET', token: buyer.token, payload: { status: 'completed' } });
    expect(done.body.message.data[0]).toMatchObject({ id: bid.body.message.id, status: 'filled', fee: '1.3' });
  });
});

describe('market buy protection anchored at arrival', () => {
  it('fills only the asks within the best ask plus the margin, and cancels the rest', async () => {
    const eth = test.ctx.markets.symbolByName('ETH/USDT')!;
    const pair = { base: eth.baseCurrencyId!, quote: eth.quoteCurrencyId };
    const seller = await makeUser(test);
    const buyer = await makeUser(test);
    await fundAccount(test, seller.id, pair.base, '2');
    await fundAccount(test, buyer.id, pair.quote, '100000');
    await order(seller.token, pair, { amount: '1', target_price: '3000', type: 'sell' });
    const far = await order(seller.token, pair, { amount: '1', target_price: '30000', type: 'sell' });
    const bought = await order(buyer.token, pair, { amount: '2', type: 'buy' });
    // Protected at 3,000 + 1 % = 3,030: the ask at 30,000 is out of reach.
    expect(bought.body.message).toMatchObject({ status: 'cancelled', order_type: 'market', price: '3030', filled_quantity: '1', filled_quote: '3000' });
    expect(await spotFigures(test, buyer.id, pair.quote)).toEqual({ available: '96994', frozen: '0' });
    expect(await spotFigures(test, buyer.id, pair.base)).toEqual({ available: '1', frozen: '0' });
    expect(test.ctx.spot.depth(eth.id)!.asks).toEqual([['30000', '1']]);
    await cancel(seller.token, far.body.message.id);
  });
});

describe('bill lines name only the user’s own order', () => {
  it('references each leg of a fill to its own order, for the maker, the taker and the fees', async () => {
    const seller = await makeUser(test);
    const buyer = await makeUser(test);
    await fundAccount(test, seller.id, m.base, '1');
    await fundAccount(test, buyer.id, m.quote, '10000');
    const ask = await order(seller.token, m, { amount: '0.01', target_price: '61000', type: 'sell' });
    const bid = await order(buyer.token, m, { amount: '0.01', target_price: '61000', type: 'buy' });
    expect(bid.body.message.status).toBe('filled');
    for (const [user, own, other] of [
      [buyer, bid.body.message.id, ask.body.message.id],
      [seller, ask.body.message.id, bid.body.message.id],
    ] as const) {
      const bills = await call(test.app, '/wallet/legal_log', { token: user.token, payload: { type: 'spot' } });
      const spot = (bills.body.message.data as { type: string; ref_type: string; ref_id: string; memo: string | null }[]).filter((b) => b.type === 'spot_trade');
      expect(spot.length).toBeGreaterThanOrEqual(2);
      for (const line of spot) {
        expect(line).toMatchObject({ ref_type: 'spot_order', ref_id: String(own), memo: null });
        expect(JSON.stringify(line)).not.toContain(`"${other}"`);
      }
    }
    // The fees account takes one leg per order, each naming its order.
    const fees = await systemAccount(test.db, 'fees', m.quote);
    const legs = await queryRows<{ ref_id: string; amount: string }>(
      test.db,
      sql`select ref_id, amount::text from ledger_postings where account_id = ${fees} and ref_id in (${String(ask.body.message.id)}, ${String(bid.body.message.id)}) order by ref_id`,
    );
    expect(legs.map((l) => [Number(l.ref_id), Number(l.amount)])).toEqual([
      [ask.body.message.id, 0.61],
      [bid.body.message.id, 1.22],
    ]);
  });
});

describe('amount units', () => {
  it('posts only whole units of each coin over random fills, and every balance fits its coin', async () => {
    // A seeded generator, so a failure replays.
    let seed = 20261123;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const users = [];
    for (let i = 0; i < 4; i++) {
      const user = await makeUser(test);
      await fundAccount(test, user.id, m.quote, '50000');
      await fundAccount(test, user.id, m.base, '1');
      users.push(user);
    }
    for (let i = 0; i < 80; i++) {
      const user = users[Math.floor(random() * users.length)]!;
      const side = random() < 0.5 ? 'buy' : 'sell';
      // Prices with cents and quantities with six decimals: price x quantity has up to eight decimals, USDT six.
      const price = (60000 + Math.floor(random() * 200_000) / 100).toFixed(2);
      const amount = (0.000001 + Math.floor(random() * 30_000) / 1e6).toFixed(6);
      const market = random() < 0.2;
      await order(user.token, m, { amount, type: side, ...(market ? {} : { target_price: price }) });
    }
    const offenders = await queryRows<{ id: string; currency: string; amount: string }>(
      test.db,
      sql`select p.id::text, c.name as currency, p.amount::text from ledger_postings p join ledger_accounts a on a.id = p.account_id
        join currencies c on c.id = a.currency_id
        where p.amount <> trunc(p.amount, c.decimals) or p.balance_after <> trunc(p.balance_after, c.decimals) limit 5`,
    );
    expect(offenders).toEqual([]);
    const balances = await queryRows<{ id: number }>(
      test.db,
      sql`select a.id from ledger_accounts a join currencies c on c.id = a.currency_id
        where a.available <> trunc(a.available, c.decimals) or a.frozen <> trunc(a.frozen, c.decimals)`,
    );
    expect(balances).toEqual([]);
    const trades = await queryRows<{ n: string }>(test.db, sql`select count(*)::text as n from spot_trades where quote <> trunc(quote, 6)`);
    // The fills did carry more decimals than USDT: the rounding was exercised, not avoided.
    expect(Number(trades[0]!.n)).toBeGreaterThan(0);
    const rounding = await systemAccount(test.db, 'rounding', m.quote);
    const [held] = await queryRows<{ available: string }>(test.db, sql`select available::text from ledger_accounts where id = ${rounding}`);
    expect(Number(held!.available)).toBeGreaterThanOrEqual(0);
    // Whole balances move out in full: each user's USDT to its fiat account.
    for (const user of users) {
      const { available } = await spotFigures(test, user.id, m.quote);
      const moved = await call(test.app, '/wallet/change', { token: user.token, payload: { currency_id: m.quote, number: available, from_field: 'change', to_field: 'legal' } });
      expect(moved.body.type, JSON.stringify(moved.body)).toBe('ok');
    }
  });
});
