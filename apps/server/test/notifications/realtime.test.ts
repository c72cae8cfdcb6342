// Proves the realtime signal of notifications: the push job sends a user's new event as `notification`
// to that user's sockets only, once, even with two schedulers running it at the same time; a system notice
// reaches every socket once its publish time comes, and not before. Real server on a port, real sockets,
// the clock and the schedulers steered by the test.
import type { AddressInfo } from 'node:net';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { appRealtimeSources, attachRealtime, type Realtime } from '../../src/realtime/socket.ts';
import { call, expectLedgerBalanced, makeUser } from '../support/app.ts';
import { testScheduler } from '../support/clock.ts';
import { connectSocket, flush, record } from '../support/sockets.ts';
import { adminJson, declareDeposit, eventRowsOf, notificationsRig, type NotificationsRig } from './support.ts';

let rig: NotificationsRig;
let realtime: Realtime;
let url: string;
const errors: unknown[] = [];
const sockets: Socket[] = [];

beforeAll(async () => {
  rig = await notificationsRig();
  await rig.test.app.listen({ port: 0, host: '127.0.0.1' });
  realtime = await attachRealtime(rig.test.app.server, appRealtimeSources(rig.test.ctx, (error) => errors.push(error)));
  url = `http://127.0.0.1:${(rig.test.app.server.address() as AddressInfo).port}`;
});
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.close();
  expect(errors).toEqual([]);
  await expectLedgerBalanced(rig.test);
});
afterAll(async () => {
  await realtime.close();
  await rig.close();
});

const client = async (token?: string) => {
  const socket = await connectSocket(url, { token });
  sockets.push(socket);
  return socket;
};
/** A scheduler of its own with the push job, as another server process would run it. */
const scheduler = () => testScheduler(rig.test, () => rig.clock.now, rig.test.ctx.notifications);
const settle = async () => {
  for (const socket of sockets) await flush(socket);
};

describe('notification signals', () => {
  it('signals a confirmed deposit to its owner’s sockets only, once, with two schedulers at once', async () => {
    const owner = await makeUser(rig.test);
    const stranger = await makeUser(rig.test);
    const mine = record(await client(owner.token), ['notification']).notification!;
    const theirs = record(await client(stranger.token), ['notification']).notification!;
    const id = await declareDeposit(rig.test, owner, '30');
    expect((await call(rig.test.app, `/admin/recharges/${id}/confirm`, { token: rig.op })).body.type).toBe('ok');

    await Promise.all([scheduler().runDue(), scheduler().runDue()]);
    await settle();
    const [event] = await eventRowsOf(rig.test, owner.id);
    expect(mine).toEqual([{ source: 'event', id: event!.id, kind: 'deposit_credited' }]);
    expect(event!.pushedAt).toBe(rig.clock.now);
    expect(theirs).toEqual([]);

    rig.clock.now += 1_000;
    await scheduler().runDue();
    await settle();
    expect(mine).toHaveLength(1);
  });

  it('signals a scheduled notice to every socket when its time comes, and not before', async () => {
    const user = await makeUser(rig.test);
    const logged = record(await client(user.token), ['notification']).notification!;
    const anonymous = record(await client(), ['notification']).notification!;
    const saved = await adminJson(rig.test, rig.op, '/notices', { texts: { en: { title: 'Soon', body: 'Later today' } }, publish_at: rig.clock.now + 60_000 });
    expect(saved.type).toBe('ok');

    await scheduler().runDue();
    await settle();
    expect(logged).toEqual([]);

    rig.clock.now += 60_000;
    await scheduler().runDue();
    await settle();
    const signal = { source: 'system', id: saved.message.id, kind: 'system' };
    expect(logged).toEqual([signal]);
    expect(anonymous).toEqual([signal]);
  });
});
