// Proves favourites (add, list, delete, own rows only) and the spot realtime relay: a client in a
// symbol's room gets `depth` and `trade`, and only the owner's authenticated socket gets `order`.
import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachRealtime, type Realtime } from '../../src/realtime/socket.ts';
import { call, expectLedgerBalanced, makeTestApp, makeUser, type TestApp } from '../support/app.ts';
import { btcMarket, fund } from './support.ts';

let test: TestApp;
let realtime: Realtime;
let url: string;
beforeAll(async () => {
  test = await makeTestApp();
  await test.app.listen({ port: 0, host: '127.0.0.1' });
  realtime = await attachRealtime(test.app.server, { bus: test.ctx.bus, db: test.db });
  url = `http://127.0.0.1:${(test.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await realtime.close();
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

const connected = (socket: Socket) => new Promise<void>((resolve) => socket.on('connect', () => resolve()));

describe('spot realtime', () => {
  it('sends depth and trades to the symbol room and order updates only to their owner', async () => {
    const m = btcMarket(test);
    const seller = await makeUser(test);
    const buyer = await makeUser(test);
    await fund(test, seller.id, m.base, '1');
    await fund(test, buyer.id, m.quote, '10000');

    const watcher = connect(url, { path: '/socket.io', transports: ['websocket'] });
    const owner = connect(url, { path: '/socket.io', transports: ['websocket'], auth: { token: buyer.token } });
    const stranger = connect(url, { path: '/socket.io', transports: ['websocket'], auth: { token: 'not-a-token' } });
    const authenticated = new Promise((resolve) => owner.on('authenticated', resolve));
    await Promise.all([connected(watcher), connected(owner), connected(stranger), authenticated]);
    watcher.emit('subscribe', 'BTC/USDT');
    await new Promise((r) => setTimeout(r, 100));

    const depths: { bids: [string, string][]; asks: [string, string][] }[] = [];
    const trades: { price: string; quantity: string; side: string }[] = [];
    const ownerOrders: { id: number; status: string }[] = [];
    const strangerOrders: unknown[] = [];
    watcher.on('depth', (d) => depths.push(d));
    watcher.on('trade', (t) => trades.push(t));
    owner.on('order', (o) => ownerOrders.push(o));
    stranger.on('order', (o) => strangerOrders.push(o));

    const ask = await call(test.app, '/coin/trade', { token: seller.token, payload: { amount: '0.01', target_price: '64000', currency_id: m.base, legal_id: m.quote, type: 'sell' } });
    const bid = await call(test.app, '/coin/trade', { token: buyer.token, payload: { amount: '0.01', target_price: '64000', currency_id: m.base, legal_id: m.quote, type: 'buy' } });
    await new Promise((r) => setTimeout(r, 200));

    expect(depths[0]!.asks[0]).toEqual(['64000', '0.01']);
    expect(depths.at(-1)!.asks.find((l) => l[0] === '64000')).toBeUndefined();
    expect(trades).toEqual([expect.objectContaining({ price: '64000', quantity: '0.01', side: 'buy' })]);
    expect(ownerOrders).toEqual([expect.objectContaining({ id: bid.body.message.id, status: 'filled' })]);
    expect(strangerOrders).toEqual([]);
    // The trade moved the symbol's candles too.
    await test.ctx.markets.settled();
    for (const socket of [watcher, owner, stranger]) socket.close();
    await expectLedgerBalanced(test);
  });
});
