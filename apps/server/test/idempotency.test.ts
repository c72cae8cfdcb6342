// Proves the money calls a client may retry are idempotent: an order (/coin/trade), a withdrawal
// (/wallet/out), a transfer between accounts (/wallet/change) and an exchange (/user/Transfer), each
// sent several times at once with one key (`client_id` or the Idempotency-Key header), give one answer
// and move money once; the same key with another request is refused; a bad key is refused; keys are
// per user and per call. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL (real concurrency),
// with the ledger audit after each test.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PAY_PASSWORD_ATTEMPTS_MAX } from '../src/identity/service.ts';
import { seedMarketMaker } from '../src/spot/market-maker.ts';
import { call, expectLedgerBalanced, makeUser, type TestApp } from './support/app.ts';
import { makeWithdrawingUser, PAY_PASSWORD } from './support/withdrawals.ts';
import { coinId, figures, fund, makeFundsApp, pinPrice, type User } from './funds/support.ts';
import { btcMarket } from './spot/support.ts';

let test: TestApp;
const RETRIES = 6;

beforeAll(async () => {
  test = await makeFundsApp();
  // The exchange's other side: the market maker's inventory.
  await seedMarketMaker(test.db);
});
afterEach(async () => {
  await expectLedgerBalanced(test);
});
afterAll(async () => {
  await test.close();
});

let keyCounter = 0;
const newKey = () => `key-${process.pid}-${++keyCounter}`;

/** The same request sent `RETRIES` times at once, as a client retrying a slow answer would. */
const race = (send: () => Promise<{ status: number; body: { type: string; message: any; code?: string } }>, times = RETRIES) =>
  Promise.all(Array.from({ length: times }, send));

function expectOneAnswer(answers: { body: { type: string; message: unknown } }[]) {
  for (const answer of answers) expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ type: 'ok' });
  const first = JSON.stringify(answers[0]!.body.message);
  for (const answer of answers) expect(JSON.stringify(answer.body.message)).toBe(first);
}

describe('idempotent money calls', () => {
  it('moves a transfer between accounts once when retries race the first call, and refuses the key for another request', async () => {
    const user = await makeUser(test);
    await fund(test, user.id, 'USDT', '100');
    const usdt = await coinId(test, 'USDT');
    const key = newKey();
    const payload = { currency_id: usdt, number: '10', from_field: 'change', to_field: 'legal', client_id: key };
    const answers = await race(() => call(test.app, '/wallet/change', { token: user.token, payload }));
    expectOneAnswer(answers);
    expect(await figures(test, user, 'USDT', 'change')).toMatchObject({ available: '90' });
    expect(await figures(test, user, 'USDT', 'legal')).toMatchObject({ available: '10' });
    const history = await call(test.app, '/wallet/hzhistory', { method: 'GET', token: user.token });
    expect(history.body.message.total).toBe(1);

    // Another request under the same key: refused, translated, nothing moved.
    const other = await call(test.app, '/wallet/change', { token: user.token, lang: 'zh', payload: { ...payload, number: '11' } });
    expect(other.status).toBe(409);
    expect(other.body).toMatchObject({ type: 'error', code: 'idempotency_key_reused', message: '该请求标识已用于另一笔不同的请求' });
    // A new key is a new transfer.
    expect((await call(test.app, '/wallet/change', { token: user.token, payload: { ...payload, client_id: newKey() } })).body.type).toBe('ok');
    expect(await figures(test, user, 'USDT', 'legal')).toMatchObject({ available: '20' });
  });

  it('takes the key from the Idempotency-Key header too, per user, and refuses a malformed one', async () => {
    const [one, two] = [await makeUser(test), await makeUser(test)];
    await fund(test, one.id, 'USDT', '100');
    await fund(test, two.id, 'USDT', '100');
    const usdt = await coinId(test, 'USDT');
    const key = newKey();
    const send = (user: User, headers: Record<string, string>, payload: Record<string, unknown> = {}) =>
      test.app.inject({
        method: 'POST',
        url: '/api/wallet/change',
        headers: { authorization: user.token, 'content-type': 'application/json', ...headers },
        payload: { currency_id: usdt, number: '7', from_field: 'change', to_field: 'legal', ...payload },
      });
    const answers = await Promise.all(Array.from({ length: RETRIES }, () => send(one, { 'idempotency-key': key })));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    // The same key from another user is that user's own.
    expect((await send(two, { 'idempotency-key': key })).json().type).toBe('ok');
    expect(await figures(test, one, 'USDT', 'legal')).toMatchObject({ available: '7' });
    expect(await figures(test, two, 'USDT', 'legal')).toMatchObject({ available: '7' });
    for (const bad of ['', 'x'.repeat(65), 'has space', 'semi;colon', 'ключ']) {
      const res = bad === '' ? await send(one, {}, { client_id: ['a', 'b'] }) : await send(one, {}, { client_id: bad });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json(), bad).toMatchObject({ type: 'error', code: 'idempotency_key_invalid' });
    }
    const header = await send(one, { 'idempotency-key': 'a b' });
    expect(header.json().code).toBe('idempotency_key_invalid');
    // Field and header naming two keys is refused rather than guessed.
    expect((await send(one, { 'idempotency-key': newKey() }, { client_id: newKey() })).json().code).toBe('idempotency_key_invalid');
    expect(await figures(test, one, 'USDT', 'legal')).toMatchObject({ available: '7' });
  });

  it('places one spot order when retries race the first call, and answers each with that order', async () => {
    const user = await makeUser(test);
    const m = btcMarket(test);
    await fund(test, user.id, 'USDT', '10000');
    const payload = { currency_id: m.base, legal_id: m.quote, amount: '0.1', target_price: '1000', type: 'buy', client_id: newKey() };
    const answers = await race(() => call(test.app, '/coin/trade', { token: user.token, payload }));
    expectOneAnswer(answers);
    const open = await call(test.app, '/coin/list', { method: 'GET', token: user.token, payload: { status: 'in_progress' } });
    expect(open.body.message.total).toBe(1);
    expect(open.body.message.data[0].id).toBe(answers[0]!.body.message.id);
    expect((await figures(test, user, 'USDT')).frozen).not.toBe('0');
    const frozen = (await figures(test, user, 'USDT')).frozen;
    // A retry after the answer: the same order, nothing more frozen.
    expect((await call(test.app, '/coin/trade', { token: user.token, payload })).body.message.id).toBe(answers[0]!.body.message.id);
    expect((await figures(test, user, 'USDT')).frozen).toBe(frozen);
    expect((await call(test.app, '/coin/trade', { token: user.token, payload: { ...payload, amount: '0.2' } })).body.code).toBe('idempotency_key_reused');
  });

  it('lets a refused order be tried again under its key', async () => {
    const user = await makeUser(test);
    const m = btcMarket(test);
    const payload = { currency_id: m.base, legal_id: m.quote, amount: '0.1', target_price: '1000', type: 'buy', client_id: newKey() };
    expect((await call(test.app, '/coin/trade', { token: user.token, payload })).body.code).toBe('insufficient_balance');
    await fund(test, user.id, 'USDT', '1000');
    expect((await call(test.app, '/coin/trade', { token: user.token, payload })).body.type).toBe('ok');
  });

  it('exchanges once when retries race the first call', async () => {
    pinPrice(test, 'ETH/USDT', '3200');
    const user = await makeUser(test);
    await fund(test, user.id, 'USDT', '1000');
    const [usdt, eth] = [await coinId(test, 'USDT'), await coinId(test, 'ETH')];
    const payload = { number: '320', from_currency_id: usdt, to_currency_id: eth, client_id: newKey() };
    const answers = await race(() => call(test.app, '/user/Transfer', { token: user.token, payload }));
    expectOneAnswer(answers);
    expect(await figures(test, user, 'USDT')).toMatchObject({ available: '680' });
    expect(await figures(test, user, 'ETH')).toMatchObject({ available: answers[0]!.body.message.received });
  });

  it('requests one withdrawal when retries race the first call', async () => {
    const { user, addressId, currency } = await makeWithdrawingUser(test, '1000');
    const payload = { currency, number: '100', address_id: addressId, pay_password: PAY_PASSWORD, client_id: newKey() };
    // Fewer than the pay password's attempts: each racing copy is checked (and counted) before the key is.
    const answers = await race(() => call(test.app, '/wallet/out', { token: user.token, payload }), PAY_PASSWORD_ATTEMPTS_MAX - 1);
    expectOneAnswer(answers);
    expect(await figures(test, user, 'USDT')).toMatchObject({ available: '900', frozen: '100' });
    const list = await call(test.app, '/user/withdraw/list', { method: 'GET', token: user.token });
    expect(list.body.message.total).toBe(1);
    // The pay password is not part of what the key stands for; the amount is.
    expect((await call(test.app, '/wallet/out', { token: user.token, payload: { ...payload, number: '101' } })).body.code).toBe('idempotency_key_reused');
  });
});
