// Proves IEO projects and subscriptions through the /project* routes on a real database: states from
// the times and the clock, the lists' order, the user's own figures on public calls, the payment frozen
// (rounded up) with the applied total in one transaction, every refusal with the envelope and a
// translated message and nothing moved, the per-user cap under concurrent calls, idempotent retries, and
// that a user sees only their own subscriptions. The ledger audit runs after every money scenario.
import { DAY_MS, errorMessage } from '@fairex/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ledgerEntries } from '../../src/ledger/tables.ts';
import { call, expectLedgerBalanced, makeUser } from '../support/app.ts';
import { createProject, fundedUser, ieoRig, orderRow, projectRow, spot, subscribe, type IeoRig } from './support.ts';

let rig: IeoRig;

beforeAll(async () => {
  rig = await ieoRig();
});
afterAll(() => rig.test.close());
// Each test in its own stretch of time, so one test's projects are ended by the next one's.
beforeEach(() => rig.advance(30 * DAY_MS));

const detail = (id: number, token?: string, lang?: string) => call(rig.test.app, '/project/detail', { method: 'GET', token, lang, payload: { project_id: id } });

describe('projects', () => {
  it('lists enabled projects in progress first (ending soonest), then warm-up (starting soonest), then ended (latest end first)', async () => {
    const now = rig.clock.now;
    const ended1 = await createProject(rig, { start_at: now + 1_000, end_at: now + 2_000 });
    const ended2 = await createProject(rig, { start_at: now + 1_000, end_at: now + 3_000 });
    const warmLate = await createProject(rig, { start_at: now + 10 * DAY_MS, end_at: now + 12 * DAY_MS });
    const warmSoon = await createProject(rig, { start_at: now + 9 * DAY_MS, end_at: now + 12 * DAY_MS });
    const runLong = await createProject(rig, { start_at: now + 1_000, end_at: now + 8 * DAY_MS });
    const runShort = await createProject(rig, { start_at: now + 1_000, end_at: now + 5 * DAY_MS });
    const hidden = await createProject(rig, { start_at: now + 1_000, end_at: now + 5 * DAY_MS, enabled: false });
    rig.advance(4_000);
    const res = await call(rig.test.app, '/project', { method: 'GET', payload: { page: 1, limit: 100 } });
    expect(res.body.type).toBe('ok');
    const mine = new Set([ended1.id, ended2.id, warmLate.id, warmSoon.id, runLong.id, runShort.id, hidden.id]);
    const listed = (res.body.message.data as { id: number; state: string }[]).filter((p) => mine.has(p.id));
    expect(listed.map((p) => p.id)).toEqual([runShort.id, runLong.id, warmSoon.id, warmLate.id, ended2.id, ended1.id]);
    expect(listed.map((p) => p.state)).toEqual(['in_progress', 'in_progress', 'warmup', 'warmup', 'ended', 'ended']);
    expect(res.body.message).toMatchObject({ page: 1, limit: 100 });
  });

  it('pages the list by 10 by default', async () => {
    for (let i = 0; i < 11; i++) await createProject(rig);
    const first = await call(rig.test.app, '/project', { method: 'GET' });
    expect(first.body.message.data).toHaveLength(10);
    expect(first.body.message).toMatchObject({ page: 1, limit: 10 });
    expect(first.body.message.total).toBeGreaterThanOrEqual(11);
  });

  it('shows warm-up before the start, in progress until the end, then ended, with a 7-day cycle of 1,000,000 tokens at 0.05', async () => {
    const now = rig.clock.now;
    const project = await createProject(rig, { start_at: now + DAY_MS, end_at: now + 8 * DAY_MS, lock_days: 30, listing_at: now + 40 * DAY_MS, white_paper: 'https://example.com/paper.pdf' });
    expect((await detail(project.id)).body.message).toMatchObject({
      state: 'warmup',
      price: '0.05',
      total_issuance: '1000000',
      applied: '0',
      passed: '0',
      remaining: '1000000',
      progress: '0',
      cycle_days: 7,
      lock_days: 30,
      listing_at: now + 40 * DAY_MS,
      white_paper: 'https://example.com/paper.pdf',
      website: '',
      allocated: false,
      pay_currency: 'USDT',
      my_applied: null,
      pay_balance: null,
    });
    rig.advance(DAY_MS);
    expect((await detail(project.id)).body.message.state).toBe('in_progress');
    rig.advance(7 * DAY_MS);
    expect((await detail(project.id)).body.message.state).toBe('ended');
  });

  it("fills the user's applied total and pay-coin balance when a valid token comes along, and reads a bad token as logged out", async () => {
    const project = await createProject(rig);
    const user = await fundedUser(rig, '1000');
    expect((await subscribe(rig, user.token, project, '100')).body.type).toBe('ok');
    expect((await detail(project.id, user.token)).body.message).toMatchObject({ my_applied: '100', pay_balance: '995' });
    expect((await detail(project.id, 'not-a-session')).body.message).toMatchObject({ my_applied: null, pay_balance: null });
    const listed = await call(rig.test.app, '/project', { method: 'GET', token: user.token, payload: { limit: 100 } });
    expect((listed.body.message.data as { id: number; my_applied: string }[]).find((p) => p.id === project.id)?.my_applied).toBe('100');
  });

  it('answers not_found for a missing project, wealth_product_unavailable for a disabled one, and parameter_error for a bad id', async () => {
    const hidden = await createProject(rig, { enabled: false });
    expect((await detail(2_000_000, undefined, 'en')).body).toMatchObject({ type: 'error', message: errorMessage('not_found', 'en') });
    expect((await detail(hidden.id, undefined, 'fra')).body).toMatchObject({ type: 'error', message: errorMessage('wealth_product_unavailable', 'fra') });
    for (const bad of ['x', '-1', '', '99999999999']) {
      const res = await call(rig.test.app, '/project/detail', { method: 'GET', payload: { project_id: bad } });
      expect(res.status).toBeLessThan(500);
      expect(res.body.type).toBe('error');
    }
  });
});

describe('subscribing', () => {
  it('freezes 1,000 x 0.05 = 50 USDT, adds 1,000 to the applied total and answers the pending order', async () => {
    const project = await createProject(rig, { total_issuance: '1000000' });
    const user = await fundedUser(rig, '1000');
    const res = await subscribe(rig, user.token, project, '1000');
    expect(res.body.type, JSON.stringify(res.body)).toBe('ok');
    expect(res.body.message).toMatchObject({ project_id: project.id, amount: '1000', price: '0.05', paid: '50', status: 'pending', allocated: null, charged: null, refunded: null, pay_currency: 'USDT', currency: project.currency, state: 'in_progress', created_at: rig.clock.now });
    expect(await spot(rig.test, user.id, rig.usdt)).toMatchObject({ available: '950', frozen: '50' });
    expect((await detail(project.id)).body.message).toMatchObject({ applied: '1000', remaining: '999000', progress: '0.1' });
    const [entry] = await rig.test.db.select().from(ledgerEntries).where(and(eq(ledgerEntries.kind, 'ieo_subscribe'), eq(ledgerEntries.refId, res.body.message.id)));
    expect(entry?.refType).toBe('ieo_order');
    await expectLedgerBalanced(rig.test);
  });

  it('charges 7 x 0.0333333 = 0.2333331 rounded up to 0.233334 USDT (6 decimals)', async () => {
    const project = await createProject(rig, { price: '0.0333333', amount_min: '1' });
    const user = await fundedUser(rig, '1');
    const res = await subscribe(rig, user.token, project, '7');
    expect(res.body.message.paid).toBe('0.233334');
    expect(await spot(rig.test, user.id, rig.usdt)).toMatchObject({ available: '0.766666', frozen: '0.233334' });
    await expectLedgerBalanced(rig.test);
  });

  it('accepts oversubscription and shows 0 remaining and 100 % progress then', async () => {
    const project = await createProject(rig, { total_issuance: '100' });
    const [a, b] = [await fundedUser(rig), await fundedUser(rig)];
    expect((await subscribe(rig, a.token, project, '80')).body.type).toBe('ok');
    expect((await subscribe(rig, b.token, project, '70')).body.type).toBe('ok');
    expect((await detail(project.id)).body.message).toMatchObject({ applied: '150', remaining: '0', progress: '100' });
    await expectLedgerBalanced(rig.test);
  });

  it('refuses outside the subscription (warm-up and ended) with ieo_not_in_progress and moves nothing', async () => {
    const now = rig.clock.now;
    const project = await createProject(rig, { start_at: now + DAY_MS, end_at: now + 2 * DAY_MS });
    const user = await fundedUser(rig, '100');
    expect((await subscribe(rig, user.token, project, '100', {}, 'zh')).body).toMatchObject({ type: 'error', message: errorMessage('ieo_not_in_progress', 'zh') });
    rig.advance(2 * DAY_MS);
    expect((await subscribe(rig, user.token, project, '100', {}, 'en')).body).toMatchObject({ type: 'error', message: errorMessage('ieo_not_in_progress', 'en') });
    expect(await spot(rig.test, user.id, rig.usdt)).toMatchObject({ available: '100', frozen: '0' });
    expect((await projectRow(rig.test, project.id)).applied).toMatch(/^0(\.0+)?$/);
  });

  it('refuses a price or pay coin other than the project\'s (ieo_price_changed), an amount below the minimum, finer than the token, or past the per-user cap', async () => {
    const project = await createProject(rig, { decimals: 2, amount_min: '10', amount_max_per_user: '500' });
    const user = await fundedUser(rig, '1000');
    const refused = async (amount: string, extra: Record<string, unknown>, code: Parameters<typeof errorMessage>[0]) =>
      expect((await subscribe(rig, user.token, project, amount, extra, 'en')).body).toMatchObject({ type: 'error', message: errorMessage(code, 'en') });
    await refused('100', { price: '0.04' }, 'ieo_price_changed');
    await refused('100', { pay_currency: project.currency_id }, 'ieo_price_changed');
    await refused('9.99', {}, 'wealth_amount_below_minimum');
    await refused('10.005', {}, 'wrong_number');
    expect((await subscribe(rig, user.token, project, '400')).body.type).toBe('ok');
    await refused('100.01', {}, 'ieo_user_cap_exceeded');
    expect((await subscribe(rig, user.token, project, '100')).body.type).toBe('ok');
    expect(await spot(rig.test, user.id, rig.usdt)).toMatchObject({ available: '975', frozen: '25' });
    await expectLedgerBalanced(rig.test);
  });

  it('refuses with insufficient_balance and leaves no order, no applied amount and no frozen money', async () => {
    const project = await createProject(rig);
    const user = await fundedUser(rig, '49.99');
    expect((await subscribe(rig, user.token, project, '1000', {}, 'kor')).body).toMatchObject({ type: 'error', message: errorMessage('insufficient_balance', 'kor') });
    expect(await spot(rig.test, user.id, rig.usdt)).toMatchObject({ available: '49.99', frozen: '0' });
    expect((await projectRow(rig.test, project.id)).applied).toMatch(/^0(\.0+)?$/);
    const mine = await call(rig.test.app, '/user/project/order', { method: 'GET', token: user.token });
    expect(mine.body.message.total).toBe(0);
    await expectLedgerBalanced(rig.test);
  });

  it('refuses bad fields with the envelope, never a 500, and a missing session with 999', async () => {
    const project = await createProject(rig);
    const user = await fundedUser(rig);
    for (const bad of [{ amount: '-1' }, { amount: 'abc' }, { amount: '0' }, { project_id: 'x' }, { price: '' }, { pay_currency: '' }, { amount: '1e3' }]) {
      const res = await subscribe(rig, user.token, project, '100', bad);
      expect(res.status).toBeLessThan(500);
      expect(res.body.type, JSON.stringify(bad)).toBe('error');
    }
    expect((await subscribe(rig, '', project, '100')).body.type).toBe('999');
    expect((await call(rig.test.app, '/user/project/order', { method: 'GET' })).body.type).toBe('999');
    expect((await subscribe(rig, user.token, { ...project, id: 2_000_000 }, '100', {}, 'en')).body).toMatchObject({ type: 'error', message: errorMessage('not_found', 'en') });
  });

  it('answers a retry with the same client_id with the first order and freezes once', async () => {
    const project = await createProject(rig);
    const user = await fundedUser(rig, '100');
    const first = await subscribe(rig, user.token, project, '100', { client_id: 'ieo-retry-1' });
    const again = await subscribe(rig, user.token, project, '100', { client_id: 'ieo-retry-1' });
    expect(first.body.type, JSON.stringify(first.body)).toBe('ok');
    expect(again.body.message).toEqual(first.body.message);
    expect(await spot(rig.test, user.id, rig.usdt)).toMatchObject({ available: '95', frozen: '5' });
    expect((await subscribe(rig, user.token, project, '200', { client_id: 'ieo-retry-1' })).body.type).toBe('error');
    await expectLedgerBalanced(rig.test);
  });

  it('keeps the per-user cap of 1,000 when five subscriptions of 400 arrive at once: two pass', async () => {
    const project = await createProject(rig, { amount_max_per_user: '1000' });
    const user = await fundedUser(rig, '1000');
    const answers = await Promise.all(Array.from({ length: 5 }, () => subscribe(rig, user.token, project, '400')));
    expect(answers.filter((a) => a.body.type === 'ok')).toHaveLength(2);
    expect(answers.filter((a) => a.body.type === 'error').map((a) => a.body.message)).toEqual(Array(3).fill(errorMessage('ieo_user_cap_exceeded', 'en')));
    expect((await projectRow(rig.test, project.id)).applied).toMatch(/^800(\.0+)?$/);
    expect(await spot(rig.test, user.id, rig.usdt)).toMatchObject({ available: '960', frozen: '40' });
    await expectLedgerBalanced(rig.test);
  });
});

describe('a user\'s subscriptions', () => {
  it('lists only the user\'s own orders, newest first, paged, and never another user\'s', async () => {
    const project = await createProject(rig);
    const ann = await fundedUser(rig);
    const bob = await fundedUser(rig);
    const first = await subscribe(rig, ann.token, project, '100');
    const second = await subscribe(rig, ann.token, project, '200');
    await subscribe(rig, bob.token, project, '300');
    const mine = await call(rig.test.app, '/user/project/order', { method: 'GET', token: ann.token, payload: { page: 1, limit: 1 } });
    expect(mine.body.message).toMatchObject({ total: 2, page: 1, limit: 1 });
    expect(mine.body.message.data.map((o: { id: string }) => o.id)).toEqual([second.body.message.id]);
    const page2 = await call(rig.test.app, '/user/project/order', { method: 'GET', token: ann.token, payload: { page: 2, limit: 1 } });
    expect(page2.body.message.data.map((o: { id: string }) => o.id)).toEqual([first.body.message.id]);
    const theirs = await call(rig.test.app, '/user/project/order', { method: 'GET', token: bob.token });
    expect(theirs.body.message.data.map((o: { amount: string }) => o.amount)).toEqual(['300']);
    expect((await detail(project.id, bob.token)).body.message.my_applied).toBe('300');
    const stranger = await makeUser(rig.test);
    expect((await call(rig.test.app, '/user/project/order', { method: 'GET', token: stranger.token })).body.message).toMatchObject({ data: [], total: 0 });
    expect((await orderRow(rig.test, first.body.message.id)).userId).toBe(ann.id);
    await expectLedgerBalanced(rig.test);
  });
});
