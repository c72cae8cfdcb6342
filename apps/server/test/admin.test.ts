// Proves the back-office API: operator login and sessions, roles, users list and detail with ledger
// accounts, the outbox, the ledger audit and the operator log; user tokens are never operator tokens.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/accounts/passwords.ts';
import { DEMO_OPERATOR } from '../src/admin/operators.ts';
import { operators } from '../src/admin/tables.ts';
import { expectLedgerBalanced, makeTestApp, makeUser, type TestApp } from './support/app.ts';

let test: TestApp;
beforeAll(async () => {
  test = await makeTestApp();
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
    headers: token ? { authorization: token } : {},
    payload: payload as Record<string, string> | undefined,
    remoteAddress: test.nextIp(),
  });
  return { status: res.statusCode, body: res.json() };
}

async function operatorToken(username = DEMO_OPERATOR.username, password = DEMO_OPERATOR.password) {
  const res = await admin('POST', '/login', undefined, { username, password });
  expect(res.body.type).toBe('ok');
  return res.body.message.token as string;
}

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
