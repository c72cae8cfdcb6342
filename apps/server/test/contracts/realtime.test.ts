// Proves contract changes reach the owner's socket: an opened position with the account's risk rate,
// and a liquidated one with its reason, as `contract_position` and `contract_account` events.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, expectLedgerBalanced, makeTestApp, makeUser, type TestApp } from '../support/app.ts';
import { flush, liveRealtime, record, type LiveRealtime } from '../support/sockets.ts';
import { fundAccount } from '../support/ledger.ts';
import { scriptedContracts } from './support.ts';

let test: TestApp;
let live: LiveRealtime;
beforeAll(async () => {
  test = await makeTestApp();
  live = await liveRealtime(test);
});
afterAll(async () => {
  await live.close();
  await test.close();
});

describe('contract realtime', () => {
  it('pushes an opened position with the risk rate, and a liquidated one with its reason, to the owner only', async () => {
    const { tick } = await scriptedContracts(test);
    const btc = test.ctx.markets.symbolByName('BTCUSDT')!;
    await tick('BTCUSDT', '65000');
    const user = await makeUser(test);
    const stranger = await makeUser(test);
    await fundAccount(test, user.id, btc.quoteCurrencyId, '200', 'contract');
    const socket = await live.connect({ token: user.token });
    const strangerSocket = await live.connect({ token: stranger.token });
    const seen = record(socket, ['contract_position', 'contract_account']);
    const strangerSeen = record(strangerSocket, ['contract_position', 'contract_account']);
    const opened = await call(test.app, '/lever/submit', {
      token: user.token,
      payload: { currency_id: btc.id, legal_id: btc.quoteCurrencyId, share: 1, multiple: 100, type: 1, status: 1 },
    });
    expect(opened.body.type).toBe('ok');
    await flush(socket);
    expect(seen.contract_position.at(-1)).toMatchObject({ id: opened.body.message.id, status: 'open' });
    expect(seen.contract_account.at(-1).risk_rate).not.toBeNull();

    await tick('BTCUSDT', '30000');
    await flush(socket);
    expect(seen.contract_position.at(-1)).toMatchObject({ id: opened.body.message.id, status: 'closed', close_reason: 'liquidation' });
    expect(seen.contract_account.at(-1)).toMatchObject({ margin_total: '0', risk_rate: null });
    await flush(strangerSocket);
    expect(strangerSeen.contract_position).toEqual([]);
    await expectLedgerBalanced(test);
  });
});
