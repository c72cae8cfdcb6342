// Proves a copy reaches its follower's socket as it opens and as it closes with the trader
// (`contract_position` events in the follower's room), and nothing of it reaches a stranger.
import type { AddressInfo } from 'node:net';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRealtimeSources, attachRealtime, type Realtime } from '../../src/realtime/socket.ts';
import { expectLedgerBalanced, makeTestApp, makeUser, type TestApp } from '../support/app.ts';
import { connectSocket, flush, record } from '../support/sockets.ts';
import { copyHarness } from './support.ts';

let test: TestApp;
let realtime: Realtime;
let url: string;
const sockets: Socket[] = [];
beforeAll(async () => {
  test = await makeTestApp();
  await test.app.listen({ port: 0, host: '127.0.0.1' });
  realtime = await attachRealtime(test.app.server, appRealtimeSources(test.ctx, () => undefined));
  url = `http://127.0.0.1:${(test.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await realtime.close();
  await test.close();
});

describe('copy realtime', () => {
  it("pushes the follower's copy as it opens and as it closes with the trader, to the follower only", async () => {
    const h = await copyHarness(test);
    const trader = await h.makeTrader();
    const follower = await h.follower('1000');
    const stranger = await makeUser(test);
    await h.follow(follower.token, trader.id, '1');
    const socket = await connectSocket(url, { token: follower.token });
    const strangerSocket = await connectSocket(url, { token: stranger.token });
    sockets.push(socket, strangerSocket);
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
});
