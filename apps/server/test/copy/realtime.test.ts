// Proves a copy reaches its follower's socket as it opens and as it closes with the trader
// (`contract_position` events in the follower's room), and nothing of it reaches a stranger; and that
// one trader's order pushes every follower's own account figures (read for all of them at once), each
// the same as the account call answers that follower.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, expectLedgerBalanced, makeTestApp, makeUser, type TestApp } from '../support/app.ts';
import { flush, liveRealtime, record, type LiveRealtime } from '../support/sockets.ts';
import { copyHarness } from './support.ts';

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

describe('copy realtime', () => {
  it("pushes the follower's copy as it opens and as it closes with the trader, to the follower only", async () => {
    const h = await copyHarness(test);
    const trader = await h.makeTrader();
    const follower = await h.follower('1000');
    const stranger = await makeUser(test);
    await h.follow(follower.token, trader.id, '1');
    const socket = await live.connect({ token: follower.token });
    const strangerSocket = await live.connect({ token: stranger.token });
    const seen = record(socket, ['contract_position']);
    const strangerSeen = record(strangerSocket, ['contract_position']);
    const opened = await h.open(trader.token);
    await flush(socket);
    expect(seen.contract_position.at(-1)).toMatchObject({ status: 'open', copy_trader_id: trader.id, self_held: false });
    await h.close(trader.token, opened.body.message.id);
    await flush(socket);
    expect(seen.contract_position.at(-1)).toMatchObject({ status: 'closed', close_reason: 'copy' });
    await flush(strangerSocket);
    expect(strangerSeen.contract_position).toEqual([]);
    await expectLedgerBalanced(test);
  });

  it("pushes each follower's own account figures after a mirrored open and close", async () => {
    const h = await copyHarness(test);
    const trader = await h.makeTrader();
    const followers = [await h.follower('1000'), await h.follower('2500')];
    for (const f of followers) await h.follow(f.token, trader.id, '1');
    const seen = [];
    for (const f of followers) {
      const socket = await live.connect({ token: f.token });
      seen.push({ socket, events: record(socket, ['contract_account']) });
    }
    const accountOf = async (token: string) =>
      (await call(test.app, '/lever/deal', { token, payload: { currency_id: h.btc, legal_id: h.usdt } })).body.message.account;
    const opened = await h.open(trader.token);
    for (const [i, f] of followers.entries()) {
      await flush(seen[i]!.socket);
      const pushed = seen[i]!.events.contract_account.at(-1);
      expect(pushed).toEqual(await accountOf(f.token));
      expect(Number(pushed.margin_total)).toBeGreaterThan(0);
    }
    expect(seen[0]!.events.contract_account.at(-1).available).not.toBe(seen[1]!.events.contract_account.at(-1).available);
    await h.close(trader.token, opened.body.message.id);
    for (const [i, f] of followers.entries()) {
      await flush(seen[i]!.socket);
      expect(seen[i]!.events.contract_account.at(-1)).toEqual(await accountOf(f.token));
      expect(seen[i]!.events.contract_account.at(-1).margin_total).toBe('0');
    }
    await expectLedgerBalanced(test);
  });
});
