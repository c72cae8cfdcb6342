// Proves identity verification and security settings through the API on a real database: binding
// email and mobile first, basic then advanced, every state, operator approval and rejection with a
// reason, own images only, one identity per account (flagged to reviewers), two different ID photos,
// the level's limits, binding an email, login password change, and the ledger audit after every test.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fiatTradeLimitUsdt } from '../../src/identity/service.ts';
import { call, expectLedgerBalanced, latestCode, makeUser, type TestApp } from '../support/app.ts';
import { bindMobile, ID_CARD, makeFundsApp, makeVerifiedUser, nextIdCard, nextMobile, operatorToken, uploadImage, type User } from './support.ts';

let test: TestApp;
let op: string;
beforeAll(async () => {
  test = await makeFundsApp();
  op = await operatorToken(test);
});
afterEach(async () => {
  await expectLedgerBalanced(test);
});
afterAll(async () => {
  await test.close();
});

const BASIC = { real_type: 1, id_type: 1, name: 'Li Lei', card_id: ID_CARD };
const state = async (token: string) => (await call(test.app, '/real/state', { method: 'GET', token })).body.message;
const pendingId = async (userId: number) =>
  (await call(test.app, '/admin/identity', { method: 'GET', token: op, payload: { user_id: userId, status: 'pending' } })).body.message.data[0].id as number;

describe('identity verification', () => {
  it('requires email and mobile to be bound first', async () => {
    const user = await makeUser(test);
    const res = await call(test.app, '/user/real', { token: user.token, lang: 'zh', payload: BASIC });
    expect(res.body).toMatchObject({ code: 'identity_bind_first', message: '请先绑定邮箱和手机号' });
    expect(await state(user.token)).toMatchObject({ level: 0, state: 'not_authenticated', limits: { withdraw_24h_btc: '0' } });
  });

  it('binds a mobile with a code and refuses a taken one or a wrong code', async () => {
    const user = await makeUser(test);
    const other = await makeUser(test);
    const mobile = await bindMobile(test, user);
    expect((await call(test.app, '/user/info', { method: 'GET', token: user.token })).body.message.mobile).toBe(mobile);
    const taken = await call(test.app, '/sms_send', { ip: test.nextIp(), payload: { mobile, scene: 'bind' } });
    expect(taken.body.code).toBe('account_exists');
    const fresh = nextMobile();
    await call(test.app, '/sms_send', { ip: test.nextIp(), payload: { mobile: fresh, scene: 'bind' } });
    const code = await latestCode(test, fresh);
    expect((await call(test.app, '/safe/mobile', { token: other.token, payload: { mobile: fresh, code: code === '111111' ? '222222' : '111111', password: other.password } })).body.code).toBe('code_invalid');
    expect((await call(test.app, '/safe/mobile', { token: other.token, payload: { mobile: '12345', code, password: other.password } })).body.code).toBe('mobile_invalid');
  });

  it('goes basic -> under review -> authenticated, then advanced, with the limits of each level', async () => {
    const user = await makeUser(test);
    await bindMobile(test, user);
    expect((await call(test.app, '/user/real', { token: user.token, payload: BASIC })).body.type).toBe('ok');
    expect(await state(user.token)).toMatchObject({ level: 0, state: 'under_review', basic: { state: 'under_review', name: 'Li Lei' } });
    expect((await call(test.app, '/user/real', { token: user.token, lang: 'jp', payload: BASIC })).body).toMatchObject({ code: 'identity_under_review', message: '本人確認は審査中です' });
    const front = await uploadImage(test, user.token);
    const back = await uploadImage(test, user.token);
    expect((await call(test.app, '/user/real', { token: user.token, payload: { real_type: 2, front_pic: front, reverse_pic: back } })).body.code).toBe('identity_basic_first');

    const queue = await call(test.app, '/admin/identity', { method: 'GET', token: op, payload: { user_id: user.id } });
    expect(queue.body.message.data[0]).toMatchObject({ level: 1, name: 'Li Lei', card_id: ID_CARD, status: 'pending', email: user.email });
    const id = queue.body.message.data[0].id;
    expect((await call(test.app, `/admin/identity/${id}/approve`, { token: op })).body.message.status).toBe('approved');
    expect((await call(test.app, `/admin/identity/${id}/approve`, { token: op })).body.code).toBe('already_reviewed');
    expect(await state(user.token)).toMatchObject({ level: 1, state: 'authenticated', limits: { withdraw_24h_btc: '200', fiat_trade_per_order_usdt: '2000' } });
    expect((await state(user.token)).basic.card_id).toBe('11**************2X');
    expect(await fiatTradeLimitUsdt(test.db, user.id)).toBe('2000');
    expect((await call(test.app, '/user/real', { token: user.token, payload: BASIC })).body.code).toBe('identity_already_verified');

    expect((await call(test.app, '/user/real', { token: user.token, payload: { real_type: 2, front_pic: front } })).body.code).toBe('photos_required');
    expect((await call(test.app, '/user/real', { token: user.token, payload: { real_type: 2, front_pic: front, reverse_pic: back } })).body.type).toBe('ok');
    expect(await state(user.token)).toMatchObject({ level: 1, state: 'under_review', real_type: 2 });
    await call(test.app, `/admin/identity/${await pendingId(user.id)}/approve`, { token: op });
    expect(await state(user.token)).toMatchObject({ level: 2, state: 'authenticated', limits: { withdraw_24h_btc: '500', fiat_trade_per_order_usdt: '1000000' } });
  });

  it('rejects with a reason shown to the user, who may submit again', async () => {
    const user = await makeUser(test);
    await bindMobile(test, user);
    const basic = { ...BASIC, card_id: nextIdCard() };
    await call(test.app, '/user/real', { token: user.token, payload: basic });
    const id = await pendingId(user.id);
    expect((await call(test.app, `/admin/identity/${id}/reject`, { token: op, lang: 'zh' })).body.code).toBe('reason_required');
    expect((await call(test.app, `/admin/identity/${id}/reject`, { token: op, payload: { reason: 'blurry' } })).body.message.status).toBe('rejected');
    expect(await state(user.token)).toMatchObject({ level: 0, state: 'audit_failed', reason: 'blurry' });
    expect((await call(test.app, '/user/real', { token: user.token, payload: basic })).body.type).toBe('ok');
  });

  it('keeps one identity to one account, case-insensitively, and flags a reused number to reviewers', async () => {
    const [first, second, third] = [await makeUser(test), await makeUser(test), await makeUser(test)];
    for (const user of [first, second, third]) await bindMobile(test, user);
    const passport = { ...BASIC, id_type: 2, card_id: `P${Date.now()}` };
    const submit = (user: User, card_id: string, lang?: string) => call(test.app, '/user/real', { token: user.token, lang, payload: { ...passport, card_id } });
    expect((await submit(first, passport.card_id)).body.type).toBe('ok');
    // Pending on the first account: refused on another, whatever the case or blanks.
    const refused = await submit(second, ` ${passport.card_id.toLowerCase()} `, 'zh');
    expect(refused.body).toEqual({ type: 'error', code: 'identity_card_in_use', message: '该证件号码已被其他账号使用' });
    await call(test.app, `/admin/identity/${await pendingId(first.id)}/reject`, { token: op, payload: { reason: 'not you' } });
    // Rejected no longer holds it: the second account may submit, and the reviewer sees the number was used before.
    expect((await submit(second, passport.card_id.toLowerCase())).body.type).toBe('ok');
    const queue = await call(test.app, '/admin/identity', { method: 'GET', token: op, payload: { user_id: second.id } });
    expect(queue.body.message.data[0]).toMatchObject({ card_id: passport.card_id, status: 'pending', duplicate: true });
    await call(test.app, `/admin/identity/${await pendingId(second.id)}/approve`, { token: op });
    // Approved holds it too.
    expect((await submit(third, passport.card_id)).body.code).toBe('identity_card_in_use');
    expect((await submit(first, passport.card_id)).body.code).toBe('identity_card_in_use');
    // A number nobody else used is not flagged.
    expect((await submit(third, `Q${Date.now()}`)).body.type).toBe('ok');
    const own = await call(test.app, '/admin/identity', { method: 'GET', token: op, payload: { user_id: third.id } });
    expect(own.body.message.data[0].duplicate).toBe(false);
  });

  it('lets one of several accounts racing with the same number through', async () => {
    const users = [await makeUser(test), await makeUser(test), await makeUser(test)];
    for (const user of users) await bindMobile(test, user);
    const card_id = nextIdCard();
    const results = await Promise.all(users.map((user) => call(test.app, '/user/real', { token: user.token, payload: { ...BASIC, card_id } })));
    expect(results.filter((r) => r.body.type === 'ok')).toHaveLength(1);
    expect(results.filter((r) => r.body.code === 'identity_card_in_use')).toHaveLength(2);
  });

  it('refuses the same upload as both the front and the reverse photo', async () => {
    const user = await makeVerifiedUser(test);
    const photo = await uploadImage(test, user.token);
    const res = await call(test.app, '/user/real', { token: user.token, lang: 'fra', payload: { real_type: 2, front_pic: photo, reverse_pic: photo } });
    expect(res.body).toEqual({ type: 'error', code: 'photos_identical', message: 'Les photos recto et verso doivent être deux images différentes' });
    expect(await state(user.token)).toMatchObject({ advanced: { state: 'not_authenticated' } });
    expect((await call(test.app, '/user/real', { token: user.token, payload: { real_type: 2, front_pic: photo, reverse_pic: await uploadImage(test, user.token) } })).body.type).toBe('ok');
  });

  it('refuses a wrong ID number, a missing name, someone else’s photos and a support operator', async () => {
    const user = await makeVerifiedUser(test);
    const other = await makeUser(test);
    const fresh = await makeUser(test);
    await bindMobile(test, fresh);
    for (const card_id of ['110105194912310021', '12345', '']) {
      expect((await call(test.app, '/user/real', { token: fresh.token, lang: 'spa', payload: { ...BASIC, card_id } })).body).toMatchObject({
        code: 'id_number_invalid',
        message: 'Introduzca un número de documento correcto',
      });
    }
    expect((await call(test.app, '/user/real', { token: fresh.token, payload: { ...BASIC, id_type: 2, card_id: 'E12345678' } })).body.type).toBe('ok');
    expect((await call(test.app, '/user/real', { token: user.token, payload: { ...BASIC, name: '' } })).body.code).toBe('name_required');
    const [front, back] = [await uploadImage(test, other.token), await uploadImage(test, other.token)];
    expect((await call(test.app, '/user/real', { token: user.token, payload: { real_type: 2, front_pic: front, reverse_pic: back } })).body.code).toBe('photos_required');
    expect((await call(test.app, '/admin/identity/999999/approve', { token: op })).body.code).toBe('not_found');
    expect((await call(test.app, '/admin/identity', { method: 'GET', token: user.token })).body.type).toBe('999');
  });
});

describe('email binding', () => {
  /** A user registered by mobile, so without an email yet. */
  async function mobileUser() {
    const mobile = nextMobile();
    const ip = test.nextIp();
    await call(test.app, '/sms_send', { ip, payload: { mobile, scene: 'register' } });
    const password = 'secret-pass-1';
    const registered = await call(test.app, '/user/register', {
      ip,
      payload: { user_string: mobile, code: await latestCode(test, mobile), password, re_password: password, type: 'mobile' },
    });
    expect(registered.body.type).toBe('ok');
    const login = await call(test.app, '/user/login', { ip, payload: { user_string: mobile, password } });
    return { token: login.body.message as string, mobile, password };
  }
  const sendBindCode = (email: string) => call(test.app, '/sms_mail', { ip: test.nextIp(), payload: { user_string: email, scene: 'bind' } });

  it('binds an email with the code sent to it, refusing a wrong code', async () => {
    const user = await mobileUser();
    expect((await call(test.app, '/user/info', { method: 'GET', token: user.token })).body.message.email).toBeNull();
    const email = `bind-${Date.now()}@example.com`;
    expect((await sendBindCode(email)).body.type).toBe('ok');
    const code = await latestCode(test, email);
    const wrong = await call(test.app, '/safe/email', { token: user.token, lang: 'zh', payload: { email, code: code === '000000' ? '000001' : '000000', password: user.password } });
    expect(wrong.body).toEqual({ type: 'error', code: 'code_invalid', message: '验证码错误或已过期' });
    expect((await call(test.app, '/safe/email', { token: user.token, payload: { email: 'not-an-email', code, password: user.password } })).body.code).toBe('email_invalid');
    expect((await call(test.app, '/safe/email', { token: user.token, payload: { email, code, password: user.password } })).body.type).toBe('ok');
    expect((await call(test.app, '/user/info', { method: 'GET', token: user.token })).body.message.email).toBe(email);
    // The code is used up.
    expect((await call(test.app, '/safe/email', { token: user.token, payload: { email, code, password: user.password } })).body.code).toBe('code_invalid');
    expect((await call(test.app, '/safe/email', { payload: { email, code } })).body.type).toBe('999');
  });

  it('refuses an email another account already has', async () => {
    const owner = await makeUser(test);
    const user = await mobileUser();
    expect((await sendBindCode(owner.email)).body.code).toBe('account_exists');
    // Taken between the code and the binding: the unique address decides.
    const email = `late-${Date.now()}@example.com`;
    await sendBindCode(email);
    const code = await latestCode(test, email);
    await makeUser(test, { email });
    const res = await call(test.app, '/safe/email', { token: user.token, lang: 'en', payload: { email, code, password: user.password } });
    expect(res.body).toEqual({ type: 'error', code: 'account_exists', message: 'This account is already registered' });
    expect((await call(test.app, '/user/info', { method: 'GET', token: user.token })).body.message.email).toBeNull();
  });
});

describe('login password', () => {
  it('refuses a new password when it is the old one', async () => {
    const user = await makeUser(test);
    const same = await call(test.app, '/safe/update_login_password', { token: user.token, lang: 'zh', payload: { oldpassword: user.password, password: user.password, re_password: user.password } });
    expect(same.body).toMatchObject({ type: 'error', code: 'password_reused', message: '新密码不能与当前密码相同' });
    expect((await call(test.app, '/user/login', { ip: test.nextIp(), payload: { user_string: user.email, password: user.password } })).body.type).toBe('ok');
  });


  it('changes with the old password and ends other sessions', async () => {
    const user = await makeUser(test);
    const second = (await call(test.app, '/user/login', { ip: test.nextIp(), payload: { user_string: user.email, password: user.password } })).body.message;
    const wrong = await call(test.app, '/safe/update_login_password', { token: user.token, lang: 'kor', payload: { oldpassword: 'nope-nope', password: 'new-secret-1', re_password: 'new-secret-1' } });
    expect(wrong.body.code).toBe('old_password_wrong');
    expect((await call(test.app, '/safe/update_login_password', { token: user.token, payload: { oldpassword: user.password, password: 'short', re_password: 'short' } })).body.code).toBe('password_too_short');
    expect((await call(test.app, '/safe/update_login_password', { token: user.token, payload: { oldpassword: user.password, password: 'new-secret-1', re_password: 'new-secret-2' } })).body.code).toBe('passwords_inconsistent');
    expect((await call(test.app, '/safe/update_login_password', { token: user.token, payload: { oldpassword: user.password, password: 'new-secret-1', re_password: 'new-secret-1' } })).body.type).toBe('ok');
    expect((await call(test.app, '/user/info', { method: 'GET', token: user.token })).body.type).toBe('ok');
    expect((await call(test.app, '/user/info', { method: 'GET', token: second })).body.type).toBe('999');
    expect((await call(test.app, '/user/login', { ip: test.nextIp(), payload: { user_string: user.email, password: 'new-secret-1' } })).body.type).toBe('ok');
  });
});
