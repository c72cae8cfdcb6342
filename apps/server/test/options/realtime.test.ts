// Proves the realtime push of seconds options: the owner's sockets get each order as `option` when it
// is accepted (opening), when the next tick opens it, and when the scheduler settles it (with its outcome and close tick); another
// user's socket gets nothing. Real server on a port, real sockets; feed and clock steered (support.ts).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { call, expectLedgerBalanced, makeTestApp, makeUser, type TestApp } from '../support/app.ts';
import { flush, liveRealtime, record, type LiveRealtime } from '../support/sockets.ts';
import { fundAccount } from '../support/ledger.ts';
import { optionsRig, type OptionsRig } from './support.ts';
import { settleWindowEnd } from '../../src/options/service.ts';

let test: TestApp;
let live: LiveRealtime;
let rig: OptionsRig;
const T0 = Date.parse('2026-11-24T08:00:00Z');

beforeAll(async () => {
  test = await makeTestApp();
  rig = optionsRig(test, T0);
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

describe('options realtime', () => {
  it('pushes an option to its owner when accepted, opened and settled, and to no one else', async () => {
    const owner = await makeUser(test);
    const stranger = await makeUser(test);
    const usdt = test.ctx.markets.symbolByName('BTC/USDT')!.quoteCurrencyId;
    await fundAccount(test, owner.id, usdt, '100', 'options');
    const mine = record(await live.connect({ token: owner.token }), ['option']).option;
    const strangerSocket = await live.connect({ token: stranger.token });
    const theirs = record(strangerSocket, ['option']).option;
    await rig.tick('BTC/USDT', '100', T0);
    const placed = await call(test.app, '/microtrade/submit', {
      token: owner.token,
      payload: { match_id: test.ctx.markets.symbolId('BTC/USDT')!, currency_id: usdt, type: 2, seconds: 30, number: '10' },
    });
    expect(placed.body.type).toBe('ok');
    const expiry = placed.body.message.expires_at as number;
    const open = await rig.tick('BTC/USDT', '100', T0 + 500);
    const close = await rig.tick('BTC/USDT', '99.5', expiry);
    rig.clock.now = settleWindowEnd(expiry);
    await rig.scheduler().runDue();
    await new Promise((resolve) => setImmediate(resolve));
    await expect.poll(() => mine.length).toBe(3);
    expect(mine[0]).toMatchObject({ id: placed.body.message.id, status: 'opening', open: null });
    expect(mine[1]).toMatchObject({ id: placed.body.message.id, status: 'holding', open: { id: open.id, price: '100' } });
    expect(mine[2]).toMatchObject({ id: placed.body.message.id, status: 'settled', outcome: 'win', payout: '18', close: { id: close.id, price: '99.5' } });
    await flush(strangerSocket);
    expect(theirs).toEqual([]);
    await expectLedgerBalanced(test);
  });
});
