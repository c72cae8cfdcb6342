// Proves favourites (add, list, delete, own rows only) and the spot realtime relay: a client in a
// symbol's book room gets `depth` and `trade`, and a snapshot of both on joining; only the owner's
// authenticated socket gets `order`, from its login (even after connecting) until its session ends.
import { RECENT_TRADES_SNAPSHOT_SIZE } from '@fairex/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { call, expectLedgerBalanced, latestCode, makeTestApp, makeUser, type TestApp } from '../support/app.ts';
import { flush, liveRealtime, record, reconnect, subscribe, type LiveRealtime } from '../support/sockets.ts';
import { fundAccount } from '../support/ledger.ts';
import { btcMarket } from './support.ts';

let test: TestApp;
let live: LiveRealtime;
beforeAll(async () => {
  // One test fires more orders at once than a user may per second (spot/order-limits.ts): raised here.
  test = await makeTestApp({ spotOrdersPerSecond: 1000, spotOrdersPerMinute: 10_000 });
  live = await liveRealtime(test);
});
afterEach(() => {
  live.closeSockets();
  expect(live.errors).toEqual([]);
});
afterAll(async () => {
  await live.close();
  await test.close();
});

describe('favourites', () => {
  it('adds, lists and deletes a user’s favourite symbols', async () => {
    const user = await makeUser(test);
    const other = await makeUser(test);
    const { symbolId } = btcMarket(test);
    expect((await call(test.app, '/optional/add', { token: user.token, payload: { currency_id: symbolId } })).body.type).toBe('ok');
    // Adding twice keeps one row.
    await call(test.app, '/optional/add', { token: user.token, payload: { currency_id: symbolId } });
    const list = await call(test.app, '/optional/list', { method: 'GET', token: user.token });
    expect(list.body.message).toHaveLength(1);
    expect(list.body.message[0]).toMatchObject({ currency_id: symbolId, symbol: 'BTC/USDT' });
    expect(Number(list.body.message[0].price)).toBeGreaterThan(0);
    expect((await call(test.app, '/optional/list', { method: 'GET', token: other.token })).body.message).toEqual([]);

    expect((await call(test.app, '/optional/add', { token: user.token, payload: { currency_id: 99999 } })).body.code).toBe('not_found');
    expect((await call(test.app, '/optional/add', { token: user.token, payload: {}, lang: 'kor' })).body.code).toBe('parameter_error');
    // Someone else cannot delete it.
    expect((await call(test.app, '/optional/del', { token: other.token, payload: { id: list.body.message[0].id } })).body.code).toBe('not_found');
    expect((await call(test.app, '/optional/del', { token: user.token, payload: { id: list.body.message[0].id } })).body.type).toBe('ok');
    expect((await call(test.app, '/optional/list', { method: 'GET', token: user.token })).body.message).toEqual([]);
  });
});

const client = (session: { token?: string } = {}) => live.connect(session);
const BOOK = { channel: 'book', symbol: 'BTC/USDT' } as const;

async function trade(seller: { token: string }, buyer: { token: string }, price: string, amount: string) {
  const m = btcMarket(test);
  const order = (token: string, type: 'buy' | 'sell') =>
    call(test.app, '/coin/trade', { token, payload: { amount, target_price: price, currency_id: m.base, legal_id: m.quote, type } });
  const ask = await order(seller.token, 'sell');
  const bid = await order(buyer.token, 'buy');
  expect([ask.body.type, bid.body.type]).toEqual(['ok', 'ok']);
  return bid.body.message as { id: number };
}

async function traders() {
  const m = btcMarket(test);
  const seller = await makeUser(test);
  const buyer = await makeUser(test);
  await fundAccount(test, seller.id, m.base, '1');
  await fundAccount(test, buyer.id, m.quote, '100000');
  return { seller, buyer };
}

describe('spot realtime', () => {
  it('sends depth and trades to the symbol’s book room and order updates only to their owner', async () => {
    const { seller, buyer } = await traders();
    const watcher = await client();
    const owner = await client({ token: buyer.token });
    const stranger = await client({ token: 'not-a-token' });
    expect(await subscribe(watcher, BOOK)).toBe(true);
    const book = record(watcher, ['depth', 'trade', 'ticker', 'kline']);
    const ownerOrders = record(owner, ['order']).order;
    const strangerOrders = record(stranger, ['order']).order;

    const bid = await trade(seller, buyer, '64000', '0.01');
    await expect.poll(() => book.trade.length).toBe(1);
    await Promise.all([flush(watcher), flush(owner), flush(stranger)]);

    expect(book.depth[0]!.asks[0]).toEqual(['64000', '0.01']);
    expect(book.depth.at(-1)!.asks.find((l: [string, string]) => l[0] === '64000')).toBeUndefined();
    expect(book.trade).toEqual([expect.objectContaining({ price: '64000', quantity: '0.01', side: 'buy' })]);
    // The book room carries no tickers and no candles (the trade moved the candles).
    expect([book.ticker, book.kline]).toEqual([[], []]);
    expect(ownerOrders).toEqual([expect.objectContaining({ id: bid.id, status: 'filled' })]);
    expect(strangerOrders).toEqual([]);
    await test.ctx.markets.settled();
    await expectLedgerBalanced(test);
  });

  it(`sends the book’s depth and its latest ${RECENT_TRADES_SNAPSHOT_SIZE} trades at once on joining, newest first`, async () => {
    const m = btcMarket(test);
    const { seller, buyer } = await traders();
    // More small asks than the snapshot holds, swept by one buy: one trade each.
    const count = RECENT_TRADES_SNAPSHOT_SIZE + 2;
    const asks = await Promise.all(
      Array.from({ length: count }, () =>
        call(test.app, '/coin/trade', { token: seller.token, payload: { amount: '0.0001', target_price: '63000', currency_id: m.base, legal_id: m.quote, type: 'sell' } }),
      ),
    );
    expect(asks.every((a) => a.body.type === 'ok')).toBe(true);
    const sweep = await call(test.app, '/coin/trade', { token: buyer.token, payload: { amount: (0.0001 * count).toFixed(4), target_price: '63000', currency_id: m.base, legal_id: m.quote, type: 'buy' } });
    expect(sweep.body.message.status).toBe('filled');
    // And one resting ask the depth must show.
    await call(test.app, '/coin/trade', { token: seller.token, payload: { amount: '0.02', target_price: '70000', currency_id: m.base, legal_id: m.quote, type: 'sell' } });

    const late = await client();
    const seen = record(late, ['depth', 'trades']);
    expect(await subscribe(late, BOOK)).toBe(true);
    expect(seen.depth).toHaveLength(1);
    expect(seen.depth[0]).toMatchObject({ symbol: 'BTC/USDT' });
    expect(seen.depth[0].asks).toContainEqual(['70000', '0.02']);
    expect(seen.trades).toHaveLength(1);
    const { symbol, trades } = seen.trades[0];
    expect(symbol).toBe('BTC/USDT');
    expect(trades).toHaveLength(RECENT_TRADES_SNAPSHOT_SIZE);
    const ids = trades.map((t: { id: number }) => t.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(trades[0]).toEqual({ symbol: 'BTC/USDT', id: expect.any(Number), price: '63000', quantity: '0.0001', side: 'buy', time: expect.any(Number) });
    // A second request for the same room sends no second snapshot.
    expect(await subscribe(late, BOOK)).toBe(true);
    expect([seen.depth.length, seen.trades.length]).toEqual([1, 1]);
    await test.ctx.markets.settled();
    await expectLedgerBalanced(test);
  });

  it('sends order updates to a socket that logs in after connecting, and none after its logout', async () => {
    const { seller, buyer } = await traders();
    const session: { token?: string } = {};
    const phone = await client(session);
    const orders = record(phone, ['order']).order;
    // The buyer's other device stays logged in: it shows the updates were sent.
    const other = await client({ token: buyer.token });
    const otherOrders = record(other, ['order']).order;

    const login = await call(test.app, '/user/login', { ip: test.nextIp(), payload: { user_string: buyer.email, password: buyer.password } });
    session.token = login.body.message;
    expect(await reconnect(phone, session)).toBe('authenticated');
    const first = await trade(seller, { token: session.token! }, '64000', '0.001');
    await expect.poll(() => orders.map((o) => o.id)).toEqual([first.id]);

    // The logout ends the session's updates at once, before the client reconnects without a token.
    expect((await call(test.app, '/user/logout', { method: 'GET', token: session.token })).body.type).toBe('ok');
    const second = await trade(seller, buyer, '64000', '0.001');
    await expect.poll(() => otherOrders.map((o) => o.id)).toEqual([first.id, second.id]);
    await flush(phone);
    expect(orders.map((o) => o.id)).toEqual([first.id]);

    session.token = undefined;
    expect(await reconnect(phone, session)).toBe('anonymous');
    const third = await trade(seller, buyer, '64000', '0.001');
    await expect.poll(() => otherOrders.length).toBe(3);
    await flush(phone);
    expect(orders.map((o) => o.id)).toEqual([first.id]);
    expect(otherOrders.at(-1).id).toBe(third.id);
    await test.ctx.markets.settled();
    await expectLedgerBalanced(test);
  });

  it('stops the updates of the other sessions when the password changes, and keeps the changing one’s', async () => {
    const { seller, buyer } = await traders();
    const kept = await client({ token: buyer.token });
    const elsewhere = await client({ token: (await call(test.app, '/user/login', { ip: test.nextIp(), payload: { user_string: buyer.email, password: buyer.password } })).body.message });
    const keptOrders = record(kept, ['order']).order;
    const elsewhereOrders = record(elsewhere, ['order']).order;
    const changed = await call(test.app, '/safe/update_login_password', { token: buyer.token, payload: { oldpassword: buyer.password, password: 'new-secret-2', re_password: 'new-secret-2' } });
    expect(changed.body.type).toBe('ok');
    const bid = await trade(seller, buyer, '64000', '0.001');
    await expect.poll(() => keptOrders.map((o) => o.id)).toEqual([bid.id]);
    await flush(elsewhere);
    expect(elsewhereOrders).toEqual([]);
    await test.ctx.markets.settled();
    await expectLedgerBalanced(test);
  });

  it('stops the updates of every session when the password is reset', async () => {
    const { seller, buyer } = await traders();
    const phone = await client({ token: buyer.token });
    const orders = record(phone, ['order']).order;
    const ip = test.nextIp();
    await call(test.app, '/sms_mail', { ip, payload: { user_string: buyer.email, type: 'forget' } });
    const code = await latestCode(test, buyer.email);
    const reset = await call(test.app, '/user/forget', { ip, payload: { account: buyer.email, code, password: 'new-pass-1', repassword: 'new-pass-1' } });
    expect(reset.body.type).toBe('ok');
    const login = await call(test.app, '/user/login', { ip, payload: { user_string: buyer.email, password: 'new-pass-1' } });
    const after = await client({ token: login.body.message });
    const afterOrders = record(after, ['order']).order;
    const bid = await trade(seller, { token: login.body.message }, '64000', '0.001');
    await expect.poll(() => afterOrders.map((o) => o.id)).toEqual([bid.id]);
    await flush(phone);
    expect(orders).toEqual([]);
    await test.ctx.markets.settled();
    await expectLedgerBalanced(test);
  });
});
