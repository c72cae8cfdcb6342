// Proves the mining back office (/api/admin/mining/*) on a real database: admins create and edit
// products and publish a rate for a day that has not started inside the product's range, each logged
// with before and after; reviewers and support read but cannot write; a range edit that would strand
// an upcoming published rate is refused; the overview shows products with what their orders hold,
// recent and upcoming rates with their source, and the interest_expense balance that paid interest;
// the order search filters by user, product and status; no route writes an order or a payout. Also
// proves the demo seed: realistic products marked demo, rates inside their ranges, seeded once.
import { addDays, DAY_MS, errorMessage } from '@fairex/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { operatorAuditLog } from '../../src/admin/tables.ts';
import { seedMiningDemo } from '../../src/mining/demo.ts';
import { miningProducts, miningRates } from '../../src/mining/tables.ts';
import { makeOperatorToken } from '../funds/support.ts';
import { call, expectLedgerBalanced } from '../support/app.ts';
import { writeRoutes } from '../support/routes.ts';
import { deposit, fundedUser, makeProduct, publishRate, redeem, runPayouts, useMiningRig } from './support.ts';

const rig = useMiningRig();

const today = () => new Date(rig.clock.now).toISOString().slice(0, 10);
const admin = (method: 'GET' | 'POST', url: string, payload: Record<string, unknown> = {}, token = rig.op, lang = 'en') =>
  call(rig.test.app, `/admin${url}`, { method, token, payload, lang });

const PRODUCT = { category: 'lock', name_en: 'USDT lock-up 5 days', term_days: 5, daily_yield_min: '0.003', daily_yield_max: '0.004', amount_min: '100', penalty_ratio: '0.004' };

describe('products', () => {
  it('creates and edits a product as admin, each logged with before and after, names in English and Chinese kept', async () => {
    const created = await admin('POST', '/mining/products', { ...PRODUCT, currency_id: rig.usdt, name_zh: 'USDT 锁仓 5天', amount_max: '50000' });
    expect(created.body.type, JSON.stringify(created.body)).toBe('ok');
    expect(created.body.message).toMatchObject({ ...PRODUCT, currency: 'USDT', name_zh: 'USDT 锁仓 5天', amount_max: '50000', enabled: true, active_orders: 0, locked: '0' });
    const id = created.body.message.id as number;
    const edited = await admin('POST', '/mining/products', { ...PRODUCT, id, currency_id: rig.usdt, term_days: 7, name_en: 'USDT lock-up 7 days', enabled: false });
    expect(edited.body.message).toMatchObject({ id, term_days: 7, name_en: 'USDT lock-up 7 days', name_zh: '', amount_max: null, enabled: false });
    const log = await rig.test.db.select().from(operatorAuditLog).where(eq(operatorAuditLog.target, `mining_product:${id}`));
    expect(log.map((l) => l.action)).toEqual(['mining.product.create', 'mining.product.edit']);
    expect(log[1]!.detail).toMatchObject({ before: { term_days: 5, enabled: true }, after: { term_days: 7, enabled: false } });
  });

  it('refuses an unknown product, a coin that does not exist, figures finer than the coin, an inverted range, and bad fields with the envelope', async () => {
    const refused = async (payload: Record<string, unknown>, code: Parameters<typeof errorMessage>[0]) => {
      const res = await admin('POST', '/mining/products', { ...PRODUCT, currency_id: rig.usdt, ...payload });
      expect(res.status).toBeLessThan(500);
      expect(res.body).toMatchObject({ type: 'error', message: errorMessage(code, 'en') });
    };
    await refused({ id: 99_999 }, 'not_found');
    await refused({ currency_id: 99_999 }, 'currency_unavailable');
    await refused({ amount_min: '100.0000001' }, 'wrong_number');
    await refused({ daily_yield_min: '0.005', daily_yield_max: '0.004' }, 'wrong_number');
    await refused({ category: 'gold' }, 'parameter_error');
    await refused({ name_en: '<b>x</b>' }, 'parameter_error');
    await refused({ term_days: 0 }, 'parameter_error');
  });

  it('lets a reviewer and support read the overview and orders but not write products or rates', async () => {
    const product = await makeProduct(rig, { currency_id: rig.usdt });
    for (const token of [await makeOperatorToken(rig.test, 'reviewer'), await makeOperatorToken(rig.test, 'support')]) {
      expect((await admin('GET', '/mining', {}, token)).body.type).toBe('ok');
      expect((await admin('GET', '/mining/orders', {}, token)).body.type).toBe('ok');
      const write = await admin('POST', '/mining/products', { ...PRODUCT, currency_id: rig.usdt }, token);
      expect(write.body.type).toBe('error');
      const rate = await admin('POST', '/mining/rates', { product_id: product.id, day: addDays(today(), 1), rate: '0.0035' }, token);
      expect(rate.body.type).toBe('error');
    }
    expect((await admin('GET', '/mining', {}, '')).body.type).toBe('999');
  });
});

describe('rates', () => {
  it('publishes a rate for a day that has not started, inside the range, replacing an earlier one, logged with the rate it replaced', async () => {
    const product = await makeProduct(rig, { currency_id: rig.usdt });
    const tomorrow = addDays(today(), 1);
    expect((await admin('POST', '/mining/rates', { product_id: product.id, day: tomorrow, rate: '0.0035' })).body.message).toMatchObject({ rate: '0.0035', source: 'operator' });
    await publishRate(rig, product.id, tomorrow, '0.0039');
    const [row] = await rig.test.db.select().from(miningRates).where(eq(miningRates.productId, product.id));
    expect(row).toMatchObject({ day: tomorrow, rate: '0.003900000000000000', source: 'operator', publishedAt: rig.clock.testStart });
    const log = await rig.test.db.select().from(operatorAuditLog).where(eq(operatorAuditLog.target, `mining_product:${product.id}:${tomorrow}`));
    expect(log.map((l) => l.detail)).toEqual([
      { before: null, after: { rate: '0.0035', source: 'operator' } },
      { before: { rate: '0.0035', source: 'operator' }, after: { rate: '0.0039', source: 'operator' } },
    ]);
  });

  it('refuses a rate for today or a past day (mining_rate_day_started), outside the range (mining_rate_out_of_range), too far ahead, or for no product', async () => {
    const product = await makeProduct(rig, { currency_id: rig.usdt });
    const refused = async (payload: Record<string, unknown>, code: Parameters<typeof errorMessage>[0], lang = 'en') => {
      const res = await admin('POST', '/mining/rates', { product_id: product.id, day: addDays(today(), 1), rate: '0.0035', ...payload }, rig.op, lang);
      expect(res.status).toBeLessThan(500);
      expect(res.body).toMatchObject({ type: 'error', message: errorMessage(code, lang as 'en') });
    };
    await refused({ day: today() }, 'mining_rate_day_started');
    await refused({ day: addDays(today(), -1) }, 'mining_rate_day_started', 'zh');
    await refused({ rate: '0.0029' }, 'mining_rate_out_of_range');
    await refused({ rate: '0.0041' }, 'mining_rate_out_of_range', 'jp');
    await refused({ day: addDays(today(), 91) }, 'parameter_error');
    await refused({ product_id: 99_999 }, 'not_found');
    await refused({ day: '2026-02-30' }, 'parameter_error');
    expect(await rig.test.db.select().from(miningRates).where(eq(miningRates.productId, product.id))).toEqual([]);
  });

  it('refuses a range that would leave an upcoming published rate outside it, and fixes today\'s rate before an accepted edit', async () => {
    const product = await makeProduct(rig, { currency_id: rig.usdt });
    await publishRate(rig, product.id, addDays(today(), 2), '0.0039');
    const narrowed = await admin('POST', '/mining/products', { ...PRODUCT, id: product.id, currency_id: rig.usdt, daily_yield_max: '0.0035' });
    expect(narrowed.body).toMatchObject({ type: 'error', message: errorMessage('mining_rate_out_of_range', 'en') });
    const widened = await admin('POST', '/mining/products', { ...PRODUCT, id: product.id, currency_id: rig.usdt, daily_yield_min: '0.0031', daily_yield_max: '0.005' });
    expect(widened.body.type).toBe('ok');
    const rates = await rig.test.db.select().from(miningRates).where(eq(miningRates.productId, product.id)).orderBy(miningRates.day);
    // Today's rate was published at the range in force before the edit.
    expect(rates.map((r) => [r.day, r.rate, r.source])).toEqual([
      [today(), '0.003000000000000000', 'range_low'],
      [addDays(today(), 2), '0.003900000000000000', 'operator'],
    ]);
  });
});

describe('overview and orders', () => {
  it('shows each product with its active orders and locked amount, its rates with their source, and the interest_expense that paid 3.75 USDT', async () => {
    const product = await makeProduct(rig, { currency_id: rig.usdt });
    await publishRate(rig, product.id, addDays(today(), 1), '0.0036');
    const user = await fundedUser(rig);
    await deposit(rig, user.token, { config_id: product.id, amount: '1000' });
    await deposit(rig, user.token, { config_id: product.id, amount: '250' });
    const before = (await admin('GET', '/mining')).body.message;
    const expenseBefore = before.interest_expense.find((b: { currency: string }) => b.currency === 'USDT')?.balance ?? '0';
    rig.clock.now = Date.parse(`${addDays(today(), 1)}T00:00:00Z`);
    await runPayouts(rig);
    const overview = (await admin('GET', '/mining')).body.message;
    expect(overview).toMatchObject({ time_zone: 'UTC', today: today() });
    expect(overview.products.find((p: { id: number }) => p.id === product.id)).toMatchObject({ active_orders: 2, locked: '1250', currency: 'USDT' });
    const mine = overview.rates.filter((r: { product_id: number }) => r.product_id === product.id);
    expect(mine.map((r: { day: string; rate: string; source: string }) => [r.day, r.rate, r.source])).toEqual([
      [today(), '0.0036', 'operator'],
      [addDays(today(), -1), '0.003', 'range_low'],
    ]);
    // 1000 x 0.003 + 250 x 0.003 = 3.75 paid out of interest_expense (a negative figure: what interest cost).
    const expense = overview.interest_expense.find((b: { currency: string }) => b.currency === 'USDT').balance;
    expect(Number(expenseBefore) - Number(expense)).toBeCloseTo(3.75, 10);
    expect(overview.coins.map((c: { name: string }) => c.name)).toContain('USDT');
    await expectLedgerBalanced(rig.test);
  });

  it('searches orders by user, product and status with the interest paid', async () => {
    const product = await makeProduct(rig, { currency_id: rig.usdt });
    const [ann, bob] = [await fundedUser(rig), await fundedUser(rig)];
    const kept = (await deposit(rig, ann.token, { config_id: product.id, amount: '1000' })).body.message;
    const ended = (await deposit(rig, ann.token, { config_id: product.id, amount: '300' })).body.message;
    await deposit(rig, bob.token, { config_id: product.id, amount: '400' });
    rig.clock.now = Date.parse(`${addDays(today(), 1)}T00:00:00Z`);
    await runPayouts(rig);
    expect((await redeem(rig, ann.token, ended.id)).body.type).toBe('ok');
    const byUser = (await admin('GET', '/mining/orders', { user_id: ann.id })).body.message;
    expect(byUser.data.map((o: { id: string }) => o.id)).toEqual([ended.id, kept.id]);
    expect(byUser.data[1]).toMatchObject({ user_id: ann.id, interest_paid: '3', days_paid: 1, status: 'active' });
    expect(byUser.data[1].payouts).toBeUndefined();
    const active = (await admin('GET', '/mining/orders', { product_id: product.id, status: 'active' })).body.message;
    expect(active.total).toBe(2);
    const redeemed = (await admin('GET', '/mining/orders', { product_id: product.id, status: 'redeemed' })).body.message;
    expect(redeemed.data.map((o: { id: string; penalty: string }) => [o.id, o.penalty])).toEqual([[ended.id, '6']]);
    expect((await admin('GET', '/mining/orders', { status: 'lost' })).body.type).toBe('error');
    await expectLedgerBalanced(rig.test);
  });

  it('offers no route that writes an order or a payout: the writes are products and rates (admin) and the user\'s own deposit and redemption', () => {
    expect(writeRoutes(rig.test.app, /mining|\/lh\//)).toEqual(['POST /api/admin/mining/products', 'POST /api/admin/mining/rates', 'POST /api/lh/deposit', 'POST /api/lh/deposit/order/cancel']);
  });
});

describe('the demo seed', () => {
  it('seeds four demo products with today\'s and tomorrow\'s rates inside their ranges, once', async () => {
    const now = rig.clock.now;
    await seedMiningDemo(rig.test.db, now);
    await seedMiningDemo(rig.test.db, now + DAY_MS);
    const demo = await rig.test.db.select().from(miningProducts).where(eq(miningProducts.demo, true));
    expect(demo.map((p) => [p.category, p.termDays])).toEqual([
      ['lock', 5],
      ['lock', 30],
      ['defi', 15],
      ['cloud', 90],
    ]);
    expect(demo[0]).toMatchObject({ dailyYieldMin: '0.003000000000000000', dailyYieldMax: '0.004000000000000000', amountMin: '100.000000000000000000', penaltyRatio: '0.004000000000000000' });
    for (const product of demo) {
      const rates = await rig.test.db.select().from(miningRates).where(eq(miningRates.productId, product.id)).orderBy(miningRates.day);
      expect(rates.map((r) => r.day)).toEqual([today(), addDays(today(), 1)]);
      for (const r of rates) {
        expect(Number(r.rate)).toBeGreaterThanOrEqual(Number(product.dailyYieldMin));
        expect(Number(r.rate)).toBeLessThanOrEqual(Number(product.dailyYieldMax));
      }
    }
    const zh = (await call(rig.test.app, '/lh/deposit/config', { method: 'GET', payload: { lang: 'zh', category: 'cloud' } })).body.message;
    expect(zh.find((p: { id: number }) => p.id === demo[3]!.id)).toMatchObject({ name: 'BTC 云挖矿 · 90天', today_rate: '0.0055', tomorrow_rate: '0.0058' });
  });

  it('tells the user which products are demo (fairness review 8): the seeded ones and their orders demo true, an operator\'s product false', async () => {
    await seedMiningDemo(rig.test.db, rig.clock.now);
    const seeded = (await rig.test.db.select().from(miningProducts).where(eq(miningProducts.demo, true)))[0]!;
    const operators = await makeProduct(rig, { currency_id: rig.usdt, category: seeded.category });
    const user = await fundedUser(rig);
    const listed = (await call(rig.test.app, '/lh/deposit/config', { method: 'GET', token: user.token, payload: { category: seeded.category } })).body.message as { id: number; demo: boolean }[];
    expect(listed.find((p) => p.id === seeded.id)?.demo).toBe(true);
    expect(listed.find((p) => p.id === operators.id)?.demo).toBe(false);
    const demoOrder = await deposit(rig, user.token, { config_id: seeded.id, amount: '100' });
    const realOrder = await deposit(rig, user.token, { config_id: operators.id, amount: '100' });
    expect([demoOrder.body.message.demo, realOrder.body.message.demo]).toEqual([true, false]);
    await expectLedgerBalanced(rig.test);
  });
});
