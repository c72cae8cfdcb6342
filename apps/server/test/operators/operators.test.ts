// Proves the back-office operator accounts through the API on a real database: an admin creates,
// disables and re-roles operators (reviewer and support are refused), nobody disables or de-admins
// themselves or the last active admin, a password given by someone else must be changed before anything
// else, changing one's own password ends the other sessions, and every action is in the operator log.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/accounts/passwords.ts';
import { editOperator } from '../../src/admin/operator-accounts.ts';
import { DEMO_OPERATOR } from '../../src/admin/operators.ts';
import { operatorAuditLog, operators } from '../../src/admin/tables.ts';
import { makeTestApp, operatorHeaders, type TestApp } from '../support/app.ts';
import { sessionTokenFromSetCookie } from '../../src/admin/operator-cookies.ts';

let test: TestApp;
beforeAll(async () => {
  test = await makeTestApp();
});
afterAll(async () => {
  await test.close();
});

async function api(method: 'GET' | 'POST', url: string, token?: string, payload?: object) {
  const res = await test.app.inject({
    method,
    url: `/api/admin${url}`,
    headers: token ? operatorHeaders(token) : {},
    payload: payload as Record<string, string> | undefined,
    remoteAddress: test.nextIp(),
  });
  return { status: res.statusCode, body: res.json() as { type: string; message: any; code?: string } };
}

/** The operator and the session token its cookie carries. */
async function login(username: string, password: string) {
  const res = await test.app.inject({ method: 'POST', url: '/api/admin/login', payload: { username, password }, remoteAddress: test.nextIp() });
  const body = res.json() as { type: string; message: { operator: { id: number; must_change_password: boolean } } };
  if (body.type !== 'ok') throw new Error(`login ${username}: ${JSON.stringify(body)}`);
  return { ...body.message, token: sessionTokenFromSetCookie(res.headers['set-cookie'])! };
}

const adminToken = async () => (await login(DEMO_OPERATOR.username, DEMO_OPERATOR.password)).token;

let counter = 0;
const uniqueName = (prefix: string) => `${prefix}${++counter}x${process.pid % 10000}`;
const STRONG = 'Blue-river-2026';
const STRONGER = 'Green-valley-2027';

/** An operator created by the admin through the API, who then changed the given password (ready to work). */
async function makeOperator(role: 'admin' | 'reviewer' | 'support') {
  const username = uniqueName(role);
  const created = await api('POST', '/operators', await adminToken(), { username, password: STRONG, role });
  expect(created.body.type).toBe('ok');
  const first = await login(username, STRONG);
  expect((await api('POST', '/password', first.token, { current_password: STRONG, password: STRONGER })).body.type).toBe('ok');
  return { id: created.body.message.id as number, username, token: first.token };
}

async function logOf(target: string) {
  return test.db.select().from(operatorAuditLog).where(eq(operatorAuditLog.target, target));
}

describe('operator accounts', () => {
  it('creates an operator who must change the given password before anything but me, logout and the change', async () => {
    const token = await adminToken();
    const username = uniqueName('newbie');
    const created = await api('POST', '/operators', token, { username: username.toUpperCase(), password: STRONG, role: 'reviewer' });
    expect(created.body.message).toMatchObject({ username, role: 'reviewer', disabled: false, must_change_password: true });
    const id = created.body.message.id as number;
    expect((await logOf(`operator:${id}`)).map((r) => r.action)).toEqual(['operator_create']);

    const first = await login(username, STRONG);
    expect(first.operator.must_change_password).toBe(true);
    expect((await api('GET', '/me', first.token)).body.message).toMatchObject({ username, must_change_password: true });
    for (const url of ['/users', '/recharges', '/operators']) {
      const refused = await api('GET', url, first.token);
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('password_change_required');
    }
    expect((await api('POST', '/password', first.token, { current_password: 'not-the-password', password: STRONGER })).body.code).toBe('old_password_wrong');
    expect((await api('POST', '/password', first.token, { current_password: STRONG, password: 'short1' })).body.code).toBe('password_weak');
    expect((await api('POST', '/password', first.token, { current_password: STRONG, password: `${username}-2026` })).body.code).toBe('password_weak');
    expect((await api('POST', '/password', first.token, { current_password: STRONG, password: STRONG })).body.code).toBe('password_reused');
    expect((await api('POST', '/password', first.token, { current_password: STRONG, password: STRONGER })).body.type).toBe('ok');

    expect((await api('GET', '/users', first.token)).body.type).toBe('ok');
    expect((await api('GET', '/me', first.token)).body.message.must_change_password).toBe(false);
    expect((await api('POST', '/login', undefined, { username, password: STRONG })).body.code).toBe('login_failed');
    expect((await login(username, STRONGER)).operator.must_change_password).toBe(false);
    expect((await logOf(`operator:${id}`)).map((r) => r.action)).toContain('password_change');
  });

  it('refuses a weak password, a taken name and a malformed one when creating', async () => {
    const token = await adminToken();
    const username = uniqueName('dup');
    for (const password of ['admin123456', 'abcdefghijklmn', `${username}-Strong-1`]) {
      expect((await api('POST', '/operators', token, { username, password, role: 'support' })).body.code).toBe('password_weak');
    }
    expect((await api('POST', '/operators', token, { username, password: STRONG, role: 'support' })).body.type).toBe('ok');
    expect((await api('POST', '/operators', token, { username, password: STRONG, role: 'support' })).body.code).toBe('account_exists');
    for (const payload of [{ username: 'a b', password: STRONG, role: 'support' }, { username: 'ok-name', password: STRONG, role: 'root' }, {}]) {
      expect((await api('POST', '/operators', token, payload)).body.code).toBe('parameter_error');
    }
    const [row] = await test.db.select().from(operators).where(eq(operators.username, username));
    expect(row!.mustChangePassword).toBe(true);
  });

  it('refuses reviewers and support everything on operator accounts but their own password', async () => {
    const target = await makeOperator('support');
    for (const role of ['reviewer', 'support'] as const) {
      const operator = await makeOperator(role);
      for (const [method, url, payload] of [
        ['GET', '/operators', undefined],
        ['POST', '/operators', { username: uniqueName('x'), password: STRONG, role: 'admin' }],
        ['POST', `/operators/${target.id}`, { disabled: true }],
        ['POST', `/operators/${operator.id}`, { role: 'admin' }],
      ] as const) {
        const refused = await api(method, url, operator.token, payload);
        expect(refused.status).toBe(403);
        expect(refused.body.code).toBe('forbidden');
      }
      expect((await api('POST', '/password', operator.token, { current_password: STRONGER, password: 'Quiet-harbour-88' })).body.type).toBe('ok');
    }
    expect((await test.db.select().from(operators).where(and(eq(operators.id, target.id))))[0]!.disabledAt).toBeNull();
  });

  it('disables an operator: their sessions end and login is refused, until enabled again', async () => {
    const token = await adminToken();
    const reviewer = await makeOperator('reviewer');
    const second = await login(reviewer.username, STRONGER);
    const disabled = await api('POST', `/operators/${reviewer.id}`, token, { disabled: true });
    expect(disabled.body.message).toMatchObject({ id: reviewer.id, disabled: true });
    expect((await api('GET', '/me', reviewer.token)).body.type).toBe('999');
    expect((await api('GET', '/me', second.token)).body.type).toBe('999');
    const refused = await api('POST', '/login', undefined, { username: reviewer.username, password: STRONGER });
    expect(refused.body.code).toBe('operator_disabled');

    expect((await api('POST', `/operators/${reviewer.id}`, token, { disabled: false })).body.message.disabled).toBe(false);
    const again = await login(reviewer.username, STRONGER);
    expect((await api('GET', '/users', again.token)).body.type).toBe('ok');
    expect((await logOf(`operator:${reviewer.id}`)).map((r) => r.action)).toEqual(
      expect.arrayContaining(['operator_create', 'password_change', 'operator_disable', 'operator_enable']),
    );
    expect((await api('POST', '/operators/999999', token, { disabled: true })).body.code).toBe('not_found');
    expect((await api('POST', `/operators/${reviewer.id}`, token, {})).body.code).toBe('parameter_error');
  });

  it('re-roles an operator, who is then allowed and refused by the new role at once', async () => {
    const token = await adminToken();
    const operator = await makeOperator('reviewer');
    expect((await api('GET', '/outbox', operator.token)).body.code).toBe('forbidden');
    const changed = await api('POST', `/operators/${operator.id}`, token, { role: 'support' });
    expect(changed.body.message).toMatchObject({ role: 'support' });
    expect((await api('GET', '/outbox', operator.token)).body.type).toBe('ok');
    expect((await api('GET', '/recharges', operator.token)).body.code).toBe('forbidden');
    const [entry] = (await logOf(`operator:${operator.id}`)).filter((r) => r.action === 'operator_role');
    expect(entry!.detail).toMatchObject({ before: 'reviewer', after: 'support' });
  });

  it('refuses disabling or de-admining yourself and the last active admin', async () => {
    const [demo] = await test.db.select().from(operators).where(eq(operators.username, DEMO_OPERATOR.username));
    const token = await adminToken();
    // Demo admin alone: the last active admin (other admins of this file are not created yet).
    const admins = await test.db.select().from(operators).where(eq(operators.role, 'admin'));
    expect(admins.map((a) => a.username)).toEqual([DEMO_OPERATOR.username]);
    expect((await api('POST', `/operators/${demo!.id}`, token, { disabled: true })).body.code).toBe('last_admin');
    expect((await api('POST', `/operators/${demo!.id}`, token, { role: 'reviewer' })).body.code).toBe('last_admin');

    const boss = await makeOperator('admin');
    const self = await api('POST', `/operators/${demo!.id}`, token, { disabled: true });
    expect(self.status).toBe(409);
    expect(self.body.code).toBe('operator_self');
    expect((await api('POST', `/operators/${demo!.id}`, token, { role: 'support' })).body.code).toBe('operator_self');
    expect((await api('POST', `/operators/${boss.id}`, boss.token, { role: 'reviewer' })).body.code).toBe('operator_self');

    // The second admin may be de-admined, and then the demo admin is the last one again.
    expect((await api('POST', `/operators/${boss.id}`, token, { role: 'reviewer' })).body.message.role).toBe('reviewer');
    expect((await api('POST', `/operators/${boss.id}`, boss.token, { role: 'admin' })).body.code).toBe('forbidden');
    expect((await api('POST', `/operators/${boss.id}`, token, { role: 'admin' })).body.message.role).toBe('admin');
    expect((await api('GET', '/me', token)).body.message).toMatchObject({ role: 'admin' });
  });

  it('leaves one active admin when two admins disable each other at the same moment', async () => {
    const a = await makeOperator('admin');
    const b = await makeOperator('admin');
    const [byA, byB] = await Promise.all([
      api('POST', `/operators/${b.id}`, a.token, { disabled: true }),
      api('POST', `/operators/${a.id}`, b.token, { disabled: true }),
    ]);
    const outcomes = [byA.body.type, byB.body.type];
    expect(outcomes.filter((t) => t === 'ok')).toHaveLength(1);
    const rows = await test.db.select().from(operators).where(eq(operators.role, 'admin'));
    const pair = rows.filter((r) => r.id === a.id || r.id === b.id);
    expect(pair.filter((r) => r.disabledAt === null)).toHaveLength(1);
  });

  it('refuses a change by an admin disabled after their request passed the session check', async () => {
    const a = await makeOperator('admin');
    const b = await makeOperator('admin');
    const [staleB] = await test.db.select().from(operators).where(eq(operators.id, b.id));
    expect((await api('POST', `/operators/${b.id}`, a.token, { disabled: true })).body.type).toBe('ok');
    // B's request was let in with B's row as it was; the change itself reads the admins under lock.
    await expect(editOperator(test.db, staleB!, a.id, { disabled: true })).rejects.toMatchObject({ code: 'forbidden' });
    const [rowA] = await test.db.select().from(operators).where(eq(operators.id, a.id));
    expect(rowA!.disabledAt).toBeNull();
  });

  it('ends every other session of an operator who changes their password, and keeps the one in use', async () => {
    const username = uniqueName('multi');
    await test.db.insert(operators).values({ username, passwordHash: await hashPassword(STRONG), role: 'support' });
    const here = await login(username, STRONG);
    const elsewhere = await login(username, STRONG);
    expect((await api('POST', '/password', here.token, { current_password: STRONG, password: STRONGER })).body.type).toBe('ok');
    expect((await api('GET', '/me', here.token)).body.type).toBe('ok');
    expect((await api('GET', '/me', elsewhere.token)).body.type).toBe('999');
    expect((await api('POST', '/password', undefined, { current_password: STRONG, password: STRONGER })).body.type).toBe('999');
  });

  it('lists operators to an admin without their password hashes', async () => {
    const list = await api('GET', '/operators?limit=100', await adminToken());
    expect(list.body.message.total).toBeGreaterThan(1);
    expect(list.body.message.data[0]).toMatchObject({ username: DEMO_OPERATOR.username, role: 'admin', disabled: false, must_change_password: false });
    expect(JSON.stringify(list.body.message)).not.toContain('scrypt$');
  });
});
