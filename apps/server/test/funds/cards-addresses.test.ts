// Proves the formats of identity names, bank card fields and wallet addresses through the API on a real
// database: each bad value answers the error envelope with its own code, translated, never a 500; a saved
// card is edited and removed with the pay password and only by its owner (another user's id answers
// not_found and changes nothing); a coin, network and address is saved once (case-insensitively where
// the format is), also when two saves race; withdrawals keep their card after it is removed; and the
// ledger audit holds after every test.
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { withdrawals } from '../../src/funds/tables.ts';
import { call, expectLedgerBalanced, makeUser, type TestApp } from '../support/app.ts';
import { bindMobile, coinId, ensurePayPassword, figures, fund, makeFundsApp, makeVerifiedUser, nextIdCard, PAY_PASSWORD, uploadImage, type User } from './support.ts';

let test: TestApp;
beforeAll(async () => {
  test = await makeFundsApp();
});
afterEach(async () => {
  await expectLedgerBalanced(test);
});
afterAll(async () => {
  await test.close();
});

const ERC20 = '0x52908400098527886E0F7030069857D2E4169EE7';
const TRC20 = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL';
const BANK = { real_name: 'Li Lei', bank_account: '6222020200112233446', bank_name: 'ICBC', bank_branch: 'Xidan', province: 'Beijing', city: 'Beijing', phone: '13800138000' };
const INTERNATIONAL = {
  real_name: 'Jane Doe', bank_account: 'GB82WEST12345698765432', bank_name: 'Chase', bank_branch: 'NYC 5th Ave', aba_number: '021000021',
  swift_code: 'CHASUS33', bank_network: 'SWIFT', holder_address: '1 Main St, New York', phone: '+1 212-555-0100',
};

async function cash(user: User, path: string, payload: Record<string, unknown>, lang?: string) {
  await ensurePayPassword(test, user);
  return call(test.app, path, { token: user.token, lang, payload: { pay_password: PAY_PASSWORD, ...payload } });
}

async function saveAddress(user: User, payload: Record<string, unknown>, lang?: string) {
  await ensurePayPassword(test, user);
  const qrcode = await uploadImage(test, user.token);
  return call(test.app, '/user/wallet/save', {
    token: user.token,
    lang,
    payload: { currency: await coinId(test, 'USDT'), name: 'mine', qrcode, pay_password: PAY_PASSWORD, ...payload },
  });
}

describe('identity names', () => {
  it('refuses markup, digits and emoji in the legal name with a translated name_invalid, and stores a good one with single blanks', async () => {
    const user = await makeUser(test);
    await bindMobile(test, user);
    const basic = { real_type: 1, id_type: 1, card_id: nextIdCard() };
    for (const name of ['<script>alert(1)</script>', 'Li Lei 2', '😀', '--']) {
      const res = await call(test.app, '/user/real', { token: user.token, lang: 'kor', payload: { ...basic, name } });
      expect(res.status, name).toBe(400);
      expect(res.body, name).toEqual({ type: 'error', code: 'name_invalid', message: expect.stringContaining('신분증에 적힌 대로') });
    }
    expect((await call(test.app, '/user/real', { token: user.token, payload: { ...basic, name: ' Jean-Luc   Picard ' } })).body.type).toBe('ok');
    expect((await call(test.app, '/real/state', { method: 'GET', token: user.token })).body.message.basic).toMatchObject({ name: 'Jean-Luc Picard', state: 'under_review' });
  });
});

describe('bank card formats', () => {
  it('answers each badly formed field with its own translated code', async () => {
    const user = await makeUser(test);
    const cases: [string, Record<string, string>, string][] = [
      ['/user/cash_save', { ...BANK, bank_account: '6222020200112233445' }, 'card_number_invalid'],
      ['/user/cash_save', { ...BANK, bank_account: '62220202' }, 'card_number_invalid'],
      ['/user/cash_save', { ...BANK, real_name: '<b>Li</b>' }, 'name_invalid'],
      ['/user/cash_save', { ...BANK, bank_branch: 'Xidan<script>' }, 'text_invalid'],
      ['/user/cash_save', { ...BANK, phone: '+12125550100' }, 'mobile_invalid'],
      ['/user/cash_save_international', { ...INTERNATIONAL, swift_code: 'CHASUS3' }, 'swift_code_invalid'],
      ['/user/cash_save_international', { ...INTERNATIONAL, aba_number: '021000022' }, 'aba_number_invalid'],
      ['/user/cash_save_international', { ...INTERNATIONAL, aba_number: '02100002' }, 'aba_number_invalid'],
      ['/user/cash_save_international', { ...INTERNATIONAL, bank_account: 'GB00WEST12345698765432' }, 'account_number_invalid'],
      ['/user/cash_save_international', { ...INTERNATIONAL, phone: 'call me' }, 'mobile_invalid'],
      ['/user/cash_save_international', { ...INTERNATIONAL, holder_address: '<img src=x>' }, 'text_invalid'],
    ];
    for (const [path, card, code] of cases) {
      const res = await cash(user, path, card, 'fra');
      expect(res.status, code).toBe(400);
      expect(res.body.type, code).toBe('error');
      expect(res.body.code, JSON.stringify(card)).toBe(code);
      expect(res.body.message, code).not.toMatch(/[a-z]+_[a-z]+/);
    }
    expect((await call(test.app, '/user/cash_info', { token: user.token })).body.message).toBeNull();
  });

  it('stores numbers and codes compacted as the bank reads them', async () => {
    const user = await makeUser(test);
    const saved = await cash(user, '/user/cash_save_international', { ...INTERNATIONAL, bank_account: 'gb82 west 1234 5698 7654 32', swift_code: 'chasus33' });
    expect(saved.body.type).toBe('ok');
    expect((await call(test.app, '/user/cash_info_international', { token: user.token })).body.message).toMatchObject({
      bank_account: 'GB82WEST12345698765432',
      swift_code: 'CHASUS33',
      phone: '+1 212-555-0100',
    });
  });
});

describe('editing and removing a card', () => {
  it('edits the own card by its id and removes it with the pay password', async () => {
    const user = await makeUser(test);
    await cash(user, '/user/cash_save', BANK);
    const { id } = (await call(test.app, '/user/cash_info', { token: user.token })).body.message;
    expect((await cash(user, '/user/cash_save', { ...BANK, id, bank_branch: 'Chaoyang' })).body.type).toBe('ok');
    expect((await call(test.app, '/user/cash_info', { token: user.token })).body.message).toEqual({ id, ...BANK, bank_branch: 'Chaoyang' });

    expect((await cash(user, '/user/cash_delete', { id, pay_password: 'wrong-pay-pass' })).body.code).toBe('pay_password_wrong');
    expect((await call(test.app, '/user/cash_delete', { token: user.token, payload: { id } })).body.code).toBe('pay_password_required');
    // The domestic card is not removed through the international call.
    expect((await cash(user, '/user/cash_delete_international', { id })).body.code).toBe('not_found');
    expect((await cash(user, '/user/cash_delete', { id })).body.type).toBe('ok');
    expect((await call(test.app, '/user/cash_info', { token: user.token })).body.message).toBeNull();
    expect((await cash(user, '/user/cash_delete', { id })).body.code).toBe('not_found');
    for (const bad of ['', 'x', '0', '99999999999']) expect((await cash(user, '/user/cash_delete', { id: bad })).body.code, bad).toBe('parameter_error');
  });

  it('never lets another user edit or remove a card', async () => {
    const owner = await makeUser(test);
    const other = await makeUser(test);
    await cash(owner, '/user/cash_save_international', INTERNATIONAL);
    const { id } = (await call(test.app, '/user/cash_info_international', { token: owner.token })).body.message;
    const edit = await cash(other, '/user/cash_save_international', { ...INTERNATIONAL, id, real_name: 'Mallory Doe' }, 'hk');
    expect(edit.body).toEqual({ type: 'error', code: 'not_found', message: expect.any(String) });
    expect((await cash(other, '/user/cash_delete_international', { id })).body.code).toBe('not_found');
    expect((await call(test.app, '/user/cash_info_international', { token: owner.token })).body.message).toMatchObject({ id, real_name: 'Jane Doe' });
    expect((await call(test.app, '/user/cash_info_international', { token: other.token })).body.message).toBeNull();
    expect((await call(test.app, '/user/cash_delete', { token: 'not-a-token', payload: { id, pay_password: PAY_PASSWORD } })).body.type).toBe('999');
  });

  it('keeps a withdrawal’s card after the card is removed, and its freeze untouched', async () => {
    const user = await makeVerifiedUser(test);
    await fund(test, user.id, 'USDT', '100');
    await cash(user, '/user/cash_save', BANK);
    const out = await call(test.app, '/wallet/out', {
      token: user.token,
      payload: { currency: await coinId(test, 'USDT'), number: '30', destination: 'bank', pay_password: PAY_PASSWORD },
    });
    expect(out.body.type).toBe('ok');
    const { id } = (await call(test.app, '/user/cash_info', { token: user.token })).body.message;
    expect((await cash(user, '/user/cash_delete', { id })).body.type).toBe('ok');
    expect(await figures(test, user, 'USDT')).toMatchObject({ available: '70', frozen: '30' });
    const [row] = await test.db.select().from(withdrawals).where(eq(withdrawals.id, Number(out.body.message.id)));
    expect(row!.destination).toMatchObject({ bank_account: BANK.bank_account, real_name: 'Li Lei' });
    // A new withdrawal needs a card again.
    const again = await call(test.app, '/wallet/out', { token: user.token, payload: { currency: await coinId(test, 'USDT'), number: '30', destination: 'bank', pay_password: PAY_PASSWORD } });
    expect(again.body.code).toBe('destination_required');
  });
});

describe('wallet addresses', () => {
  it('saves a coin, network and address once, comparing hex addresses without case', async () => {
    const user = await makeUser(test);
    expect((await saveAddress(user, { address: ERC20 })).body.message.network).toBe('ERC20');
    const again = await saveAddress(user, { address: ERC20.toLowerCase(), name: 'again' }, 'jp');
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ type: 'error', code: 'address_duplicate', message: 'このアドレスはこのコインとネットワークですでに保存されています' });
    expect((await saveAddress(user, { address: ERC20, network: 'ERC20' })).body.code).toBe('address_duplicate');
    // The same address on another network of the coin, or for another user, is another entry.
    expect((await saveAddress(user, { address: TRC20 })).body.type).toBe('ok');
    expect((await saveAddress(await makeUser(test), { address: ERC20 })).body.type).toBe('ok');
    const list = await call(test.app, '/user/wallet/list', { method: 'GET', token: user.token });
    expect(list.body.message.total).toBe(2);
  });

  it('lets one of two racing saves of the same address through', async () => {
    const user = await makeUser(test);
    await ensurePayPassword(test, user);
    const [a, b] = [await uploadImage(test, user.token), await uploadImage(test, user.token)];
    const currency = await coinId(test, 'USDT');
    const save = (qrcode: string) => call(test.app, '/user/wallet/save', { token: user.token, payload: { currency, name: 'mine', address: TRC20, qrcode, pay_password: PAY_PASSWORD } });
    const results = await Promise.all([save(a), save(b)]);
    expect(results.map((r) => r.body.type ?? r.body.code).sort()).toEqual(['error', 'ok']);
    expect(results.find((r) => r.body.type === 'error')!.body.code).toBe('address_duplicate');
  });

  it('refuses markup in the name and an address of another network than the one picked', async () => {
    const user = await makeUser(test);
    const markup = await saveAddress(user, { address: TRC20, name: '<img src=x onerror=alert(1)>' }, 'spa');
    expect(markup.body).toEqual({ type: 'error', code: 'text_invalid', message: 'Elimine los caracteres < > y los caracteres de control' });
    expect((await saveAddress(user, { address: TRC20, network: 'ERC20' })).body.code).toBe('address_invalid');
    // A TRC20 address with one character changed fails its checksum.
    expect((await saveAddress(user, { address: `${TRC20.slice(0, -1)}M`, network: 'TRC20' })).body.code).toBe('address_invalid');
    expect((await saveAddress(user, { address: TRC20, network: 'trc20', name: 'Cold wallet · 2' })).body.message.network).toBe('TRC20');
  });
});
