// Proves crypto-backed loans end to end on a real database through the /loan/* routes: the product list,
// borrowing (collateral locked in spot, the loan paid from the lending pool, day 1 charged, LTV at the
// recorded index), every refusal with a translated envelope, repayment interest first (partial and full,
// the collateral returned), a top-up, the foreign-user walls, and the interest job (each day once, two
// runs at once, a downtime caught up, every claimed loan in one bulk pass). The ledger audit runs after every scenario; the clock is the test's.
import { DAY_MS, errorMessage } from '@fairex/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { triggerPrices } from '../../src/loans/charges.ts';
import { loanEvents, loanInterest, loans } from '../../src/loans/tables.ts';
import { call, expectLedgerBalanced } from '../support/app.ts';
import { addCollateral, borrow, borrower, loanOf, makeProduct, openLoan, repay, spot, systemBalance, useLoanRig } from './support.ts';

const rig = useLoanRig();

describe('the product list (GET /loan/products)', () => {
  it('shows each collateral with its index now, and the spot balances only for a valid token', async () => {
    const product = await makeProduct(rig);
    await rig.price('60000');
    const user = await borrower(rig, { [rig.btc]: '1.5' });
    const list = async (token?: string) =>
      ((await call(rig.test.app, '/loan/products', { method: 'GET', token })).body.message as { id: number; collaterals: { currency: string; price: string | null; balance: string | null }[]; terms: number[]; pool_available: string; overdue_rate: string }[]).find((p) => p.id === product.id)!;
    const mine = await list(user.token);
    expect(mine.terms).toEqual([0, 7]);
    expect(mine.overdue_rate).toBe('0.0015');
    expect(mine.collaterals.map((c) => [c.currency, c.balance])).toEqual([
      ['BTC', '1.5'],
      ['ETH', '0'],
    ]);
    expect(mine.collaterals[0]!.price).toBe('60000');
    expect(Number(mine.pool_available)).toBeGreaterThan(0);
    const anonymous = await list('stale-token');
    expect(anonymous.collaterals.every((c) => c.balance === null)).toBe(true);
  });
});

describe('borrowing (POST /loan/borrow)', () => {
  it('locks 1 BTC in spot, pays 30,000 USDT from the pool and charges day 1: LTV 30,015 / 60,000', async () => {
    const product = await makeProduct(rig);
    await rig.price('60000');
    const user = await borrower(rig, { [rig.btc]: '1.2' });
    const poolBefore = await systemBalance(rig, 'loans', rig.usdt);
    const loan = await openLoan(rig, user.token, { product_id: product.id, collateral_currency_id: rig.btc, collateral: '1', amount: '30000', term_days: 0 });
    expect(loan).toMatchObject({
      status: 'open',
      principal: '30000',
      interest_outstanding: '15',
      interest_charged: '15',
      debt: '30015',
      collateral: '1',
      ltv: '0.50025',
      days_charged: 1,
      next_charge_at: rig.clock.now + DAY_MS,
      margin_call_price: '40020',
      liquidation_price: '35311.76',
      overdue: false,
    });
    expect(await spot(rig, user.id, rig.btc)).toEqual({ available: '0.2', locked: '1' });
    expect((await spot(rig, user.id, rig.usdt)).available).toBe('30000');
    expect(Number(poolBefore) - Number(await systemBalance(rig, 'loans', rig.usdt))).toBe(30000);
    await expectLedgerBalanced(rig.test);
  });

  it('lends up to the initial LTV with day 1 charged (38,980.509745 + 19.490255 = 39,000 at 65 %) and refuses a unit more, and refuses what the product does not offer, each translated', async () => {
    const product = await makeProduct(rig);
    const off = await makeProduct(rig, { enabled: false });
    await rig.price('60000');
    const user = await borrower(rig, { [rig.btc]: '3' });
    const base = { product_id: product.id, collateral_currency_id: rig.btc, collateral: '1', amount: '38980.509745', term_days: 0 };
    const refusal = async (payload: Record<string, unknown>, lang = 'en') => {
      const res = await call(rig.test.app, '/loan/borrow', { token: user.token, lang, payload: { ...base, ...payload } });
      // index_unavailable answers 503 (the project's status for a missing index); every other refusal a 4xx.
      expect(res.status).toBe(res.body.code === 'index_unavailable' ? 503 : res.status < 500 ? res.status : -1);
      expect(res.body.type).toBe('error');
      expect(res.body.message).toBe(errorMessage(res.body.code as never, lang as never));
      return res.body.code;
    };
    // 38,980.509746 would owe 39,000.000001 after day 1: above 1 x 60,000 x 65 %.
    expect(await refusal({ amount: '38980.509746' })).toBe('loan_ltv_too_high');
    expect(await refusal({ amount: '38980.509746' }, 'zh')).toBe('loan_ltv_too_high');
    expect(await refusal({ amount: '99.999999', collateral: '0.1' })).toBe('loan_amount_below_minimum');
    expect(await refusal({ amount: '500000.000001', collateral: '3' })).toBe('loan_amount_above_maximum');
    expect(await refusal({ term_days: 30 })).toBe('loan_product_unavailable');
    expect(await refusal({ collateral_currency_id: rig.usdt })).toBe('loan_product_unavailable');
    expect(await refusal({ product_id: off.id })).toBe('loan_product_unavailable');
    expect(await refusal({ product_id: 999999 })).toBe('loan_product_unavailable');
    expect(await refusal({ amount: '100.0000001' })).toBe('wrong_number');
    expect(await refusal({ collateral: '0.123456789' })).toBe('wrong_number');
    expect(await refusal({ amount: 'abc' })).toBe('wrong_number');
    expect(await refusal({ amount: '-5' })).toBe('wrong_number');
    expect(await refusal({ term_days: 'x' })).toBe('parameter_error');
    expect(await refusal({ term_days: '' })).toBe('parameter_error');
    expect(await refusal({ product_id: '' })).toBe('parameter_error');
    expect(await refusal({ collateral: '4', amount: '1000' })).toBe('insufficient_balance');
    const missing = await borrow(rig, '', base);
    expect(missing.body.type).toBe('999');
    const foreign = await borrow(rig, 'not-a-session', base);
    expect(foreign.body.type).toBe('999');
    // Exactly the initial LTV passes: the loan opens at 65 %, and its history says the same.
    const loan = await openLoan(rig, user.token, base);
    expect(loan).toMatchObject({ principal: '38980.509745', debt: '39000', ltv: '0.65' });
    const history = await call(rig.test.app, '/loan/history', { method: 'GET', token: user.token, payload: { loan_id: loan.id } });
    expect(history.body.message.data[0]).toMatchObject({ kind: 'borrow', ltv: '0.65' });
    // An index older than 10 s is no index: no borrowing on it.
    rig.clock.now += 11_000;
    expect(await refusal({ amount: '1000' })).toBe('index_unavailable');
    await expectLedgerBalanced(rig.test);
  });

  it('refuses what the lending pool does not hold (loan_pool_short), moving nothing', async () => {
    const product = await makeProduct(rig, { amount_max: '' });
    await rig.price('60000');
    const pool = await systemBalance(rig, 'loans', rig.usdt);
    const user = await borrower(rig, { [rig.btc]: '200' });
    const res = await borrow(rig, user.token, { product_id: product.id, collateral_currency_id: rig.btc, collateral: '200', amount: String(Math.floor(Number(pool)) + 1), term_days: 0 });
    expect(res.body).toMatchObject({ type: 'error', code: 'loan_pool_short' });
    expect(await spot(rig, user.id, rig.btc)).toEqual({ available: '200', locked: '0' });
    expect(await systemBalance(rig, 'loans', rig.usdt)).toBe(pool);
    await expectLedgerBalanced(rig.test);
  });
});

describe('repaying and topping up', () => {
  it('repays interest first, then principal, and returns the collateral once nothing is owed', async () => {
    const product = await makeProduct(rig);
    await rig.price('60000');
    const user = await borrower(rig, { [rig.btc]: '1', [rig.usdt]: '100' });
    const loan = await openLoan(rig, user.token, { product_id: product.id, collateral_currency_id: rig.btc, collateral: '1', amount: '30000', term_days: 0 });
    const interestOnly = await repay(rig, user.token, loan.id, '10');
    expect(interestOnly.body.message).toMatchObject({ interest_outstanding: '5', principal: '30000', interest_paid: '10' });
    const both = await repay(rig, user.token, loan.id, '100');
    expect(both.body.message).toMatchObject({ interest_outstanding: '0', principal: '29905', interest_paid: '15' });
    expect((await repay(rig, user.token, loan.id, '29905.000001')).body.code).toBe('loan_repay_exceeds_debt');
    expect((await spot(rig, user.id, rig.btc)).locked).toBe('1');
    const full = await repay(rig, user.token, loan.id, '29905');
    expect(full.body.message).toMatchObject({ status: 'repaid', principal: '0', debt: '0', ltv: null, liquidation_price: null, next_charge_at: null });
    expect(await spot(rig, user.id, rig.btc)).toEqual({ available: '1', locked: '0' });
    expect((await spot(rig, user.id, rig.usdt)).available).toBe('85');
    expect((await repay(rig, user.token, loan.id, '1')).body.code).toBe('loan_closed');
    const history = await call(rig.test.app, '/loan/history', { method: 'GET', token: user.token, payload: { loan_id: loan.id } });
    expect((history.body.message.data as { kind: string }[]).map((e) => e.kind)).toEqual(['collateral_return', 'repay', 'repay', 'repay', 'borrow']);
    await expectLedgerBalanced(rig.test);
  });

  it('adds collateral from spot to the locked bucket, lowering LTV and the trigger prices', async () => {
    const product = await makeProduct(rig);
    await rig.price('60000');
    const user = await borrower(rig, { [rig.btc]: '2' });
    const loan = await openLoan(rig, user.token, { product_id: product.id, collateral_currency_id: rig.btc, collateral: '1', amount: '30000', term_days: 0 });
    const topped = await addCollateral(rig, user.token, loan.id, '1');
    expect(topped.body.message).toMatchObject({ collateral: '2', ltv: '0.250125', margin_call_price: '20010', liquidation_price: '17655.88' });
    expect(await spot(rig, user.id, rig.btc)).toEqual({ available: '0', locked: '2' });
    expect((await addCollateral(rig, user.token, loan.id, '0.1')).body.code).toBe('insufficient_balance');
    expect((await addCollateral(rig, user.token, loan.id, '0.000000001')).body.code).toBe('wrong_number');
    expect((await addCollateral(rig, user.token, loan.id, '0')).body.type).toBe('error');
    await expectLedgerBalanced(rig.test);
  });

  it("keeps every user off another's loan: not_found on repay and top-up, nothing listed", async () => {
    const product = await makeProduct(rig);
    await rig.price('60000');
    const owner = await borrower(rig, { [rig.btc]: '1' });
    const other = await borrower(rig, { [rig.btc]: '1', [rig.usdt]: '50000' });
    const loan = await openLoan(rig, owner.token, { product_id: product.id, collateral_currency_id: rig.btc, collateral: '1', amount: '1000', term_days: 7 });
    expect((await repay(rig, other.token, loan.id, '100')).body.code).toBe('not_found');
    expect((await addCollateral(rig, other.token, loan.id, '0.5')).body.code).toBe('not_found');
    const orders = await call(rig.test.app, '/loan/orders', { method: 'GET', token: other.token });
    expect(orders.body.message.total).toBe(0);
    const history = await call(rig.test.app, '/loan/history', { method: 'GET', token: other.token, payload: { loan_id: loan.id } });
    expect(history.body.message.total).toBe(0);
    expect((await call(rig.test.app, '/loan/orders', { method: 'GET' })).body.type).toBe('999');
    expect((await loanOf(rig, owner.token, loan.id)).principal).toBe('1000');
    expect(await spot(rig, other.id, rig.btc)).toEqual({ available: '1', locked: '0' });
    await expectLedgerBalanced(rig.test);
  });
});

describe('daily interest (the loans.interest job)', () => {
  it('charges each started day exactly once, with two runs at once and after a downtime, on the principal then owed', async () => {
    const product = await makeProduct(rig);
    await rig.price('60000');
    const user = await borrower(rig, { [rig.btc]: '1', [rig.usdt]: '1000' });
    const loan = await openLoan(rig, user.token, { product_id: product.id, collateral_currency_id: rig.btc, collateral: '1', amount: '30000', term_days: 0 });
    const mine = (charged: { loanId: number; day: number }[]) => charged.filter((c) => String(c.loanId) === loan.id).map((c) => c.day);
    expect(mine(await rig.charge())).toEqual([]);
    rig.clock.now = rig.clock.testStart + DAY_MS;
    // Two processes at once: the row lock and the (loan, day) key let one charge day 2.
    const [a, b] = await Promise.all([rig.charge(), rig.charge(rig.makeService())]);
    expect([...mine(a), ...mine(b)]).toEqual([2]);
    expect((await loanOf(rig, user.token, loan.id)).interest_charged).toBe('30');
    // Down for three and a half days: one run catches days 3, 4 and 5 up, a second finds nothing.
    rig.clock.now = rig.clock.testStart + 4.5 * DAY_MS;
    expect(mine(await rig.charge())).toEqual([3, 4, 5]);
    expect(mine(await rig.charge())).toEqual([]);
    expect((await loanOf(rig, user.token, loan.id)).interest_outstanding).toBe('75');
    // A repayment of 100 pays 75 of interest and 25 of principal: day 6 is charged on 29,975.
    await repay(rig, user.token, loan.id, '100');
    rig.clock.now = rig.clock.testStart + 5 * DAY_MS;
    await rig.scheduler().runDue();
    const rows = await rig.test.db.select().from(loanInterest).where(eq(loanInterest.loanId, Number(loan.id))).orderBy(loanInterest.day);
    expect(rows.map((r) => [r.day, r.amount])).toEqual([
      [1, '15.000000000000000000'],
      [2, '15.000000000000000000'],
      [3, '15.000000000000000000'],
      [4, '15.000000000000000000'],
      [5, '15.000000000000000000'],
      [6, '14.987500000000000000'],
    ]);
    expect((await loanOf(rig, user.token, loan.id)).interest_outstanding).toBe('14.9875');
    await expectLedgerBalanced(rig.test);
  });

  it('charges every claimed loan in one bulk pass (none falls back to loan by loan): days 2 and 3 of two loans, with their trigger prices', async () => {
    const product = await makeProduct(rig);
    await rig.price('60000');
    const users = [await borrower(rig, { [rig.btc]: '1' }), await borrower(rig, { [rig.btc]: '1' })];
    const big = await openLoan(rig, users[0]!.token, { product_id: product.id, collateral_currency_id: rig.btc, collateral: '1', amount: '30000', term_days: 0 });
    const small = await openLoan(rig, users[1]!.token, { product_id: product.id, collateral_currency_id: rig.btc, collateral: '1', amount: '1000', term_days: 0 });
    rig.clock.now = rig.clock.testStart + 2.5 * DAY_MS;
    const charged = await rig.charge();
    expect(rig.errors).toEqual([]);
    const mine = charged.filter((c) => [big.id, small.id].includes(String(c.loanId))).map((c) => [String(c.loanId), c.day, c.amount]);
    expect(mine).toEqual([
      [big.id, 2, '15'],
      [big.id, 3, '15'],
      [small.id, 2, '0.5'],
      [small.id, 3, '0.5'],
    ]);
    for (const [loan, outstanding] of [[big, '45.000000000000000000'], [small, '1.500000000000000000']] as const) {
      const [row] = await rig.test.db.select().from(loans).where(eq(loans.id, Number(loan.id)));
      expect(row).toMatchObject({ daysCharged: 3, interestOutstanding: outstanding, interestCharged: outstanding, nextChargeAt: row!.borrowedAt + 3 * DAY_MS });
      const prices = triggerPrices(row!);
      expect([Number(row!.marginCallPrice), Number(row!.liquidationPrice)]).toEqual([Number(prices.marginCallPrice), Number(prices.liquidationPrice)]);
    }
    await expectLedgerBalanced(rig.test);
  });

  it('charges the days a loan missed when its owner repays before the job ran', async () => {
    const product = await makeProduct(rig);
    await rig.price('60000');
    const user = await borrower(rig, { [rig.btc]: '1', [rig.usdt]: '100' });
    const loan = await openLoan(rig, user.token, { product_id: product.id, collateral_currency_id: rig.btc, collateral: '1', amount: '1000', term_days: 0 });
    rig.clock.now = rig.clock.testStart + 2 * DAY_MS + 1;
    const repaid = await repay(rig, user.token, loan.id, '1001.5');
    expect(repaid.body.message).toMatchObject({ status: 'repaid', interest_charged: '1.5', days_charged: 3 });
    const events = await rig.test.db.select().from(loanEvents).where(eq(loanEvents.loanId, Number(loan.id)));
    expect(events.map((e) => e.kind).sort()).toEqual(['borrow', 'collateral_return', 'repay']);
    await expectLedgerBalanced(rig.test);
  });
});
