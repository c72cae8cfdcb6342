// Proves what the index does to a loan (the loans.watch job) along scripted price paths on a real
// database: the margin call once per crossing (a notification each time, none while it stays past the
// level, cleared when LTV falls back), the liquidation at the recorded tick past the liquidation level
// (just the collateral that covers the debt sold to the pool, the rest returned), a gap down whose
// shortfall the pool's reserve covers, and a fixed term overdue: 3 x the rate, liquidated 3 days after it
// ended whatever the LTV. The ledger audit runs after every scenario.
import { DAY_MS } from '@fairex/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loanLiquidations } from '../../src/loans/tables.ts';
import { expectLedgerBalanced } from '../support/app.ts';
import { borrower, loanNotices, loanOf, makeProduct, openLoan, spot, systemBalance, useLoanRig } from './support.ts';

const rig = useLoanRig();

describe('the index path of a loan (the loans.watch job)', () => {
  it('calls for margin once per crossing and liquidates past 85 %, selling just what covers the debt at the tick', async () => {
    const product = await makeProduct(rig);
    // At 60,100 the debt after day 1 may reach 60,100 x 65 % = 39,065.
    await rig.price('60100');
    const user = await borrower(rig, { [rig.btc]: '1' });
    // 39,000 + day 1 (19.5): debt 39,019.5; margin call at 52,026 or below, liquidation at 45,905.29 or below.
    const loan = await openLoan(rig, user.token, { product_id: product.id, collateral_currency_id: rig.btc, collateral: '1', amount: '39000', term_days: 0 });
    expect(loan).toMatchObject({ debt: '39019.5', margin_call_price: '52026', liquidation_price: '45905.29' });
    const step = async (price: string) => {
      rig.clock.now += 1_000;
      await rig.price(price);
      await rig.watch();
      return loanOf(rig, user.token, loan.id);
    };
    const notices = async () => (await loanNotices(rig, user.id)).map((n) => n.kind);
    expect((await step('55000')).margin_called_at).toBeNull();
    expect((await step('52026.01')).margin_called_at).toBeNull();
    const called = await step('52026');
    expect(called.margin_called_at).toBe(rig.clock.now);
    expect(await notices()).toEqual(['loan_margin_call']);
    expect((await step('51000')).margin_called_at).not.toBeNull();
    expect(await notices()).toEqual(['loan_margin_call']);
    expect((await step('53000')).margin_called_at).toBeNull();
    expect((await step('52000')).margin_called_at).not.toBeNull();
    expect(await notices()).toEqual(['loan_margin_call', 'loan_margin_call']);
    expect((await step('45905.30')).status).toBe('open');
    const ended = await step('45000');
    expect(ended).toMatchObject({ status: 'liquidated', principal: '0', debt: '0', interest_paid: '19.5' });
    expect(ended.liquidation).toMatchObject({
      reason: 'ltv',
      price: '45000',
      debt: '39019.5',
      collateral: '1',
      collateral_sold: '0.8671',
      collateral_returned: '0.1329',
      proceeds: '39019.5',
      shortfall: '0',
      reserve_covered: '0',
    });
    expect(await notices()).toEqual(['loan_margin_call', 'loan_margin_call', 'loan_liquidated']);
    expect(await spot(rig, user.id, rig.btc)).toEqual({ available: '0.1329', locked: '0' });
    // The user keeps the 39,000 lent; the pool holds the BTC it took.
    expect((await spot(rig, user.id, rig.usdt)).available).toBe('39000');
    const [row] = await rig.test.db.select().from(loanLiquidations).where(eq(loanLiquidations.loanId, Number(loan.id)));
    expect(row!.tickId).toBeTypeOf('bigint');
    // Once liquidated, a later tick does nothing more.
    await step('30000');
    expect(await notices()).toHaveLength(3);
    await expectLedgerBalanced(rig.test);
  });

  it('covers a gap down from the reserve: all the collateral goes, the reserve pays the shortfall', async () => {
    const product = await makeProduct(rig);
    await rig.price('3020', 'ETH/USDT');
    const user = await borrower(rig, { [rig.eth]: '10' });
    // 19,500 against 10 ETH at 3,020, day 1 9.75: debt 19,509.75 (within 10 x 3,020 x 65 % = 19,630).
    const loan = await openLoan(rig, user.token, { product_id: product.id, collateral_currency_id: rig.eth, collateral: '10', amount: '19500', term_days: 0 });
    const reserveBefore = await systemBalance(rig, 'loan_reserve', rig.usdt);
    const poolEthBefore = await systemBalance(rig, 'loans', rig.eth);
    rig.clock.now += 1_000;
    await rig.price('1500', 'ETH/USDT');
    await rig.watch();
    const ended = await loanOf(rig, user.token, loan.id);
    expect(ended.liquidation).toMatchObject({
      collateral_sold: '10',
      collateral_returned: '0',
      proceeds: '15000',
      shortfall: '4509.75',
      reserve_covered: '4509.75',
    });
    expect(Number(reserveBefore) - Number(await systemBalance(rig, 'loan_reserve', rig.usdt))).toBeCloseTo(4509.75, 6);
    expect(Number(await systemBalance(rig, 'loans', rig.eth)) - Number(poolEthBefore)).toBe(10);
    expect(await spot(rig, user.id, rig.eth)).toEqual({ available: '0', locked: '0' });
    await expectLedgerBalanced(rig.test);
  });

  it('charges 3 x the rate once a 7-day term is over and liquidates 3 days later at the index, whatever the LTV', async () => {
    const product = await makeProduct(rig);
    await rig.price('60000');
    const user = await borrower(rig, { [rig.btc]: '1' });
    const loan = await openLoan(rig, user.token, { product_id: product.id, collateral_currency_id: rig.btc, collateral: '1', amount: '1000', term_days: 7 });
    // Day 8 (the first overdue one) starts 7 days after borrowing.
    rig.clock.now = rig.clock.testStart + 7 * DAY_MS;
    await rig.price('60000');
    await rig.charge();
    await rig.watch();
    const overdue = await loanOf(rig, user.token, loan.id);
    expect(overdue).toMatchObject({ status: 'open', overdue: true, days_charged: 8, interest_outstanding: '5' });
    // 10 days after borrowing: days 9 and 10 charged at 1.5 each, then liquidated at LTV 1.7 %.
    rig.clock.now = rig.clock.testStart + 10 * DAY_MS;
    await rig.price('60000');
    await rig.watch();
    const ended = await loanOf(rig, user.token, loan.id);
    expect(ended).toMatchObject({ status: 'liquidated', days_charged: 10, interest_charged: '8' });
    expect(ended.liquidation).toMatchObject({ reason: 'overdue', debt: '1008', collateral_sold: '0.0168', collateral_returned: '0.9832', shortfall: '0' });
    expect(await spot(rig, user.id, rig.btc)).toEqual({ available: '0.9832', locked: '0' });
    await expectLedgerBalanced(rig.test);
  });

  it('acts on no stale index: a tick 1.6 s old (over one feed interval) calls and liquidates nothing', async () => {
    const product = await makeProduct(rig);
    await rig.price('60100');
    const user = await borrower(rig, { [rig.btc]: '1' });
    const loan = await openLoan(rig, user.token, { product_id: product.id, collateral_currency_id: rig.btc, collateral: '1', amount: '39000', term_days: 0 });
    rig.clock.now += 1_000;
    await rig.price('40000');
    rig.clock.now += 1_600;
    await rig.watch();
    expect((await loanOf(rig, user.token, loan.id)).status).toBe('open');
    await rig.price('40000');
    await rig.watch();
    expect((await loanOf(rig, user.token, loan.id)).status).toBe('liquidated');
    await expectLedgerBalanced(rig.test);
  });
});
