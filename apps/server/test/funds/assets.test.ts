// Proves assets, transfers between account kinds, bills, exchange and manual adjustments through the
// API on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL): figures and USDT values,
// every validation and its translated message, 50 concurrent transfers that together exceed the
// balance, amounts too long for an amount column refused (never a 500), disabled coins the user still
// holds, a coin's price, other users' rows never shown, open contract positions' margin counted in the
// contract account (their P&L shown apart), and the ledger audit holding after every test.
import { desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { operatorAuditLog } from '../../src/admin/tables.ts';
import { seedMarketMaker } from '../../src/spot/market-maker.ts';
import { roundBtcSettings, scriptedContracts } from '../contracts/support.ts';
import { call, expectLedgerBalanced, makeUser, type TestApp } from '../support/app.ts';
import { makeFundedUser } from '../support/ledger.ts';
import { coinId, figures, fund, makeFundsApp, operatorToken, pinPrice, setCoinEnabled } from './support.ts';

let test: TestApp;
/** 1e25 written out: 26 whole digits, more than NUMERIC(36,18) holds. */
const HUGE = '1' + '0'.repeat(25);
const WRONG_NUMBER_ZH = { type: 'error', code: 'wrong_number', message: '请输入正确的数量、价格或金额' };

let harness: Awaited<ReturnType<typeof scriptedContracts>>;
let btcContract: number;

beforeAll(async () => {
  test = await makeFundsApp();
  // The exchange's other side: the market maker's inventory.
  await seedMarketMaker(test.db);
  // Contracts on ticks the test records: BTCUSDT at 0.01 BTC a lot, fee 0.1 %, no spread.
  harness = await scriptedContracts(test);
  btcContract = test.ctx.markets.symbolByName('BTCUSDT')!.id;
  await roundBtcSettings(test, harness.contracts);
  await harness.tick('BTCUSDT', '65000');
});
afterEach(async () => {
  await expectLedgerBalanced(test);
});
afterAll(async () => {
  await test.close();
});

describe('assets', () => {
  it('lists every account kind with figures and USDT values', async () => {
    pinPrice(test, 'BTC/USDT', '50000');
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
    expect(btc).toMatchObject({ balance: '0.1', price_usdt: '50000', usdt_value: '5000' });
    expect(legal.total_usdt).toBe('5000');
    expect(total_usdt).toBe('5150.5');
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

type WalletCoin = { currency: string; balance: string; available: string; frozen: string; margin: string; profit: string; usdt_value: string };
type Wallet = { total_usdt: string; accounts: { kind: string; total_usdt: string; balance: WalletCoin[] }[] };

const walletOf = async (token: string) => (await call(test.app, '/wallet/list', { token })).body.message as Wallet;
const contractUsdt = (wallet: Wallet) => wallet.accounts.find((a) => a.kind === 'contract')!.balance.find((b) => b.currency === 'USDT')!;
const submitContract = async (token: string, payload: Record<string, unknown>) =>
  call(test.app, '/lever/submit', { token, payload: { currency_id: btcContract, legal_id: await coinId(test, 'USDT'), multiple: 10, ...payload } });

describe('assets with open contract positions', () => {
  it('counts the margin in use in the balance and the total, shows the unrealised P&L apart, and loses only the fee on opening', async () => {
    const user = await makeFundedUser(test, await coinId(test, 'USDT'), '1000', 'contract');
    const before = await walletOf(user.token);
    expect(contractUsdt(before)).toMatchObject({ balance: '1000', available: '1000', margin: '0', profit: '0', usdt_value: '1000' });

    // 2 lots x 0.01 x 65000 = 1300 at 10x: margin 130, fee 1.3.
    const opened = await submitContract(user.token, { share: 2, type: 1, status: 1 });
    expect(opened.body.message).toMatchObject({ status: 'open', margin: '130', handling_fee: '1.3' });
    const open = await walletOf(user.token);
    expect(contractUsdt(open)).toMatchObject({ balance: '998.7', available: '868.7', frozen: '0', margin: '130', profit: '0', usdt_value: '998.7' });
    expect(open.total_usdt).toBe('998.7');

    // The mark moves: the P&L shows, the balance and the total do not count it until the close.
    await harness.tick('BTCUSDT', '66000');
    const moved = await walletOf(user.token);
    expect(contractUsdt(moved)).toMatchObject({ balance: '998.7', margin: '130', profit: '20' });
    expect(moved.total_usdt).toBe('998.7');
    const detail = await call(test.app, '/wallet/detail', { token: user.token, payload: { currency: await coinId(test, 'USDT'), type: 'lever' } });
    expect(detail.body.message).toMatchObject({ balance: '998.7', available: '868.7', margin: '130', profit: '20' });

    // A pending limit's margin and fee are frozen in the account: counted once, as frozen.
    const pending = await submitContract(user.token, { share: 1, type: 1, status: 0, target_price: '60000' });
    expect(pending.body.message).toMatchObject({ status: 'pending', margin: '60', handling_fee: '0.6' });
    expect(contractUsdt(await walletOf(user.token))).toMatchObject({ balance: '998.7', available: '808.1', frozen: '60.6', margin: '130' });

    await call(test.app, '/lever/batch_close', { token: user.token, payload: { type: 0 } });
    await call(test.app, '/lever/close', { token: user.token, payload: { id: pending.body.message.id } });
    const closed = await walletOf(user.token);
    expect(contractUsdt(closed)).toMatchObject({ balance: '1018.7', available: '1018.7', margin: '0', profit: '0' });
    expect(closed.total_usdt).toBe('1018.7');
    await harness.tick('BTCUSDT', '65000');
    await expectLedgerBalanced(test);
  });

  it('shows no margin in the other accounts', async () => {
    const user = await makeFundedUser(test, await coinId(test, 'USDT'), '500', 'contract');
    await submitContract(user.token, { share: 1, type: 2, status: 1 });
    const wallet = await walletOf(user.token);
    for (const account of wallet.accounts.filter((a) => a.kind !== 'contract')) {
      expect(account.balance.every((b) => b.margin === '0' && b.profit === '0'), account.kind).toBe(true);
    }
    // 500 less the fee 0.65.
    expect(wallet.total_usdt).toBe('499.35');
    await call(test.app, '/lever/batch_close', { token: user.token, payload: { type: 0 } });
    await expectLedgerBalanced(test);
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

  it('refuses a transfer into an account no product uses, and lets money already there come back', async () => {
    const user = await makeUser(test);
    await fund(test, user.id, 'USDT', '10');
    // Left in the stock account before the rule (stocks trade from the contract account).
    await fund(test, user.id, 'USDT', '3', 'stock');
    const usdt = await coinId(test, 'USDT');
    for (const to_field of ['stock', 'usdt_futures', 'coin_futures', 'margin', 'mining', 'financial', 7, 10]) {
      const res = await call(test.app, '/wallet/change', { token: user.token, lang: 'fra', payload: { currency_id: usdt, number: '1', from_field: 'change', to_field } });
      expect(res.body, String(to_field)).toMatchObject({ type: 'error', code: 'transfer_target_unused', message: 'Aucun produit n’utilise ce compte : transférez vers le compte spot, contrats, options ou fiat' });
    }
    expect((await figures(test, user, 'USDT')).available).toBe('10');
    const back = await call(test.app, '/wallet/change', { token: user.token, payload: { currency_id: usdt, number: '3', from_field: 'stock', to_field: 'lever' } });
    expect(back.body.type).toBe('ok');
    expect((await figures(test, user, 'USDT', 'lever')).available).toBe('3');
    await expectLedgerBalanced(test);
  });

  it('refuses more whole digits than an amount column holds with wrong_number, not a 500', async () => {
    const user = await makeUser(test);
    await fund(test, user.id, 'USDT', '5');
    const base = { currency_id: await coinId(test, 'USDT'), from_field: 'change', to_field: 'legal' };
    const huge = await call(test.app, '/wallet/change', { token: user.token, lang: 'zh', payload: { ...base, number: HUGE } });
    expect(huge.status).toBe(400);
    expect(huge.body).toEqual(WRONG_NUMBER_ZH);
    // The longest amount that fits gets as far as the balance check.
    expect((await call(test.app, '/wallet/change', { token: user.token, payload: { ...base, number: '9'.repeat(18) } })).body.code).toBe('insufficient_balance');
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

describe('disabled coins', () => {
  it('keeps a disabled coin the user holds in the assets, lists and bills filter, and hides one they do not', async () => {
    const holder = await makeUser(test);
    const stranger = await makeUser(test);
    await fund(test, holder.id, 'BNB', '2.5', 'lever');
    const bnb = await coinId(test, 'BNB');
    await setCoinEnabled(test, 'BNB', false);
    try {
      const wallet = (await call(test.app, '/wallet/list', { token: holder.token })).body.message;
      const lever = wallet.accounts.find((a: { field: string }) => a.field === 'lever');
      expect(lever.balance.find((b: { currency: string }) => b.currency === 'BNB')).toMatchObject({ balance: '2.5', available: '2.5' });
      const coins = (await call(test.app, '/currency/user_currency_list', { method: 'GET', token: holder.token })).body.message;
      expect(coins.find((c: { name: string }) => c.name === 'BNB')).toMatchObject({ id: bnb, enabled: false, available: { lever: '2.5' } });
      expect(coins.find((c: { name: string }) => c.name === 'USDT')).toMatchObject({ enabled: true });
      const detail = await call(test.app, '/wallet/detail', { token: holder.token, payload: { currency: bnb, type: 'lever' } });
      expect(detail.body.message).toMatchObject({ currency: 'BNB', available: '2.5' });
      const bills = await call(test.app, '/wallet/legal_log', { token: holder.token, payload: { currency: bnb } });
      expect(bills.body.message.data).toEqual([expect.objectContaining({ currency: 'BNB', amount: '2.5' })]);

      const strangerCoins = (await call(test.app, '/currency/user_currency_list', { method: 'GET', token: stranger.token })).body.message;
      expect(strangerCoins.map((c: { name: string }) => c.name)).not.toContain('BNB');
      const strangerWallet = (await call(test.app, '/wallet/list', { token: stranger.token })).body.message;
      expect(strangerWallet.accounts[0].balance.map((b: { currency: string }) => b.currency)).not.toContain('BNB');
      expect((await call(test.app, '/wallet/detail', { token: stranger.token, payload: { currency: bnb } })).body.code).toBe('currency_unavailable');

      // Money still cannot come in or go out through a disabled coin.
      expect((await call(test.app, '/wallet/get_in_address', { token: holder.token, payload: { currency: bnb } })).body.code).toBe('currency_unavailable');
      expect((await call(test.app, '/wallet/out', { token: holder.token, payload: { currency: bnb, number: '1', destination: 'bank' } })).body.code).toBe(
        'verification_required',
      );
    } finally {
      await setCoinEnabled(test, 'BNB', true);
    }
  });
});

describe('rate of a coin', () => {
  it('answers the index price in USDT and in each kept fiat currency', async () => {
    pinPrice(test, 'BTC/USDT', '50000');
    const btc = await coinId(test, 'BTC');
    const res = await call(test.app, '/wallet/getRateCurrency', { method: 'GET', payload: { id: btc } });
    expect(res.body.message).toMatchObject({ id: btc, name: 'BTC', price_usdt: '50000' });
    const rates = res.body.message.rates as { currency_code: string; rate: string; price: string }[];
    expect(rates.find((r) => r.currency_code === 'USD')).toEqual({ currency_code: 'USD', rate: '1', price: '50000' });
    expect(rates.find((r) => r.currency_code === 'CNY')).toEqual({ currency_code: 'CNY', rate: '7.24', price: '362000' });
    expect(rates.map((r) => r.currency_code).sort()).toEqual(['AED', 'CNY', 'EUR', 'GBP', 'HKD', 'JPY', 'PHP', 'SGD', 'THB', 'USD', 'VND']);
    const usdt = await call(test.app, '/wallet/getRateCurrency', { method: 'GET', payload: { id: await coinId(test, 'USDT') } });
    expect(usdt.body.message.price_usdt).toBe('1');
    // The same price the assets value the coin at.
    const user = await makeUser(test);
    const wallet = (await call(test.app, '/wallet/list', { token: user.token })).body.message;
    expect(wallet.accounts[0].balance.find((b: { currency: string }) => b.currency === 'BTC').price_usdt).toBe('50000');
  });

  it('refuses an unknown or malformed id, translated', async () => {
    const missing = await call(test.app, '/wallet/getRateCurrency', { method: 'GET', lang: 'zh', payload: { id: 9999 } });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ type: 'error', code: 'not_found', message: '未找到' });
    for (const id of ['', 'abc', '0', '-1', '1.5']) {
      expect((await call(test.app, '/wallet/getRateCurrency', { method: 'GET', payload: { id } })).body.code).toBe('parameter_error');
    }
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

  it('never shows another user’s bills or transfer history', async () => {
    const user = await makeUser(test);
    const other = await makeUser(test);
    await fund(test, user.id, 'USDT', '50');
    await fund(test, other.id, 'USDT', '7');
    const usdt = await coinId(test, 'USDT');
    await call(test.app, '/wallet/change', { token: user.token, payload: { currency_id: usdt, number: '3', from_field: 'change', to_field: 'legal' } });
    const otherTransfer = await call(test.app, '/wallet/change', { token: other.token, payload: { currency_id: usdt, number: '2', from_field: 'change', to_field: 'micro' } });

    const history = (await call(test.app, '/wallet/hzhistory', { method: 'GET', token: other.token })).body.message;
    expect(history.total).toBe(1);
    expect(history.data).toEqual([expect.objectContaining({ id: otherTransfer.body.message.id, number: '2', to_field: 'micro' })]);
    const bills = (await call(test.app, '/wallet/legal_log', { token: other.token })).body.message;
    // Its funding and its own transfer's two postings only.
    expect(bills.total).toBe(3);
    expect(bills.data.map((b: { amount: string }) => b.amount).sort()).toEqual(['-2', '2', '7']);
    expect((await call(test.app, '/wallet/hzhistory', { method: 'GET', token: user.token })).body.message.data).toEqual([
      expect.objectContaining({ number: '3', to_field: 'legal' }),
    ]);
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
    pinPrice(test, 'ETH/USDT', '3200');
    expect((await call(test.app, '/admin/funds/settings', { token: op, payload: { exchange_fee_rate: '0.01' } })).body.type).toBe('ok');
    // The operator log keeps the rate it replaced.
    const [logged] = await test.db.select().from(operatorAuditLog).where(eq(operatorAuditLog.action, 'funds.settings.edit')).orderBy(desc(operatorAuditLog.id)).limit(1);
    expect(logged?.detail).toMatchObject({ before: { exchange_fee_rate: '0.002' }, after: { exchange_fee_rate: '0.01' } });
    try {
      const [usdt, eth] = [await coinId(test, 'USDT'), await coinId(test, 'ETH')];
      const quote = await call(test.app, '/user/getTransferFee', { token: user.token, payload: { from_currency_id: usdt, to_currency_id: eth } });
      expect(quote.body.message).toMatchObject({ from_price_usdt: '1', to_price_usdt: '3200', rate: '0.0003125', fee_rate: '0.01' });
      const res = await call(test.app, '/user/Transfer', { token: user.token, payload: { number: '320', from_currency_id: usdt, to_currency_id: eth } });
      // 320 USDT at 1/3200 is 0.1 ETH gross; 1 % of it is the fee.
      expect(res.body.message).toMatchObject({ number: '320', rate: '0.0003125', fee: '0.001', received: '0.099' });
      expect((await figures(test, user, 'USDT')).available).toBe('680');
      expect((await figures(test, user, 'ETH')).available).toBe('0.099');
      // Back: 0.099 ETH is 316.8 USDT gross, 3.168 fee; the fee is truncated to USDT's 6 decimals.
      const back = await call(test.app, '/user/Transfer', { token: user.token, payload: { number: '0.099', from_currency_id: eth, to_currency_id: usdt } });
      expect(back.body.message).toMatchObject({ rate: '3200', fee: '3.168', received: '313.632' });
      expect((await figures(test, user, 'USDT')).available).toBe('993.632');
      const short = await call(test.app, '/user/Transfer', { token: user.token, payload: { number: '993.632001', from_currency_id: usdt, to_currency_id: eth } });
      expect(short.body.code).toBe('insufficient_balance');
    } finally {
      await call(test.app, '/admin/funds/settings', { token: op, payload: { exchange_fee_rate: '0.002' } });
    }
  });

  it('refuses too many decimals, an unavailable coin, too long a number and a missing session', async () => {
    const user = await makeUser(test);
    await fund(test, user.id, 'USDT', '100');
    await fund(test, user.id, 'BTC', '1');
    const [usdt, btc] = [await coinId(test, 'USDT'), await coinId(test, 'BTC')];
    const exchange = (payload: Record<string, unknown>, lang = 'en') => call(test.app, '/user/Transfer', { token: user.token, lang, payload });
    // USDT has 6 decimals.
    expect((await exchange({ number: '1.0000001', from_currency_id: usdt, to_currency_id: btc }, 'zh')).body).toEqual(WRONG_NUMBER_ZH);
    expect((await exchange({ number: HUGE, from_currency_id: usdt, to_currency_id: btc }, 'zh')).body).toEqual(WRONG_NUMBER_ZH);
    // 18 whole digits fit the input, but not what they would buy at 65000 USDT a BTC.
    const tooMuch = await exchange({ number: '9'.repeat(18), from_currency_id: btc, to_currency_id: usdt });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.code).toBe('wrong_number');
    expect((await exchange({ number: '1', from_currency_id: usdt, to_currency_id: 9999 }, 'zh')).body).toEqual({
      type: 'error',
      code: 'currency_unavailable',
      message: '该币种或网络暂不可用',
    });
    await setCoinEnabled(test, 'BNB', false);
    try {
      expect((await exchange({ number: '1', from_currency_id: usdt, to_currency_id: await coinId(test, 'BNB') })).body.code).toBe('currency_unavailable');
    } finally {
      await setCoinEnabled(test, 'BNB', true);
    }
    expect((await call(test.app, '/user/Transfer', { payload: { number: '1', from_currency_id: usdt, to_currency_id: btc } })).body).toEqual({
      type: '999',
      code: 'not_logged_in',
      message: 'Please log in first',
    });
    expect((await figures(test, user, 'USDT')).available).toBe('100');
    expect((await figures(test, user, 'BTC')).available).toBe('1');
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

  it('refuses an amount with more whole digits than an amount column holds, either sign', async () => {
    const user = await makeUser(test);
    const op = await operatorToken(test);
    const usdt = await coinId(test, 'USDT');
    for (const amount of [HUGE, `-${HUGE}`]) {
      const res = await call(test.app, '/admin/balances/adjust', { token: op, lang: 'zh', payload: { user_id: user.id, currency_id: usdt, amount, reason: 'big' } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(WRONG_NUMBER_ZH);
    }
    expect((await figures(test, user, 'USDT')).balance).toBe('0');
  });
});
