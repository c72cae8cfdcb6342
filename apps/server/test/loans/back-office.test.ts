// Proves the loans back office on a real database through /api/admin/loans/*: products validated and
// logged (LTV levels rising, a collateral needs its index), admins only for writes; the pool funded from
// equity through the ledger with its record and log; open loans riskiest first with their LTV; the
// liquidations with the tick each used. The ledger audit runs after the money scenarios.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { seedLoansDemo } from '../../src/loans/demo.ts';
import { loanProducts } from '../../src/loans/tables.ts';
import { makeOperatorToken } from '../funds/support.ts';
import { call, expectLedgerBalanced } from '../support/app.ts';
import { borrower, loanOf, makeProduct, openLoan, systemBalance, useLoanRig } from './support.ts';

const rig = useLoanRig();

const admin = (url: string, payload: Record<string, unknown>, token = rig.op, method: 'GET' | 'POST' = 'POST') => call(rig.test.app, `/admin/loans${url}`, { token, payload, method });

describe('loan products (POST /api/admin/loans/products)', () => {
  it('refuses LTV levels that do not rise, a collateral without an index, the loan coin as collateral; edits keep open loans\' terms', async () => {
    const base = {
      name_en: 'Checked',
      currency_id: rig.usdt,
      collateral_currency_ids: `${rig.btc}`,
      initial_ltv: '0.65',
      margin_call_ltv: '0.75',
      liquidation_ltv: '0.85',
      daily_rate: '0.0005',
      terms: '0,30',
      amount_min: '100',
    };
    expect((await admin('/products', { ...base, margin_call_ltv: '0.6' })).body.code).toBe('loan_ltv_levels_invalid');
    expect((await admin('/products', { ...base, liquidation_ltv: '1.2' })).body.code).toBe('wrong_number');
    expect((await admin('/products', { ...base, collateral_currency_ids: `${rig.usdt}` })).body.code).toBe('loan_collateral_invalid');
    expect((await admin('/products', { ...base, currency_id: rig.btc, collateral_currency_ids: `${rig.eth}` })).body.code).toBe('loan_collateral_invalid');
    expect((await admin('/products', { ...base, daily_rate: '0.02' })).body.code).toBe('wrong_number');
    const reviewer = await makeOperatorToken(rig.test, 'reviewer');
    expect((await admin('/products', base, reviewer)).body.type).toBe('error');
    const created = await admin('/products', base);
    expect(created.body.message).toMatchObject({ name_en: 'Checked', terms: [0, 30], collaterals: [{ currency: 'BTC', symbol: 'BTC/USDT' }] });
    await rig.price('60000');
    const user = await borrower(rig, { [rig.btc]: '1' });
    const loan = await openLoan(rig, user.token, { product_id: created.body.message.id, collateral_currency_id: rig.btc, collateral: '1', amount: '1000', term_days: 30 });
    const edited = await admin('/products', { ...base, id: created.body.message.id, daily_rate: '0.001' });
    expect(edited.body.message.daily_rate).toBe('0.001');
    const loans = await admin('/loans', { user_id: user.id }, rig.op, 'GET');
    expect(loans.body.message.data[0]).toMatchObject({ id: loan.id, daily_rate: '0.0005', user_id: user.id });
  });
});

describe('the lending pool (POST /api/admin/loans/pool)', () => {
  it('moves equity into the pool through the ledger, recorded and logged; reviewers cannot', async () => {
    const before = await systemBalance(rig, 'loans', rig.btc);
    const funded = await admin('/pool', { account: 'loans', currency_id: rig.btc, amount: '2.5' });
    expect(funded.body.message).toMatchObject({ account: 'loans', currency: 'BTC', amount: '2.5' });
    expect(Number(await systemBalance(rig, 'loans', rig.btc)) - Number(before)).toBe(2.5);
    expect((await admin('/pool', { account: 'loans', currency_id: rig.btc, amount: '0.000000001' })).body.code).toBe('wrong_number');
    expect((await admin('/pool', { account: 'elsewhere', currency_id: rig.btc, amount: '1' })).body.code).toBe('parameter_error');
    const support = await makeOperatorToken(rig.test, 'support');
    expect((await admin('/pool', { account: 'loans', currency_id: rig.btc, amount: '1' }, support)).body.type).toBe('error');
    const overview = await call(rig.test.app, '/admin/loans', { method: 'GET', token: support });
    expect(overview.body.message.pool).toEqual(expect.arrayContaining([expect.objectContaining({ account: 'loan_reserve', currency: 'USDT' })]));
    await expectLedgerBalanced(rig.test);
  });
});

describe('loans and liquidations for operators', () => {
  it('lists open loans riskiest first with their LTV, and the liquidations with their tick', async () => {
    const product = await makeProduct(rig);
    await rig.price('60000');
    const user = await borrower(rig, { [rig.btc]: '3' });
    const calm = await openLoan(rig, user.token, { product_id: product.id, collateral_currency_id: rig.btc, collateral: '1', amount: '10000', term_days: 0 });
    // The most 1 BTC lends at 60,000: its debt after day 1 is 39,000, an LTV of 65 %.
    const risky = await openLoan(rig, user.token, { product_id: product.id, collateral_currency_id: rig.btc, collateral: '1', amount: '38980.509745', term_days: 0 });
    const open = await admin('/loans', { user_id: user.id }, rig.op, 'GET');
    expect((open.body.message.data as { id: string; ltv: string }[]).map((l) => l.id)).toEqual([risky.id, calm.id]);
    rig.clock.now += 1_000;
    await rig.price('45000');
    await rig.watch();
    const liquidations = await admin('/liquidations', {}, rig.op, 'GET');
    const mine = (liquidations.body.message.data as { id: string; user_id: number; liquidation: { reason: string; tick_id: string } }[]).find((l) => l.id === risky.id);
    expect(mine).toMatchObject({ user_id: user.id, liquidation: { reason: 'ltv' } });
    expect(mine!.liquidation.tick_id).toMatch(/^\d+$/);
    const stillOpen = await admin('/loans', { user_id: user.id }, rig.op, 'GET');
    expect((stillOpen.body.message.data as { id: string }[]).map((l) => l.id)).toEqual([calm.id]);
    await expectLedgerBalanced(rig.test);
  });
});

describe('the demo seed of a development start', () => {
  it('adds one demo product against BTC and ETH and funds the pool once, however often it runs', async () => {
    const pool = await systemBalance(rig, 'loans', rig.usdt);
    await seedLoansDemo(rig.test.db, rig.clock.now);
    await seedLoansDemo(rig.test.db, rig.clock.now);
    const demo = await rig.test.db.select().from(loanProducts).where(eq(loanProducts.demo, true));
    expect(demo).toHaveLength(1);
    expect(demo[0]).toMatchObject({ initialLtv: '0.650000000000000000', terms: [0, 7, 30] });
    // The rig funded the pool already: the seed's funding is the same entry, not a second one.
    expect(await systemBalance(rig, 'loans', rig.usdt)).toBe(pool);
    const products = await call(rig.test.app, '/loan/products', { method: 'GET' });
    expect((products.body.message as { id: number; collaterals: { currency: string }[] }[]).find((p) => p.id === demo[0]!.id)!.collaterals.map((c) => c.currency)).toEqual(['BTC', 'ETH']);
    await expectLedgerBalanced(rig.test);
  });

  it('tells the user which product is demo (fairness review 8): the seeded one and its loans demo true, an operator\'s false', async () => {
    await seedLoansDemo(rig.test.db, rig.clock.now);
    const operators = await makeProduct(rig);
    const [seeded] = await rig.test.db.select().from(loanProducts).where(eq(loanProducts.demo, true));
    const listed = (await call(rig.test.app, '/loan/products', { method: 'GET' })).body.message as { id: number; demo: boolean }[];
    expect([listed.find((p) => p.id === seeded!.id)?.demo, listed.find((p) => p.id === operators.id)?.demo]).toEqual([true, false]);
    await rig.price('60000');
    const user = await borrower(rig, { [rig.btc]: '2' });
    const terms = { collateral_currency_id: rig.btc, collateral: '1', amount: '1000', term_days: 0 };
    const demoLoan = await openLoan(rig, user.token, { ...terms, product_id: seeded!.id });
    const realLoan = await openLoan(rig, user.token, { ...terms, product_id: operators.id });
    const demoOf = async (id: string) => ((await loanOf(rig, user.token, id)) as { demo?: boolean }).demo;
    expect([await demoOf(demoLoan.id), await demoOf(realLoan.id)]).toEqual([true, false]);
    await expectLedgerBalanced(rig.test);
  });
});
