// Proves lock-up mining's user calls on a real database through the /lh/* routes: the product list
// (today's rate, tomorrow's once published, names per language, the spot balance only for a valid
// token), a deposit moving the amount from spot to the mining account's locked bucket in one entry, the
// refusals (product, minimum, maximum, coin unit, balance, bad input) with translated messages, the
// user's own order list, and early redemption with penalty = ratio x whole days left x amount, paying
// the days that ended first; another user's order is 'not_found'. The ledger audit runs after every
// money scenario; the clock is the test's.
import { DAY_MS, errorMessage } from '@fairex/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ledgerEntries } from '../../src/ledger/tables.ts';
import { call, expectLedgerBalanced, makeUser } from '../support/app.ts';
import { deposit, figures, fundedUser, makeProduct, orderList, orderRow, payoutRows, publishRate, redeem, useMiningRig } from './support.ts';

const rig = useMiningRig();

const config = (payload: Record<string, unknown> = {}, token?: string) => call(rig.test.app, '/lh/deposit/config', { method: 'GET', token, payload });
const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);

describe('the product list (GET /lh/deposit/config)', () => {
  it('lists enabled products by sort then id with the low end as today\'s rate, tomorrow\'s once published, and the name in the request\'s language', async () => {
    const late = await makeProduct(rig, { currency_id: rig.usdt, category: 'defi', name_en: 'DeFi late', sort: 900 });
    const early = await makeProduct(rig, { currency_id: rig.usdt, category: 'defi', name_en: 'DeFi early', name_zh: 'DeFi 早', sort: 800 });
    await makeProduct(rig, { currency_id: rig.usdt, category: 'defi', name_en: 'DeFi off', enabled: false, sort: 850 });
    await publishRate(rig, early.id, dayOf(rig.clock.testStart + DAY_MS), '0.0037');
    const en = (await config({ category: 'defi' })).body.message as { id: number; name: string; today_rate: string; tomorrow_rate: string | null; balance: string | null }[];
    expect(en.map((p) => p.id)).toEqual([early.id, late.id]);
    expect(en[0]).toMatchObject({
      name: 'DeFi early',
      category: 'defi',
      currency: 'USDT',
      decimals: 6,
      term_days: 5,
      daily_yield_min: '0.003',
      daily_yield_max: '0.004',
      today_rate: '0.003',
      tomorrow_rate: '0.0037',
      amount_min: '100',
      amount_max: null,
      penalty_ratio: '0.004',
      balance: null,
    });
    expect(en[1]!.tomorrow_rate).toBeNull();
    const zh = (await config({ category: 'defi', lang: 'zh' })).body.message as { name: string }[];
    expect(zh.map((p) => p.name)).toEqual(['DeFi 早', 'DeFi late']);
  });

  it('fills the spot balance for a valid token and reads a stale token as logged out, not as an error', async () => {
    await makeProduct(rig, { currency_id: rig.usdt, category: 'cloud' });
    const user = await fundedUser(rig, rig.usdt, '1234.5');
    const mine = await config({ category: 'cloud' }, user.token);
    expect((mine.body.message as { balance: string }[]).every((p) => p.balance === '1234.5')).toBe(true);
    const stale = await config({ category: 'cloud' }, 'not-a-session');
    expect(stale.body.type).toBe('ok');
    expect((stale.body.message as { balance: string | null }[]).every((p) => p.balance === null)).toBe(true);
  });

  it('refuses an unknown category with the envelope', async () => {
    const res = await config({ category: 'gold', lang: 'en' });
    expect(res.status).toBeLessThan(500);
    expect(res.body).toMatchObject({ type: 'error', message: errorMessage('parameter_error', 'en') });
  });
});

describe('a deposit (POST /lh/deposit)', () => {
  it('locks 1000 USDT from spot in the mining account and starts interest on the day of deposit, paid at its end', async () => {
    const product = await makeProduct(rig, { currency_id: rig.usdt });
    const user = await fundedUser(rig);
    const res = await deposit(rig, user.token, { config_id: product.id, amount: '1000' });
    expect(res.body.type, JSON.stringify(res.body)).toBe('ok');
    const dayStart = Date.parse(`${dayOf(rig.clock.testStart)}T00:00:00Z`);
    expect(res.body.message).toMatchObject({
      product_id: product.id,
      currency: 'USDT',
      amount: '1000',
      term_days: 5,
      status: 'active',
      locked_at: rig.clock.testStart,
      unlock_at: rig.clock.testStart + 5 * DAY_MS,
      next_payout_at: dayStart + DAY_MS,
      days_paid: 0,
      interest_paid: '0',
      remaining_days: 5,
      // 0.004 x 5 days left x 1000
      redeem_penalty: '20',
      returned: null,
      payouts: [],
    });
    const row = await orderRow(rig, res.body.message.id);
    expect(row).toMatchObject({ startDay: dayOf(rig.clock.testStart), timeZone: 'UTC', penaltyRatio: '0.004000000000000000' });
    expect(await figures(rig.test, user.id, rig.usdt)).toEqual({ spot: '9000', locked: '1000' });
    const entries = await rig.test.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.kind, 'mining_deposit'), eq(ledgerEntries.refType, 'mining_order'), eq(ledgerEntries.refId, String(row.id))));
    expect(entries).toHaveLength(1);
    await expectLedgerBalanced(rig.test);
  });

  it('counts days in the operator\'s time zone: 20:00 UTC is 04:00 the next day in Asia/Shanghai, whose day ends at 16:00 UTC', async () => {
    const product = await makeProduct(rig, { currency_id: rig.usdt });
    const user = await fundedUser(rig);
    expect((await call(rig.test.app, '/admin/wealth/settings', { token: rig.op, payload: { time_zone: 'Asia/Shanghai' } })).body.type).toBe('ok');
    try {
      rig.clock.now = rig.clock.testStart + 10 * 3_600_000; // 20:00 UTC = 04:00 the next day in Shanghai
      const res = await deposit(rig, user.token, { config_id: product.id, amount: '100' });
      const row = await orderRow(rig, res.body.message.id);
      expect(row.startDay).toBe(dayOf(rig.clock.testStart + DAY_MS));
      expect(row.timeZone).toBe('Asia/Shanghai');
      // The Shanghai day ends at 16:00 UTC.
      expect(row.nextPayoutAt).toBe(Date.parse(`${dayOf(rig.clock.testStart + DAY_MS)}T16:00:00Z`));
    } finally {
      await call(rig.test.app, '/admin/wealth/settings', { token: rig.op, payload: { time_zone: 'UTC' } });
    }
    await expectLedgerBalanced(rig.test);
  });

  it('answers a retry with the same client_id with the first order and locks once', async () => {
    const product = await makeProduct(rig, { currency_id: rig.usdt });
    const user = await fundedUser(rig);
    const first = await deposit(rig, user.token, { config_id: product.id, amount: '500', client_id: 'mining-retry-1' });
    const again = await deposit(rig, user.token, { config_id: product.id, amount: '500', client_id: 'mining-retry-1' });
    expect(first.body.type, JSON.stringify(first.body)).toBe('ok');
    expect(again.body.message.id).toBe(first.body.message.id);
    expect(await figures(rig.test, user.id, rig.usdt)).toEqual({ spot: '9500', locked: '500' });
    await expectLedgerBalanced(rig.test);
  });

  it('refuses a disabled or unknown product, an amount below the minimum or above the maximum, finer than the coin, or beyond the balance, and takes nothing', async () => {
    const product = await makeProduct(rig, { currency_id: rig.usdt, amount_max: '5000' });
    const off = await makeProduct(rig, { currency_id: rig.usdt, enabled: false });
    const user = await fundedUser(rig, rig.usdt, '3000');
    const refused = async (payload: Record<string, unknown>, code: Parameters<typeof errorMessage>[0], lang = 'en') => {
      const res = await deposit(rig, user.token, payload, lang);
      expect(res.status).toBeLessThan(500);
      expect(res.body).toMatchObject({ type: 'error', message: errorMessage(code, lang as 'en') });
    };
    await refused({ config_id: off.id, amount: '100' }, 'wealth_product_unavailable');
    await refused({ config_id: 999_999, amount: '100' }, 'wealth_product_unavailable', 'zh');
    await refused({ config_id: product.id, amount: '99.999999' }, 'wealth_amount_below_minimum');
    await refused({ config_id: product.id, amount: '5000.000001' }, 'wealth_amount_above_maximum');
    await refused({ config_id: product.id, amount: '100.0000001' }, 'wrong_number');
    await refused({ config_id: product.id, amount: '3000.000001' }, 'insufficient_balance', 'fra');
    for (const bad of [{ config_id: product.id, amount: '-5' }, { config_id: 'x', amount: '100' }, { config_id: product.id }, { config_id: product.id, amount: '1e3' }]) {
      const res = await deposit(rig, user.token, bad);
      expect(res.status).toBeLessThan(500);
      expect(res.body.type).toBe('error');
    }
    expect(await figures(rig.test, user.id, rig.usdt)).toEqual({ spot: '3000', locked: '0' });
    await expectLedgerBalanced(rig.test);
  });

  it('asks for a session (999) without a token', async () => {
    const product = await makeProduct(rig, { currency_id: rig.usdt });
    const res = await call(rig.test.app, '/lh/deposit', { payload: { config_id: product.id, amount: '100' } });
    expect(res.body.type).toBe('999');
  });
});

describe('the order list (GET /lh/deposit/order)', () => {
  it('shows only the user\'s own orders, newest first, filtered by in progress (1) and ended (2), paged by 10', async () => {
    const product = await makeProduct(rig, { currency_id: rig.usdt });
    const user = await fundedUser(rig, rig.usdt, '100000');
    const other = await fundedUser(rig);
    await deposit(rig, other.token, { config_id: product.id, amount: '100' });
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) ids.push((await deposit(rig, user.token, { config_id: product.id, amount: String(100 + i) })).body.message.id);
    expect((await redeem(rig, user.token, ids[0]!)).body.type).toBe('ok');
    const all = await orderList(rig, user.token);
    expect(all.body.message).toMatchObject({ total: 12, page: 1, limit: 10 });
    expect(all.body.message.data.map((o: { id: string }) => o.id)).toEqual(ids.slice(2).reverse());
    const second = await orderList(rig, user.token, { page: 2 });
    expect(second.body.message.data.map((o: { id: string }) => o.id)).toEqual([ids[1], ids[0]]);
    const active = await orderList(rig, user.token, { status: 1, limit: 50 });
    expect(active.body.message.total).toBe(11);
    const ended = await orderList(rig, user.token, { status: 2 });
    expect(ended.body.message.data.map((o: { id: string; status: string }) => [o.id, o.status])).toEqual([[ids[0], 'redeemed']]);
    expect((await orderList(rig, user.token, { status: 'gone', lang: 'en' })).body).toMatchObject({ type: 'error', message: errorMessage('parameter_error', 'en') });
    await expectLedgerBalanced(rig.test);
  });
});

describe('early redemption (POST /lh/deposit/order/cancel)', () => {
  it('returns 1000 - 16 = 984 USDT after 1.5 days of 5 (4 days left x 0.4 % x 1000) and keeps the interest of the day that ended', async () => {
    const product = await makeProduct(rig, { currency_id: rig.usdt });
    const user = await fundedUser(rig);
    const placed = (await deposit(rig, user.token, { config_id: product.id, amount: '1000' })).body.message;
    rig.clock.now = rig.clock.testStart + 1.5 * DAY_MS;
    const listed = (await orderList(rig, user.token)).body.message.data[0];
    expect(listed).toMatchObject({ remaining_days: 4, redeem_penalty: '16' });
    const res = await redeem(rig, user.token, placed.id);
    expect(res.body.type, JSON.stringify(res.body)).toBe('ok');
    // The deposit day ended before the redemption: paid first, at its rate (the low end, 0.003 x 1000 = 3).
    expect(res.body.message).toMatchObject({ status: 'redeemed', returned: '984', penalty: '16', days_paid: 1, interest_paid: '3', next_payout_at: null, ended_at: rig.clock.testStart + 1.5 * DAY_MS });
    expect(res.body.message.payouts).toEqual([{ day: dayOf(rig.clock.testStart), rate: '0.003', amount: '3', paid_at: rig.clock.testStart + 1.5 * DAY_MS }]);
    expect(await figures(rig.test, user.id, rig.usdt)).toEqual({ spot: '9987', locked: '0' });
    expect((await payoutRows(rig, placed.id)).map((p) => p.day)).toEqual([dayOf(rig.clock.testStart)]);
    await expectLedgerBalanced(rig.test);
  });

  it('takes the whole amount at most as the penalty: 20 days left at 10 % a day on 100 USDT leaves nothing to return', async () => {
    const product = await makeProduct(rig, { currency_id: rig.usdt, penalty_ratio: '0.1', term_days: 20 });
    const user = await fundedUser(rig);
    const placed = (await deposit(rig, user.token, { config_id: product.id, amount: '100' })).body.message;
    const res = await redeem(rig, user.token, placed.id);
    expect(res.body.message).toMatchObject({ status: 'redeemed', returned: '0', penalty: '100' });
    expect(await figures(rig.test, user.id, rig.usdt)).toEqual({ spot: '9900', locked: '0' });
    await expectLedgerBalanced(rig.test);
  });

  it('rounds the penalty up to the coin\'s unit: 3 days left x 0.4 % x 0.12345678 BTC = 0.00148149 BTC', async () => {
    const product = await makeProduct(rig, { currency_id: rig.btc, amount_min: '0.01', term_days: 3 });
    const user = await fundedUser(rig, rig.btc, '1');
    const placed = (await deposit(rig, user.token, { config_id: product.id, amount: '0.12345678' })).body.message;
    const res = await redeem(rig, user.token, placed.id);
    // 0.004 x 3 x 0.12345678 = 0.00148148136, rounded up.
    expect(res.body.message).toMatchObject({ penalty: '0.00148149', returned: '0.12197529' });
    expect(await figures(rig.test, user.id, rig.btc)).toEqual({ spot: '0.99851851', locked: '0' });
    await expectLedgerBalanced(rig.test);
  });

  it('refuses another user\'s order as not_found, an ended order as mining_order_ended, and redeems once under a retried key', async () => {
    const product = await makeProduct(rig, { currency_id: rig.usdt });
    const user = await fundedUser(rig);
    const stranger = await makeUser(rig.test);
    const placed = (await deposit(rig, user.token, { config_id: product.id, amount: '1000' })).body.message;
    expect((await redeem(rig, stranger.token, placed.id, 'en')).body).toMatchObject({ type: 'error', message: errorMessage('not_found', 'en') });
    expect((await redeem(rig, user.token, 987_654, 'en')).body).toMatchObject({ type: 'error', message: errorMessage('not_found', 'en') });
    const first = await call(rig.test.app, '/lh/deposit/order/cancel', { token: user.token, payload: { id: placed.id, client_id: 'redeem-1' } });
    const again = await call(rig.test.app, '/lh/deposit/order/cancel', { token: user.token, payload: { id: placed.id, client_id: 'redeem-1' } });
    expect(first.body.type).toBe('ok');
    expect(again.body).toEqual(first.body);
    expect((await redeem(rig, user.token, placed.id, 'zh')).body).toMatchObject({ type: 'error', message: errorMessage('mining_order_ended', 'zh') });
    // 5 days left x 0.4 % x 1000 = 20, once.
    expect(await figures(rig.test, user.id, rig.usdt)).toEqual({ spot: '9980', locked: '0' });
    await expectLedgerBalanced(rig.test);
  });

  it('lets the order expire instead, with no penalty, when asked after its unlock time with every day paid', async () => {
    const product = await makeProduct(rig, { currency_id: rig.usdt, term_days: 2 });
    const user = await fundedUser(rig);
    const placed = (await deposit(rig, user.token, { config_id: product.id, amount: '1000' })).body.message;
    rig.clock.now = rig.clock.testStart + 2 * DAY_MS + 60_000;
    const res = await redeem(rig, user.token, placed.id);
    // Two days at the low end, 3 USDT each, paid first; then the whole principal back.
    expect(res.body.message).toMatchObject({ status: 'expired', returned: '1000', penalty: '0', days_paid: 2, interest_paid: '6' });
    expect(await figures(rig.test, user.id, rig.usdt)).toEqual({ spot: '10006', locked: '0' });
    await expectLedgerBalanced(rig.test);
  });
});
