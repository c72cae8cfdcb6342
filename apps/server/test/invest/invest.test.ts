// Proves dual-investment browsing and buying through the /dual/* routes on a real database: the index and
// detail answer each product's figures (holding days in the operator's zone, remaining shares, progress,
// the index price, the income estimate, the reader's balance when logged in); a purchase takes whole
// shares with a conditional update and moves the amount from spot to the financial account's locked
// bucket in one transaction, once per idempotency key; refusals (non-integer, sold out, sale closed,
// unavailable, insufficient balance) answer translated codes and move nothing; a user lists only their
// own orders. The ledger audit runs after every money scenario.
import { errorMessage } from '@fairex/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dualOrders, dualProducts } from '../../src/invest/tables.ts';
import { call, expectLedgerBalanced } from '../support/app.ts';
import { fundAccount, makeFundedUser } from '../support/ledger.ts';
import { createProduct, createPutProduct, figures, HOUR_MS, settleAtUtc, useInvestRig } from './support.ts';

const rig = useInvestRig();

const buy = (token: string, payload: Record<string, unknown>, lang?: string) => call(rig.test.app, '/dual/buyDual', { token, lang, payload });
const index = (payload: Record<string, unknown>, token?: string) => call(rig.test.app, '/dual/index', { method: 'GET', token, payload });
const list = (token: string, payload: Record<string, unknown> = {}) => call(rig.test.app, '/dual/dual_list', { token, payload });

describe('the product index and detail', () => {
  it('lists open call products by maturity then linked price, with 7 holding days, remaining shares, progress and the index price, and no balance when logged out', async () => {
    const far = await createProduct(rig, { linked_price: '67000', maturity_date: rig.day(7) });
    const nearHigh = await createProduct(rig, { linked_price: '68000', maturity_date: rig.day(3) });
    const nearLow = await createProduct(rig, { linked_price: '66000', maturity_date: rig.day(3) });
    const put = await createPutProduct(rig);
    await rig.tick('BTC/USDT', '65000.5', rig.clock.testStart);
    const res = await index({});
    expect(res.body.type).toBe('ok');
    const mine = (res.body.message as { id: number }[]).filter((p) => [far.id, nearHigh.id, nearLow.id, put.id].includes(p.id));
    expect(mine.map((p) => p.id)).toEqual([nearLow.id, nearHigh.id, far.id]);
    expect(mine[2]).toMatchObject({
      type: 'call',
      symbol: 'BTC/USDT',
      currency: 'BTC',
      quote_currency: 'USDT',
      invest_currency: 'BTC',
      invest_decimals: 8,
      base_decimals: 8,
      quote_decimals: 6,
      linked_price: '67000',
      apr: '0.365',
      per_price: '0.001',
      total_shares: 100,
      sold_shares: 0,
      remaining_shares: 100,
      progress: '0',
      maturity_date: rig.day(7),
      settle_at: settleAtUtc(rig.day(7)),
      holding_days: 7,
      index_price: '65000.5',
      // 0.001 x 0.365 x 7 / 365 = 0.000007 BTC for one share.
      estimated_income: '0.000007',
      on_sale: true,
      balance: null,
    });
  });

  it('fills the balance with the spot balance of the invested coin for a valid token, and reads an invalid token as logged out', async () => {
    const callProduct = await createProduct(rig);
    const put = await createPutProduct(rig);
    const user = await makeFundedUser(rig.test, rig.btc, '0.25');
    await fundAccount(rig.test, user.id, rig.usdt, '1500');
    const calls = (await index({}, user.token)).body.message as { id: number; balance: string }[];
    expect(calls.find((p) => p.id === callProduct.id)?.balance).toBe('0.25');
    const puts = (await index({ type: 'put' }, user.token)).body.message as { id: number; balance: string; invest_currency: string }[];
    expect(puts.find((p) => p.id === put.id)).toMatchObject({ balance: '1500', invest_currency: 'USDT' });
    const anonymous = await index({}, 'not-a-token');
    expect(anonymous.body.type).toBe('ok');
    expect((anonymous.body.message as { id: number; balance: null }[]).find((p) => p.id === callProduct.id)?.balance).toBeNull();
  });

  it('filters by the underlying coin, lists every underlying for USDT or none, and leaves out disabled, settled and cancelled products', async () => {
    const btcCall = await createProduct(rig);
    const ethCall = await createProduct(rig, { symbol_id: rig.ethSymbol, linked_price: '3300', per_price: '0.01' });
    const hidden = await createProduct(rig, { enabled: false });
    const ids = async (payload: Record<string, unknown>) => ((await index(payload)).body.message as { id: number }[]).map((p) => p.id);
    expect(await ids({ currency_id: rig.eth })).toContain(ethCall.id);
    expect(await ids({ currency_id: rig.eth })).not.toContain(btcCall.id);
    expect(await ids({ currency_id: rig.usdt })).toEqual(expect.arrayContaining([btcCall.id, ethCall.id]));
    expect(await ids({ currency_id: '' })).toEqual(expect.arrayContaining([btcCall.id, ethCall.id]));
    expect(await ids({})).not.toContain(hidden.id);
    await call(rig.test.app, '/admin/dual/products/cancel', { token: rig.op, payload: { id: ethCall.id } });
    expect(await ids({})).not.toContain(ethCall.id);
    expect((await index({ type: 'straddle' }, undefined)).body.type).toBe('error');
  });

  it('estimates 0.005 x 36.5 % x 7 / 365 = 0.000035 BTC of income for 5 shares, and refuses a missing or disabled product', async () => {
    const p = await createProduct(rig);
    const detail = await call(rig.test.app, '/dual/detail', { method: 'GET', payload: { id: p.id, num: 5 } });
    expect(detail.body.message).toMatchObject({ id: p.id, num: 5, estimated_income: '0.000035', holding_days: 7, on_sale: true });
    const hidden = await createProduct(rig, { enabled: false });
    for (const id of [hidden.id, 2_000_000]) {
      const res = await call(rig.test.app, '/dual/detail', { method: 'GET', payload: { id }, lang: 'spa' });
      expect(res.body).toMatchObject({ type: 'error', message: errorMessage('wealth_product_unavailable', 'spa') });
    }
    expect((await call(rig.test.app, '/dual/detail', { method: 'GET', payload: { id: 'x' } })).body.type).toBe('error');
  });

  it('counts holding days and the 16:00 settlement in the operator time zone: at 17:00 UTC it is already tomorrow in Shanghai', async () => {
    const zone = await call(rig.test.app, '/admin/wealth/settings', { token: rig.op, payload: { time_zone: 'Asia/Shanghai' } });
    expect(zone.body.type).toBe('ok');
    try {
      rig.clock.now = rig.clock.testStart + 7 * HOUR_MS; // 17:00 UTC = 01:00 the next day in Shanghai
      const maturity = rig.day(7);
      const p = await createProduct(rig, { maturity_date: maturity, sale_end_at: Date.parse(`${maturity}T07:00:00Z`) });
      // 16:00 in Shanghai is 08:00 UTC.
      expect(p.settle_at).toBe(Date.parse(`${maturity}T08:00:00Z`));
      const detail = await call(rig.test.app, '/dual/detail', { method: 'GET', payload: { id: p.id } });
      expect(detail.body.message.holding_days).toBe(6);
    } finally {
      await call(rig.test.app, '/admin/wealth/settings', { token: rig.op, payload: { time_zone: 'UTC' } });
    }
  });
});

describe('buying', () => {
  it('buys 5 shares of 0.001 BTC: 0.005 BTC moves from spot to the financial account (locked), 7 holding days, 5 shares taken', async () => {
    const p = await createProduct(rig);
    const user = await makeFundedUser(rig.test, rig.btc, '0.02');
    const res = await buy(user.token, { id: p.id, num: 5 });
    expect(res.body.type, JSON.stringify(res.body)).toBe('ok');
    expect(res.body.message).toMatchObject({
      product_id: p.id,
      type: 'call',
      symbol: 'BTC/USDT',
      invest_currency: 'BTC',
      num: 5,
      amount: '0.005',
      linked_price: '66000',
      apr: '0.365',
      holding_days: 7,
      purchased_at: rig.clock.testStart,
      maturity_date: rig.day(7),
      settle_at: p.settle_at,
      status: 'purchased',
      settle_tick: null,
      payout: null,
    });
    expect(await figures(rig.test, user.id, rig.btc)).toEqual({ spot: '0.015', locked: '0.005' });
    const [row] = await rig.test.db.select().from(dualProducts).where(eq(dualProducts.id, p.id));
    expect(row?.soldShares).toBe(5);
    const detail = await call(rig.test.app, '/dual/detail', { method: 'GET', payload: { id: p.id } });
    expect(detail.body.message).toMatchObject({ sold_shares: 5, remaining_shares: 95, progress: '5' });
    await expectLedgerBalanced(rig.test);
  });

  it('buys a put with 3 shares of 100 USDT = 300 USDT from the spot USDT balance', async () => {
    const p = await createPutProduct(rig);
    const user = await makeFundedUser(rig.test, rig.usdt, '1000');
    const res = await buy(user.token, { id: p.id, num: 3 });
    expect(res.body.message).toMatchObject({ type: 'put', invest_currency: 'USDT', amount: '300' });
    expect(await figures(rig.test, user.id, rig.usdt)).toEqual({ spot: '700', locked: '300' });
    await expectLedgerBalanced(rig.test);
  });

  it('answers a retry with the same client_id with the first order and charges once', async () => {
    const p = await createProduct(rig);
    const user = await makeFundedUser(rig.test, rig.btc, '1');
    const first = await buy(user.token, { id: p.id, num: 2, client_id: 'dual-retry-1' });
    const again = await buy(user.token, { id: p.id, num: 2, client_id: 'dual-retry-1' });
    expect(first.body.type).toBe('ok');
    expect(again.body.message.id).toBe(first.body.message.id);
    expect(await figures(rig.test, user.id, rig.btc)).toEqual({ spot: '0.998', locked: '0.002' });
    const reused = await buy(user.token, { id: p.id, num: 3, client_id: 'dual-retry-1' }, 'en');
    expect(reused.body).toMatchObject({ type: 'error', message: errorMessage('idempotency_key_reused', 'en') });
    await expectLedgerBalanced(rig.test);
  });

  it('refuses a quantity that is missing, not a whole number or below one with the spec message, in the request language', async () => {
    const p = await createProduct(rig);
    const user = await makeFundedUser(rig.test, rig.btc, '1');
    for (const num of [undefined, '', '1.5', '0', '-2', 'abc']) {
      const res = await buy(user.token, { id: p.id, num }, 'jp');
      expect(res.status, String(num)).toBeLessThan(500);
      expect(res.body, String(num)).toMatchObject({ type: 'error', message: errorMessage('invest_quantity_integer', 'jp') });
    }
    expect(await figures(rig.test, user.id, rig.btc)).toEqual({ spot: '1', locked: '0' });
  });

  it('refuses more shares than remain (invest_sold_out) and takes nothing', async () => {
    const p = await createProduct(rig, { total_shares: 10 });
    const user = await makeFundedUser(rig.test, rig.btc, '1');
    expect((await buy(user.token, { id: p.id, num: 8 })).body.type).toBe('ok');
    const res = await buy(user.token, { id: p.id, num: 3 }, 'kor');
    expect(res.body).toMatchObject({ type: 'error', message: errorMessage('invest_sold_out', 'kor') });
    expect(await figures(rig.test, user.id, rig.btc)).toEqual({ spot: '0.992', locked: '0.008' });
    await expectLedgerBalanced(rig.test);
  });

  it('gives the last 4 shares to one of two buyers racing for them', async () => {
    const p = await createProduct(rig, { total_shares: 4 });
    const [a, b] = await Promise.all([makeFundedUser(rig.test, rig.btc, '1'), makeFundedUser(rig.test, rig.btc, '1')]);
    const answers = await Promise.all([buy(a.token, { id: p.id, num: 4 }), buy(b.token, { id: p.id, num: 4 })]);
    expect(answers.map((r) => r.body.type).sort()).toEqual(['error', 'ok']);
    expect(answers.find((r) => r.body.type === 'error')?.body.code).toBe('invest_sold_out');
    const [row] = await rig.test.db.select().from(dualProducts).where(eq(dualProducts.id, p.id));
    expect(row?.soldShares).toBe(4);
    await expectLedgerBalanced(rig.test);
  });

  it('refuses after the sale end (invest_sale_closed), and a disabled, cancelled or missing product (wealth_product_unavailable)', async () => {
    const user = await makeFundedUser(rig.test, rig.btc, '1');
    const closed = await createProduct(rig);
    rig.clock.now = closed.sale_end_at;
    expect((await buy(user.token, { id: closed.id, num: 1 }, 'fra')).body).toMatchObject({ type: 'error', message: errorMessage('invest_sale_closed', 'fra') });
    rig.clock.now = rig.clock.testStart;
    const disabled = await createProduct(rig, { enabled: false });
    const cancelled = await createProduct(rig);
    expect((await call(rig.test.app, '/admin/dual/products/cancel', { token: rig.op, payload: { id: cancelled.id } })).body.type).toBe('ok');
    for (const id of [disabled.id, cancelled.id, 2_000_000]) {
      expect((await buy(user.token, { id, num: 1 })).body.code, String(id)).toBe('wealth_product_unavailable');
    }
    expect(await figures(rig.test, user.id, rig.btc)).toEqual({ spot: '1', locked: '0' });
  });

  it('refuses a purchase above the balance (insufficient_balance) and leaves the shares for others', async () => {
    const p = await createProduct(rig);
    const user = await makeFundedUser(rig.test, rig.btc, '0.0049');
    const res = await buy(user.token, { id: p.id, num: 5 }, 'th');
    expect(res.body).toMatchObject({ type: 'error', message: errorMessage('insufficient_balance', 'th') });
    const [row] = await rig.test.db.select().from(dualProducts).where(eq(dualProducts.id, p.id));
    expect(row?.soldShares).toBe(0);
    expect(await rig.test.db.select().from(dualOrders).where(eq(dualOrders.userId, user.id))).toHaveLength(0);
    await expectLedgerBalanced(rig.test);
  });

  it('refuses a purchase whose amount no amount column holds (10^15 BTC a share x 1,000 = 10^18) with wrong_number, not a failure', async () => {
    const p = await createProduct(rig, { per_price: '1000000000000000', total_shares: 10_000 });
    const user = await makeFundedUser(rig.test, rig.btc, '1');
    const res = await buy(user.token, { id: p.id, num: 1_000 }, 'en');
    expect(res.status).toBeLessThan(500);
    expect(res.body).toMatchObject({ type: 'error', message: errorMessage('wrong_number', 'en') });
    expect(await figures(rig.test, user.id, rig.btc)).toEqual({ spot: '1', locked: '0' });
  });

  it('answers 999 to buying or listing without a session', async () => {
    const p = await createProduct(rig);
    expect((await call(rig.test.app, '/dual/buyDual', { payload: { id: p.id, num: 1 } })).body.type).toBe('999');
    expect((await call(rig.test.app, '/dual/dual_list', {})).body.type).toBe('999');
    expect((await call(rig.test.app, '/dual/dual_list', { token: 'expired-or-forged' })).body.type).toBe('999');
  });
});

describe('my orders', () => {
  it('lists only the caller own orders, newest first, 10 a page, purchased then settling once 16:00 on the maturity date has come', async () => {
    const p = await createProduct(rig);
    const user = await makeFundedUser(rig.test, rig.btc, '1');
    const other = await makeFundedUser(rig.test, rig.btc, '1');
    const theirs = (await buy(other.token, { id: p.id, num: 1 })).body.message;
    const placed = [];
    for (let i = 0; i < 11; i++) placed.push((await buy(user.token, { id: p.id, num: 1 })).body.message.id as string);
    const first = await list(user.token);
    expect(first.body.message).toMatchObject({ total: 11, page: 1, limit: 10 });
    expect(first.body.message.data.map((o: { id: string }) => o.id)).toEqual(placed.slice(1).reverse());
    const second = await list(user.token, { page: 2 });
    expect(second.body.message.data.map((o: { id: string }) => o.id)).toEqual([placed[0]]);
    const everything = await list(user.token, { limit: 50 });
    expect(everything.body.message.data.map((o: { id: string }) => o.id)).not.toContain(theirs.id);
    expect((await list(user.token, { status: 'purchased', limit: 50 })).body.message.total).toBe(11);
    expect((await list(user.token, { status: 'settling' })).body.message.total).toBe(0);
    rig.clock.now = p.settle_at;
    const settling = await list(user.token, { status: 'settling', limit: 50 });
    expect(settling.body.message.total).toBe(11);
    expect(settling.body.message.data.every((o: { status: string }) => o.status === 'settling')).toBe(true);
    expect((await list(user.token, { status: 'purchased' })).body.message.total).toBe(0);
    expect((await list(user.token, { status: 'won' })).body.type).toBe('error');
  });
});
