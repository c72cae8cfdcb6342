// Proves wallet addresses, bank cards and withdrawals through the API on a real database: address
// formats per network, own rows only, fee and minimum, Lv1 required (998), the 24-hour limit valued in
// BTC, the pay password, the freeze, operator approval through withdrawals in transit with a reference
// or rejection that unfreezes, and 50 concurrent withdrawals that together exceed the balance.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsOf } from '../../src/ledger/index.ts';
import { call, expectLedgerBalanced, latestCode, makeUser, type TestApp } from '../support/app.ts';
import { coinId, figures, fund, makeFundsApp, makeVerifiedUser, operatorToken, uploadImage, type User } from './support.ts';

let test: TestApp;
let op: string;
const ERC20 = '0x52908400098527886E0F7030069857D2E4169EE7';
const TRC20 = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL';
const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

beforeAll(async () => {
  test = await makeFundsApp();
  op = await operatorToken(test);
});
afterAll(async () => {
  await expectLedgerBalanced(test);
  await test.close();
});

async function saveAddress(user: User, currency: string, address: string, extra: Record<string, unknown> = {}) {
  const qrcode = await uploadImage(test, user.token);
  return call(test.app, '/user/wallet/save', { token: user.token, payload: { currency: await coinId(test, currency), name: 'mine', address, qrcode, ...extra } });
}

const BANK = { real_name: 'Li Lei', bank_account: '6222020200112233445', bank_name: 'ICBC', bank_branch: 'Xidan', province: 'Beijing', city: 'Beijing', phone: '13800138000' };
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
    expect((await call(test.app, '/user/cash_save', { token: user.token, payload: BANK })).body.type).toBe('ok');
    expect((await call(test.app, '/user/cash_save', { token: user.token, payload: { ...BANK, bank_branch: 'Chaoyang' } })).body.type).toBe('ok');
    expect((await call(test.app, '/user/cash_info', { token: user.token })).body.message).toEqual({ ...BANK, bank_branch: 'Chaoyang' });
    expect((await call(test.app, '/user/cash_save_international', { token: user.token, payload: INTERNATIONAL })).body.type).toBe('ok');
    expect((await call(test.app, '/user/cash_info_international', { token: user.token })).body.message).toEqual(INTERNATIONAL);
    const other = await makeUser(test);
    expect((await call(test.app, '/user/cash_info', { token: other.token })).body.message).toBeNull();
  });

  it('requires every field', async () => {
    const user = await makeUser(test);
    for (const field of Object.keys(BANK)) {
      const res = await call(test.app, '/user/cash_save', { token: user.token, lang: 'th', payload: { ...BANK, [field]: '' } });
      expect(res.body).toMatchObject({ code: 'bank_card_incomplete', message: 'กรุณากรอกข้อมูลบัตรธนาคารให้ครบทุกช่อง' });
    }
    for (const field of Object.keys(INTERNATIONAL)) {
      const { [field]: _dropped, ...rest } = INTERNATIONAL as Record<string, string>;
      expect((await call(test.app, '/user/cash_save_international', { token: user.token, payload: rest })).body.code).toBe('bank_card_incomplete');
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
  const out = async (user: User, payload: Record<string, unknown>, lang?: string) =>
    call(test.app, '/wallet/out', { token: user.token, lang, payload: { currency: await coinId(test, 'USDT'), ...payload } });

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
    await call(test.app, '/user/cash_save', { token: user.token, payload: BANK });
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
    await call(test.app, '/sms_mail', { ip: test.nextIp(), payload: { user_string: user.email, scene: 'security' } });
    const code = await latestCode(test, user.email);
    const mismatch = await call(test.app, '/safe/update_password', { token: user.token, payload: { password: '123456', re_password: '123457', code } });
    expect(mismatch.body.code).toBe('passwords_inconsistent');
    const wrongCode = await call(test.app, '/safe/update_password', { token: user.token, payload: { password: '123456', re_password: '123456', code: code === '000000' ? '000001' : '000000' } });
    expect(wrongCode.body.code).toBe('code_invalid');
    expect((await call(test.app, '/safe/update_password', { token: user.token, payload: { password: '123456', re_password: '123456', code } })).body.type).toBe('ok');
    expect((await out(user, { number: '20', address_id: addressId }, 'zh')).body).toMatchObject({ code: 'pay_password_required', message: '请输入支付密码' });
    expect((await out(user, { number: '20', address_id: addressId, pay_password: '654321' })).body.code).toBe('pay_password_wrong');
    expect((await out(user, { number: '20', address_id: addressId, pay_password: '123456' })).body.type).toBe('ok');
  });

  it('keeps the 24-hour total within the level’s BTC limit', async () => {
    const user = await makeVerifiedUser(test);
    await fund(test, user.id, 'BTC', '300');
    const addressId = (await saveAddress(user, 'BTC', BTC_ADDRESS)).body.message.id;
    const btc = await coinId(test, 'BTC');
    const send = (number: string) => call(test.app, '/wallet/out', { token: user.token, payload: { currency: btc, number, address_id: addressId } });
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

  it('allows up to 500 BTC a day at level 2, valuing other coins through their price', async () => {
    const user = await makeVerifiedUser(test, 2);
    await fund(test, user.id, 'BTC', '600');
    const addressId = (await saveAddress(user, 'BTC', BTC_ADDRESS)).body.message.id;
    const btc = await coinId(test, 'BTC');
    const send = (number: string) => call(test.app, '/wallet/out', { token: user.token, payload: { currency: btc, number, address_id: addressId } });
    expect((await send('499')).body.type).toBe('ok');
    expect((await send('1.01')).body.code).toBe('withdraw_limit_exceeded');
    expect((await send('1')).body.type).toBe('ok');
  });

  it('lets exactly the affordable ones of 50 concurrent withdrawals through', async () => {
    const { user, addressId } = await verifiedWithAddress('1000');
    const results = await Promise.all(Array.from({ length: 50 }, () => out(user, { number: '30', address_id: addressId })));
    expect(results.filter((r) => r.body.type === 'ok')).toHaveLength(33);
    expect(results.filter((r) => r.body.code === 'insufficient_balance')).toHaveLength(17);
    expect(await figures(test, user, 'USDT')).toMatchObject({ balance: '1000', available: '10', frozen: '990' });
    const accounts = await accountsOf(test.db, user.id);
    expect(accounts.every((a) => !a.available.startsWith('-') && !a.frozen.startsWith('-'))).toBe(true);
    expect((await call(test.app, '/user/withdraw/list', { method: 'GET', token: user.token })).body.message.total).toBe(33);
    await expectLedgerBalanced(test);
  });
});
