// Proves the IEO jobs on a real database with real schedulers: after the end each project is allocated
// once (all of it within the supply, pro rata rounded down when oversubscribed), each order pays for what
// it got and has the rest refunded, the tokens arrive locked for the lock period (or free without one)
// and are released once it ends; a project without subscriptions is closed too. Each run is recorded
// with its totals per coin. Twice-run jobs, a 3-day outage, two schedulers racing and a failing project
// all end with every order handled exactly once. The ledger audit runs after each scenario.
import { DAY_MS } from '@fairex/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { systemAccount } from '../../src/ledger/index.ts';
import { ledgerAccounts, ledgerEntries, ledgerPostings } from '../../src/ledger/tables.ts';
import { IEO_ALLOCATE_JOB, IEO_RELEASE_JOB, WEALTH_SWEEP_EVERY_MS } from '../../src/ieo/service.ts';
import { wealthRuns } from '../../src/wealth/tables.ts';
import { call, expectLedgerBalanced } from '../support/app.ts';
import { createProject, fundedUser, ieoRig, orderRow, projectRow, spot, subscribe, type IeoRig } from './support.ts';
import { listOf } from '../notifications/support.ts';

let rig: IeoRig;

beforeAll(async () => {
  rig = await ieoRig();
});
afterAll(() => rig.test.close());
beforeEach(() => {
  rig.advance(30 * DAY_MS);
  rig.errors.length = 0;
});

/** Moves past the end (and past the next due time of the recurring jobs) and runs one scheduler pass. */
async function runAt(time: number) {
  rig.clock.now = Math.max(rig.clock.now, time);
  return rig.scheduler().runDue();
}

const trim = (v: string | null) => (v === null ? null : String(Number(v)));

async function runsOf(job: string, since: number) {
  const rows = await rig.test.db.select().from(wealthRuns).where(eq(wealthRuns.job, job));
  return rows.filter((r) => r.ranAt >= since);
}

async function saleBalance(currencyId: number) {
  const id = await rig.test.db.transaction((tx) => systemAccount(tx, 'ieo_sale', currencyId));
  const [row] = await rig.test.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.id, id));
  return String(Number(row!.available));
}

/** One subscription per amount, each by a new user funded with 1,000 USDT. */
async function subscribers(project: Awaited<ReturnType<typeof createProject>>, amounts: string[]) {
  const placed = [];
  for (const amount of amounts) {
    const user = await fundedUser(rig, '1000');
    const res = await subscribe(rig, user.token, project, amount);
    expect(res.body.type, JSON.stringify(res.body)).toBe('ok');
    placed.push({ user, order: res.body.message as { id: string; paid: string } });
  }
  return placed;
}

describe('allocation', () => {
  it('gives each subscription all it applied for within the supply, charges all it paid, and locks the tokens for 30 days', async () => {
    const start = rig.clock.now;
    const project = await createProject(rig, { total_issuance: '1000', lock_days: 30 });
    const placed = await subscribers(project, ['300', '200']);
    await runAt(project.end_at);
    for (const { user, order } of placed) {
      const row = await orderRow(rig.test, order.id);
      expect(row).toMatchObject({ status: 'allocated', unlockAt: project.end_at + 30 * DAY_MS, allocatedAt: rig.clock.now, releasedAt: null });
      expect([trim(row.allocated), trim(row.charged), trim(row.refunded)]).toEqual([trim(row.amount), order.paid, '0']);
      expect(await spot(rig.test, user.id, project.currency_id)).toMatchObject({ available: '0', locked: trim(row.amount) });
      expect(await spot(rig.test, user.id, rig.usdt)).toMatchObject({ available: String(1000 - Number(order.paid)), frozen: '0' });
    }
    const row = await projectRow(rig.test, project.id);
    expect([trim(row.passed), row.allocatedAt]).toEqual(['500', rig.clock.now]);
    expect(await saleBalance(project.currency_id)).toBe('-500');
    const [run] = await runsOf(IEO_ALLOCATE_JOB, start);
    expect(run).toMatchObject({ items: 1, summary: { paid: { [project.currency]: '500', USDT: '0' }, charged: { USDT: '25' }, refunded: { USDT: '0' }, orders: 2, projects: [project.id] } });
    const mine = await call(rig.test.app, '/user/project/order', { method: 'GET', token: placed[0]!.user.token });
    expect(mine.body.message.data[0]).toMatchObject({ status: 'allocated', allocated: '300', charged: '15', refunded: '0', unlock_at: project.end_at + 30 * DAY_MS, state: 'ended' });
    await expectLedgerBalanced(rig.test);
  });

  it('allocates pro rata when 1,500 apply for 1,000 (0 decimals): 700, 400, 400 get 466, 266, 266, pay 23.3, 13.3, 13.3 at 0.05 and get 11.7, 6.7, 6.7 back', async () => {
    const project = await createProject(rig, { decimals: 0, total_issuance: '1000', amount_min: '1' });
    const placed = await subscribers(project, ['700', '400', '400']);
    await runAt(project.end_at);
    const rows = await Promise.all(placed.map(({ order }) => orderRow(rig.test, order.id)));
    expect(rows.map((r) => [r.status, trim(r.allocated), trim(r.charged), trim(r.refunded), r.unlockAt])).toEqual([
      ['released', '466', '23.3', '11.7', null],
      ['released', '266', '13.3', '6.7', null],
      ['released', '266', '13.3', '6.7', null],
    ]);
    // No lock period: the tokens are free at once.
    expect(await spot(rig.test, placed[0]!.user.id, project.currency_id)).toMatchObject({ available: '466', locked: '0' });
    expect(await spot(rig.test, placed[0]!.user.id, rig.usdt)).toMatchObject({ available: '976.7', frozen: '0' });
    // The 2 tokens the rounding leaves stay unsold.
    expect(trim((await projectRow(rig.test, project.id)).passed)).toBe('998');
    expect(await saleBalance(project.currency_id)).toBe('-998');
    const detail = await call(rig.test.app, '/project/detail', { method: 'GET', payload: { project_id: project.id } });
    expect(detail.body.message).toMatchObject({ applied: '1500', passed: '998', allocated: true, state: 'ended' });
    // Each subscriber is told what they got, kept and got back, with the allocation.
    expect((await listOf(rig.test, placed[0]!.user.token)).data.filter((n) => n.kind === 'ieo_allocated')).toEqual([
      expect.objectContaining({
        figures: { order_id: Number(placed[0]!.order.id), project: 'Test project', allocated: '466', token: project.currency, charged: '23.3', refunded: '11.7', pay_currency: 'USDT', unlock_at: null },
      }),
    ]);
    await expectLedgerBalanced(rig.test);
  });

  it('refunds in full an order allocated 0: three apply for 1 each of a supply of 1 (0 decimals)', async () => {
    const project = await createProject(rig, { decimals: 0, total_issuance: '1', amount_min: '1', lock_days: 10 });
    const placed = await subscribers(project, ['1', '1', '1']);
    await runAt(project.end_at);
    for (const { user, order } of placed) {
      const row = await orderRow(rig.test, order.id);
      expect([row.status, trim(row.allocated), trim(row.charged), trim(row.refunded), row.unlockAt]).toEqual(['released', '0', '0', '0.05', null]);
      expect(await spot(rig.test, user.id, rig.usdt)).toMatchObject({ available: '1000', frozen: '0' });
    }
    expect(trim((await projectRow(rig.test, project.id)).passed)).toBe('0');
    await expectLedgerBalanced(rig.test);
  });

  it('closes a project that had no subscription, recording a run of 1 project and 0 orders', async () => {
    const start = rig.clock.now;
    const project = await createProject(rig);
    await runAt(project.end_at);
    expect((await projectRow(rig.test, project.id)).allocatedAt).toBe(rig.clock.now);
    expect(await runsOf(IEO_ALLOCATE_JOB, start)).toEqual([expect.objectContaining({ items: 1, summary: expect.objectContaining({ orders: 0, projects: [project.id] }) })]);
    await expectLedgerBalanced(rig.test);
  });

  it('posts one entry per slice of orders, each user leg naming its order, kind ieo_allocate', async () => {
    const project = await createProject(rig, { total_issuance: '100' });
    const placed = await subscribers(project, ['80', '70']);
    await runAt(project.end_at);
    const legs = await rig.test.db
      .select({ entryId: ledgerPostings.entryId, refId: ledgerPostings.refId, entryRef: ledgerEntries.refId })
      .from(ledgerPostings)
      .innerJoin(ledgerEntries, eq(ledgerEntries.id, ledgerPostings.entryId))
      .where(and(eq(ledgerEntries.kind, 'ieo_allocate'), eq(ledgerPostings.refType, 'ieo_order'), inArray(ledgerPostings.refId, placed.map((p) => p.order.id))));
    expect(new Set(legs.map((l) => l.entryId)).size).toBe(1);
    expect(legs[0]!.entryRef).toBe(`${project.id}:1`);
    // Each order: payment out of frozen, the refund and the tokens.
    expect(legs).toHaveLength(6);
    await expectLedgerBalanced(rig.test);
  });
});

describe('release', () => {
  it('moves 300 locked tokens to available once the 2-day lock ends, once, and records the run', async () => {
    const start = rig.clock.now;
    const project = await createProject(rig, { lock_days: 2 });
    const [{ user, order }] = await subscribers(project, ['300']);
    await runAt(project.end_at);
    rig.clock.now = project.end_at + 2 * DAY_MS - 1;
    await rig.test.db.transaction((tx) => rig.makeService().releaseDue(tx));
    expect((await orderRow(rig.test, order.id)).status).toBe('allocated');
    await runAt(project.end_at + 2 * DAY_MS + WEALTH_SWEEP_EVERY_MS);
    const row = await orderRow(rig.test, order.id);
    expect(row).toMatchObject({ status: 'released', releasedAt: rig.clock.now });
    expect(await spot(rig.test, user.id, project.currency_id)).toMatchObject({ available: '300', locked: '0' });
    rig.advance(WEALTH_SWEEP_EVERY_MS);
    await rig.scheduler().runDue();
    expect(await spot(rig.test, user.id, project.currency_id)).toMatchObject({ available: '300', locked: '0' });
    expect(await runsOf(IEO_RELEASE_JOB, start)).toEqual([expect.objectContaining({ items: 1, summary: { paid: { [project.currency]: '300' }, orders: 1 } })]);
    const entries = await rig.test.db.select().from(ledgerEntries).where(and(eq(ledgerEntries.kind, 'ieo_release'), eq(ledgerEntries.refId, order.id)));
    expect(entries).toHaveLength(1);
    await expectLedgerBalanced(rig.test);
  });
});

describe('exactly once', () => {
  it('allocates once when the job runs twice (at once and after another period)', async () => {
    const project = await createProject(rig, { total_issuance: '100' });
    const [{ user }] = await subscribers(project, ['150']);
    await runAt(project.end_at);
    await rig.scheduler().runDue();
    rig.advance(WEALTH_SWEEP_EVERY_MS);
    await rig.scheduler().runDue();
    await rig.test.db.transaction((tx) => rig.makeService().allocateDue(tx));
    expect(await spot(rig.test, user.id, project.currency_id)).toMatchObject({ available: '100' });
    expect(await spot(rig.test, user.id, rig.usdt)).toMatchObject({ available: '995', frozen: '0' });
    const entries = await rig.test.db.select().from(ledgerEntries).where(and(eq(ledgerEntries.kind, 'ieo_allocate'), eq(ledgerEntries.refId, `${project.id}:1`)));
    expect(entries).toHaveLength(1);
    await expectLedgerBalanced(rig.test);
  });

  it('catches up once after a 3-day outage: two ended projects allocated and a 1-day lock released in one pass', async () => {
    const start = rig.clock.now;
    const locked = await createProject(rig, { end_at: start + DAY_MS, lock_days: 1 });
    const free = await createProject(rig, { end_at: start + 2 * DAY_MS });
    const [a] = await subscribers(locked, ['100']);
    const [b] = await subscribers(free, ['200']);
    rig.advance(3 * DAY_MS);
    await rig.scheduler().runDue();
    expect((await orderRow(rig.test, a!.order.id)).status).toBe('released');
    expect((await orderRow(rig.test, b!.order.id)).status).toBe('released');
    expect(await spot(rig.test, a!.user.id, locked.currency_id)).toMatchObject({ available: '100', locked: '0' });
    expect(await spot(rig.test, b!.user.id, free.currency_id)).toMatchObject({ available: '200', locked: '0' });
    rig.advance(WEALTH_SWEEP_EVERY_MS);
    await rig.scheduler().runDue();
    expect(await spot(rig.test, a!.user.id, locked.currency_id)).toMatchObject({ available: '100', locked: '0' });
    expect((await runsOf(IEO_ALLOCATE_JOB, start)).map((r) => r.summary.projects)).toEqual([[locked.id, free.id]]);
    expect((await runsOf(IEO_RELEASE_JOB, start)).map((r) => r.items)).toEqual([1]);
    await expectLedgerBalanced(rig.test);
  });

  it('allocates and releases once when two schedulers race, and when two allocation runs race on the projects themselves', async () => {
    const start = rig.clock.now;
    const first = await createProject(rig, { total_issuance: '100', lock_days: 1 });
    const second = await createProject(rig, { total_issuance: '100' });
    const [p1] = await subscribers(first, ['150']);
    const [p2] = await subscribers(second, ['50']);
    rig.clock.now = first.end_at;
    await Promise.all([rig.scheduler().runDue(), rig.scheduler().runDue()]);
    await Promise.all([rig.test.db.transaction((tx) => rig.makeService().allocateDue(tx)), rig.test.db.transaction((tx) => rig.makeService().allocateDue(tx))]);
    rig.clock.now = first.end_at + DAY_MS;
    await Promise.all([rig.scheduler().runDue(), rig.scheduler().runDue()]);
    await Promise.all([rig.test.db.transaction((tx) => rig.makeService().releaseDue(tx)), rig.test.db.transaction((tx) => rig.makeService().releaseDue(tx))]);
    expect(await spot(rig.test, p1!.user.id, first.currency_id)).toMatchObject({ available: '100', locked: '0' });
    expect(await spot(rig.test, p1!.user.id, rig.usdt)).toMatchObject({ available: '995', frozen: '0' });
    expect(await spot(rig.test, p2!.user.id, second.currency_id)).toMatchObject({ available: '50', locked: '0' });
    expect((await runsOf(IEO_ALLOCATE_JOB, start)).reduce((n, r) => n + r.items, 0)).toBe(2);
    expect((await runsOf(IEO_RELEASE_JOB, start)).reduce((n, r) => n + r.items, 0)).toBe(1);
    await expectLedgerBalanced(rig.test);
  });

  it('rolls back a project the ledger cannot hold alone, tells onError, allocates the others, and tries it again next run', async () => {
    const start = rig.clock.now;
    // Two projects selling 600,000,000,000,000,000 of one token: ieo_sale would owe 1.2e18, past what a figure may hold.
    const big = { decimals: 0, total_issuance: '600000000000000000', price: '0.000000000001', amount_min: '1' };
    const one = await createProject(rig, big);
    const two = await createProject(rig, { ...big, currency_id: one.currency_id });
    const fine = await createProject(rig, { total_issuance: '100' });
    const user = await fundedUser(rig, '2000000');
    for (const project of [one, two]) expect((await subscribe(rig, user.token, project, big.total_issuance)).body.type).toBe('ok');
    const [f] = await subscribers(fine, ['10']);
    await runAt(fine.end_at);
    const states = async () => Promise.all([one, two].map(async (p) => (await projectRow(rig.test, p.id)).allocatedAt !== null));
    expect(await states()).toEqual([true, false]);
    expect(rig.errors).toHaveLength(1);
    expect((await orderRow(rig.test, f!.order.id)).status).toBe('released');
    // 2,000,000 - 2 x 600,000 paid; the first project's payment was charged, the second's stays frozen.
    expect(await spot(rig.test, user.id, rig.usdt)).toMatchObject({ available: '800000', frozen: '600000' });
    expect((await runsOf(IEO_ALLOCATE_JOB, start)).map((r) => r.summary.projects)).toEqual([[one.id, fine.id]]);
    rig.advance(WEALTH_SWEEP_EVERY_MS);
    await rig.scheduler().runDue();
    expect(rig.errors).toHaveLength(2);
    expect(await states()).toEqual([true, false]);
    await expectLedgerBalanced(rig.test);
    // The ledger's refusal of a figure it cannot hold.
    expect(rig.errors[0]).toMatchObject({ code: 'wrong_number' });
  });
});
