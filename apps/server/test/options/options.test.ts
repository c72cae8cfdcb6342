// Proves seconds options end to end on a real database through the /microtrade/* routes: acceptance
// moves stake and fee through the ledger and the order opens on the first index tick recorded after it
// (never one the user saw), or is void and refunded in full when none comes in time; settlement by the
// job scheduler at expiry takes the fresh tick in force at expiry (waiting until one at or after expiry
// is recorded), pays a win from the pool, returns a draw's stake, pays nothing on a loss, voids and
// refunds on a stale close, and does each exactly once (two schedulers racing, a duplicated job, a
// restart long after expiry). Exposure limits, a stale index, foreign orders and bad input are refused
// with translated messages. The ledger audit runs after every money scenario. The feed and the clock
// are steered (support.ts).
import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { errorMessage, optionExposureInput } from '@fairex/contract';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { operatorAuditLog } from '../../src/admin/tables.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { scheduleJob } from '../../src/jobs/scheduler.ts';
import { jobs } from '../../src/jobs/tables.ts';
import { audit, offenders, systemAccount } from '../../src/ledger/index.ts';
import { ledgerAccounts, ledgerEntries, ledgerPostings } from '../../src/ledger/tables.ts';
import { IndexTickStore } from '../../src/markets/ticks.ts';
import { indexTicks } from '../../src/markets/tables.ts';
import { liveRealtime } from '../support/sockets.ts';
import { DEFAULT_LIMITS } from '../../src/limits.ts';
import { OPTION_SETTLE_JOB, OPTION_SWEEP_EVERY_MS, OptionsService, settleWindowEnd } from '../../src/options/service.ts';
import { optionExposure, optionOrders } from '../../src/options/tables.ts';
import { operatorToken } from '../funds/support.ts';
import { call, expectLedgerBalanced, makeTestApp, type TestApp } from '../support/app.ts';
import { makeFundedUser } from '../support/ledger.ts';
import { optionsBalance, optionsRig, type OptionsRig } from './support.ts';

let test: TestApp;
let rig: OptionsRig;
let usdt: number;
let btc: number;
let eth: number;
/** Each test runs in its own stretch of time, so ticks of one never stand in for another's. */
let t0 = Date.parse('2026-11-23T10:00:00Z');

beforeAll(async () => {
  test = await makeTestApp();
  rig = optionsRig(test, t0);
  usdt = test.ctx.markets.symbolByName('BTC/USDT')!.quoteCurrencyId;
  btc = test.ctx.markets.symbolId('BTC/USDT')!;
  eth = test.ctx.markets.symbolId('ETH/USDT')!;
});
afterAll(() => test.close());
beforeEach(async () => {
  t0 += 3_600_000;
  rig.clock.now = t0;
});

const fundedUser = (amount = '1000') => makeFundedUser(test, usdt, amount, 'options');

const submit = (token: string, payload: Record<string, unknown>, lang?: string) =>
  call(test.app, '/microtrade/submit', { token, lang, payload: { match_id: btc, currency_id: usdt, seconds: 30, number: '100', ...payload } });

/** Runs the due jobs at the end of the settlement window `jobsClock` falls in (when its job is due). */
async function settleAll(jobsClock = rig.clock.now) {
  rig.clock.now = settleWindowEnd(jobsClock);
  return rig.scheduler().runDue();
}

async function orderRow(id: string) {
  return (await test.db.select().from(optionOrders).where(eq(optionOrders.id, Number(id))))[0]!;
}

/** Runs the public verification script (node, standard library only) and answers its exit code and output. */
function runScript(args: string[]): Promise<{ code: number; output: string }> {
  const script = fileURLToPath(new URL('../../../../scripts/fairness/verify-option.mjs', import.meta.url));
  return new Promise((resolve) => {
    execFile(process.execPath, [script, ...args], (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, output: stdout || stderr }));
  });
}

const result = async (token: string, id: string) => (await call(test.app, '/microtrade/get_result', { method: 'GET', token, payload: { id } })).body.message;

/** Accepted at t0 + 200 (the latest tick at t0 is fresh), opens at 100 on the next tick (t0 + 1,000): expiry at t0 + 30.2 s. */
async function openAt100(direction: 1 | 2, stake = '100') {
  const user = await fundedUser();
  await rig.tick('BTC/USDT', '99', t0);
  rig.clock.now = t0 + 200;
  const res = await submit(user.token, { type: direction, number: stake });
  expect(res.body.type, JSON.stringify(res.body)).toBe('ok');
  const open = await rig.tick('BTC/USDT', '100', t0 + 1_000);
  return { user, open, accepted: res.body.message, order: await result(user.token, res.body.message.id), expiresAt: t0 + 200 + 30_000 };
}

describe('accepting an option', () => {
  it('takes stake and fee into the pool and fees, opens on the next recorded tick, and schedules settlement for the window of acceptance + seconds', async () => {
    const { user, open, accepted, order, expiresAt } = await openAt100(1);
    expect(accepted).toMatchObject({ type: 1, seconds: 30, number: '100', fee: '0.1', payout_ratio: '0.8', status: 'opening', open: null, outcome: null, accepted_at: t0 + 200 });
    expect(order).toMatchObject({ status: 'holding', outcome: null });
    expect(order.open).toEqual({ id: open.id, price: '100', time: t0 + 1_000 });
    expect(order.expires_at).toBe(expiresAt);
    expect(order.remaining_ms).toBe(30_000);
    expect(await optionsBalance(test, user.id, usdt)).toBe('899.9');
    // Expiry t0 + 30,200 falls in the 250 ms window ending at t0 + 30,250.
    const [job] = await test.db.select().from(jobs).where(and(eq(jobs.name, OPTION_SETTLE_JOB), eq(jobs.key, `${btc}:${t0 + 30_250}`)));
    expect(job?.runAt.getTime()).toBe(t0 + 30_250);
    expect(job?.payload).toEqual({ symbolId: btc, upTo: t0 + 30_250 });
    await expectLedgerBalanced(test);
  });

  it('answers a retry with the same client_id with the first order and charges once', async () => {
    const user = await fundedUser();
    await rig.tick('BTC/USDT', '100', t0);
    const first = await submit(user.token, { type: 1, client_id: 'opt-retry-1' });
    const again = await submit(user.token, { type: 1, client_id: 'opt-retry-1' });
    expect(first.body.type, JSON.stringify(first.body)).toBe('ok');
    expect(again.body.message.id).toBe(first.body.message.id);
    expect(await optionsBalance(test, user.id, usdt)).toBe('899.9');
    await expectLedgerBalanced(test);
  });

  it('refuses an order while the latest tick is 1.6 s old, one feed interval and more (the review: 5 s let a user bet on a move already seen at the source), and takes nothing', async () => {
    const user = await fundedUser();
    await rig.tick('BTC/USDT', '100', t0);
    rig.clock.now = t0 + 1_600;
    expect(DEFAULT_LIMITS.indexFreshMs).toBeLessThan(1_600);
    const res = await submit(user.token, { type: 1 }, 'en');
    expect(res.body).toMatchObject({ type: 'error', message: errorMessage('index_unavailable', 'en') });
    expect(await optionsBalance(test, user.id, usdt)).toBe('1000');
  });

  it('opens on the first tick recorded after acceptance, never on the tick the user saw before submitting (100 seen, 104 next: opens at 104)', async () => {
    const user = await fundedUser();
    const seen = await rig.tick('BTC/USDT', '100', t0);
    rig.clock.now = t0 + 900;
    const accepted = (await submit(user.token, { type: 1 })).body.message;
    expect(accepted).toMatchObject({ status: 'opening', open: null });
    const next = await rig.tick('BTC/USDT', '104', t0 + 1_000);
    await rig.tick('BTC/USDT', '105', t0 + 2_000);
    const order = await result(user.token, accepted.id);
    expect(order.open).toEqual({ id: next.id, price: '104', time: t0 + 1_000 });
    expect(order.open.id).not.toBe(seen.id);
    await expectLedgerBalanced(test);
  });

  it('does not open on a tick recorded after acceptance but priced before it (public feed: the old median from quotes requested earlier), live or by the sweep: the next tick opens it', async () => {
    const user = await fundedUser();
    await rig.tick('BTC/USDT', '100', t0);
    rig.clock.now = t0 + 200;
    const accepted = (await submit(user.token, { type: 1 })).body.message;
    // Stamped after the order, priced from quotes requested at t0 + 100: the user could know 100 in advance.
    await rig.tick('BTC/USDT', '100', t0 + 1_000, t0 + 100);
    expect((await orderRow(accepted.id)).status).toBe('opening');
    // The opening sweep (after a restart) skips it too.
    rig.clock.now = t0 + 1_100;
    await rig.scheduler().runDue();
    expect((await orderRow(accepted.id)).status).toBe('opening');
    const next = await rig.tick('BTC/USDT', '104', t0 + 1_500, t0 + 1_200);
    expect((await result(user.token, accepted.id)).open).toEqual({ id: next.id, price: '104', time: t0 + 1_500 });
    await expectLedgerBalanced(test);
  });

  it('opens after a restart by the opening sweep on the first tick after acceptance, even when later ticks came since', async () => {
    const user = await fundedUser();
    await rig.tick('BTC/USDT', '100', t0);
    rig.clock.now = t0 + 300;
    const accepted = (await submit(user.token, { type: 2 })).body.message;
    // Another process records the next ticks: this service's listener never hears of them.
    const other = new IndexTickStore(test.db, rig.feed, (s) => test.ctx.markets.symbolId(s), DEFAULT_LIMITS, () => {});
    rig.feed.emit({ symbol: 'BTC/USDT', price: '101', time: t0 + 1_000 });
    await other.flush();
    await rig.store.flush();
    const first = (await other.at('BTC/USDT', t0 + 1_000))!;
    rig.clock.now = t0 + 5_000;
    await rig.scheduler(rig.makeService(other)).runDue();
    expect((await result(user.token, accepted.id)).open).toEqual({ id: first.id, price: '101', time: t0 + 1_000 });
    await other.stop();
    await expectLedgerBalanced(test);
  });

  it('voids an order no tick follows within one feed interval (the feed fell silent) and refunds stake and fee in full', async () => {
    const user = await fundedUser();
    await rig.tick('BTC/USDT', '100', t0);
    rig.clock.now = t0 + 500;
    const accepted = (await submit(user.token, { type: 1 })).body.message;
    expect(await optionsBalance(test, user.id, usdt)).toBe('899.9');
    rig.clock.now = t0 + 500 + DEFAULT_LIMITS.indexFreshMs + 1;
    await rig.scheduler().runDue();
    const order = await result(user.token, accepted.id);
    expect(order).toMatchObject({ status: 'void', void_reason: 'no_opening_tick', open: null, close: null, outcome: null, payout: '100.1', profit: '0', remaining_ms: 0 });
    expect(await optionsBalance(test, user.id, usdt)).toBe('1000');
    // A tick long after the gap does not open it.
    await rig.tick('BTC/USDT', '100', t0 + 10_000);
    expect((await orderRow(accepted.id)).status).toBe('void');
    await expectLedgerBalanced(test);
  });

  it('refuses a duration not offered, a stake outside its range, a stake finer than the coin, and bad fields, with the envelope', async () => {
    const user = await fundedUser();
    await rig.tick('BTC/USDT', '100', t0);
    expect((await submit(user.token, { type: 1, seconds: 45 }, 'zh')).body).toMatchObject({ type: 'error', message: errorMessage('option_duration_unavailable', 'zh') });
    expect((await submit(user.token, { type: 1, number: '5' }, 'en')).body).toMatchObject({ type: 'error', message: errorMessage('option_stake_out_of_range', 'en') });
    expect((await submit(user.token, { type: 1, number: '10.0000001' }, 'en')).body).toMatchObject({ type: 'error', message: errorMessage('wrong_number', 'en') });
    for (const bad of [{ type: 3 }, { type: 1, match_id: 'x' }, { type: 1, number: '-1' }, { type: 1, seconds: '' }]) {
      const res = await submit(user.token, bad, 'en');
      expect(res.status).toBeLessThan(500);
      expect(res.body.type).toBe('error');
    }
    expect(await optionsBalance(test, user.id, usdt)).toBe('1000');
  });

  it('refuses a stake above the balance (insufficient_balance) and leaves no order or exposure', async () => {
    const user = await fundedUser('50');
    await rig.tick('BTC/USDT', '100', t0);
    const exposure = async () => (await test.db.select().from(optionExposure).where(and(eq(optionExposure.symbolId, btc), eq(optionExposure.direction, 'up'))))[0]?.openStake;
    const before = await exposure();
    const res = await submit(user.token, { type: 1, number: '50' }, 'en');
    expect(res.body).toMatchObject({ type: 'error', message: errorMessage('insufficient_balance', 'en') });
    expect(await test.db.select().from(optionOrders).where(eq(optionOrders.userId, user.id))).toHaveLength(0);
    expect(await exposure()).toBe(before);
    await expectLedgerBalanced(test);
  });
});

describe('settling at expiry', () => {
  it('pays 100 + 100 x 0.8 = 180 on up when the tick in force at expiry (101) is above the open (100), not a later tick', async () => {
    const { user, order, expiresAt } = await openAt100(1);
    await rig.tick('BTC/USDT', '100.5', t0 + 10_000);
    const close = await rig.tick('BTC/USDT', '101', expiresAt - 100);
    await rig.tick('BTC/USDT', '50', expiresAt + 500);
    expect(await settleAll(expiresAt + 500)).toBeGreaterThan(0);
    const res = await call(test.app, '/microtrade/get_result', { method: 'GET', token: user.token, payload: { id: order.id } });
    expect(res.body.message).toMatchObject({ status: 'settled', outcome: 'win', payout: '180', profit: '79.9', close: { id: close.id, price: '101', time: expiresAt - 100 } });
    expect(res.body.message.open).toEqual(order.open);
    expect(await optionsBalance(test, user.id, usdt)).toBe('1079.9');
    await expectLedgerBalanced(test);
  });

  it('pays nothing on down when the close (101) is above the open (100)', async () => {
    const { user, order, expiresAt } = await openAt100(2);
    await rig.tick('BTC/USDT', '101', expiresAt);
    await settleAll(expiresAt);
    expect(await orderRow(order.id)).toMatchObject({ status: 'settled', outcome: 'lose', payout: expect.stringMatching(/^0(\.0+)?$/) });
    expect(await optionsBalance(test, user.id, usdt)).toBe('899.9');
    await expectLedgerBalanced(test);
  });

  it('pays 180 on down when the close (99.99) is below the open (100)', async () => {
    const { user, expiresAt } = await openAt100(2);
    await rig.tick('BTC/USDT', '99.99', expiresAt);
    await settleAll(expiresAt);
    expect(await optionsBalance(test, user.id, usdt)).toBe('1079.9');
    await expectLedgerBalanced(test);
  });

  it('returns the stake 100 (fee kept) when the close equals the open', async () => {
    const { user, order, expiresAt } = await openAt100(1);
    await rig.tick('BTC/USDT', '100', expiresAt - 1);
    await rig.tick('BTC/USDT', '100.00', expiresAt + 1);
    await settleAll(expiresAt + 1);
    expect((await orderRow(order.id)).outcome).toBe('draw');
    expect(await optionsBalance(test, user.id, usdt)).toBe('999.9');
    await expectLedgerBalanced(test);
  });

  it('waits while no tick at or after expiry is recorded, then settles on the tick in force at expiry', async () => {
    const { user, order, expiresAt } = await openAt100(1);
    const inForce = await rig.tick('BTC/USDT', '102', expiresAt - 700);
    await settleAll(expiresAt + 50);
    expect((await orderRow(order.id)).status).toBe('open');
    await rig.tick('BTC/USDT', '90', expiresAt + 800);
    await settleAll(expiresAt + 1_000);
    const row = await orderRow(order.id);
    expect(row).toMatchObject({ status: 'settled', outcome: 'win', closePrice: expect.stringMatching(/^102(\.0+)?$/) });
    expect(row.closeTickId?.toString()).toBe(inForce.id);
    expect(await optionsBalance(test, user.id, usdt)).toBe('1079.9');
    await expectLedgerBalanced(test);
  });

  it('settles once when two schedulers race for the job and a duplicate job names the same window', async () => {
    const { user, order, expiresAt } = await openAt100(1);
    await rig.tick('BTC/USDT', '105', expiresAt);
    const upTo = settleWindowEnd(expiresAt);
    await scheduleJob(test.db, { name: OPTION_SETTLE_JOB, key: `${btc}:${upTo}:duplicate`, runAt: new Date(upTo), payload: { symbolId: btc, upTo } });
    rig.clock.now = upTo;
    await Promise.all([rig.scheduler().runDue(), rig.scheduler(rig.makeService()).runDue()]);
    const payouts = await test.db
      .select({ amount: ledgerPostings.amount })
      .from(ledgerPostings)
      .innerJoin(ledgerEntries, eq(ledgerEntries.id, ledgerPostings.entryId))
      .where(and(eq(ledgerEntries.kind, 'option_settle'), eq(ledgerPostings.refType, 'option_order'), eq(ledgerPostings.refId, order.id)));
    expect(payouts.map((p) => Number(p.amount))).toEqual([180]);
    expect(await optionsBalance(test, user.id, usdt)).toBe('1079.9');
    await expectLedgerBalanced(test);
  });

  it('voids and refunds in full, not settles, after the review\'s 18 s outage before expiry (the tick in force is 18.4 s old, the feed comes back at another price)', async () => {
    const { user, order, expiresAt } = await openAt100(1);
    // The feed goes silent 3 s after the open; the tick in force at expiry is 18.4 s old.
    await rig.tick('BTC/USDT', '100', expiresAt - 18_400);
    // Half a second after expiry the close is not final yet: it waits.
    expect(await settleAll(expiresAt + 500)).toBeGreaterThan(0);
    expect((await orderRow(order.id)).status).toBe('open');
    await rig.tick('BTC/USDT', '200', expiresAt + 5_000);
    await settleAll(expiresAt + 5_000);
    await rig.scheduler().runDue();
    const ended = await result(user.token, order.id);
    expect(ended).toMatchObject({ status: 'void', void_reason: 'stale_close', outcome: null, close: null, payout: '100.1', profit: '0' });
    expect(await optionsBalance(test, user.id, usdt)).toBe('1000');
    const history = await call(test.app, '/microtrade/lists', { method: 'GET', token: user.token, payload: { status: 'history' } });
    expect(history.body.message.data.map((o: { id: string; status: string }) => [o.id, o.status])).toContainEqual([order.id, 'void']);
    await expectLedgerBalanced(test);
  });

  it('verifies a settled option from the public endpoints alone (scripts/fairness/verify-option.mjs), and fails it once a price between its ticks is tampered with', async () => {
    const { user, order, expiresAt } = await openAt100(1);
    await rig.tick('BTC/USDT', '100.4', t0 + 10_000);
    await rig.tick('BTC/USDT', '101', expiresAt - 100);
    await rig.tick('BTC/USDT', '98', expiresAt + 800);
    await settleAll(expiresAt + 1_000);
    const settled = await result(user.token, order.id);
    expect(settled).toMatchObject({ status: 'settled', outcome: 'win' });
    const live = await liveRealtime(test);
    const verify = () =>
      runScript(['--server', live.url, '--open', settled.open.id, '--close', settled.close.id, '--direction', 'up', '--accepted', String(settled.accepted_at), '--expires', String(settled.expires_at), '--outcome', 'win']);
    const good = await verify();
    expect(good.code, good.output).toBe(0);
    expect(JSON.parse(good.output)).toMatchObject({ verified: true, outcome: 'win', close: { id: settled.close.id, price: '101' } });
    // The operator rewrites the tick between open and close: the chain no longer holds.
    const between = (await test.db.select().from(indexTicks).where(and(eq(indexTicks.symbolId, btc), eq(indexTicks.time, t0 + 10_000))))[0]!;
    await test.db.update(indexTicks).set({ price: '99' }).where(eq(indexTicks.id, between.id));
    const tampered = await verify();
    expect(tampered.code).toBe(1);
    expect(JSON.parse(tampered.output).checks.find((c: { name: string }) => c.name === 'chain from open to close')).toMatchObject({ ok: false });
    await test.db.update(indexTicks).set({ price: between.price }).where(eq(indexTicks.id, between.id));
    await live.close();
  });

  it('verifies an option opened past a tick priced before its acceptance (public feed): the script skips that tick as the server did', async () => {
    const user = await fundedUser();
    await rig.tick('BTC/USDT', '99', t0);
    rig.clock.now = t0 + 200;
    const accepted = (await submit(user.token, { type: 1 })).body.message;
    await rig.tick('BTC/USDT', '99', t0 + 1_000, t0 + 100);
    const open = await rig.tick('BTC/USDT', '100', t0 + 1_500, t0 + 1_200);
    const expiresAt = accepted.accepted_at + 30_000;
    await rig.tick('BTC/USDT', '101', expiresAt - 100);
    await rig.tick('BTC/USDT', '98', expiresAt + 800);
    await settleAll(expiresAt + 1_000);
    const settled = await result(user.token, accepted.id);
    expect(settled).toMatchObject({ status: 'settled', outcome: 'win', open: { id: open.id, price: '100' } });
    // The script reads HTTP only: the app's server on a free port (Fastify's listen runs once per app, another test's already did).
    const server = test.app.server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const verified = await runScript(['--server', url, '--open', settled.open.id, '--close', settled.close.id, '--direction', 'up', '--accepted', String(settled.accepted_at), '--expires', String(settled.expires_at)]);
    expect(verified.code, verified.output).toBe(0);
    expect(JSON.parse(verified.output)).toMatchObject({ verified: true, outcome: 'win', open: { id: open.id, price: '100' } });
    await new Promise((resolve) => server.close(resolve));
  });

  it('settles after a restart long past expiry on the tick in force at expiry, not the latest', async () => {
    const { user, order, expiresAt } = await openAt100(2);
    const inForce = await rig.tick('BTC/USDT', '98', expiresAt - 300);
    // Down while nothing ran; the index moved on for ten minutes.
    for (let i = 1; i <= 10; i++) await rig.tick('BTC/USDT', String(100 + i), expiresAt + i * 60_000);
    // A new process: its tick store starts with an empty memory (ticks are read from the database).
    const restartedStore = new IndexTickStore(test.db, rig.feed, (s) => test.ctx.markets.symbolId(s), DEFAULT_LIMITS, () => {});
    rig.feed.emit({ symbol: 'BTC/USDT', price: '111', time: expiresAt + 11 * 60_000 });
    await restartedStore.flush();
    await rig.store.flush();
    rig.clock.now = expiresAt + 11 * 60_000;
    await rig.scheduler(rig.makeService(restartedStore)).runDue();
    const row = await orderRow(order.id);
    expect(row).toMatchObject({ status: 'settled', outcome: 'win' });
    expect(row.closeTickId?.toString()).toBe(inForce.id);
    expect(await optionsBalance(test, user.id, usdt)).toBe('1079.9');
    await restartedStore.stop();
    await expectLedgerBalanced(test);
  });
});

describe('settling many orders at once', () => {
  it('settles a window of 70 orders of 7 users in one job: 64 up win 10 + 10 x 0.8 = 18 each, 6 down lose, in one payout entry whose legs name each order', async () => {
    const users = await Promise.all(Array.from({ length: 7 }, () => fundedUser()));
    await rig.tick('BTC/USDT', '100', t0);
    const placed = [];
    for (let i = 0; i < 70; i++) {
      placed.push(await rig.service.submit(users[i % 7]!.id, { match_id: btc, currency_id: usdt, type: i < 64 ? 'up' : 'down', seconds: 30, number: '10' }));
    }
    await rig.tick('BTC/USDT', '100', t0 + 500);
    const expiresAt = t0 + 30_000;
    await rig.tick('BTC/USDT', '100.5', expiresAt);
    const settleJobs = async () => (await test.db.select().from(jobs).where(eq(jobs.name, OPTION_SETTLE_JOB))).length;
    const jobsBefore = await settleJobs();
    await settleAll(expiresAt);
    const rows = await test.db.select().from(optionOrders).where(inArray(optionOrders.id, placed.map((o) => Number(o.id))));
    expect(rows.map((r) => r.status)).toEqual(Array(70).fill('settled'));
    expect(rows.filter((r) => r.outcome === 'win')).toHaveLength(64);
    // Each user staked 10 orders of 10 with a fee of 0.01 each: the first won all 10, the others 9.
    expect(await optionsBalance(test, users[0]!.id, usdt)).toBe('1079.9');
    for (const user of users.slice(1)) expect(await optionsBalance(test, user.id, usdt)).toBe('1061.9');
    const legs = await test.db
      .select({ entryId: ledgerPostings.entryId, refId: ledgerPostings.refId, amount: ledgerPostings.amount })
      .from(ledgerPostings)
      .innerJoin(ledgerEntries, eq(ledgerEntries.id, ledgerPostings.entryId))
      .where(and(eq(ledgerEntries.kind, 'option_settle'), eq(ledgerPostings.refType, 'option_order'), inArray(ledgerPostings.refId, placed.map((o) => o.id))));
    expect(legs.map((l) => Number(l.refId)).sort((a, b) => a - b)).toEqual(rows.filter((r) => r.outcome === 'win').map((r) => r.id).sort((a, b) => a - b));
    expect(legs.every((l) => Number(l.amount) === 18)).toBe(true);
    expect(new Set(legs.map((l) => l.entryId)).size).toBe(1);
    // No follow-up job: the window fit one batch.
    expect(await settleJobs()).toBe(jobsBefore);
    await expectLedgerBalanced(test);
  });

  it('goes on at once in a follow-up job when a window holds more orders than one batch takes', async () => {
    const user = await fundedUser();
    await rig.tick('BTC/USDT', '100', t0);
    for (let i = 0; i < 5; i++) await rig.service.submit(user.id, { match_id: btc, currency_id: usdt, type: 'up', seconds: 30, number: '10' });
    await rig.tick('BTC/USDT', '100', t0 + 500);
    const expiresAt = t0 + 30_000;
    await rig.tick('BTC/USDT', '99', expiresAt);
    rig.clock.now = settleWindowEnd(expiresAt);
    const smallBatches = rig.makeService(rig.store, 2);
    const scheduler = rig.scheduler(smallBatches);
    // 2 + 2 + 1 orders: the window's job and two follow-ups, all in one pass.
    expect(await scheduler.runDue()).toBeGreaterThanOrEqual(3);
    const open = await test.db.select().from(optionOrders).where(and(eq(optionOrders.userId, user.id), eq(optionOrders.status, 'open')));
    expect(open).toHaveLength(0);
    expect(await optionsBalance(test, user.id, usdt)).toBe('949.95');
    await expectLedgerBalanced(test);
  });

  it('settles an order whose settlement job is gone by the sweep a minute later, on the tick in force at its expiry', async () => {
    const { user, order, expiresAt } = await openAt100(1);
    const inForce = await rig.tick('BTC/USDT', '100.1', expiresAt - 1);
    await test.db.delete(jobs).where(and(eq(jobs.name, OPTION_SETTLE_JOB), eq(jobs.key, `${btc}:${settleWindowEnd(expiresAt)}`)));
    await rig.tick('BTC/USDT', '90', expiresAt + OPTION_SWEEP_EVERY_MS + 1_000);
    rig.clock.now = expiresAt + OPTION_SWEEP_EVERY_MS + 1_000;
    await rig.scheduler().runDue();
    const row = await orderRow(order.id);
    expect(row).toMatchObject({ status: 'settled', outcome: 'win' });
    expect(row.closeTickId?.toString()).toBe(inForce.id);
    expect(await optionsBalance(test, user.id, usdt)).toBe('1079.9');
    await expectLedgerBalanced(test);
  });
});

describe('exposure limits', () => {
  // Issue 22 (fairness review 1d): the limits are one pair per symbol, the same for both directions, so
  // no setting or route can refuse "up" while accepting "down" (options/exposure.ts has the worked example).
  it('refuses up and down alike past the symbol limit and the per-user limit, with translated messages; no setting names a direction', async () => {
    expect(Object.keys(optionExposureInput.shape)).toEqual(['symbol_id', 'stake_max', 'user_stake_max']);
    const op = await operatorToken(test);
    const set = await call(test.app, '/admin/options/exposure', { token: op, payload: { symbol_id: eth, stake_max: '150', user_stake_max: '120' } });
    expect(set.body).toEqual({ type: 'ok', message: { symbol_id: eth, stake_max: '150', user_stake_max: '120' } });
    const a = await fundedUser();
    const b = await fundedUser();
    await rig.tick('ETH/USDT', '100', t0);
    const refusal = (code: 'option_exposure_exceeded' | 'option_user_exposure_exceeded') => ({ type: 'error', code, message: errorMessage(code, 'fra') });
    expect((await submit(a.token, { type: 1, number: '100', match_id: eth })).body.type).toBe('ok');
    // A's own open stake would be 150 > 120: refused whichever direction.
    for (const type of [1, 2]) expect((await submit(a.token, { type, number: '50', match_id: eth }, 'fra')).body).toMatchObject(refusal('option_user_exposure_exceeded'));
    // All users' open stake would be 160 > 150: refused whichever direction; 50 fits either way.
    for (const type of [1, 2]) expect((await submit(b.token, { type, number: '60', match_id: eth }, 'fra')).body).toMatchObject(refusal('option_exposure_exceeded'));
    expect((await submit(b.token, { type: 2, number: '50', match_id: eth })).body.type).toBe('ok');
    const overview = await call(test.app, '/admin/options', { method: 'GET', token: op });
    expect(overview.body.message.exposure.find((r: { symbol_id: number }) => r.symbol_id === eth)).toEqual({
      symbol_id: eth,
      symbol: 'ETH/USDT',
      stake_max: '150',
      user_stake_max: '120',
      open_up: '100',
      open_down: '50',
      open_stake: '150',
      open_orders: 2,
    });
    // The log holds the limits before and after.
    const [logged] = await test.db.select().from(operatorAuditLog).where(eq(operatorAuditLog.action, 'option_exposure_edit')).orderBy(desc(operatorAuditLog.id)).limit(1);
    expect(logged?.detail).toEqual({ before: null, after: { stake_max: '150', user_stake_max: '120' } });
    // A direction sent by an old client names nothing: the limit is the symbol's, and 0 closes both sides alike.
    await call(test.app, '/admin/options/exposure', { token: op, payload: { symbol_id: eth, direction: 1, stake_max: '0', user_stake_max: '120' } });
    for (const type of [1, 2]) expect((await submit(b.token, { type, number: '10', match_id: eth }, 'fra')).body).toMatchObject(refusal('option_exposure_exceeded'));
    await call(test.app, '/admin/options/exposure', { token: op, payload: { symbol_id: eth, stake_max: '100000', user_stake_max: '50000' } });
    expect(await optionsBalance(test, a.id, usdt)).toBe('899.9');
    await expectLedgerBalanced(test);
  });

  it('frees the exposure when the orders settle', async () => {
    const { expiresAt } = await openAt100(1);
    const [before] = await test.db.select().from(optionExposure).where(and(eq(optionExposure.symbolId, btc), eq(optionExposure.direction, 'up')));
    expect(Number(before!.openStake)).toBeGreaterThanOrEqual(100);
    await rig.tick('BTC/USDT', '99', expiresAt);
    await settleAll(expiresAt);
    const [after] = await test.db.select().from(optionExposure).where(and(eq(optionExposure.symbolId, btc), eq(optionExposure.direction, 'up')));
    expect(Number(after!.openStake)).toBe(0);
  });
});

describe('lists and results', () => {
  it('lists only the caller own orders, holding with remaining milliseconds and history once settled, five per page', async () => {
    const user = await fundedUser();
    const other = await fundedUser();
    await rig.tick('BTC/USDT', '100', t0);
    await rig.tick('ETH/USDT', '3000', t0);
    for (let i = 0; i < 6; i++) expect((await submit(user.token, { type: 1, number: '10' })).body.type).toBe('ok');
    const theirs = (await submit(other.token, { type: 2, number: '10' })).body.message;
    const ethOrder = (await submit(user.token, { type: 2, number: '10', match_id: eth })).body.message;
    await rig.tick('BTC/USDT', '100', t0 + 500);
    await rig.tick('ETH/USDT', '3000', t0 + 500);
    rig.clock.now = t0 + 12_000;
    const holding = await call(test.app, '/microtrade/lists', { method: 'GET', token: user.token, payload: { status: 'holding', match_id: btc } });
    expect(holding.body.message).toMatchObject({ total: 6, page: 1, limit: 5 });
    expect(holding.body.message.data).toHaveLength(5);
    expect(holding.body.message.data[0].remaining_ms).toBe(18_000);
    expect(holding.body.message.data.every((o: { match_id: number }) => o.match_id === btc)).toBe(true);
    const all = await call(test.app, '/microtrade/lists', { method: 'GET', token: user.token, payload: { status: 1, limit: 50 } });
    expect(all.body.message.total).toBe(7);
    expect(all.body.message.data.map((o: { id: string }) => o.id)).not.toContain(theirs.id);
    expect(all.body.message.data.map((o: { id: string }) => o.id)).toContain(ethOrder.id);
    const foreign = await call(test.app, '/microtrade/get_result', { method: 'GET', token: user.token, payload: { id: theirs.id }, lang: 'en' });
    expect(foreign.body).toMatchObject({ type: 'error', message: errorMessage('not_found', 'en') });
    await rig.tick('BTC/USDT', '100', t0 + 29_500);
    await rig.tick('ETH/USDT', '3000', t0 + 29_500);
    await rig.tick('BTC/USDT', '100', t0 + 31_000);
    await rig.tick('ETH/USDT', '3000', t0 + 31_000);
    await settleAll(t0 + 31_000);
    const history = await call(test.app, '/microtrade/lists', { method: 'GET', token: user.token, payload: { status: 'history', limit: 50 } });
    expect(history.body.message.total).toBe(7);
    expect(history.body.message.data.every((o: { outcome: string; remaining_ms: number }) => o.outcome === 'draw' && o.remaining_ms === 0)).toBe(true);
    await expectLedgerBalanced(test);
  });

  it('answers durations and payable currencies with the options balance, and refuses them without a session', async () => {
    const user = await fundedUser('321.5');
    const seconds = await call(test.app, '/microtrade/seconds', { method: 'GET', token: user.token });
    expect(seconds.body.message.map((d: { seconds: number }) => d.seconds)).toEqual([30, 60, 120, 300]);
    expect(seconds.body.message[0]).toEqual({ seconds: 30, payout_ratio: '0.8', stake_min: '10', stake_max: '10000', fee_rate: '0.001' });
    const payable = await call(test.app, '/microtrade/payable_currencies', { method: 'GET', token: user.token });
    expect(payable.body.message).toEqual([{ id: usdt, name: 'USDT', decimals: expect.any(Number), balance: '321.5' }]);
    expect((await call(test.app, '/microtrade/lists', { method: 'GET' })).body.type).toBe('999');
  });
});

describe('back office', () => {
  it('edits a duration (logged), shows the pool balance, and searches orders read-only', async () => {
    const op = await operatorToken(test);
    const edit = await call(test.app, '/admin/options/durations', {
      token: op,
      payload: { seconds: 90, payout_ratio: '0.83', stake_min: '5', stake_max: '500', fee_rate: '0.002', enabled: 'true' },
    });
    expect(edit.body.type, JSON.stringify(edit.body)).toBe('ok');
    const user = await fundedUser();
    await rig.tick('BTC/USDT', '100', t0);
    const placed = await submit(user.token, { type: 1, seconds: 90, number: '5' });
    expect(placed.body.message).toMatchObject({ seconds: 90, payout_ratio: '0.83', fee: '0.01' });
    const bad = await call(test.app, '/admin/options/durations', { token: op, payload: { seconds: 90, payout_ratio: '0.83', stake_min: '50', stake_max: '5', fee_rate: '0' } });
    expect(bad.body.type).toBe('error');
    const overview = await call(test.app, '/admin/options', { method: 'GET', token: op });
    expect(overview.body.message.pool.currency).toBe('USDT');
    expect(Number(overview.body.message.pool.balance)).toBeGreaterThan(0);
    const found = await call(test.app, '/admin/options/orders', { method: 'GET', token: op, payload: { user_id: user.id } });
    expect(found.body.message.data).toHaveLength(1);
    expect(found.body.message.data[0]).toMatchObject({ id: placed.body.message.id, user_id: user.id, status: 'opening' });
    const log = await call(test.app, '/admin/audit-log', { method: 'GET', token: op });
    if (log.body.type === 'ok') expect(JSON.stringify(log.body.message)).toContain('option_duration_edit');
    const userRefused = await call(test.app, '/admin/options/durations', { token: user.token, payload: { seconds: 30 } });
    expect(userRefused.body.type).not.toBe('ok');
  });

  it('has the audit report an option pool below zero (fixed-sign system account), and hold again once restored', async () => {
    const pool = await test.db.transaction((tx) => systemAccount(tx, 'option_pool', usdt));
    const [row] = await test.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.id, pool));
    await test.db.update(ledgerAccounts).set({ available: '-1' }).where(eq(ledgerAccounts.id, pool));
    const broken = await audit(test.db);
    expect(offenders(broken, 'system_account_signs').map((r) => r.account_id)).toContain(pool);
    await test.db.update(ledgerAccounts).set({ available: row!.available }).where(eq(ledgerAccounts.id, pool));
    await expectLedgerBalanced(test);
  });
});

describe('the audit of settled options', () => {
  it('fails option_payouts_follow_ticks when a settled win is paid above stake x (1 + ratio), or its close or outcome is not what its cited ticks say', async () => {
    const { order, expiresAt } = await openAt100(1);
    await rig.tick('BTC/USDT', '101', expiresAt - 100);
    await rig.tick('BTC/USDT', '101', expiresAt + 500);
    expect(await settleAll(expiresAt + 500)).toBeGreaterThan(0);
    expect(offenders(await audit(test.db), 'option_payouts_follow_ticks')).toEqual([]);
    const row = await orderRow(order.id);
    for (const change of [{ payout: '180.01' }, { closePrice: '99' }, { outcome: 'lose' as const }]) {
      await test.db.update(optionOrders).set(change).where(eq(optionOrders.id, row.id));
      expect(offenders(await audit(test.db), 'option_payouts_follow_ticks').map((r) => r.id)).toEqual([String(row.id)]);
      await test.db.update(optionOrders).set({ payout: row.payout, closePrice: row.closePrice, outcome: row.outcome }).where(eq(optionOrders.id, row.id));
    }
    await expectLedgerBalanced(test);
  });
});
