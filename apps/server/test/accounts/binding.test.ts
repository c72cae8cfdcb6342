// Proves the security rules around contacts and money destinations through the API on a real database:
// rebinding an email or mobile needs the login password and a code sent to the current contact, tells
// the old contact and ends every other session; a withdrawal needs a pay password; a wallet address or
// a bank card needs the pay password or a security code.
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../src/accounts/tables.ts';
import { call, expectLedgerBalanced, latestCode, makeUser, type TestApp } from '../support/app.ts';
import { bindMobile, coinId, ensurePayPassword, makeFundsApp, makeVerifiedUser, nextMobile, PAY_PASSWORD, uploadImage, type User } from '../funds/support.ts';

let test: TestApp;
beforeAll(async () => {
  test = await makeFundsApp();
});
afterAll(async () => {
  await expectLedgerBalanced(test);
  await test.close();
});

const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
const info = async (token: string) => (await call(test.app, '/user/info', { method: 'GET', token })).body;
const secondSession = async (user: User) => (await call(test.app, '/user/login', { ip: test.nextIp(), payload: { user_string: user.email, password: user.password } })).body.message as string;

async function sendCode(path: '/sms_mail' | '/sms_send', payload: Record<string, unknown>, token?: string) {
  const res = await call(test.app, path, { ip: test.nextIp(), token, payload });
  expect(res.body.type).toBe('ok');
}

describe('rebinding an email', () => {
  it('needs the login password and the current email’s code, tells the old email and ends other sessions', async () => {
    const user = await makeUser(test);
    const other = await secondSession(user);
    const email = uniqueEmail('new');
    await sendCode('/sms_mail', { user_string: email, scene: 'bind' });
    const code = await latestCode(test, email);
    const bind = (payload: Record<string, unknown>, lang?: string) => call(test.app, '/safe/email', { token: user.token, lang, payload: { email, code, ...payload } });

    const wrongPassword = await bind({ password: 'not-my-password' }, 'fra');
    expect(wrongPassword.body).toMatchObject({ code: 'login_password_wrong', message: 'Le mot de passe de connexion est incorrect' });
    expect((await bind({ password: user.password })).body.code).toBe('code_invalid');

    await sendCode('/sms_mail', { user_string: user.email, scene: 'security' }, user.token);
    const oldCode = await latestCode(test, user.email);
    expect((await bind({ password: user.password, old_code: oldCode })).body.type).toBe('ok');

    expect((await info(user.token)).message.email).toBe(email);
    expect((await info(other)).type).toBe('999');
    const [told] = await test.db.select().from(outbox).where(eq(outbox.recipient, user.email)).orderBy(desc(outbox.id)).limit(1);
    expect(told).toMatchObject({ subject: 'Your account contact was changed', hasCode: false });
    expect(told!.body).toContain('email address of your FairEx account was changed');
    expect((await call(test.app, '/user/login', { ip: test.nextIp(), payload: { user_string: email.toUpperCase(), password: user.password } })).body.type).toBe('ok');
  });

  it('refuses the rebinding when the current email’s code is made up', async () => {
    const user = await makeUser(test);
    const email = uniqueEmail('new');
    await sendCode('/sms_mail', { user_string: email, scene: 'bind' });
    const code = await latestCode(test, email);
    const bind = (old_code: string) => call(test.app, '/safe/email', { token: user.token, payload: { email, code, password: user.password, old_code } });
    expect((await bind('123456')).body.code).toBe('code_invalid');
    expect((await info(user.token)).message.email).toBe(user.email);
  });
});

describe('binding a mobile', () => {
  it('needs only the login password the first time, and the current number’s code to change it', async () => {
    const user = await makeUser(test);
    const first = nextMobile();
    await sendCode('/sms_send', { mobile: first, scene: 'bind' });
    const firstCode = await latestCode(test, first);
    expect((await call(test.app, '/safe/mobile', { token: user.token, payload: { mobile: first, code: firstCode, password: 'wrong-password' } })).body.code).toBe(
      'login_password_wrong',
    );
    expect((await call(test.app, '/safe/mobile', { token: user.token, payload: { mobile: first, code: firstCode, password: user.password } })).body.type).toBe('ok');
    // The first binding had no old number to tell; the email heard nothing either.
    const other = await secondSession(user);

    const next = nextMobile();
    await sendCode('/sms_send', { mobile: next, scene: 'bind' });
    const nextCode = await latestCode(test, next);
    const rebind = (payload: Record<string, unknown>) => call(test.app, '/safe/mobile', { token: user.token, payload: { mobile: next, code: nextCode, password: user.password, ...payload } });
    expect((await rebind({})).body.code).toBe('code_invalid');
    await sendCode('/sms_send', { mobile: first, scene: 'security' }, user.token);
    expect((await rebind({ old_code: await latestCode(test, first) })).body.type).toBe('ok');
    expect((await info(user.token)).message.mobile).toBe(next);
    expect((await info(other)).type).toBe('999');
    const told = await test.db.select().from(outbox).where(and(eq(outbox.recipient, first), eq(outbox.channel, 'sms'))).orderBy(desc(outbox.id)).limit(1);
    expect(told[0]!.body).toContain('mobile number of your FairEx account was changed');
  });
});

describe('withdrawals and destinations', () => {
  const TRC20 = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL';
  const BANK = { real_name: 'Li Lei', bank_account: '6222020200112233446', bank_name: 'ICBC', bank_branch: 'Xidan', province: 'Beijing', city: 'Beijing', phone: '13800138000' };

  it('refuses a withdrawal, translated, when no pay password is set', async () => {
    const user = await makeVerifiedUser(test);
    const res = await call(test.app, '/wallet/out', { token: user.token, lang: 'jp', payload: { currency: await coinId(test, 'USDT'), number: '20', destination: 'bank' } });
    expect(res.body).toEqual({ type: 'error', code: 'pay_password_not_set', message: '先に支払いパスワードを設定してください' });
  });

  it('saves a wallet address only with the pay password or a security code', async () => {
    const user = await makeUser(test);
    // A coin, network and address is saved once: the second save is of another address.
    let address = TRC20;
    const save = async (extra: Record<string, unknown>) =>
      call(test.app, '/user/wallet/save', {
        token: user.token,
        payload: { currency: await coinId(test, 'USDT'), name: 'mine', address, qrcode: await uploadImage(test, user.token), ...extra },
      });
    expect((await save({})).body.code).toBe('pay_password_not_set');
    expect((await save({ code: '123456' })).body.code).toBe('code_invalid');
    await sendCode('/sms_mail', { user_string: user.email, scene: 'security' }, user.token);
    const code = await latestCode(test, user.email);
    expect((await save({ code })).body.type).toBe('ok');
    expect((await save({ code })).body.code).toBe('code_invalid');
    address = '0x52908400098527886E0F7030069857D2E4169EE7';
    await ensurePayPassword(test, user);
    expect((await save({})).body.code).toBe('pay_password_required');
    expect((await save({ pay_password: 'wrong-pay-pass' })).body.code).toBe('pay_password_wrong');
    expect((await save({ pay_password: PAY_PASSWORD })).body.type).toBe('ok');
    const list = await call(test.app, '/user/wallet/list', { method: 'GET', token: user.token });
    expect(list.body.message.total).toBe(2);
  });

  it('saves a bank card only with the pay password or a security code, and never stores either', async () => {
    const user = await makeUser(test);
    await bindMobile(test, user);
    expect((await call(test.app, '/user/cash_save', { token: user.token, payload: BANK })).body.code).toBe('pay_password_not_set');
    await ensurePayPassword(test, user);
    expect((await call(test.app, '/user/cash_save', { token: user.token, payload: { ...BANK, pay_password: 'wrong-pay-pass' } })).body.code).toBe('pay_password_wrong');
    expect((await call(test.app, '/user/cash_save', { token: user.token, payload: { ...BANK, pay_password: PAY_PASSWORD } })).body.type).toBe('ok');
    const card = await call(test.app, '/user/cash_info', { token: user.token });
    expect(card.body.message).toMatchObject(BANK);
    expect(JSON.stringify(card.body.message)).not.toContain(PAY_PASSWORD);
  });
});
