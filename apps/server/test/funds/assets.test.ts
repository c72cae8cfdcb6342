// Proves assets, transfers between account kinds, bills, exchange and manual adjustments through the
// API on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL): figures and USDT values,
// every validation and its translated message, 50 concurrent transfers that together exceed the
// balance, and the ledger audit holding afterwards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, expectLedgerBalanced, makeUser, type TestApp } from '../support/app.ts';
import { coinId, figures, fund, makeFundsApp, operatorToken } from './support.ts';

let test: TestApp;
beforeAll(async () => {
  test = await makeFundsApp();
});
afterAll(async () => {
  await expectLedgerBalanced(test);
  await test.close();
});

describe('assets', () => {
  it('lists every account kind with figures and USDT values', async () => {
    const user = await makeUser(test);
    await fund(test, user.id, 'USDT', '150.5');
    await fund(test, user.id, 'BTC', '0.1', 'legal');
    const res = await call(test.app, '/wallet/list', { token: user.token });
    expect(res.body.type).toBe('ok');
    const { accounts, total_usdt } = res.body.message;
    expect(accounts.map((a: { field: string }) => a.field).slice(0, 4)).toEqual(['legal', 'change', 'lever', 'micro']);
    const change = accounts.find((a: { field: string }) => a.field === 'change');
    const usdt = change.balance.find((b: { currency: string }) => b.currency === 'USDT');
    expect(usdt).toMatchObject({ balance: '150.5', available: '150.5', frozen: '0', usdt_value: '150.5' });
    const legal = accounts.find((a: { field: string }) => a.field === 'legal');
    const btc = legal.balance.find((b: { currency: string }) => b.currency === 'BTC');
    expect(btc.balance).toBe('0.1');
    expect(Number(btc.usdt_value)).toBeCloseTo(Number(btc.price_usdt) * 0.1, 6);
    expect(Number(total_usdt)).toBeCloseTo(150.5 + Number(btc.usdt_value), 6);
    await expectLedgerBalanced(test);
  });

  it('answers one account by currency and type, defaulting to change', async () => {
    const user = await makeUser(test);
    await fund(test, user.id, 'ETH', '2');
    const res = await call(test.app, '/wallet/detail', { token: user.token, payload: { currency: await coinId(test, 'ETH') } });
    expect(res.body.message).toMatchObject({ field: 'change', currency: 'ETH', available: '2' });
    const bad = await call(test.app, '/wallet/detail', { token: user.token, payload: { currency: 9999 } });
    expect(bad.body).toMatchObject({ type: 'error', code: 'currency_unavailable' });
    const badType = await call(test.app, '/wallet/detail', { token: user.token, payload: { currency: 1, type: 'nope' } });
    expect(badType.body.code).toBe('parameter_error');
  });

  it('lists the coins with the available amount per account kind', async () => {
    const user = await makeUser(test);
    await fund(test, user.id, 'USDT', '10', 'lever');
    const res = await call(test.app, '/currency/user_currency_list', { method: 'GET', token: user.token });
    const usdt = res.body.message.find((c: { name: string }) => c.name === 'USDT');
    expect(usdt.available).toMatchObject({ legal: '0', change: '0', lever: '10', micro: '0' });
  });

  it('refuses every call without a session with 999', async () => {
    for (const url of ['/wallet/list', '/wallet/detail', '/wallet/legal_log', '/wallet/change', '/user/Transfer']) {
      const res = await call(test.app, url, { lang: 'zh' });
      expect(res.body).toEqual({ type: '999', message: '请先登录', code: 'not_logged_in' });
    }
  });
});

describe('transfer between account kinds', () => {
  it('moves available between kinds and records the history', async () => {
    const user = await makeUser(test);
    await fund(test, user.id, 'USDT', '100');
    const usdt = await coinId(test, 'USDT');
    const res = await call(test.app, '/wallet/change', { token: user.token, payload: { currency_id: usdt, number: '40.25', from_field: 'change', to_field: 'lever' } });
    expect(res.body.type).toBe('ok');
    expect((await figures(test, user, 'USDT', 'change')).available).toBe('59.75');
    expect((await figures(test, user, 'USDT', 'lever')).available).toBe('40.25');
    // Numeric kind ids work as well (4 = micro, options).
    await call(test.app, '/wallet/change', { token: user.token, payload: { currency_id: usdt, number: '0.25', from_field: 3, to_field: 4 } });
    const history = await call(test.app, '/wallet/hzhistory', { method: 'GET', token: user.token, payload: { page: 1 } });
    expect(history.body.message).toMatchObject({ total: 2, page: 1, limit: 10 });
    expect(history.body.message.data[0]).toMatchObject({ currency: 'USDT', number: '0.25', from_field: 'lever', to_field: 'micro' });
    await expectLedgerBalanced(test);
  });

  it('refuses a transfer over the available balance, to the same kind, and wrong numbers, with translated messages', async () => {
    const user = await makeUser(test);
    await fund(test, user.id, 'USDT', '5');
    const usdt = await coinId(test, 'USDT');
    const base = { currency_id: usdt, from_field: 'change', to_field: 'legal' };
    const short = await call(test.app, '/wallet/change', { token: user.token, lang: 'zh', payload: { ...base, number: '5.000001' } });
    expect(short.body).toMatchObject({ type: 'error', code: 'insufficient_balance', message: '余额不足' });
    const same = await call(test.app, '/wallet/change', { token: user.token, lang: 'fra', payload: { ...base, to_field: 'change', number: '1' } });
    expect(same.body).toMatchObject({ code: 'transfer_same_account', message: 'Veuillez choisir deux comptes différents' });
    for (const number of ['0', '-1', 'abc', '1e3', '']) {
      const res = await call(test.app, '/wallet/change', { token: user.token, payload: { ...base, number } });
      expect(res.body.code).toBe('wrong_number');
    }
    // USDT has 6 decimals.
    const fine = await call(test.app, '/wallet/change', { token: user.token, payload: { ...base, number: '1.0000001' } });
    expect(fine.body.code).toBe('wrong_number');
    const coin = await call(test.app, '/wallet/change', { token: user.token, payload: { ...base, currency_id: 9999, number: '1' } });
    expect(coin.body.code).toBe('currency_unavailable');
    expect((await figures(test, user, 'USDT')).available).toBe('5');
  });

  it('lets exactly the affordable ones of 50 concurrent transfers through', async () => {
    const user = await makeUser(test);
    await fund(test, user.id, 'USDT', '100');
    const usdt = await coinId(test, 'USDT');
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        call(test.app, '/wallet/change', { token: user.token, payload: { currency_id: usdt, number: '7', from_field: 'change', to_field: 'micro' } }),
      ),
    );
    const succeeded = results.filter((r) => r.body.type === 'ok').length;
    expect(succeeded).toBe(14);
    expect(results.filter((r) => r.body.code === 'insufficient_balance').length).toBe(36);
    expect(await figures(test, user, 'USDT')).toMatchObject({ available: '2', frozen: '0' });
    expect((await figures(test, user, 'USDT', 'micro')).available).toBe('98');
    await expectLedgerBalanced(test);
  });
});

describe('bills', () => {
  it('lists every ledger movement of the user, filtered by kind and currency, 10 a page', async () => {
    const user = await makeUser(test);
    const other = await makeUser(test);
    await fund(test, other.id, 'USDT', '1');
    await fund(test, user.id, 'USDT', '100');
    await fund(test, user.id, 'ETH', '1');
    const usdt = await coinId(test, 'USDT');
    for (let i = 0; i < 6; i++) {
      await call(test.app, '/wallet/change', { token: user.token, payload: { currency_id: usdt, number: '1', from_field: 'change', to_field: 'legal' } });
    }
    const all = await call(test.app, '/wallet/legal_log', { token: user.token, payload: { page: 1 } });
    // 2 fundings + 6 transfers of two postings each.
    expect(all.body.message.total).toBe(14);
    expect(all.body.message.data).toHaveLength(10);
    const page2 = await call(test.app, '/wallet/legal_log', { token: user.token, payload: { page: 2 } });
    expect(page2.body.message.data).toHaveLength(4);
    const legal = await call(test.app, '/wallet/legal_log', { token: user.token, payload: { type: 'legal', currency: usdt } });
    expect(legal.body.message.total).toBe(6);
    expect(legal.body.message.data[0]).toMatchObject({ type: 'account_transfer', account_type: 'legal', currency: 'USDT', amount: '1', balance_after: '6' });
    const eth = await call(test.app, '/wallet/legal_log', { token: user.token, payload: { currency: await coinId(test, 'ETH') } });
    expect(eth.body.message.data).toEqual([expect.objectContaining({ type: 'adjustment', amount: '1', account_type: 'change' })]);
  });
});

describe('exchange', () => {
  it('lists coins with prices and quotes the fee', async () => {
    const user = await makeUser(test);
    const list = await call(test.app, '/user/getTransferList', { token: user.token });
    expect(list.body.message.find((c: { name: string }) => c.name === 'USDT').price_usdt).toBe('1');
    const fee = await call(test.app, '/user/getTransferFee', { token: user.token, payload: { from_currency_id: await coinId(test, 'BTC'), to_currency_id: await coinId(test, 'USDT') } });
    expect(fee.body.message).toMatchObject({ fee_rate: '0.002', to_price_usdt: '1' });
    expect(fee.body.message.rate).toBe(fee.body.message.from_price_usdt);
    const same = await call(test.app, '/user/getTransferFee', { token: user.token, lang: 'zh', payload: { from_currency_id: 1, to_currency_id: 1 } });
    expect(same.body).toMatchObject({ code: 'exchange_same_currency', message: '请选择两个不同的币种' });
  });

  it('converts at the index price less the configured fee, fee to the fees account', async () => {
    const user = await makeUser(test);
    await fund(test, user.id, 'USDT', '1000');
    const op = await operatorToken(test);
    expect((await call(test.app, '/admin/funds/settings', { token: op, payload: { exchange_fee_rate: '0.01' } })).body.type).toBe('ok');
    const [usdt, eth] = [await coinId(test, 'USDT'), await coinId(test, 'ETH')];
    const quote = await call(test.app, '/user/getTransferFee', { token: user.token, payload: { from_currency_id: usdt, to_currency_id: eth } });
    const res = await call(test.app, '/user/Transfer', { token: user.token, payload: { number: '320', from_currency_id: usdt, to_currency_id: eth } });
    expect(res.body.type).toBe('ok');
    const gross = 320 * Number(quote.body.message.rate);
    expect(Number(res.body.message.fee)).toBeCloseTo(gross * 0.01, 7);
    expect(Number(res.body.message.received)).toBeCloseTo(gross * 0.99, 7);
    expect((await figures(test, user, 'USDT')).available).toBe('680');
    expect((await figures(test, user, 'ETH')).available).toBe(res.body.message.received);
    const short = await call(test.app, '/user/Transfer', { token: user.token, payload: { number: '681', from_currency_id: usdt, to_currency_id: eth } });
    expect(short.body.code).toBe('insufficient_balance');
    await call(test.app, '/admin/funds/settings', { token: op, payload: { exchange_fee_rate: '0.002' } });
    await expectLedgerBalanced(test);
  });
});

describe('manual adjustment', () => {
  it('requires a reason, refuses to take a user below zero, and is logged', async () => {
    const user = await makeUser(test);
    const op = await operatorToken(test);
    const usdt = await coinId(test, 'USDT');
    const noReason = await call(test.app, '/admin/balances/adjust', { token: op, lang: 'zh', payload: { user_id: user.id, currency_id: usdt, amount: '5' } });
    expect(noReason.body).toMatchObject({ code: 'reason_required', message: '请填写原因' });
    expect((await call(test.app, '/admin/balances/adjust', { token: op, payload: { user_id: user.id, currency_id: usdt, amount: '5', reason: 'gift' } })).body.type).toBe('ok');
    const debit = await call(test.app, '/admin/balances/adjust', { token: op, payload: { user_id: user.id, currency_id: usdt, amount: '-6', reason: 'oops' } });
    expect(debit.body.code).toBe('insufficient_balance');
    expect((await call(test.app, '/admin/balances/adjust', { token: op, payload: { user_id: user.id, currency_id: usdt, amount: '-2', reason: 'fix' } })).body.type).toBe('ok');
    expect((await figures(test, user, 'USDT')).available).toBe('3');
    const missing = await call(test.app, '/admin/balances/adjust', { token: op, payload: { user_id: 999999, currency_id: usdt, amount: '1', reason: 'x' } });
    expect(missing.body.code).toBe('not_found');
    const log = await call(test.app, '/admin/audit-log', { method: 'GET', token: op });
    expect(log.body.message.data.some((r: { action: string; target: string }) => r.action === 'balance.debit' && r.target === `user:${user.id}`)).toBe(true);
    const asUser = await call(test.app, '/admin/balances/adjust', { token: user.token, payload: { user_id: user.id, currency_id: usdt, amount: '5', reason: 'me' } });
    expect(asUser.body.type).toBe('999');
    await expectLedgerBalanced(test);
  });
});
