// Proves the account calls (codes, register, login, logout, forget, info, profile) through the real
// HTTP app on a real database: happy paths, every validation rule, translated errors, 999s and rate limits.
import { userInfo } from '@fairex/contract';
import { eq } from 'drizzle-orm';
import { PASSWORD_LENGTH_MAX } from '@fairex/contract/constants';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sha256 } from '../src/accounts/passwords.ts';
import { SESSION_IDLE_MS, SESSION_TTL_MS } from '../src/accounts/sessions.ts';
import { sessions, users } from '../src/accounts/tables.ts';
import { ledgerAccounts } from '../src/ledger/tables.ts';
import { call, expectLedgerBalanced, latestCode, makeTestApp, makeUser, type TestApp } from './support/app.ts';

let test: TestApp;
beforeAll(async () => {
  test = await makeTestApp({ codeResendMs: 60_000, codesPerIpPerHour: 5, loginPerMinute: 3 });
});
afterAll(async () => {
  await expectLedgerBalanced(test);
  await test.close();
});

const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

const loginAs = async (user: { email: string; password: string }, remember?: string) =>
  (await call(test.app, '/user/login', { ip: test.nextIp(), payload: { user_string: user.email, password: user.password, remember } })).body.message as string;
const infoType = async (token: string) => (await call(test.app, '/user/info', { method: 'GET', token })).body.type;
const sessionOf = async (token: string) =>
  (await test.db.select().from(sessions).where(eq(sessions.tokenHash, sha256(token))))[0]!;

/** Session lifetimes read the system clock (sessions.ts), so these tests move Date itself. */
async function atTime<T>(ms: number, run: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(ms);
  try {
    return await run();
  } finally {
    vi.useRealTimers();
  }
}

describe('verification codes', () => {
  it('sends a 6-digit mail code into the outbox', async () => {
    const email = uniqueEmail('code');
    const res = await call(test.app, '/sms_mail', { ip: test.nextIp(), payload: { user_string: email, scene: 'register' } });
    expect(res.body).toEqual({ type: 'ok', message: '' });
    expect(await latestCode(test, email)).toMatch(/^\d{6}$/);
  });

  it('refuses a malformed email in the language asked for', async () => {
    const en = await call(test.app, '/sms_mail', { ip: test.nextIp(), payload: { user_string: 'not-an-email' } });
    expect(en.status).toBe(400);
    expect(en.body).toMatchObject({ type: 'error', code: 'email_invalid', message: 'Please enter a correct email address' });
    const zh = await call(test.app, '/sms_mail', { ip: test.nextIp(), lang: 'zh', payload: { user_string: 'not-an-email' } });
    expect(zh.body.message).toBe('请输入正确的邮箱地址');
  });

  it('refuses a resend within the resend window', async () => {
    const email = uniqueEmail('resend');
    const ip = test.nextIp();
    expect((await call(test.app, '/sms_mail', { ip, payload: { user_string: email } })).body.type).toBe('ok');
    const again = await call(test.app, '/sms_mail', { ip, lang: 'fra', payload: { user_string: email } });
    expect(again.status).toBe(429);
    expect(again.body).toMatchObject({ type: 'error', code: 'code_too_frequent' });
    expect(again.body.message).toContain('patienter');
  });

  it('limits codes per client address per hour', async () => {
    const ip = test.nextIp();
    for (let i = 0; i < 5; i++) {
      expect((await call(test.app, '/sms_mail', { ip, payload: { user_string: uniqueEmail(`ip${i}`) } })).body.type).toBe('ok');
    }
    const sixth = await call(test.app, '/sms_mail', { ip, payload: { user_string: uniqueEmail('ip6') } });
    expect(sixth.body).toMatchObject({ type: 'error', code: 'too_many_requests' });
  });

  it('refuses a register code for a taken address and a forget code for an unknown one', async () => {
    const user = await makeUser(test);
    const taken = await call(test.app, '/sms_mail', { ip: test.nextIp(), payload: { user_string: user.email, scene: 'register' } });
    expect(taken.body.code).toBe('account_exists');
    const unknown = await call(test.app, '/sms_mail', { ip: test.nextIp(), payload: { user_string: uniqueEmail('nobody'), type: 'forget' } });
    expect(unknown.body.code).toBe('account_not_found');
  });

  it('sends SMS codes to valid mobiles only', async () => {
    const bad = await call(test.app, '/sms_send', { ip: test.nextIp(), payload: { area_code: '86', mobile: '12345678901' } });
    expect(bad.body.code).toBe('mobile_invalid');
    const good = await call(test.app, '/sms_send', { ip: test.nextIp(), payload: { area_code: '86', mobile: '13812345678' } });
    expect(good.body.type).toBe('ok');
    expect(await latestCode(test, '13812345678')).toMatch(/^\d{6}$/);
  });

  it('checks a code without using it, and kills it after too many wrong guesses', async () => {
    const email = uniqueEmail('check');
    const ip = test.nextIp();
    await call(test.app, '/sms_mail', { ip, payload: { user_string: email } });
    const code = await latestCode(test, email);
    expect((await call(test.app, '/user/check_email', { ip, payload: { user_string: email, email_code: code } })).body.type).toBe('ok');
    expect((await call(test.app, '/user/check_email', { ip, payload: { user_string: email, email_code: code } })).body.type).toBe('ok');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await call(test.app, '/user/check_email', { ip, payload: { user_string: email, email_code: wrong } });
      expect(res.body.code).toBe('code_invalid');
    }
    const dead = await call(test.app, '/user/check_email', { ip, payload: { user_string: email, email_code: code } });
    expect(dead.body.code).toBe('code_invalid');
    const short = await call(test.app, '/user/check_email', { ip, payload: { user_string: email, email_code: '12345' } });
    expect(short.body.code).toBe('code_invalid');
  });
});

describe('registration', () => {
  async function codeFor(email: string, ip: string) {
    await call(test.app, '/sms_mail', { ip, payload: { user_string: email } });
    return latestCode(test, email);
  }

  it('registers, opens every ledger account and refuses a second use of the code', async () => {
    const email = uniqueEmail('reg');
    const ip = test.nextIp();
    const code = await codeFor(email, ip);
    const payload = { user_string: email, code, password: 'abcdefg', re_password: 'abcdefg', type: 'email' };
    const res = await call(test.app, '/user/register', { ip, payload });
    expect(res.body.type).toBe('ok');
    const accounts = await test.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.userId, res.body.message.id));
    expect(accounts.length).toBeGreaterThanOrEqual(4 * 4);
    const again = await call(test.app, '/user/register', { ip, payload: { ...payload, user_string: email } });
    expect(again.body.code).toBe('account_exists');
  });

  it('validates password length, confirmation, code and invite code', async () => {
    const email = uniqueEmail('val');
    const ip = test.nextIp();
    const code = await codeFor(email, ip);
    const base = { user_string: email, code, password: 'abcdefg', re_password: 'abcdefg', type: 'email' };
    expect((await call(test.app, '/user/register', { ip, payload: { ...base, password: 'abcdef', re_password: 'abcdef' } })).body.code).toBe(
      'password_too_short',
    );
    const mismatch = await call(test.app, '/user/register', { ip, lang: 'zh', payload: { ...base, re_password: 'abcdefh' } });
    expect(mismatch.body).toMatchObject({ code: 'passwords_inconsistent', message: '两次密码不一致' });
    expect((await call(test.app, '/user/register', { ip, payload: { ...base, code: '12a456' } })).body.code).toBe('code_invalid');
    expect((await call(test.app, '/user/register', { ip, payload: { ...base, extension_code: 'NOSUCH1' } })).body.code).toBe(
      'invite_code_invalid',
    );
    expect((await call(test.app, '/user/register', { ip, payload: { ...base, user_string: 'bad@' } })).body.code).toBe('email_invalid');
    expect((await call(test.app, '/user/register', { ip, payload: { ...base, type: 'fax' } })).body.code).toBe('parameter_error');
    expect((await call(test.app, '/user/register', { ip, payload: base })).body.type).toBe('ok');
  });

  it('links the inviter through the invite code', async () => {
    const inviter = await makeUser(test);
    const [row] = await test.db.select().from(users).where(eq(users.id, inviter.id));
    const invited = await makeUser(test, { invite: row!.extensionCode });
    const [invitedRow] = await test.db.select().from(users).where(eq(users.id, invited.id));
    expect(invitedRow!.parentId).toBe(inviter.id);
  });

  it('registers by mobile with an area code', async () => {
    const ip = test.nextIp();
    const mobile = `139${String(Date.now()).slice(-8)}`;
    await call(test.app, '/sms_send', { ip, payload: { area_code: '86', mobile } });
    const code = await latestCode(test, mobile);
    const res = await call(test.app, '/user/register', {
      ip,
      payload: { user_string: mobile, code, password: 'abcdefg', re_password: 'abcdefg', type: 'mobile', area_code: '86' },
    });
    expect(res.body.type).toBe('ok');
    expect((await call(test.app, '/user/login', { ip, payload: { user_string: mobile, password: 'abcdefg' } })).body.type).toBe('ok');
  });
});

describe('sessions', () => {
  it('logs in by email and answers the profile', async () => {
    const user = await makeUser(test);
    const info = await call(test.app, '/user/info', { method: 'GET', token: user.token });
    expect(info.body.type).toBe('ok');
    expect(info.body.message).toMatchObject({ id: user.id, email: user.email, account: user.email, area_code: '86' });
    expect(info.body.message.extension_code).toMatch(/^[A-Z0-9]{8}$/);
    expect(userInfo.strict().parse(info.body.message)).toEqual(info.body.message);
    expect(JSON.stringify(info.body)).not.toContain('password');
  });

  it('answers login_failed alike for a wrong password and an unknown account', async () => {
    const user = await makeUser(test);
    const wrong = await call(test.app, '/user/login', { ip: test.nextIp(), payload: { user_string: user.email, password: 'nope-nope' } });
    const unknown = await call(test.app, '/user/login', { ip: test.nextIp(), payload: { user_string: 'ghost@example.com', password: 'x1234567' } });
    expect(wrong.body).toMatchObject({ type: 'error', code: 'login_failed', message: 'Login failed' });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('rate-limits login attempts per address and account', async () => {
    const user = await makeUser(test);
    const ip = test.nextIp();
    for (let i = 0; i < 3; i++) await call(test.app, '/user/login', { ip, payload: { user_string: user.email, password: 'bad-guess' } });
    const blocked = await call(test.app, '/user/login', { ip, lang: 'jp', payload: { user_string: user.email, password: user.password } });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ type: 'error', code: 'too_many_requests' });
    expect(blocked.body.message).toContain('リクエスト');
  });

  it('answers 999 for a missing, garbage or revoked token', async () => {
    const missing = await call(test.app, '/user/info', { method: 'GET' });
    expect(missing.body).toMatchObject({ type: '999', message: 'Please log in first' });
    const garbage = await call(test.app, '/user/info', { method: 'GET', token: 'garbage-token', lang: 'kor' });
    expect(garbage.body.type).toBe('999');
    expect(garbage.body.message).toContain('로그인');
    const user = await makeUser(test);
    expect((await call(test.app, '/user/logout', { method: 'GET', token: user.token })).body.type).toBe('ok');
    expect((await call(test.app, '/user/info', { method: 'GET', token: user.token })).body.type).toBe('999');
    expect((await call(test.app, '/user/logout', { method: 'GET', token: user.token })).body.type).toBe('999');
  });

  it('ends a session that is not remembered when it goes unused for its idle time', async () => {
    const user = await makeUser(test);
    const start = Date.now();
    const token = await atTime(start, () => loginAs(user));
    expect(await sessionOf(token)).toMatchObject({ remembered: false, expiresAt: new Date(start + SESSION_IDLE_MS) });
    expect(await atTime(start + SESSION_IDLE_MS - 1000, () => infoType(token))).toBe('ok');
    const unused = await atTime(start, () => loginAs(user));
    expect(await atTime(start + SESSION_IDLE_MS + 1000, () => infoType(unused))).toBe('999');
  });

  it('renews a session that is not remembered when it is used', async () => {
    const user = await makeUser(test);
    const start = Date.now();
    const token = await atTime(start, () => loginAs(user, '0'));
    // Used just before it would end, it lives another idle time from that use, and again.
    const firstUse = start + SESSION_IDLE_MS - 60_000;
    expect(await atTime(firstUse, () => infoType(token))).toBe('ok');
    expect((await sessionOf(token)).expiresAt).toEqual(new Date(firstUse + SESSION_IDLE_MS));
    const secondUse = firstUse + SESSION_IDLE_MS - 60_000;
    expect(await atTime(secondUse, () => infoType(token))).toBe('ok');
    expect(await atTime(secondUse + SESSION_IDLE_MS + 1000, () => infoType(token))).toBe('999');
  });

  it('keeps a remembered session for its full lifetime when it goes unused', async () => {
    const user = await makeUser(test);
    const start = Date.now();
    const token = await atTime(start, () => loginAs(user, 'true'));
    expect(await sessionOf(token)).toMatchObject({ remembered: true, expiresAt: new Date(start + SESSION_TTL_MS) });
    expect(await atTime(start + SESSION_TTL_MS - 60_000, () => infoType(token))).toBe('ok');
    // Use does not stretch it past its fixed expiry.
    expect((await sessionOf(token)).expiresAt).toEqual(new Date(start + SESSION_TTL_MS));
    expect(await atTime(start + SESSION_TTL_MS + 1000, () => infoType(token))).toBe('999');
  });

  it('accepts a JSON body as well as a form', async () => {
    const user = await makeUser(test);
    const res = await test.app.inject({
      method: 'POST',
      url: '/api/user/login',
      remoteAddress: test.nextIp(),
      payload: { user_string: user.email, password: user.password, lang: 'en' },
    });
    expect(res.json().type).toBe('ok');
  });

  it('answers a malformed body with a parameter error, never a 500', async () => {
    const res = await test.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"user_string":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ type: 'error', code: 'parameter_error', message: 'Parameter error' });
  });
});

describe('forgotten password', () => {
  it('resets with a forget code, ends old sessions, and the old password stops working', async () => {
    const user = await makeUser(test);
    const ip = test.nextIp();
    await call(test.app, '/sms_mail', { ip, payload: { user_string: user.email, type: 'forget' } });
    const code = await latestCode(test, user.email);
    const mismatch = await call(test.app, '/user/forget', { ip, payload: { account: user.email, code, password: 'new-pass-1', repassword: 'new-pass-2' } });
    expect(mismatch.body.code).toBe('passwords_inconsistent');
    const res = await call(test.app, '/user/forget', { ip, payload: { account: user.email, code, password: 'new-pass-1', repassword: 'new-pass-1' } });
    expect(res.body.type).toBe('ok');
    expect((await call(test.app, '/user/info', { method: 'GET', token: user.token })).body.type).toBe('999');
    expect((await call(test.app, '/user/login', { ip: test.nextIp(), payload: { user_string: user.email, password: user.password } })).body.code).toBe(
      'login_failed',
    );
    expect((await call(test.app, '/user/login', { ip: test.nextIp(), payload: { user_string: user.email, password: 'new-pass-1' } })).body.type).toBe(
      'ok',
    );
  });

  it('refuses a new password when it is the current one, and keeps the code for another try', async () => {
    const user = await makeUser(test);
    const ip = test.nextIp();
    await call(test.app, '/sms_mail', { ip, payload: { user_string: user.email, type: 'forget' } });
    const code = await latestCode(test, user.email);
    const same = await call(test.app, '/user/forget', { ip, lang: 'spa', payload: { account: user.email, code, password: user.password, repassword: user.password } });
    expect(same.body).toMatchObject({ type: 'error', code: 'password_reused', message: 'La nueva contraseña debe ser distinta de la actual' });
    expect(await infoType(user.token)).toBe('ok');
    const other = await call(test.app, '/user/forget', { ip, payload: { account: user.email, code, password: 'new-pass-2', repassword: 'new-pass-2' } });
    expect(other.body.type).toBe('ok');
  });

  it('refuses a new password when it is too long, with its own message', async () => {
    const long = 'x'.repeat(PASSWORD_LENGTH_MAX + 1);
    const res = await call(test.app, '/user/forget', { ip: test.nextIp(), payload: { account: 'someone@example.com', code: '123456', password: long, repassword: long } });
    expect(res.body).toMatchObject({ type: 'error', code: 'password_too_long', message: `The password must be at most ${PASSWORD_LENGTH_MAX} characters` });
  });

  it('refuses a register code for a reset', async () => {
    const email = uniqueEmail('scene');
    const ip = test.nextIp();
    await call(test.app, '/sms_mail', { ip, payload: { user_string: email } });
    const code = await latestCode(test, email);
    await call(test.app, '/user/register', { ip, payload: { user_string: email, code, password: 'abcdefg', re_password: 'abcdefg' } });
    const res = await call(test.app, '/user/forget', { ip, payload: { account: email, code, password: 'zzzzzzz', repassword: 'zzzzzzz' } });
    expect(res.body.code).toBe('code_invalid');
  });
});

describe('profile', () => {
  it('edits nickname and signature within their rules', async () => {
    const user = await makeUser(test);
    const edit = (payload: Record<string, string>, lang?: string) => call(test.app, '/user/editNickname', { token: user.token, payload, lang });
    expect((await edit({ nickname: '小明Ming1' })).body.type).toBe('ok');
    expect((await edit({ signature: 'Hello there' })).body.type).toBe('ok');
    const info = await call(test.app, '/user/info', { method: 'GET', token: user.token });
    expect(info.body.message).toMatchObject({ nickname: '小明Ming1', signature: 'Hello there' });
    expect((await edit({ nickname: 'a' })).body.code).toBe('nickname_invalid');
    expect((await edit({ nickname: 'abcdefghijk' })).body.code).toBe('nickname_invalid');
    expect((await edit({ nickname: 'bad name!' })).body.code).toBe('nickname_invalid');
    const longSignature = await edit({ signature: 'x'.repeat(31) }, 'spa');
    expect(longSignature.body).toMatchObject({ code: 'signature_invalid', message: 'La firma debe tener de 2 a 30 caracteres' });
    expect((await edit({})).body.code).toBe('parameter_error');
    expect((await call(test.app, '/user/editNickname', { payload: { nickname: 'Someone' } })).body.type).toBe('999');
  });
});
