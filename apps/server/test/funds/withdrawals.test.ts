// Proves wallet addresses, bank cards and withdrawals through the API on a real database: address
// formats per network, own rows only, fee and minimum, Lv1 required (998), the 24-hour limit valued in
// BTC, the pay password, the freeze, operator approval through withdrawals in transit with a reference
// or rejection that unfreezes, 50 concurrent withdrawals that together exceed the balance, the pay
// password's lock after repeated misses, per-user rate limits, a card paid on the first network open
// for withdrawals, other users' rows never shown or touched, and the ledger audit after every test.
import { PAY_PASSWORD_CHECKS_WAITING_MAX } from '../../src/identity/pay-password-queue.ts';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PAY_PASSWORD_ATTEMPTS_MAX, PAY_PASSWORD_LOCK_MS } from '../../src/identity/service.ts';
import { accountsOf } from '../../src/ledger/index.ts';
import { call, expectLedgerBalanced, latestCode, makeTestApp, makeUser, type TestApp } from '../support/app.ts';
import { coinId, ensurePayPassword, figures, fund, makeFundsApp, makeVerifiedUser, operatorToken, PAY_PASSWORD, pinPrice, uploadImage, type User } from './support.ts';

let test: TestApp;
let op: string;
const ERC20 = '0x52908400098527886E0F7030069857D2E4169EE7';
const TRC20 = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL';
const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

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

async function saveAddress(user: User, currency: string, address: string, extra: Record<string, unknown> = {}) {
  await ensurePayPassword(test, user);
  const qrcode = await uploadImage(test, user.token);
  return call(test.app, '/user/wallet/save', {
    token: user.token,
    payload: { currency: await coinId(test, currency), name: 'mine', address, qrcode, pay_password: PAY_PASSWORD, ...extra },
  });
}

/** Saves a bank card confirmed with the user's pay password. */
async function cashSave(user: User, path: string, payload: Record<string, unknown>, lang?: string) {
  await ensurePayPassword(test, user);
  return call(test.app, path, { token: user.token, lang, payload: { ...payload, pay_password: PAY_PASSWORD } });
}

const BANK = { real_name: 'Li Lei', bank_account: '6222020200112233446', bank_name: 'ICBC', bank_branch: 'Xidan', province: 'Beijing', city: 'Beijing', phone: '13800138000' };
const INTERNATIONAL = {
  real_name: 'Jane Doe', bank_account: '000123456789', bank_name: 'Chase', bank_branch: 'NYC 5th Ave', aba_number: '021000021',
  swift_code: 'CHASUS33', bank_network: 'SWIFT', holder_address: '1 Main St, New York', phone: '+12125550100',
};

describe('wallet addresses', () => {
  it('saves addresses checked against the coin’s networks and lists them 10 a page', async () => {
    const user = await makeUser(test);
    expect((await saveAddress(user, 'USDT', ERC20)).body.message.network).toBe('ERC20');
    expect((await saveAddress(user, 'USDT', TRC20)).body.message.network).toBe('TRC20');
    expect((await saveAddress(user, 'BTC', BTC_ADDRESS)).body.message.network).toBe('BTC');
    const list = await call(test.app, '/user/wallet/list', { method: 'GET', token: user.token, payload: { page: 1, limit: 10 } });
    expect(list.body.message).toMatchObject({ total: 3, page: 1, limit: 10 });
    expect(list.body.message.data[0]).toMatchObject({ currency: 'BTC', address: BTC_ADDRESS, name: 'mine' });
  });

  it('refuses a wrong address, a missing or foreign QR image and a missing name, translated', async () => {
    const user = await makeUser(test);
    const other = await makeUser(test);
    const wrong = await saveAddress(user, 'USDT', BTC_ADDRESS, {});
    expect(wrong.body.code).toBe('address_invalid');
    const wrongNet = await saveAddress(user, 'USDT', ERC20, { network: 'TRC20' });
    expect(wrongNet.body.code).toBe('address_invalid');
    const zh = await call(test.app, '/user/wallet/save', { token: user.token, lang: 'zh', payload: { currency: await coinId(test, 'USDT'), name: 'x', address: ERC20 } });
    expect(zh.body).toMatchObject({ code: 'qrcode_required', message: '请上传地址二维码图片' });
    const foreign = await uploadImage(test, other.token);
    expect((await call(test.app, '/user/wallet/save', { token: user.token, payload: { currency: await coinId(test, 'USDT'), name: 'x', address: ERC20, qrcode: foreign } })).body.code).toBe('qrcode_required');
    expect((await saveAddress(user, 'USDT', ERC20, { name: '' })).body.code).toBe('parameter_error');
    expect((await saveAddress(user, 'USDT', '', {})).body.code).toBe('address_invalid');
  });

  it('deletes own rows only', async () => {
    const user = await makeUser(test);
    const other = await makeUser(test);
    const id = (await saveAddress(user, 'USDT', ERC20)).body.message.id;
    const foreign = await call(test.app, '/user/wallet/delete', { token: other.token, payload: { id } });
    expect(foreign.body.code).toBe('not_found');
    expect((await call(test.app, '/user/wallet/list', { method: 'GET', token: other.token })).body.message.total).toBe(0);
    expect((await call(test.app, '/user/wallet/delete', { token: user.token, payload: { id } })).body.type).toBe('ok');
    expect((await call(test.app, '/user/wallet/list', { method: 'GET', token: user.token })).body.message.total).toBe(0);
  });
});

describe('bank cards', () => {
  it('saves and reads a domestic and an international card, replacing on save', async () => {
    const user = await makeUser(test);
    expect((await call(test.app, '/user/cash_info', { token: user.token })).body.message).toBeNull();
    expect((await cashSave(user, '/user/cash_save', BANK)).body.type).toBe('ok');
    expect((await cashSave(user, '/user/cash_save', { ...BANK, bank_branch: 'Chaoyang' })).body.type).toBe('ok');
    expect((await call(test.app, '/user/cash_info', { token: user.token })).body.message).toEqual({ id: expect.any(Number), ...BANK, bank_branch: 'Chaoyang' });
    expect((await cashSave(user, '/user/cash_save_international', INTERNATIONAL)).body.type).toBe('ok');
    expect((await call(test.app, '/user/cash_info_international', { token: user.token })).body.message).toEqual({ id: expect.any(Number), ...INTERNATIONAL });
    const other = await makeUser(test);
    expect((await call(test.app, '/user/cash_info', { token: other.token })).body.message).toBeNull();
  });

  it('requires every field', async () => {
    const user = await makeUser(test);
    for (const field of Object.keys(BANK)) {
      const res = await cashSave(user, '/user/cash_save', { ...BANK, [field]: '' }, 'th');
      expect(res.body).toMatchObject({ code: 'bank_card_incomplete', message: 'กรุณากรอกข้อมูลบัตรธนาคารให้ครบทุกช่อง' });
    }
    for (const field of Object.keys(INTERNATIONAL)) {
      const { [field]: _dropped, ...rest } = INTERNATIONAL as Record<string, string>;
      expect((await cashSave(user, '/user/cash_save_international', rest)).body.code).toBe('bank_card_incomplete');
    }
  });
});

describe('withdraw', () => {
  async function verifiedWithAddress(amount = '1000') {
    const user = await makeVerifiedUser(test);
    await fund(test, user.id, 'USDT', amount);
    const addressId = (await saveAddress(user, 'USDT', TRC20)).body.message.id as number;
    return { user, addressId };
  }
  const out = async (user: User, payload: Record<string, unknown>, lang?: string) => {
    await ensurePayPassword(test, user);
    return call(test.app, '/wallet/out', { token: user.token, lang, payload: { currency: await coinId(test, 'USDT'), pay_password: PAY_PASSWORD, ...payload } });
  };

  it('answers 998 without basic verification', async () => {
    const user = await makeUser(test);
    const res = await out(user, { number: '50', destination: 'bank' }, 'en');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ type: '998', message: 'Please complete identity verification first', code: 'verification_required' });
  });

  it('freezes the quantity with the network fee, lists it, and approval sends it out with a reference', async () => {
    const { user, addressId } = await verifiedWithAddress();
    const res = await out(user, { number: '100', address_id: addressId });
    // TRC20: fee 1, minimum 10.
    expect(res.body.message).toMatchObject({ status: 'pending', number: '100', fee: '1', arrival: '99' });
    expect(await figures(test, user, 'USDT')).toMatchObject({ balance: '1000', available: '900', frozen: '100' });
    const list = await call(test.app, '/user/withdraw/list', { method: 'GET', token: user.token, payload: { page: 1 } });
    expect(list.body.message.data[0]).toMatchObject({ network: 'TRC20', destination_type: 'address', status: 'pending', arrival: '99' });
    expect(list.body.message.data[0].destination.address).toBe(TRC20);

    const noRef = await call(test.app, `/admin/withdrawals/${res.body.message.id}/approve`, { token: op });
    expect(noRef.body.code).toBe('parameter_error');
    const approved = await call(test.app, `/admin/withdrawals/${res.body.message.id}/approve`, { token: op, payload: { reference: '0xabc123' } });
    expect(approved.body.message.status).toBe('approved');
    expect((await call(test.app, `/admin/withdrawals/${res.body.message.id}/approve`, { token: op, payload: { reference: 'again' } })).body.code).toBe('already_reviewed');
    expect(await figures(test, user, 'USDT')).toMatchObject({ balance: '900', available: '900', frozen: '0' });
    const queue = await call(test.app, '/admin/withdrawals', { method: 'GET', token: op, payload: { user_id: user.id } });
    expect(queue.body.message.data[0]).toMatchObject({ status: 'approved', reference: '0xabc123' });
    await expectLedgerBalanced(test);
  });

  it('rejection unfreezes the quantity', async () => {
    const { user } = await verifiedWithAddress();
    await cashSave(user, '/user/cash_save', BANK);
    const res = await out(user, { number: '50', destination: 'bank' });
    expect(res.body.message).toMatchObject({ fee: '5', arrival: '45' });
    const rejected = await call(test.app, `/admin/withdrawals/${res.body.message.id}/reject`, { token: op, payload: { reason: 'name mismatch' } });
    expect(rejected.body.message.status).toBe('rejected');
    expect(await figures(test, user, 'USDT')).toMatchObject({ available: '1000', frozen: '0' });
    const list = await call(test.app, '/user/withdraw/list', { method: 'GET', token: user.token });
    expect(list.body.message.data[0]).toMatchObject({ status: 'rejected', reason: 'name mismatch' });
    await expectLedgerBalanced(test);
  });

  it('refuses below the minimum, over the available, no destination, a foreign address and a missing card', async () => {
    const { user, addressId } = await verifiedWithAddress('30');
    const other = await makeVerifiedUser(test);
    expect((await out(user, { number: '9.99', address_id: addressId }, 'hk')).body).toMatchObject({ code: 'withdraw_below_minimum', message: '提幣數量低於最小提幣數量' });
    expect((await out(user, { number: '30.01', address_id: addressId })).body.code).toBe('insufficient_balance');
    expect((await out(user, { number: '10' }, 'fra')).body).toMatchObject({ code: 'destination_required', message: 'Veuillez choisir une adresse de portefeuille ou une carte bancaire' });
    expect((await out(other, { number: '10', address_id: addressId })).body.code).toBe('not_found');
    expect((await out(user, { number: '20', destination: 'international' })).body.code).toBe('destination_required');
    expect((await out(user, { number: 'abc', address_id: addressId })).body.code).toBe('wrong_number');
    // More whole digits than an amount column holds: refused before anything is valued or stored.
    const huge = await out(user, { number: '1' + '0'.repeat(25), address_id: addressId }, 'zh');
    expect(huge.status).toBe(400);
    expect(huge.body).toEqual({ type: 'error', code: 'wrong_number', message: '请输入正确的数量、价格或金额' });
    // An address of another coin.
    const btcAddress = (await saveAddress(user, 'BTC', BTC_ADDRESS)).body.message.id;
    expect((await out(user, { number: '20', address_id: btcAddress })).body.code).toBe('address_invalid');
    expect(await figures(test, user, 'USDT')).toMatchObject({ available: '30', frozen: '0' });
  });

  it('honours the operator’s fee, minimum and enabled flag', async () => {
    const { user, addressId } = await verifiedWithAddress('500');
    const coins = await call(test.app, '/admin/coins', { method: 'GET', token: op });
    const trc = coins.body.message.coins.find((c: { name: string }) => c.name === 'USDT').networks.find((n: { network: string }) => n.network === 'TRC20');
    await call(test.app, `/admin/networks/${trc.id}`, { token: op, payload: { withdraw_fee: '2.5', withdraw_min: '100' } });
    try {
      expect((await out(user, { number: '99', address_id: addressId })).body.code).toBe('withdraw_below_minimum');
      expect((await out(user, { number: '100', address_id: addressId })).body.message).toMatchObject({ fee: '2.5', arrival: '97.5' });
      await call(test.app, `/admin/networks/${trc.id}`, { token: op, payload: { withdraw_enabled: 'false' } });
      expect((await out(user, { number: '100', address_id: addressId })).body.code).toBe('currency_unavailable');
    } finally {
      await call(test.app, `/admin/networks/${trc.id}`, { token: op, payload: { withdraw_fee: '1', withdraw_min: '10', withdraw_enabled: 'true' } });
    }
  });

  it('requires the pay password once it is set', async () => {
    const { user, addressId } = await verifiedWithAddress();
    await call(test.app, '/sms_mail', { ip: test.nextIp(), token: user.token, payload: { user_string: user.email, scene: 'security' } });
    const code = await latestCode(test, user.email);
    const mismatch = await call(test.app, '/safe/update_password', { token: user.token, payload: { password: '1234567', re_password: '1234568', code } });
    expect(mismatch.body.code).toBe('passwords_inconsistent');
    // "More than 6 characters", like every password of the spec.
    const short = await call(test.app, '/safe/update_password', { token: user.token, lang: 'zh', payload: { password: '123456', re_password: '123456', code } });
    expect(short.body).toEqual({ type: 'error', code: 'password_too_short', message: '密码长度必须大于6位' });
    const wrongCode = await call(test.app, '/safe/update_password', { token: user.token, payload: { password: '1234567', re_password: '1234567', code: code === '000000' ? '000001' : '000000' } });
    expect(wrongCode.body.code).toBe('code_invalid');
    expect((await call(test.app, '/safe/update_password', { token: user.token, payload: { password: '1234567', re_password: '1234567', code } })).body.type).toBe('ok');
    expect((await out(user, { number: '20', address_id: addressId, pay_password: undefined }, 'zh')).body).toMatchObject({ code: 'pay_password_required', message: '请输入支付密码' });
    expect((await out(user, { number: '20', address_id: addressId, pay_password: '7654321' })).body.code).toBe('pay_password_wrong');
    expect((await out(user, { number: '20', address_id: addressId, pay_password: '1234567' })).body.type).toBe('ok');
  });

  async function setPayPassword(user: User, password: string) {
    await call(test.app, '/sms_mail', { ip: test.nextIp(), token: user.token, payload: { user_string: user.email, scene: 'security' } });
    const code = await latestCode(test, user.email);
    const res = await call(test.app, '/safe/update_password', { token: user.token, payload: { password, re_password: password, code } });
    expect(res.body.type).toBe('ok');
  }

  it('locks pay-password use after too many misses in a row, resets the count on success, and unlocks later', async () => {
    const { user, addressId } = await verifiedWithAddress();
    await setPayPassword(user, 'pay-secret-1');
    const send = (pay_password: string, lang?: string) => out(user, { number: '20', address_id: addressId, pay_password }, lang);
    for (let i = 1; i < PAY_PASSWORD_ATTEMPTS_MAX; i++) expect((await send('guess-guess')).body.code).toBe('pay_password_wrong');
    // A success before the last miss starts the count again.
    expect((await send('pay-secret-1')).body.type).toBe('ok');
    for (let i = 1; i < PAY_PASSWORD_ATTEMPTS_MAX; i++) expect((await send('guess-guess')).body.code).toBe('pay_password_wrong');
    const locked = await send('guess-guess', 'kor');
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({ type: 'error', code: 'pay_password_locked', message: '결제 비밀번호 오류가 너무 많습니다. 잠시 후 다시 시도하세요' });
    // Even the right password is refused while the lock runs.
    expect((await send('pay-secret-1')).body.code).toBe('pay_password_locked');
    expect(await figures(test, user, 'USDT')).toMatchObject({ available: '980', frozen: '20' });

    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + PAY_PASSWORD_LOCK_MS - 60_000);
      expect((await send('pay-secret-1')).body.code).toBe('pay_password_locked');
      vi.setSystemTime(Date.now() + 61_000);
      expect((await send('pay-secret-1')).body.type).toBe('ok');
      // The lock's end gives a fresh count.
      expect((await send('guess-guess')).body.code).toBe('pay_password_wrong');
    } finally {
      vi.useRealTimers();
    }
    expect(await figures(test, user, 'USDT')).toMatchObject({ available: '960', frozen: '40' });
  });

  it('counts concurrent guesses too, and a new pay password set with a code lifts the lock', async () => {
    const { user, addressId } = await verifiedWithAddress();
    await setPayPassword(user, 'pay-secret-1');
    const results = await Promise.all(Array.from({ length: 12 }, () => out(user, { number: '20', address_id: addressId, pay_password: 'guess-guess' })));
    expect(results.filter((r) => r.body.code === 'pay_password_wrong')).toHaveLength(PAY_PASSWORD_ATTEMPTS_MAX - 1);
    expect(results.filter((r) => r.body.code === 'pay_password_locked')).toHaveLength(12 - (PAY_PASSWORD_ATTEMPTS_MAX - 1));
    expect((await out(user, { number: '20', address_id: addressId, pay_password: 'pay-secret-1' })).body.code).toBe('pay_password_locked');
    await setPayPassword(user, 'pay-secret-2');
    expect((await out(user, { number: '20', address_id: addressId, pay_password: 'pay-secret-2' })).body.type).toBe('ok');
  });

  it('accepts the review’s 8 concurrent right pay passwords, counting only the wrong ones (security finding 12)', async () => {
    const { user, addressId } = await verifiedWithAddress();
    await setPayPassword(user, 'pay-secret-1');
    const results = await Promise.all(Array.from({ length: 8 }, () => out(user, { number: '20', address_id: addressId, pay_password: 'pay-secret-1' })));
    expect(results.map((r) => r.body.type)).toEqual(Array(8).fill('ok'));
    expect(await figures(test, user, 'USDT')).toMatchObject({ available: '840', frozen: '160' });
    // None of them was counted: the next miss is the first, far from the lock.
    expect((await out(user, { number: '20', address_id: addressId, pay_password: 'guess-guess' })).body.code).toBe('pay_password_wrong');
  });

  it('rate-limits withdrawals and pay-password changes per user', async () => {
    const limited = await makeTestApp({ withdrawalsPerMinute: 2, payPasswordChangesPerMinute: 2 });
    try {
      const [user, other] = [await makeUser(limited), await makeUser(limited)];
      const withdraw = (who: User) => call(limited.app, '/wallet/out', { token: who.token, payload: { currency: 1, number: '20', destination: 'bank' } });
      expect((await withdraw(user)).body.code).toBe('verification_required');
      expect((await withdraw(user)).body.code).toBe('verification_required');
      const third = await withdraw(user);
      expect(third.status).toBe(429);
      expect(third.body.code).toBe('too_many_requests');
      // Another user has their own allowance.
      expect((await withdraw(other)).body.code).toBe('verification_required');
      const change = () =>
        call(limited.app, '/safe/update_password', { token: user.token, payload: { password: 'pay-secret-1', re_password: 'pay-secret-1', code: '000000' } });
      expect((await change()).body.code).toBe('code_invalid');
      expect((await change()).body.code).toBe('code_invalid');
      expect((await change()).body.code).toBe('too_many_requests');
      // Without a session the call is refused before it counts.
      expect((await call(limited.app, '/wallet/out', { payload: { currency: 1, number: '20' } })).body.type).toBe('999');
    } finally {
      await limited.close();
    }
  });

  it('pays a card on the coin’s first network open for withdrawals, and refuses when none is', async () => {
    const user = await makeVerifiedUser(test);
    await fund(test, user.id, 'USDT', '100');
    await cashSave(user, '/user/cash_save', BANK);
    const coins = await call(test.app, '/admin/coins', { method: 'GET', token: op });
    const networks = coins.body.message.coins.find((c: { name: string }) => c.name === 'USDT').networks as { id: number; network: string }[];
    const id = (name: string) => networks.find((n) => n.network === name)!.id;
    // ERC20 (fee 5, minimum 20) comes first; closed, TRC20 (fee 1, minimum 10) applies.
    await call(test.app, `/admin/networks/${id('ERC20')}`, { token: op, payload: { withdraw_enabled: 'false' } });
    try {
      const res = await out(user, { number: '15', destination: 'bank' });
      expect(res.body.message).toMatchObject({ status: 'pending', fee: '1', arrival: '14' });
      // Naming another network does not pick its fee.
      expect((await out(user, { number: '15', destination: 'bank', network: 'ERC20' })).body.message).toMatchObject({ fee: '1', arrival: '14' });
      const list = await call(test.app, '/user/withdraw/list', { method: 'GET', token: user.token });
      expect(list.body.message.data.map((w: { network: string }) => w.network)).toEqual(['TRC20', 'TRC20']);
      await call(test.app, `/admin/networks/${id('TRC20')}`, { token: op, payload: { withdraw_enabled: 'false' } });
      expect((await out(user, { number: '15', destination: 'bank' })).body.code).toBe('currency_unavailable');
      expect(await figures(test, user, 'USDT')).toMatchObject({ available: '70', frozen: '30' });
    } finally {
      for (const name of ['ERC20', 'TRC20']) await call(test.app, `/admin/networks/${id(name)}`, { token: op, payload: { withdraw_enabled: 'true' } });
    }
  });

  it('never shows or touches another user’s withdrawals, addresses or cards', async () => {
    const { user, addressId } = await verifiedWithAddress();
    const other = await makeVerifiedUser(test);
    await fund(test, other.id, 'USDT', '100');
    await cashSave(user, '/user/cash_save', BANK);
    await cashSave(user, '/user/cash_save_international', INTERNATIONAL);
    expect((await out(user, { number: '50', address_id: addressId })).body.type).toBe('ok');

    expect((await call(test.app, '/user/withdraw/list', { method: 'GET', token: other.token })).body.message).toMatchObject({ total: 0, data: [] });
    for (const method of ['GET', 'POST'] as const) {
      expect((await call(test.app, '/user/wallet/list', { method, token: other.token })).body.message).toMatchObject({ total: 0, data: [] });
    }
    expect((await call(test.app, '/user/wallet/delete', { token: other.token, payload: { id: addressId } })).body.code).toBe('not_found');
    expect((await call(test.app, '/user/wallet/list', { method: 'GET', token: user.token })).body.message.data.map((a: { id: number }) => a.id)).toEqual([addressId]);
    expect((await call(test.app, '/user/cash_info', { token: other.token })).body.message).toBeNull();
    expect((await call(test.app, '/user/cash_info_international', { token: other.token })).body.message).toBeNull();
    // Nor can they pay out to the other user's address, or to a card they do not have.
    expect((await out(other, { number: '20', address_id: addressId })).body.code).toBe('not_found');
    expect((await out(other, { number: '20', destination: 'bank' })).body.code).toBe('destination_required');
    expect(await figures(test, other, 'USDT')).toMatchObject({ available: '100', frozen: '0' });
  });

  it('keeps the 24-hour total within the level’s BTC limit', async () => {
    const user = await makeVerifiedUser(test);
    await fund(test, user.id, 'BTC', '300');
    const addressId = (await saveAddress(user, 'BTC', BTC_ADDRESS)).body.message.id;
    const btc = await coinId(test, 'BTC');
    const send = (number: string) => call(test.app, '/wallet/out', { token: user.token, payload: { currency: btc, number, address_id: addressId, pay_password: PAY_PASSWORD } });
    expect((await send('150')).body.type).toBe('ok');
    expect((await send('50')).body.type).toBe('ok');
    expect((await send('0.001'), await send('0.01')).body).toMatchObject({ code: 'withdraw_limit_exceeded' });
    // A rejected request no longer counts.
    const list = await call(test.app, '/user/withdraw/list', { method: 'GET', token: user.token });
    const small = list.body.message.data.find((w: { number: string }) => w.number === '50');
    await call(test.app, `/admin/withdrawals/${small.id}/reject`, { token: op, payload: { reason: 'test' } });
    expect((await send('50')).body.type).toBe('ok');
    expect((await send('0.01')).body.code).toBe('withdraw_limit_exceeded');
  });

  it('tells what is left of the 24-hour limit, from the pending and approved requests, in BTC and in the coin', async () => {
    pinPrice(test, 'BTC/USDT', '50000');
    pinPrice(test, 'ETH/USDT', '2500');
    const user = await makeVerifiedUser(test);
    await fund(test, user.id, 'BTC', '300');
    const addressId = (await saveAddress(user, 'BTC', BTC_ADDRESS)).body.message.id;
    const btc = await coinId(test, 'BTC');
    const left = async (currency: string) => (await call(test.app, '/wallet/withdraw_limit', { token: user.token, payload: { currency: await coinId(test, currency) } })).body;
    expect((await left('BTC')).message).toEqual({ level: 1, limit_btc: '200', used_btc: '0', remaining_btc: '200', remaining: '200', currency: 'BTC' });
    const send = (number: string) => call(test.app, '/wallet/out', { token: user.token, payload: { currency: btc, number, address_id: addressId, pay_password: PAY_PASSWORD } });
    expect((await send('150')).body.type).toBe('ok');
    expect((await send('20')).body.type).toBe('ok');
    expect((await left('BTC')).message).toMatchObject({ used_btc: '170', remaining_btc: '30', remaining: '30' });
    // Valued in another coin through the prices: 30 BTC at 50000 is 1,500,000 USDT or 600 ETH.
    expect((await left('USDT')).message).toMatchObject({ remaining_btc: '30', remaining: '1500000', currency: 'USDT' });
    expect((await left('ETH')).message).toMatchObject({ remaining: '600' });
    // A rejected request gives its share back; the figure shown is exactly what the server lets through.
    const list = await call(test.app, '/user/withdraw/list', { method: 'GET', token: user.token });
    const small = list.body.message.data.find((w: { number: string }) => w.number === '20');
    await call(test.app, `/admin/withdrawals/${small.id}/reject`, { token: op, payload: { reason: 'test' } });
    expect((await left('BTC')).message).toMatchObject({ used_btc: '150', remaining: '50' });
    expect((await send('50')).body.type).toBe('ok');
    expect((await left('BTC')).message).toMatchObject({ remaining_btc: '0', remaining: '0' });
    expect((await send('0.01')).body.code).toBe('withdraw_limit_exceeded');
  });

  it('answers the limit left as 0 before verification, and refuses a bad or unknown coin, translated', async () => {
    const user = await makeUser(test);
    const res = await call(test.app, '/wallet/withdraw_limit', { token: user.token, payload: { currency: await coinId(test, 'USDT') } });
    expect(res.body.message).toMatchObject({ level: 0, limit_btc: '0', remaining_btc: '0', remaining: '0' });
    const bad = await call(test.app, '/wallet/withdraw_limit', { token: user.token, lang: 'zh', payload: { currency: 'x' } });
    expect(bad.body).toMatchObject({ type: 'error', code: 'parameter_error' });
    expect((await call(test.app, '/wallet/withdraw_limit', { token: user.token, payload: { currency: 99999 } })).body.code).toBe('currency_unavailable');
    expect((await call(test.app, '/wallet/withdraw_limit', { payload: { currency: 1 } })).body.type).toBe('999');
  });

  it('allows up to 500 BTC a day at level 2, valuing other coins through their price', async () => {
    // Valued at request time: BTC at 50000 USDT, ETH at 2500 (0.05 BTC).
    pinPrice(test, 'BTC/USDT', '50000');
    pinPrice(test, 'ETH/USDT', '2500');
    const user = await makeVerifiedUser(test, 2);
    await fund(test, user.id, 'BTC', '600');
    await fund(test, user.id, 'USDT', '100000');
    await fund(test, user.id, 'ETH', '100');
    // Each address is saved once (saving it again is refused as a duplicate) and used for every withdrawal to it.
    const saved = new Map<string, number>();
    const send = async (currency: string, address: string, number: string) => {
      if (!saved.has(address)) saved.set(address, (await saveAddress(user, currency, address)).body.message.id);
      const addressId = saved.get(address)!;
      return call(test.app, '/wallet/out', { token: user.token, payload: { currency: await coinId(test, currency), number, address_id: addressId, pay_password: PAY_PASSWORD } });
    };
    expect((await send('BTC', BTC_ADDRESS, '499')).body.type).toBe('ok');
    // 60000 USDT is 1.2 BTC: over the 1 BTC left; 40000 USDT (0.8 BTC) fits.
    expect((await send('USDT', TRC20, '60000')).body.code).toBe('withdraw_limit_exceeded');
    expect((await send('USDT', TRC20, '40000')).body.type).toBe('ok');
    // 0.2 BTC left: 5 ETH (0.25 BTC) is over, 4 ETH (0.2 BTC) fits exactly.
    expect((await send('ETH', ERC20, '5')).body.code).toBe('withdraw_limit_exceeded');
    expect((await send('ETH', ERC20, '4')).body.type).toBe('ok');
    expect((await send('BTC', BTC_ADDRESS, '0.001')).body.code).toBe('withdraw_limit_exceeded');
    expect(await figures(test, user, 'USDT')).toMatchObject({ frozen: '40000' });
    expect(await figures(test, user, 'ETH')).toMatchObject({ frozen: '4' });
  });

  it('lets exactly the affordable ones of 20 concurrent withdrawals through (as many as may wait for one user’s pay-password checks)', async () => {
    const { user, addressId } = await verifiedWithAddress('1000');
    // The race here is over the balance: let 20 pay-password checks be in flight at once without locking.
    test.ctx.limits.payPasswordAttemptsMax = 100;
    const results = await Promise.all(Array.from({ length: PAY_PASSWORD_CHECKS_WAITING_MAX }, () => out(user, { number: '60', address_id: addressId }))).finally(() => {
      test.ctx.limits.payPasswordAttemptsMax = 5;
    });
    expect(results.filter((r) => r.body.type === 'ok')).toHaveLength(16);
    expect(results.filter((r) => r.body.code === 'insufficient_balance')).toHaveLength(4);
    expect(await figures(test, user, 'USDT')).toMatchObject({ balance: '1000', available: '40', frozen: '960' });
    const accounts = await accountsOf(test.db, user.id);
    expect(accounts.every((a) => !a.available.startsWith('-') && !a.frozen.startsWith('-'))).toBe(true);
    expect((await call(test.app, '/user/withdraw/list', { method: 'GET', token: user.token })).body.message.total).toBe(16);
    await expectLedgerBalanced(test);
  });
});
