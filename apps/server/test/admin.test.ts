// Proves the back-office API: operator login and sessions, roles, users list and detail with ledger
// accounts, the outbox, the ledger audit and the operator log; user tokens are never operator tokens.
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/accounts/passwords.ts';
import { DEMO_OPERATOR } from '../src/admin/operators.ts';
import { OPERATOR_SESSION_ABSOLUTE_MS, OPERATOR_SESSION_IDLE_MS } from '../src/admin/rules.ts';
import { operatorAuditLog, operators } from '../src/admin/tables.ts';
import { expectLedgerBalanced, makeTestApp, makeUser, operatorHeaders, operatorLogin, type TestApp } from './support/app.ts';

let test: TestApp;
/** How far the session clock is ahead of the system clock (the app's own clock is left alone). */
let sessionOffsetMs = 0;
beforeAll(async () => {
  test = await makeTestApp({}, { sessionClock: () => Date.now() + sessionOffsetMs });
  await test.db.insert(operators).values({ username: 'helpdesk', passwordHash: await hashPassword('helpdesk-pass'), role: 'support' });
});
afterAll(async () => {
  await expectLedgerBalanced(test);
  await test.close();
});

async function admin(method: 'GET' | 'POST', url: string, token?: string, payload?: object) {
  const res = await test.app.inject({
    method,
    url: `/api/admin${url}`,
    headers: token ? operatorHeaders(token) : {},
    payload: payload as Record<string, string> | undefined,
    remoteAddress: test.nextIp(),
  });
  return { status: res.statusCode, body: res.json() };
}

const operatorToken = (username = DEMO_OPERATOR.username, password = DEMO_OPERATOR.password) => operatorLogin(test.app, username, password, test.nextIp());

describe('back office', () => {
  it('logs the demo operator in and out, and logs both actions', async () => {
    const token = await operatorToken();
    expect((await admin('GET', '/me', token)).body.message).toMatchObject({ username: 'admin', role: 'admin' });
    expect((await admin('POST', '/logout', token)).body.type).toBe('ok');
    expect((await admin('GET', '/me', token)).body.type).toBe('999');
    const log = await admin('GET', '/audit-log', await operatorToken());
    const actions = log.body.message.data.map((r: { action: string }) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['login', 'logout']));
  });

  it('refuses a wrong password, a missing token and a user token', async () => {
    expect((await admin('POST', '/login', undefined, { username: 'admin', password: 'wrong' })).body.code).toBe('login_failed');
    expect((await admin('POST', '/login', undefined, { username: '' })).body.code).toBe('parameter_error');
    expect((await admin('GET', '/users')).body.type).toBe('999');
    const user = await makeUser(test);
    expect((await admin('GET', '/users', user.token)).body.type).toBe('999');
  });

  it('finds a new user, their ledger accounts and their code in the outbox', async () => {
    const user = await makeUser(test);
    const token = await operatorToken();
    const list = await admin('GET', `/users?q=${encodeURIComponent(user.email)}`, token);
    expect(list.body.message.total).toBe(1);
    expect(list.body.message.data[0]).toMatchObject({ id: user.id, email: user.email });
    const detail = await admin('GET', `/users/${user.id}`, token);
    expect(detail.body.message.user.email).toBe(user.email);
    expect(detail.body.message.accounts.length).toBeGreaterThan(0);
    expect(detail.body.message.accounts[0]).toMatchObject({ balance: '0', available: '0' });
    expect((await admin('GET', '/users/999999', token)).body.code).toBe('not_found');
    expect((await admin('GET', '/users/abc', token)).body.code).toBe('parameter_error');
    const outbox = await admin('GET', '/outbox?limit=50', token);
    expect(outbox.body.message.data.some((m: { recipient: string; body: string }) => m.recipient === user.email && /\d{6}/.test(m.body))).toBe(true);
  });

  it('shows the ledger audit to admins and enforces roles', async () => {
    const token = await operatorToken();
    const audit = await admin('GET', '/ledger/audit', token);
    expect(audit.body.message.ok).toBe(true);
    const support = await operatorToken('helpdesk', 'helpdesk-pass');
    expect((await admin('GET', '/outbox', support)).body.type).toBe('ok');
    const refused = await admin('GET', '/ledger/audit', support);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('forbidden');
  });

  it('lets an admin set a fiat rate that GET /apis/US.json then answers, and logs it', async () => {
    const token = await operatorToken();
    const before = await admin('GET', '/fiat-rates', token);
    expect(before.body.message.map((r: { currency_code: string }) => r.currency_code)).toEqual(['USD', 'CNY', 'GBP', 'HKD', 'JPY', 'EUR', 'AED', 'THB', 'PHP', 'SGD', 'VND']);
    const saved = await admin('POST', '/fiat-rates', token, { currency_code: 'EUR', rate: '0.9312' });
    expect(saved.body.message.find((r: { currency_code: string }) => r.currency_code === 'EUR')).toMatchObject({ rate: '0.9312' });
    const rates = (await test.app.inject({ method: 'GET', url: '/api/apis/US.json' })).json().message.rates;
    expect(rates).toContainEqual({ currency_code: 'EUR', rate: '0.9312' });
    const log = await admin('GET', '/audit-log', token);
    expect(log.body.message.data[0]).toMatchObject({ action: 'fiat_rate_edit', target: 'fiat:EUR', detail: { before: '0.92', after: '0.9312' } });

    // USD is the base (rate 1), other codes are not kept, and a rate is a positive amount.
    for (const payload of [{ currency_code: 'USD', rate: '2' }, { currency_code: 'XAU', rate: '1' }]) {
      expect((await admin('POST', '/fiat-rates', token, payload)).body.code).toBe('parameter_error');
    }
    for (const rate of ['0', '-1', 'abc', '']) {
      expect((await admin('POST', '/fiat-rates', token, { currency_code: 'EUR', rate })).body.code).toBe('wrong_number');
    }
    const support = await operatorToken('helpdesk', 'helpdesk-pass');
    expect((await admin('POST', '/fiat-rates', support, { currency_code: 'EUR', rate: '1' })).body.code).toBe('forbidden');
    expect((await admin('GET', '/fiat-rates')).body.type).toBe('999');
  });
});

// Issue 22, security review findings 4 and 7: the back-office session lives in an httpOnly cookie with a
// CSRF proof, ends after 30 minutes idle or 12 hours in all, and failed logins and reads of secrets are
// in the operator log. Time moves on the session clock only (sessionOffsetMs).
describe('back-office sessions and the operator log', () => {
  const MINUTE_MS = 60_000;
  const me = async (token: string) => (await admin('GET', '/me', token)).body.type;
  const logRows = (action: string) =>
    test.db.select().from(operatorAuditLog).where(eq(operatorAuditLog.action, action)).orderBy(desc(operatorAuditLog.id)).limit(5);

  it('keeps the token out of page scripts: an httpOnly SameSite=Strict cookie for /api/admin, no token in the answer, and a header token is 999', async () => {
    const res = await test.app.inject({ method: 'POST', url: '/api/admin/login', payload: DEMO_OPERATOR, remoteAddress: test.nextIp() });
    expect(res.json().message).toEqual({ operator: expect.objectContaining({ username: 'admin' }) });
    const cookies = res.headers['set-cookie'] as string[];
    expect(cookies[0]).toMatch(/^fairex_admin=[\w-]{43}; Path=\/api\/admin; HttpOnly; SameSite=Strict; Max-Age=43200$/);
    expect(cookies[1]).toMatch(/^fairex_admin_csrf=[0-9a-f]{64}; Path=\/; SameSite=Strict; Max-Age=43200$/);
    const token = cookies[0]!.split(';')[0]!.split('=')[1]!;
    // The review's way of calling: the token in Authorization, no cookie.
    const headerOnly = await test.app.inject({ method: 'GET', url: '/api/admin/users', headers: { authorization: token } });
    expect(headerOnly.json().type).toBe('999');
    expect(await me(token)).toBe('ok');
    // Behind https (a proxy that says so, trusted) the cookies are Secure: see operator-cookies.ts sessionCookies.
  });

  it('refuses a state-changing call without the CSRF proof, with a wrong one, or from another origin; reads need none', async () => {
    const token = await operatorToken();
    const post = (headers: Record<string, string>) =>
      test.app.inject({ method: 'POST', url: '/api/admin/fiat-rates', headers, payload: { currency_code: 'GBP', rate: '0.79' }, remoteAddress: test.nextIp() });
    const cookieOnly = { cookie: `fairex_admin=${token}` };
    for (const headers of [cookieOnly, { ...cookieOnly, 'x-csrf-token': 'f'.repeat(64) }, { ...operatorHeaders(token), origin: 'https://evil.example' }, { ...operatorHeaders(token), origin: 'null' }]) {
      const refused = await post(headers);
      expect([refused.statusCode, refused.json().code]).toEqual([403, 'forbidden']);
    }
    // A cross-site form can send neither the header nor (SameSite=Strict) the cookie; the back office sends both.
    expect((await post({ ...operatorHeaders(token), origin: 'http://localhost' })).json().type).toBe('ok');
    expect((await test.app.inject({ method: 'GET', url: '/api/admin/fiat-rates', headers: cookieOnly })).json().type).toBe('ok');
    // A login from another site's page is refused too.
    const foreign = await test.app.inject({ method: 'POST', url: '/api/admin/login', headers: { origin: 'https://evil.example' }, payload: DEMO_OPERATOR, remoteAddress: test.nextIp() });
    expect(foreign.json().code).toBe('forbidden');
  });

  it('ends a session 30 minutes after its last use, each use moving the end on', async () => {
    const token = await operatorToken();
    sessionOffsetMs += 29 * MINUTE_MS;
    expect(await me(token)).toBe('ok');
    sessionOffsetMs += 29 * MINUTE_MS; // 58 minutes after login, 29 after the last use
    expect(await me(token)).toBe('ok');
    sessionOffsetMs += OPERATOR_SESSION_IDLE_MS + MINUTE_MS;
    expect(await me(token)).toBe('999');
  });

  it('ends a session 12 hours after login however busy it is', async () => {
    const token = await operatorToken();
    const step = 25 * MINUTE_MS;
    let used = 0;
    while (used + step < OPERATOR_SESSION_ABSOLUTE_MS) {
      sessionOffsetMs += step;
      used += step;
      expect(await me(token), `${used / MINUTE_MS} minutes after login`).toBe('ok');
    }
    sessionOffsetMs += step; // 12 h 5 min after login, 25 minutes after the last use
    expect(await me(token)).toBe('999');
    expect(await me(await operatorToken())).toBe('ok');
  });

  it('logs failed logins, by a known name or not, without the name typed', async () => {
    const [demo] = await test.db.select().from(operators).where(eq(operators.username, DEMO_OPERATOR.username));
    expect((await admin('POST', '/login', undefined, { username: 'admin', password: 'wrong-1' })).body.code).toBe('login_failed');
    expect((await admin('POST', '/login', undefined, { username: 'nobody-here', password: 'wrong-2' })).body.code).toBe('login_failed');
    const [unknown, known] = await logRows('login_failed');
    expect(known).toMatchObject({ operatorId: demo!.id, target: `operator:${demo!.id}`, detail: { reason: 'password' } });
    expect(unknown).toMatchObject({ operatorId: 0, target: 'operator:unknown', detail: { reason: 'password' } });
    expect(JSON.stringify(unknown!.detail)).not.toContain('nobody-here');
  });

  it('logs each read of the outbox (which messages, whether with codes, not the codes), of a user and of the identity queue', async () => {
    const user = await makeUser(test);
    const token = await operatorToken();
    const outbox = (await admin('GET', '/outbox?limit=5', token)).body.message;
    const [read] = await logRows('outbox_read');
    expect(read!.detail).toEqual({ page: 1, ids: outbox.data.map((m: { id: number }) => m.id), codes_shown: true });
    expect(JSON.stringify(read!.detail)).not.toMatch(/\d{6}/);
    const support = await operatorToken('helpdesk', 'helpdesk-pass');
    await admin('GET', '/outbox?limit=5', support);
    expect((await logRows('outbox_read'))[0]!.detail).toMatchObject({ codes_shown: false });

    await admin('GET', `/users/${user.id}`, token);
    const [userRead] = await test.db.select().from(operatorAuditLog).where(and(eq(operatorAuditLog.action, 'user_read'), eq(operatorAuditLog.target, `user:${user.id}`)));
    expect(userRead).toBeDefined();
    expect((await admin('GET', '/identity?page=1&limit=10', token)).body.type).toBe('ok');
    expect((await logRows('identity_read'))[0]).toMatchObject({ target: 'identity', detail: { page: 1 } });
  });
});

describe('freezing a user (security finding 13)', () => {
  const asUser = async (url: string, token?: string, payload?: object) =>
    (await test.app.inject({ method: payload ? 'POST' : 'GET', url: `/api${url}`, headers: token ? { authorization: token } : {}, payload: payload as Record<string, string>, remoteAddress: test.nextIp() })).json();

  it('lets an admin freeze a user with a reason, which ends their sessions and logins and is logged, and unfreeze them again', async () => {
    const user = await makeUser(test);
    const token = await operatorToken();
    expect((await asUser('/user/info', user.token)).type).toBe('ok');
    expect((await admin('POST', `/users/${user.id}/freeze`, token, { frozen: 'true' })).body.code).toBe('reason_required');
    const support = await operatorToken('helpdesk', 'helpdesk-pass');
    expect((await admin('POST', `/users/${user.id}/freeze`, support, { frozen: 'true', reason: 'x' })).body.code).toBe('forbidden');
    expect((await admin('POST', '/users/999999/freeze', token, { frozen: 'true', reason: 'x' })).body.code).toBe('not_found');

    const frozen = await admin('POST', `/users/${user.id}/freeze`, token, { frozen: 'true', reason: 'account reported stolen' });
    expect(frozen.body).toMatchObject({ type: 'ok', message: { id: user.id, frozen: true } });
    expect((await asUser('/user/info', user.token)).type).toBe('999');
    expect((await asUser('/user/login', undefined, { user_string: user.email, password: user.password })).code).toBe('login_failed');
    expect((await admin('GET', `/users/${user.id}`, token)).body.message).toMatchObject({ user: { frozen: true } });
    // Again: nothing changes and nothing more is logged.
    expect((await admin('POST', `/users/${user.id}/freeze`, token, { frozen: 'true', reason: 'twice' })).body.type).toBe('ok');

    expect((await admin('POST', `/users/${user.id}/freeze`, token, { frozen: 'false', reason: 'owner verified by phone' })).body.message.frozen).toBe(false);
    expect((await asUser('/user/login', undefined, { user_string: user.email, password: user.password })).type).toBe('ok');
    // The old session stays ended: unfreezing restores the logins, not the sessions.
    expect((await asUser('/user/info', user.token)).type).toBe('999');
    const log = await test.db.select().from(operatorAuditLog).where(eq(operatorAuditLog.target, `user:${user.id}`)).orderBy(operatorAuditLog.id);
    expect(log.filter((r) => r.action !== 'user_read').map((r) => [r.action, r.detail])).toEqual([
      ['user_freeze', { reason: 'account reported stolen' }],
      ['user_unfreeze', { reason: 'owner verified by phone' }],
    ]);
  });
});
