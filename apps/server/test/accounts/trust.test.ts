// Proves the account rules of the trust review through the real HTTP app on a real database: one
// account per email whatever its case and per mobile whatever its format, limits on every call that
// tries a code (per address and per target, the address not forgeable), login limited per (account,
// address) and far higher per account for users and operators, and daily code limits per scene with security codes for one's own contacts only.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAttempts } from '../../src/accounts/tables.ts';
import {
  accountRuleOf,
  claimLogin,
  claimLoginAttempt,
  hashToCheck,
  LOGIN_ACCOUNT_FAILURES_FACTOR,
  LOGIN_KNOWN_ADDRESS_MS,
  lockMsAfter,
  type LoginThrottleRule,
} from '../../src/accounts/login-throttle.ts';
import { hashPassword, verifyPassword } from '../../src/accounts/passwords.ts';
import { DEMO_OPERATOR } from '../../src/admin/operators.ts';
import { operatorAuditLog, operators } from '../../src/admin/tables.ts';
import { parseTrustProxy } from '../../src/http/trust-proxy.ts';
import { DEMO_USER } from '../../src/site/demo.ts';
import { call, latestCode, makeTestApp, makeUser, type TestApp } from '../support/app.ts';

let test: TestApp;
beforeAll(async () => {
  test = await makeTestApp({ codeResendMs: 0, loginPerMinute: 1000, codeGuessesPerIpPerMinute: 1000, codeGuessesPerTargetPerMinute: 1000 });
  // The demo user's address, registered as any user would (the test app seeds no demo data).
  await makeUser(test, { email: DEMO_USER.account, password: DEMO_USER.password });
});
afterAll(() => test.close());

const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

describe('emails and mobiles compare in their normalised form', () => {
  it('refuses DEMO@fairex.local when demo@fairex.local exists, and logs Demo@fairex.local in', async () => {
    const ip = test.nextIp();
    const code = await call(test.app, '/sms_mail', { ip, payload: { user_string: 'DEMO@fairex.local', scene: 'register' } });
    expect(code.body.code).toBe('account_exists');
    const register = await call(test.app, '/user/register', {
      ip,
      payload: { user_string: 'DEMO@fairex.local', code: '123456', password: 'abcdefg', re_password: 'abcdefg', type: 'email' },
    });
    expect(register.body.code).toBe('account_exists');
    const login = await call(test.app, '/user/login', { ip, payload: { user_string: ' Demo@FairEx.local', password: DEMO_USER.password } });
    expect(login.body.type).toBe('ok');
  });

  it('stores a registration typed in capitals in lower case, and finds it again by any case', async () => {
    const email = uniqueEmail('Mixed').replace('mixed', 'MiXeD');
    const ip = test.nextIp();
    await call(test.app, '/sms_mail', { ip, payload: { user_string: email.toUpperCase(), scene: 'register' } });
    const code = await latestCode(test, email.toLowerCase());
    const res = await call(test.app, '/user/register', {
      ip,
      payload: { user_string: email, code, password: 'abcdefg', re_password: 'abcdefg', type: 'email' },
    });
    expect(res.body.type).toBe('ok');
    expect(res.body.message.account).toBe(email.toLowerCase());
    const token = (await call(test.app, '/user/login', { ip, payload: { user_string: email.toUpperCase(), password: 'abcdefg' } })).body.message;
    const info = await call(test.app, '/user/info', { method: 'GET', token });
    expect(info.body.message.email).toBe(email.toLowerCase());
  });

  it('registers a mobile typed with its +86 prefix and separators as its digits, and refuses it again in another format', async () => {
    const ip = test.nextIp();
    const digits = `137${String(Date.now()).slice(-8)}`;
    const typed = `+86 ${digits.slice(0, 3)}-${digits.slice(3, 7)} ${digits.slice(7)}`;
    await call(test.app, '/sms_send', { ip, payload: { area_code: '+86', mobile: typed } });
    const code = await latestCode(test, digits);
    const payload = { user_string: typed, code, password: 'abcdefg', re_password: 'abcdefg', type: 'mobile', area_code: '86' };
    const res = await call(test.app, '/user/register', { ip, payload });
    expect(res.body.type).toBe('ok');
    expect(res.body.message.account).toBe(digits);
    expect((await call(test.app, '/user/login', { ip, payload: { user_string: digits, password: 'abcdefg' } })).body.type).toBe('ok');
    const again = await call(test.app, '/sms_send', { ip, payload: { area_code: '86', mobile: `${digits.slice(0, 3)} ${digits.slice(3)}` } });
    expect(again.body.code).toBe('account_exists');
  });
});

describe('calls that try a code are limited per address and per target', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await makeTestApp({ codeGuessesPerIpPerMinute: 4, codeGuessesPerTargetPerMinute: 2 });
  });
  afterAll(() => limited.close());

  const calls: [string, (target: string) => Record<string, unknown>][] = [
    ['/user/check_email', (target) => ({ user_string: target, email_code: '000000' })],
    ['/user/forget', (target) => ({ account: target, code: '000000', password: 'abcdefg', repassword: 'abcdefg' })],
    ['/user/register', (target) => ({ user_string: target, code: '000000', password: 'abcdefg', re_password: 'abcdefg', type: 'email' })],
  ];

  for (const [path, payload] of calls) {
    it(`refuses ${path} when one target is tried too often from several addresses`, async () => {
      const target = uniqueEmail('target');
      for (let i = 0; i < 2; i++) expect((await call(limited.app, path, { ip: limited.nextIp(), payload: payload(target) })).body.code).not.toBe('too_many_requests');
      const third = await call(limited.app, path, { ip: limited.nextIp(), payload: payload(target.toUpperCase()) });
      expect(third.body).toMatchObject({ type: 'error', code: 'too_many_requests' });
      expect(third.status).toBe(429);
    });

    it(`refuses ${path} when one address tries too many targets`, async () => {
      const ip = limited.nextIp();
      for (let i = 0; i < 4; i++) expect((await call(limited.app, path, { ip, payload: payload(uniqueEmail(`t${i}`)) })).body.code).not.toBe('too_many_requests');
      expect((await call(limited.app, path, { ip, payload: payload(uniqueEmail('t5')) })).body.code).toBe('too_many_requests');
    });
  }

  it('refuses binding calls when one new address is tried too often, and when one address tries too many', async () => {
    const user = await makeUser(limited);
    const target = uniqueEmail('bind');
    const bind = (email: string, ip: string) => call(limited.app, '/safe/email', { ip, token: user.token, payload: { email, code: '000000', password: 'x' } });
    for (let i = 0; i < 2; i++) expect((await bind(target, limited.nextIp())).body.code).not.toBe('too_many_requests');
    expect((await bind(target, limited.nextIp())).body.code).toBe('too_many_requests');
    const ip = limited.nextIp();
    for (let i = 0; i < 4; i++) expect((await bind(uniqueEmail(`b${i}`), ip)).body.code).not.toBe('too_many_requests');
    expect((await call(limited.app, '/safe/mobile', { ip, token: user.token, payload: { mobile: '13900000001', code: '000000', password: 'x' } })).body.code).not.toBe(
      'too_many_requests',
    );
    expect((await bind(uniqueEmail('b5'), ip)).body.code).toBe('too_many_requests');
  });

  it('keeps limiting one client when it forges X-Forwarded-For (TRUST_PROXY unset)', async () => {
    const forged = (n: number) =>
      limited.app.inject({
        method: 'POST',
        url: '/api/user/check_email',
        remoteAddress: '10.9.9.9',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': `203.0.113.${n}` },
        payload: new URLSearchParams({ user_string: uniqueEmail(`xff${n}`), email_code: '000000' }).toString(),
      });
    for (let n = 1; n <= 4; n++) expect((await forged(n)).json().code).toBe('code_invalid');
    expect((await forged(5)).json().code).toBe('too_many_requests');
  });
});

describe('TRUST_PROXY', () => {
  it('trusts no proxy when unset, empty or false, and reads true, a hop count or an address list', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('true')).toBe(true);
    const twoHops = parseTrustProxy('2') as (address: string, hop: number) => boolean;
    expect([twoHops('10.0.0.1', 0), twoHops('10.0.0.2', 1), twoHops('203.0.113.9', 2)]).toEqual([true, true, false]);
    expect(parseTrustProxy('127.0.0.1, 10.0.0.0/8,::1')).toEqual(['127.0.0.1', '10.0.0.0/8', '::1']);
  });

  it('refuses a value that is neither a hop count nor addresses when the server starts', () => {
    expect(() => parseTrustProxy('yes')).toThrow(/TRUST_PROXY/);
    expect(() => parseTrustProxy('10.0.0.0/33')).toThrow(/TRUST_PROXY/);
    expect(() => parseTrustProxy('99')).toThrow(/TRUST_PROXY/);
  });
});

describe('login limited per (account, address), and far higher per account', () => {
  const rule: LoginThrottleRule = { failuresFree: 3, lockBaseMs: 60_000, lockMaxMs: 600_000 };
  const now = new Date('2026-11-23T12:00:00Z');
  const at = (ms: number) => new Date(now.getTime() + ms);
  const fresh = { failures: 0, lockedUntil: null };

  it('locks from the failuresFree-th failure in a row, for a time that doubles up to the cap', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((n) => lockMsAfter(n, rule))).toEqual([0, 0, 60_000, 120_000, 240_000, 480_000, 600_000, 600_000]);
    // The whole account: from LOGIN_ACCOUNT_FAILURES_FACTOR (20) times as many, so 60 here and 100 with the default 5.
    expect(accountRuleOf(rule).failuresFree).toBe(3 * LOGIN_ACCOUNT_FAILURES_FACTOR);
    expect([59, 60, 61].map((n) => lockMsAfter(n, accountRuleOf(rule)))).toEqual([0, 60_000, 120_000]);
  });

  it('counts an attempt before the check, refuses while locked and allows one more try once the lock has passed', () => {
    expect(claimLoginAttempt({ failures: 0, lockedUntil: null }, now, rule)).toEqual({ failures: 1, lockedUntil: null });
    expect(claimLoginAttempt({ failures: 2, lockedUntil: null }, now, rule)).toEqual({ failures: 3, lockedUntil: at(60_000) });
    expect(claimLoginAttempt({ failures: 3, lockedUntil: at(60_000) }, at(59_999), rule)).toBeUndefined();
    expect(claimLoginAttempt({ failures: 3, lockedUntil: at(60_000) }, at(60_000), rule)).toEqual({ failures: 4, lockedUntil: at(180_000) });
  });

  it('refuses a locked pair, and a locked account to an unknown address only', () => {
    const lockedAccount = { failures: 60, lockedUntil: at(60_000) };
    // The pair is counted and so is the account.
    expect(claimLogin({ pair: { ...fresh, succeededAt: null }, account: { failures: 12, lockedUntil: null } }, now, rule)).toEqual({
      pair: { failures: 1, lockedUntil: null },
      account: { failures: 13, lockedUntil: null },
    });
    expect(claimLogin({ pair: { failures: 3, lockedUntil: at(1), succeededAt: null }, account: fresh }, now, rule)).toBeUndefined();
    expect(claimLogin({ pair: { ...fresh, succeededAt: null }, account: lockedAccount }, now, rule)).toBeUndefined();
    // The owner's address, which logged in a week ago, still gets its password checked.
    const known = { ...fresh, succeededAt: at(-7 * 24 * 60 * 60_000) };
    expect(claimLogin({ pair: known, account: lockedAccount }, now, rule)?.pair).toEqual({ failures: 1, lockedUntil: null });
    // Known no longer after LOGIN_KNOWN_ADDRESS_MS.
    expect(claimLogin({ pair: { ...fresh, succeededAt: at(-LOGIN_KNOWN_ADDRESS_MS) }, account: lockedAccount }, now, rule)).toBeUndefined();
  });

  describe('through the API', () => {
    let locking: TestApp;
    beforeAll(async () => {
      locking = await makeTestApp({ loginPerMinute: 1000, loginFailuresFree: 3, loginLockBaseMs: 60_000, loginLockMaxMs: 600_000 });
    });
    afterAll(() => locking.close());

    /** As if the lock's time had passed. */
    const letLockPass = (subject: string) => locking.db.update(loginAttempts).set({ lockedUntil: new Date(Date.now() - 1) }).where(eq(loginAttempts.subject, subject));
    const login = (user_string: string, password: string, ip = locking.nextIp()) => call(locking.app, '/user/login', { ip, payload: { user_string, password } });

    it('refuses the review’s trickle of wrong passwords from rotating addresses without locking the owner out of their own address', async () => {
      const user = await makeUser(locking);
      const home = locking.nextIp();
      for (let i = 0; i < 13; i++) expect((await login(user.email, 'wrong-password')).body.code).toBe('login_failed');
      expect((await login(user.email, user.password, home)).body.type).toBe('ok');
      const [account] = await locking.db.select().from(loginAttempts).where(eq(loginAttempts.subject, `user:${user.id}`));
      expect(account).toMatchObject({ failures: 0, lockedUntil: null });
    });

    it('locks the (account, address) pair after failures in a row, even for the right password, and not the owner’s other address', async () => {
      const user = await makeUser(locking);
      const attacker = locking.nextIp();
      for (let i = 0; i < 3; i++) expect((await login(user.email, 'wrong-password', attacker)).body.code).toBe('login_failed');
      const locked = await call(locking.app, '/user/login', { ip: attacker, lang: 'zh', payload: { user_string: user.email, password: user.password } });
      expect(locked.status).toBe(429);
      expect(locked.body).toEqual({ type: 'error', code: 'login_locked', message: '该账号登录失败次数过多，请几分钟后再试' });
      expect((await login(user.email, user.password)).body.type).toBe('ok');
      await letLockPass(`user:${user.id}@${attacker}`);
      expect((await login(user.email, user.password, attacker)).body.type).toBe('ok');
      const [row] = await locking.db.select().from(loginAttempts).where(eq(loginAttempts.subject, `user:${user.id}@${attacker}`));
      expect(row).toMatchObject({ failures: 0, lockedUntil: null, succeededAt: expect.any(Date) });
    });

    it('locks the whole account after 20 times as many failures, except for an address it logged in from', async () => {
      const user = await makeUser(locking);
      const home = locking.nextIp();
      expect((await login(user.email, user.password, home)).body.type).toBe('ok');
      // 59 failures from as many addresses, set directly rather than sent (each costs a password hash).
      await locking.db.update(loginAttempts).set({ failures: 59 }).where(eq(loginAttempts.subject, `user:${user.id}`));
      expect((await login(user.email, 'wrong-password')).body.code).toBe('login_failed');
      expect((await login(user.email, user.password)).body.code).toBe('login_locked');
      expect((await login(user.email, user.password, home)).body.type).toBe('ok');
    });

    it('gives a burst of concurrent wrong passwords from one address only failuresFree checks', async () => {
      const user = await makeUser(locking);
      const ip = locking.nextIp();
      const results = await Promise.all(Array.from({ length: 20 }, () => login(user.email, 'wrong-password', ip)));
      expect(results.filter((r) => r.body.code === 'login_failed')).toHaveLength(3);
      expect(results.filter((r) => r.body.code === 'login_locked')).toHaveLength(17);
    });

    it('locks an unknown account name the same way, so a lock tells nothing about existence', async () => {
      const name = uniqueEmail('nobody');
      const ip = locking.nextIp();
      for (let i = 0; i < 3; i++) expect((await login(name, 'wrong-password', ip)).body.code).toBe('login_failed');
      expect((await login(name.toUpperCase(), 'wrong-password', ip)).body.code).toBe('login_locked');
    });

    it('locks an operator’s (name, address) pair after failures in a row, even for the right password, and logs each failure', async () => {
      const attacker = locking.nextIp();
      const admin = (password: string, ip = attacker) => call(locking.app, '/admin/login', { ip, payload: { username: DEMO_OPERATOR.username, password } });
      for (let i = 0; i < 3; i++) expect((await admin('wrong-password')).body.code).toBe('login_failed');
      expect((await admin(DEMO_OPERATOR.password)).body.code).toBe('login_locked');
      // The only admin, from the office: not locked out.
      expect((await admin(DEMO_OPERATOR.password, locking.nextIp())).body.type).toBe('ok');
      const [operator] = await locking.db.select().from(operators).where(eq(operators.username, DEMO_OPERATOR.username));
      const failures = await locking.db.select().from(operatorAuditLog).where(and(eq(operatorAuditLog.action, 'login_failed'), eq(operatorAuditLog.operatorId, operator!.id)));
      expect(failures.map((f) => (f.detail as { reason: string }).reason)).toEqual(['password', 'password', 'password', 'locked']);
      await letLockPass(`operator:${operator!.id}@${attacker}`);
      expect((await admin(DEMO_OPERATOR.password)).body.type).toBe('ok');
    });

    it('checks an unknown account against a hash as costly as a real one, which matches nothing', async () => {
      // Deterministic stand-in for a timing measurement (which flaked on loaded machines): the same
      // scrypt parameters mean the same work, whether or not the account exists.
      const real = await hashPassword('a-real-password');
      const dummy = await hashToCheck(undefined);
      const parameters = (hash: string) => hash.split('$').slice(0, 4).join('$');
      expect(parameters(dummy)).toBe(parameters(real));
      expect(await hashToCheck(real)).toBe(real);
      for (const guess of ['wrong-password', '', 'unknown-account-0.5']) expect(await verifyPassword(guess, dummy)).toBe(false);
    });
  });
});

describe('verification codes per scene', () => {
  let scenes: TestApp;
  beforeAll(async () => {
    scenes = await makeTestApp({ codeResendMs: 0, codesPerTargetPerDay: 2, codesPerIpPerHour: 1000 });
  });
  afterAll(() => scenes.close());

  it('counts the daily limit per scene, so a day of register codes leaves the bind codes', async () => {
    const email = uniqueEmail('scene');
    const send = (scene: string) => call(scenes.app, '/sms_mail', { ip: scenes.nextIp(), payload: { user_string: email, scene } });
    expect((await send('register')).body.type).toBe('ok');
    expect((await send('register')).body.type).toBe('ok');
    expect((await send('register')).body.code).toBe('code_too_frequent');
    expect((await send('bind')).body.type).toBe('ok');
  });

  it('sends a security code only to the logged-in user’s own email or mobile', async () => {
    const user = await makeUser(scenes);
    const security = (user_string: string, token?: string) => call(scenes.app, '/sms_mail', { ip: scenes.nextIp(), token, payload: { user_string, scene: 'security' } });
    expect((await security(user.email)).body.type).toBe('999');
    const other = await security(uniqueEmail('victim'), user.token);
    expect(other.body).toMatchObject({ type: 'error', code: 'code_target_not_own' });
    expect((await security(user.email.toUpperCase(), user.token)).body.type).toBe('ok');
    const sms = await call(scenes.app, '/sms_send', { ip: scenes.nextIp(), token: user.token, payload: { mobile: '13900000002', scene: 'security' } });
    expect(sms.body.code).toBe('code_target_not_own');
  });
});
