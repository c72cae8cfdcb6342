// Proves deposits through the API on a real database: coin and network info, the platform address as
// the operator configures it, the declaration with the user's own voucher, the contact-first switch,
// and the operator's review: a confirmation credits once even when clicked twice (also concurrently),
// a rejection credits nothing, a voucher backs one request only, platform addresses are checked
// against their network, other users' rows never show, and the ledger audit holds after every test.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { call, expectLedgerBalanced, makeUser, type TestApp } from '../support/app.ts';
import { coinId, figures, makeFundsApp, operatorToken, uploadImage } from './support.ts';

let test: TestApp;
let op: string;
const ERC20_ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';
const TRC20_ADDRESS = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL';

beforeAll(async () => {
  test = await makeFundsApp();
  op = await operatorToken(test);
  const coins = await call(test.app, '/admin/coins', { method: 'GET', token: op });
  const usdt = coins.body.message.coins.find((c: { name: string }) => c.name === 'USDT');
  for (const n of usdt.networks) {
    const address = n.network === 'ERC20' ? ERC20_ADDRESS : TRC20_ADDRESS;
    const res = await call(test.app, `/admin/networks/${n.id}`, { token: op, payload: { deposit_address: address } });
    expect(res.body.type).toBe('ok');
  }
});
afterEach(async () => {
  await expectLedgerBalanced(test);
});
afterAll(async () => {
  await test.close();
});

const networkIds = async () => {
  const coins = await call(test.app, '/admin/coins', { method: 'GET', token: op });
  const usdt = coins.body.message.coins.find((c: { name: string }) => c.name === 'USDT');
  return Object.fromEntries(usdt.networks.map((n: { network: string; id: number }) => [n.network, n.id])) as Record<string, number>;
};

async function declare(user: { token: string }, amount = '100', extra: Record<string, unknown> = {}) {
  const voucher = await uploadImage(test, user.token);
  return call(test.app, '/wallet/charge_req', { token: user.token, payload: { currency: await coinId(test, 'USDT'), amount, voucher, ...extra } });
}

describe('deposit info and address', () => {
  it('answers the coin with its networks, and the address per network by name or index', async () => {
    const user = await makeUser(test);
    const usdt = await coinId(test, 'USDT');
    const info = await call(test.app, '/wallet/get_info', { token: user.token, payload: { currency: usdt } });
    expect(info.body.message).toMatchObject({ name: 'USDT', network: 'ERC20', contact_first: false });
    expect(info.body.message.networks.map((n: { network: string }) => n.network)).toEqual(['ERC20', 'TRC20']);
    const erc = await call(test.app, '/wallet/get_in_address', { token: user.token, payload: { currency: usdt, user_id: user.id } });
    expect(erc.body.message).toMatchObject({ network: 'ERC20', address: ERC20_ADDRESS });
    const trc = await call(test.app, '/wallet/get_in_address', { token: user.token, payload: { currency: usdt, type: 1 } });
    expect(trc.body.message).toMatchObject({ network: 'TRC20', address: TRC20_ADDRESS });
    const byName = await call(test.app, '/wallet/get_in_address', { token: user.token, payload: { currency: usdt, network: 'trc20' } });
    expect(byName.body.message.address).toBe(TRC20_ADDRESS);
  });

  it('refuses a coin without a configured address, an unknown network and an unknown coin', async () => {
    const user = await makeUser(test);
    const btc = await call(test.app, '/wallet/get_in_address', { token: user.token, lang: 'jp', payload: { currency: await coinId(test, 'BTC') } });
    expect(btc.body).toMatchObject({ code: 'currency_unavailable', message: 'この通貨またはネットワークは現在ご利用いただけません' });
    expect((await call(test.app, '/wallet/get_info', { token: user.token, payload: { currency: await coinId(test, 'USDT'), network: 'SOL' } })).body.code).toBe('currency_unavailable');
    expect((await call(test.app, '/wallet/get_info', { token: user.token, payload: { currency: 9999 } })).body.code).toBe('currency_unavailable');
  });

  it('asks to contact customer service first when the operator switches it on', async () => {
    const user = await makeUser(test);
    await call(test.app, '/admin/funds/settings', { token: op, payload: { recharge_contact_first: 'true' } });
    try {
      const usdt = await coinId(test, 'USDT');
      const info = await call(test.app, '/wallet/get_info', { token: user.token, payload: { currency: usdt } });
      expect(info.body.message.contact_first).toBe(true);
      const address = await call(test.app, '/wallet/get_in_address', { token: user.token, lang: 'zh', payload: { currency: usdt } });
      expect(address.body).toMatchObject({ type: 'error', code: 'contact_service_before_recharge', message: '充值前请先联系客服' });
      expect((await declare(user)).body.code).toBe('contact_service_before_recharge');
    } finally {
      await call(test.app, '/admin/funds/settings', { token: op, payload: { recharge_contact_first: 'false' } });
    }
  });
});

describe('recharge request', () => {
  it('records a declaration with the voucher and lists it in the log', async () => {
    const user = await makeUser(test);
    const res = await declare(user, '25.5');
    expect(res.body.message).toMatchObject({ status: 'pending' });
    const log = await call(test.app, '/recharge/log', { method: 'GET', token: user.token, payload: { page: 1, limit: 10 } });
    expect(log.body.message).toMatchObject({ total: 1, page: 1, limit: 10 });
    expect(log.body.message.data[0]).toMatchObject({ amount: '25.5', currency: 'USDT', network: 'ERC20', address: ERC20_ADDRESS, status: 'pending' });
    expect((await figures(test, user, 'USDT')).balance).toBe('0');
  });

  it('accepts the voucher in the legacy account field', async () => {
    const user = await makeUser(test);
    const voucher = await uploadImage(test, user.token);
    const res = await call(test.app, '/wallet/charge_req', { token: user.token, payload: { currency: await coinId(test, 'USDT'), amount: '3', account: voucher, type: 0 } });
    expect(res.body.type).toBe('ok');
  });

  it('refuses a missing voucher, someone else’s voucher, and wrong amounts', async () => {
    const user = await makeUser(test);
    const other = await makeUser(test);
    const usdt = await coinId(test, 'USDT');
    const none = await call(test.app, '/wallet/charge_req', { token: user.token, lang: 'kor', payload: { currency: usdt, amount: '1' } });
    expect(none.body).toMatchObject({ code: 'voucher_required', message: '결제 증빙을 업로드하세요' });
    const foreign = await uploadImage(test, other.token);
    expect((await call(test.app, '/wallet/charge_req', { token: user.token, payload: { currency: usdt, amount: '1', voucher: foreign } })).body.code).toBe('voucher_required');
    for (const amount of ['0', 'x', '-5', '1.1234567']) {
      expect((await declare(user, amount)).body.code).toBe('wrong_number');
    }
    // More whole digits than an amount column holds: refused, not a 500.
    const huge = await declare(user, '1' + '0'.repeat(25));
    expect(huge.status).toBe(400);
    expect(huge.body.code).toBe('wrong_number');
    // The log shows only the user's own rows.
    expect((await call(test.app, '/recharge/log', { method: 'GET', token: user.token })).body.message.total).toBe(0);
  });

  it('attaches one voucher upload to one request only', async () => {
    const user = await makeUser(test);
    const usdt = await coinId(test, 'USDT');
    const voucher = await uploadImage(test, user.token);
    const first = await call(test.app, '/wallet/charge_req', { token: user.token, payload: { currency: usdt, amount: '10', voucher } });
    expect(first.body.type).toBe('ok');
    const again = await call(test.app, '/wallet/charge_req', { token: user.token, lang: 'zh', payload: { currency: usdt, amount: '20', voucher } });
    expect(again.body).toEqual({ type: 'error', code: 'voucher_used', message: '该支付凭证已用于其他充值申请' });
    // Also in the legacy field, and when the first request was rejected.
    const id = first.body.message.id;
    await call(test.app, `/admin/recharges/${id}/reject`, { token: op, payload: { reason: 'wrong amount' } });
    expect((await call(test.app, '/wallet/charge_req', { token: user.token, payload: { currency: usdt, amount: '10', account: voucher } })).body.code).toBe('voucher_used');
    // Racing declarations: the unique index keeps one.
    const racing = await uploadImage(test, user.token);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => call(test.app, '/wallet/charge_req', { token: user.token, payload: { currency: usdt, amount: '1', voucher: racing } })),
    );
    expect(results.filter((r) => r.body.type === 'ok')).toHaveLength(1);
    expect(results.filter((r) => r.body.code === 'voucher_used')).toHaveLength(4);
    expect((await call(test.app, '/recharge/log', { method: 'GET', token: user.token })).body.message.total).toBe(2);
  });

  it('never lists another user’s requests', async () => {
    const user = await makeUser(test);
    const other = await makeUser(test);
    await declare(user, '11');
    const own = await declare(other, '22');
    const log = (await call(test.app, '/recharge/log', { method: 'GET', token: other.token })).body.message;
    expect(log.total).toBe(1);
    expect(log.data).toEqual([expect.objectContaining({ id: own.body.message.id, amount: '22', user_id: other.id })]);
  });
});

describe('platform deposit addresses', () => {
  it('checks an operator’s address against the network’s format and refuses a huge fee or minimum', async () => {
    const ids = await networkIds();
    for (const [id, address] of [
      [ids.ERC20, TRC20_ADDRESS],
      [ids.TRC20, ERC20_ADDRESS],
      [ids.TRC20, 'not an address'],
    ] as const) {
      const res = await call(test.app, `/admin/networks/${id}`, { token: op, lang: 'zh', payload: { deposit_address: address } });
      expect(res.body).toEqual({ type: 'error', code: 'address_invalid', message: '请输入正确的钱包地址' });
    }
    for (const field of ['withdraw_fee', 'withdraw_min']) {
      const res = await call(test.app, `/admin/networks/${ids.TRC20}`, { token: op, payload: { [field]: '1' + '0'.repeat(25) } });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('wrong_number');
    }
    const user = await makeUser(test);
    const address = await call(test.app, '/wallet/get_in_address', { token: user.token, payload: { currency: await coinId(test, 'USDT'), network: 'TRC20' } });
    expect(address.body.message.address).toBe(TRC20_ADDRESS);
    expect((await call(test.app, `/admin/networks/999999`, { token: op, payload: { deposit_address: TRC20_ADDRESS } })).body.code).toBe('not_found');
  });

  it('takes a well-formed address and an empty one, which stops deposits on that network', async () => {
    const ids = await networkIds();
    const user = await makeUser(test);
    const usdt = await coinId(test, 'USDT');
    const other = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
    try {
      expect((await call(test.app, `/admin/networks/${ids.TRC20}`, { token: op, payload: { deposit_address: other } })).body.type).toBe('ok');
      expect((await call(test.app, '/wallet/get_in_address', { token: user.token, payload: { currency: usdt, network: 'TRC20' } })).body.message.address).toBe(other);
      expect((await call(test.app, `/admin/networks/${ids.TRC20}`, { token: op, payload: { deposit_address: '' } })).body.type).toBe('ok');
      expect((await call(test.app, '/wallet/get_in_address', { token: user.token, payload: { currency: usdt, network: 'TRC20' } })).body.code).toBe('currency_unavailable');
    } finally {
      await call(test.app, `/admin/networks/${ids.TRC20}`, { token: op, payload: { deposit_address: TRC20_ADDRESS, deposit_enabled: true } });
    }
  });

  it('refuses to switch deposits on for a network without an address, translated, and shows it off', async () => {
    const ids = await networkIds();
    const user = await makeUser(test);
    const usdt = await coinId(test, 'USDT');
    const trc20 = async () => {
      const coins = await call(test.app, '/admin/coins', { method: 'GET', token: op });
      return coins.body.message.coins.find((c: { name: string }) => c.name === 'USDT').networks.find((n: { network: string }) => n.network === 'TRC20');
    };
    try {
      // Clearing the address switches deposits off, in the back office and for users.
      expect((await call(test.app, `/admin/networks/${ids.TRC20}`, { token: op, payload: { deposit_address: '' } })).body.type).toBe('ok');
      expect(await trc20()).toMatchObject({ deposit_address: '', deposit_enabled: false });
      const refused = await call(test.app, `/admin/networks/${ids.TRC20}`, { token: op, lang: 'fra', payload: { deposit_enabled: true } });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({
        type: 'error',
        code: 'deposit_address_required',
        message: "Un réseau n'accepte les dépôts qu'avec une adresse de dépôt : ajoutez d'abord l'adresse",
      });
      // Nor in one edit that clears the address and switches deposits on.
      expect((await call(test.app, `/admin/networks/${ids.TRC20}`, { token: op, payload: { deposit_address: '', deposit_enabled: true } })).body.code).toBe(
        'deposit_address_required',
      );
      expect(await trc20()).toMatchObject({ deposit_enabled: false });
      const info = await call(test.app, '/wallet/get_info', { token: user.token, payload: { currency: usdt } });
      expect(info.body.message.networks.find((n: { network: string }) => n.network === 'TRC20').deposit_enabled).toBe(false);
      // Other edits of such a network still save.
      expect((await call(test.app, `/admin/networks/${ids.TRC20}`, { token: op, payload: { withdraw_fee: '1' } })).body.type).toBe('ok');
      // With an address it can be switched on again.
      expect((await call(test.app, `/admin/networks/${ids.TRC20}`, { token: op, payload: { deposit_address: TRC20_ADDRESS, deposit_enabled: true } })).body.type).toBe('ok');
      expect(await trc20()).toMatchObject({ deposit_address: TRC20_ADDRESS, deposit_enabled: true });
    } finally {
      await call(test.app, `/admin/networks/${ids.TRC20}`, { token: op, payload: { deposit_address: TRC20_ADDRESS, deposit_enabled: true } });
    }
  });

  it('shows a network’s minimum deposit and refuses a declaration below it', async () => {
    const ids = await networkIds();
    const user = await makeUser(test);
    const usdt = await coinId(test, 'USDT');
    try {
      expect((await call(test.app, `/admin/networks/${ids.ERC20}`, { token: op, payload: { deposit_min: '50' } })).body.type).toBe('ok');
      const info = await call(test.app, '/wallet/get_info', { token: user.token, payload: { currency: usdt } });
      expect(info.body.message.networks.find((n: { network: string }) => n.network === 'ERC20')).toMatchObject({ deposit_min: '50' });
      const below = await declare(user, '49.99', { network: 'ERC20' });
      expect(below.body).toMatchObject({ type: 'error', code: 'deposit_below_minimum', message: 'The amount is below the minimum deposit of this network' });
      expect((await declare(user, '50', { network: 'ERC20' })).body.type).toBe('ok');
    } finally {
      await call(test.app, `/admin/networks/${ids.ERC20}`, { token: op, payload: { deposit_min: '0' } });
    }
  });
});

describe('recharge review', () => {
  async function pendingId(userId: number) {
    const queue = await call(test.app, '/admin/recharges', { method: 'GET', token: op, payload: { user_id: userId, status: 'pending' } });
    return queue.body.message.data[0].id as number;
  }

  it('lists the queue with the voucher and credits once when confirmed twice', async () => {
    const user = await makeUser(test);
    await declare(user, '100');
    const queue = await call(test.app, '/admin/recharges', { method: 'GET', token: op, payload: { user_id: user.id } });
    expect(queue.body.message.data[0]).toMatchObject({ account: user.email, amount: '100', status: 'pending' });
    expect(queue.body.message.data[0].voucher).toMatch(/^\/uploads\//);
    const id = await pendingId(user.id);
    const first = await call(test.app, `/admin/recharges/${id}/confirm`, { token: op });
    expect(first.body.message).toMatchObject({ id, status: 'confirmed' });
    const second = await call(test.app, `/admin/recharges/${id}/confirm`, { token: op, lang: 'zh' });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ code: 'already_reviewed', message: '该申请已处理' });
    expect((await call(test.app, `/admin/recharges/${id}/reject`, { token: op, payload: { reason: 'late' } })).body.code).toBe('already_reviewed');
    expect((await figures(test, user, 'USDT')).available).toBe('100');
    await expectLedgerBalanced(test);
  });

  it('credits once when two confirmations race', async () => {
    const user = await makeUser(test);
    await declare(user, '42');
    const id = await pendingId(user.id);
    const results = await Promise.all(Array.from({ length: 5 }, () => call(test.app, `/admin/recharges/${id}/confirm`, { token: op })));
    expect(results.filter((r) => r.body.type === 'ok')).toHaveLength(1);
    expect(results.filter((r) => r.body.code === 'already_reviewed')).toHaveLength(4);
    expect((await figures(test, user, 'USDT')).available).toBe('42');
    const bills = await call(test.app, '/wallet/legal_log', { token: user.token });
    expect(bills.body.message.data).toEqual([expect.objectContaining({ type: 'deposit', amount: '42', ref_type: 'recharge', ref_id: String(id) })]);
    await expectLedgerBalanced(test);
  });

  it('rejects with a required reason and credits nothing', async () => {
    const user = await makeUser(test);
    await declare(user, '9');
    const id = await pendingId(user.id);
    const noReason = await call(test.app, `/admin/recharges/${id}/reject`, { token: op, lang: 'spa' });
    expect(noReason.body).toMatchObject({ code: 'reason_required', message: 'Indique un motivo' });
    const res = await call(test.app, `/admin/recharges/${id}/reject`, { token: op, payload: { reason: 'voucher unreadable' } });
    expect(res.body.message.status).toBe('rejected');
    const log = await call(test.app, '/recharge/log', { method: 'GET', token: user.token });
    expect(log.body.message.data[0]).toMatchObject({ status: 'rejected', reason: 'voucher unreadable' });
    expect((await figures(test, user, 'USDT')).balance).toBe('0');
    expect((await call(test.app, '/admin/recharges/999999/confirm', { token: op })).body.code).toBe('not_found');
  });

  it('keeps the queue from users and support operators', async () => {
    const user = await makeUser(test);
    expect((await call(test.app, '/admin/recharges', { method: 'GET', token: user.token })).body.type).toBe('999');
  });
});
