// Proves the IEO back office on a real database: admins create token coins and projects (every write in
// the operator log), figures and times change only before the start and only the switch, description and
// links after it; every operator role reads projects, orders with their allocation results, the runs and
// the ieo_sale balances; other roles cannot write; and no back-office route writes an order or an
// allocation (read from the route table).
import { DAY_MS, errorMessage } from '@fairex/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { operatorAuditLog } from '../../src/admin/tables.ts';
import { currencies, currencyNetworks } from '../../src/site/tables.ts';
import { makeOperatorToken } from '../funds/support.ts';
import { call, expectLedgerBalanced } from '../support/app.ts';
import { writeRoutes } from '../support/routes.ts';
import { createProject, createToken, fundedUser, ieoRig, subscribe, type IeoRig } from './support.ts';

let rig: IeoRig;

beforeAll(async () => {
  rig = await ieoRig();
});
afterAll(() => rig.test.close());
beforeEach(() => rig.advance(30 * DAY_MS));

const admin = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>, token = rig.op, lang?: string) =>
  call(rig.test.app, `/admin${url}`, { method, token, payload, lang, ip: rig.test.nextIp() });

async function logOf(target: string) {
  return rig.test.db.select().from(operatorAuditLog).where(eq(operatorAuditLog.target, target));
}

describe('token coins', () => {
  it('creates a token coin with no networks at the issue price, logged; refuses a taken or malformed symbol', async () => {
    const token = await createToken(rig, 6, '0.2');
    const [coin] = await rig.test.db.select().from(currencies).where(eq(currencies.id, token.id));
    expect(coin).toMatchObject({ name: token.name, decimals: 6, enabled: true });
    expect(Number(coin!.referencePriceUsdt)).toBe(0.2);
    expect(await rig.test.db.select().from(currencyNetworks).where(eq(currencyNetworks.currencyId, token.id))).toEqual([]);
    expect((await logOf(`currency:${token.id}`)).map((r) => r.action)).toEqual(['ieo.token.create']);
    expect((await admin('POST', '/ieo/tokens', { name: token.name, full_name: 'Again', decimals: 8, reference_price: '1' }, rig.op, 'en')).body).toMatchObject({
      type: 'error',
      message: errorMessage('symbol_exists', 'en'),
    });
    for (const name of ['fair', 'A', 'TOOLONGNAME1', 'AB-C', '']) {
      expect((await admin('POST', '/ieo/tokens', { name, full_name: 'X', decimals: 8, reference_price: '1' })).body.type, name).toBe('error');
    }
    expect((await admin('POST', '/ieo/tokens', { name: 'OKNAME', full_name: 'X', decimals: 19, reference_price: '1' })).body.type).toBe('error');
  });
});

describe('projects', () => {
  it('creates a project, logged, and lists it with its state, applied, passed, progress and order counts for every role', async () => {
    const project = await createProject(rig, { total_issuance: '1000', amount_max_per_user: '500', white_paper: 'https://example.com/wp.pdf', website: 'https://example.com' });
    expect((await logOf(`ieo_project:${project.id}`)).map((r) => r.action)).toEqual(['ieo.project.create']);
    const user = await fundedUser(rig);
    await subscribe(rig, user.token, project, '250');
    const reviewer = await makeOperatorToken(rig.test, 'reviewer');
    const list = await admin('GET', '/ieo/projects', { limit: 100 }, reviewer);
    const row = (list.body.message.data as { id: number }[]).find((p) => p.id === project.id);
    expect(row).toMatchObject({ state: 'in_progress', applied: '250', passed: '0', progress: '25', enabled: true, demo: false, orders: 1, pending_orders: 1, allocated_at: null, amount_max_per_user: '500' });
    const overview = await admin('GET', '/ieo', undefined, reviewer);
    expect(overview.body.message.coins).toEqual(expect.arrayContaining([expect.objectContaining({ id: project.currency_id, decimals: 8 })]));
    expect(overview.body.message.now).toBe(rig.clock.now);
    await expectLedgerBalanced(rig.test);
  });

  it('edits figures and times before the start; after it refuses them (ieo_project_started) and takes only the switch, description and links', async () => {
    const now = rig.clock.now;
    const project = await createProject(rig, { start_at: now + DAY_MS, end_at: now + 3 * DAY_MS });
    const base = { id: project.id, name: 'Test project', currency_id: project.currency_id, pay_currency_id: rig.usdt, amount_min: '10', lock_days: 0 };
    const edited = await admin('POST', '/ieo/projects', { ...base, price: '0.06', total_issuance: '2000', start_at: now + 2 * DAY_MS, end_at: now + 4 * DAY_MS });
    expect(edited.body.message).toMatchObject({ price: '0.06', total_issuance: '2000', start_at: now + 2 * DAY_MS });
    rig.advance(2 * DAY_MS);
    const started = { ...base, price: '0.06', total_issuance: '2000', start_at: now + 2 * DAY_MS, end_at: now + 4 * DAY_MS };
    for (const change of [{ price: '0.07' }, { total_issuance: '3000' }, { end_at: now + 5 * DAY_MS }, { lock_days: 3 }, { name: 'Renamed' }, { amount_max_per_user: '100' }]) {
      expect((await admin('POST', '/ieo/projects', { ...started, ...change }, rig.op, 'en')).body, JSON.stringify(change)).toMatchObject({
        type: 'error',
        message: errorMessage('ieo_project_started', 'en'),
      });
    }
    const allowed = await admin('POST', '/ieo/projects', { ...started, enabled: false, description: 'Now with a description', website: 'https://example.org' });
    expect(allowed.body.message).toMatchObject({ description: 'Now with a description', website: 'https://example.org', price: '0.06' });
    expect((await call(rig.test.app, '/project/detail', { method: 'GET', payload: { project_id: project.id } })).body.type).toBe('error');
    expect((await logOf(`ieo_project:${project.id}`)).map((r) => r.action)).toEqual(['ieo.project.create', 'ieo.project.edit', 'ieo.project.edit']);
  });

  it('refuses figures finer than the token, a cap below the minimum, an end before the start or already past, unknown coins and markup', async () => {
    const token = await createToken(rig, 2);
    const now = rig.clock.now;
    const good = { name: 'P', currency_id: token.id, pay_currency_id: rig.usdt, price: '0.05', total_issuance: '1000', amount_min: '1', lock_days: 0, start_at: now, end_at: now + DAY_MS };
    const refused = async (change: Record<string, unknown>, code: Parameters<typeof errorMessage>[0]) =>
      expect((await admin('POST', '/ieo/projects', { ...good, ...change }, rig.op, 'en')).body, JSON.stringify(change)).toMatchObject({ type: 'error', message: errorMessage(code, 'en') });
    await refused({ total_issuance: '1000.001' }, 'wrong_number');
    await refused({ amount_min: '0.005' }, 'wrong_number');
    await refused({ amount_min: '10', amount_max_per_user: '5' }, 'wrong_number');
    await refused({ end_at: now - 1 }, 'wealth_times_invalid');
    await refused({ start_at: now - 2 * DAY_MS, end_at: now - DAY_MS }, 'wealth_times_invalid');
    await refused({ currency_id: 2_000_000 }, 'not_found');
    await refused({ pay_currency_id: token.id }, 'parameter_error');
    await refused({ name: '<b>x</b>' }, 'parameter_error');
    await refused({ white_paper: 'javascript:alert(1)' }, 'parameter_error');
    await refused({ id: 2_000_000 }, 'not_found');
  });

  it('lets only admins write: a reviewer is refused creating a project or a token', async () => {
    const reviewer = await makeOperatorToken(rig.test, 'reviewer');
    const token = await createToken(rig);
    const payload = { name: 'P', currency_id: token.id, pay_currency_id: rig.usdt, price: '1', total_issuance: '1', amount_min: '1', lock_days: 0, start_at: rig.clock.now, end_at: rig.clock.now + DAY_MS };
    expect((await admin('POST', '/ieo/projects', payload, reviewer)).body).toMatchObject({ type: 'error', message: errorMessage('forbidden', 'en') });
    expect((await admin('POST', '/ieo/tokens', { name: 'REVTOK', full_name: 'X', decimals: 8, reference_price: '1' }, reviewer)).body.type).toBe('error');
    expect((await admin('GET', '/ieo/projects', undefined, '')).body.type).toBe('999');
  });
});

describe('orders, runs and balances', () => {
  it('shows orders with their allocation results, filtered by project and user, the runs of ieo.allocate and the ieo_sale balances', async () => {
    const project = await createProject(rig, { total_issuance: '100' });
    const ann = await fundedUser(rig);
    const bob = await fundedUser(rig);
    await subscribe(rig, ann.token, project, '150');
    await subscribe(rig, bob.token, project, '50');
    rig.clock.now = project.end_at;
    await rig.scheduler().runDue();
    const reviewer = await makeOperatorToken(rig.test, 'reviewer');
    const orders = await admin('GET', '/ieo/orders', { product_id: project.id }, reviewer);
    expect(orders.body.message.total).toBe(2);
    expect(orders.body.message.data).toEqual([
      expect.objectContaining({ user_id: bob.id, amount: '50', allocated: '25', charged: '1.25', refunded: '1.25', status: 'released', allocated_at: rig.clock.now }),
      expect.objectContaining({ user_id: ann.id, amount: '150', allocated: '75', charged: '3.75', refunded: '3.75', status: 'released' }),
    ]);
    const annOnly = await admin('GET', '/ieo/orders', { user_id: ann.id }, reviewer);
    expect(annOnly.body.message.data.map((o: { user_id: number }) => o.user_id)).toEqual([ann.id]);
    const runs = await admin('GET', '/wealth/runs', { job: 'ieo.allocate' }, reviewer);
    // The run also closed the earlier tests' projects, ended by now.
    expect(runs.body.message.data[0]).toMatchObject({ job: 'ieo.allocate', ran_at: rig.clock.now, summary: { projects: expect.arrayContaining([project.id]) } });
    const overview = await admin('GET', '/ieo', undefined, reviewer);
    expect(overview.body.message.sale_balances).toEqual(expect.arrayContaining([{ currency: project.currency, balance: '-100' }]));
    await expectLedgerBalanced(rig.test);
  });

  it('has no back-office route that writes an order or an allocation: only projects and tokens are written', () => {
    expect(writeRoutes(rig.test.app, /^\/api\/admin\/ieo/)).toEqual(['POST /api/admin/ieo/projects', 'POST /api/admin/ieo/tokens']);
    expect(writeRoutes(rig.test.app, /^\/api\/(project|user\/project)/)).toEqual(['POST /api/project/order']);
  });
});
