// Proves the mining payout job ('mining.payout') on a real database with real job schedulers and a
// moved clock: a day's interest (amount x that day's published rate, rounded down) is paid to spot once
// the day has ended, exactly once when the job runs twice, when two schedulers race and when two runs
// overlap; after a 3-day outage one run pays every missed day once, each at its own rate; a day's rate
// is fixed before the day runs (an edit of the range the same day changes nothing); the principal comes
// back at the unlock time once every day is paid; a failing order is rolled back alone and paid on the
// next run; a full batch leaves the rest to the next run; the claimed orders are paid and unlocked in one bulk pass
// (none falls back to order by order); each run is recorded with its totals per coin
// and its payouts name it. The ledger audit runs after every scenario.
import { addDays, DAY_MS } from '@fairex/contract';
import { and, eq, like } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { ledgerEntries } from '../../src/ledger/tables.ts';
import { miningPayouts, miningRates } from '../../src/mining/tables.ts';
import { wealthRuns } from '../../src/wealth/tables.ts';
import { call, expectLedgerBalanced } from '../support/app.ts';
import { listOf } from '../notifications/support.ts';
import { deposit, figures, fundedUser, makeProduct, orderRow, payoutRow, payoutRows, publishRate, redeem, runPayouts, useMiningRig } from './support.ts';

/** Each test starts at 10:00 UTC of its own day, a month after the last, once everything earlier is paid and unlocked. */
const rig = useMiningRig();
beforeEach(() => runPayouts(rig));

const day = (offset: number) => addDays(new Date(rig.clock.testStart).toISOString().slice(0, 10), offset);
/** Midnight UTC starting day `offset` (day 0 is the test's first day). */
const midnight = (offset: number) => Date.parse(`${day(offset)}T00:00:00Z`);

async function interestEntries(orderId: string) {
  return rig.test.db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.kind, 'mining_interest'), eq(ledgerEntries.refType, 'mining_payout'), like(ledgerEntries.refId, `${orderId}:%`)));
}

async function placeOrder(productFields: Parameters<typeof makeProduct>[1], amount = '1000', coin = productFields.currency_id) {
  const product = await makeProduct(rig, productFields);
  const user = await fundedUser(rig, coin, coin === rig.usdt ? '10000' : '10');
  const res = await deposit(rig, user.token, { config_id: product.id, amount });
  expect(res.body.type, JSON.stringify(res.body)).toBe('ok');
  return { product, user, order: res.body.message as { id: string } };
}

describe('paying a day', () => {
  it('pays 1000 USDT x the day\'s published 0.0035 = 3.5 USDT to spot once the day has ended, not before, and names the run', async () => {
    const product = await makeProduct(rig, { currency_id: rig.usdt });
    await publishRate(rig, product.id, day(1), '0.0035');
    const user = await fundedUser(rig);
    rig.clock.now = midnight(1) + 9 * 3_600_000;
    const placed = (await deposit(rig, user.token, { config_id: product.id, amount: '1000' })).body.message;
    rig.clock.now = midnight(2) - 1;
    await runPayouts(rig);
    expect(await payoutRows(rig, placed.id)).toEqual([]);
    rig.clock.now = midnight(2);
    await rig.scheduler().runDue();
    const [payout] = await payoutRows(rig, placed.id);
    expect(payout).toMatchObject({ day: day(1), rate: '0.003500000000000000', amount: '3.500000000000000000', paidAt: midnight(2) });
    expect(await orderRow(rig, placed.id)).toMatchObject({ daysPaid: 1, interestPaid: '3.500000000000000000', nextPayoutAt: midnight(3), status: 'active' });
    expect(await figures(rig.test, user.id, rig.usdt)).toEqual({ spot: '9003.5', locked: '1000' });
    const [run] = await rig.test.db.select().from(wealthRuns).where(eq(wealthRuns.id, payout!.runId!));
    expect(run).toMatchObject({ job: 'mining.payout', ranAt: midnight(2) });
    const ofRun = await rig.test.db.select().from(miningPayouts).where(eq(miningPayouts.runId, run!.id));
    expect(run!.summary).toMatchObject({ days_paid: ofRun.length, paid: { USDT: '3.5' } });
    const listed = (await call(rig.test.app, '/lh/deposit/order', { method: 'GET', token: user.token })).body.message.data[0];
    expect(listed.payouts).toEqual([{ day: day(1), rate: '0.0035', amount: '3.5', paid_at: midnight(2) }]);
    await expectLedgerBalanced(rig.test);
  });

  it('rounds the interest down to the coin\'s unit: 0.12345678 BTC x 0.0033 = 0.00040740 BTC', async () => {
    const { user, order } = await placeOrder({ currency_id: rig.btc, amount_min: '0.01', daily_yield_min: '0.0033', daily_yield_max: '0.004' }, '0.12345678');
    rig.clock.now = midnight(1);
    await runPayouts(rig);
    // 0.12345678 x 0.0033 = 0.000407407374
    expect((await payoutRow(rig, order.id, day(0)))?.amount).toBe('0.000407400000000000');
    expect(await figures(rig.test, user.id, rig.btc)).toEqual({ spot: '9.87695062', locked: '0.12345678' });
    await expectLedgerBalanced(rig.test);
  });

  it('records a day at a zero rate as a payout of 0 with no ledger entry', async () => {
    const { order } = await placeOrder({ currency_id: rig.usdt, daily_yield_min: '0', daily_yield_max: '0.001' });
    rig.clock.now = midnight(1);
    await runPayouts(rig);
    expect((await payoutRow(rig, order.id, day(0)))?.amount).toBe('0.000000000000000000');
    expect(await orderRow(rig, order.id)).toMatchObject({ daysPaid: 1 });
    expect(await interestEntries(order.id)).toEqual([]);
    await expectLedgerBalanced(rig.test);
  });
});

describe('exactly once', () => {
  it('pays a day once when two schedulers race, when the job runs again, and when two runs overlap', async () => {
    const { user, order } = await placeOrder({ currency_id: rig.usdt });
    rig.clock.now = midnight(1);
    await Promise.all([rig.scheduler().runDue(), rig.scheduler(rig.service()).runDue()]);
    rig.clock.now = midnight(1) + 10_000;
    await rig.scheduler().runDue();
    await Promise.all([runPayouts(rig), runPayouts(rig, rig.service())]);
    expect((await payoutRows(rig, order.id)).map((p) => p.day)).toEqual([day(0)]);
    expect(await interestEntries(order.id)).toHaveLength(1);
    // 1000 x 0.003, once.
    expect(await figures(rig.test, user.id, rig.usdt)).toEqual({ spot: '9003', locked: '1000' });
    expect(rig.errors).toEqual([]);
    await expectLedgerBalanced(rig.test);
  });

  it('moves an order once when a redemption meets a run: the ended day paid once (3), then 1000 - 20 returned (5 days left x 0.4 %)', async () => {
    const { user, order } = await placeOrder({ currency_id: rig.usdt });
    rig.clock.now = midnight(1) + 3_600_000;
    const [redeemed] = await Promise.all([redeem(rig, user.token, order.id), runPayouts(rig, rig.service())]);
    expect(redeemed.body.message).toMatchObject({ status: 'redeemed', days_paid: 1, interest_paid: '3', penalty: '20', returned: '980' });
    expect(await payoutRows(rig, order.id)).toHaveLength(1);
    expect(await interestEntries(order.id)).toHaveLength(1);
    expect(await figures(rig.test, user.id, rig.usdt)).toEqual({ spot: '9983', locked: '0' });
    expect(rig.errors).toEqual([]);
    await expectLedgerBalanced(rig.test);
  });

  it('catches up a 3-day outage in one run, each day once at its own rate: 3 + 3.6 + 3.8 = 10.4 USDT, and the low end for days nobody published', async () => {
    const { product, user, order } = await placeOrder({ currency_id: rig.usdt });
    const quiet = await placeOrder({ currency_id: rig.usdt, daily_yield_min: '0.002', daily_yield_max: '0.004' }, '500');
    await publishRate(rig, product.id, day(1), '0.0036');
    await publishRate(rig, product.id, day(2), '0.0038');
    // Down from now until three days later: nothing ran in between.
    rig.clock.now = rig.clock.testStart + 3 * DAY_MS;
    await rig.scheduler().runDue();
    expect((await payoutRows(rig, order.id)).map((p) => [p.day, p.rate, p.amount])).toEqual([
      [day(0), '0.003000000000000000', '3.000000000000000000'],
      [day(1), '0.003600000000000000', '3.600000000000000000'],
      [day(2), '0.003800000000000000', '3.800000000000000000'],
    ]);
    expect(await orderRow(rig, order.id)).toMatchObject({ daysPaid: 3, interestPaid: '10.400000000000000000', nextPayoutAt: midnight(4) });
    expect(await figures(rig.test, user.id, rig.usdt)).toEqual({ spot: '9010.4', locked: '1000' });
    // The quiet product had no rate for days 1 and 2: the low end, published when they were paid.
    const quietRates = await rig.test.db.select().from(miningRates).where(eq(miningRates.productId, quiet.product.id)).orderBy(miningRates.day);
    expect(quietRates.map((r) => [r.day, r.rate, r.source])).toEqual([
      [day(0), '0.002000000000000000', 'range_low'],
      [day(1), '0.002000000000000000', 'range_low'],
      [day(2), '0.002000000000000000', 'range_low'],
      [day(3), '0.002000000000000000', 'range_low'],
    ]);
    expect((await payoutRows(rig, quiet.order.id)).map((p) => p.amount)).toEqual(['1.000000000000000000', '1.000000000000000000', '1.000000000000000000']);
    rig.clock.now += 10_000;
    await rig.scheduler().runDue();
    expect(await payoutRows(rig, order.id)).toHaveLength(3);
    expect(await interestEntries(order.id)).toHaveLength(3);
    await expectLedgerBalanced(rig.test);
  });

  it('pays every claimed order in one bulk pass (nothing falls back to order by order): 3 orders of 2 users, 2 days each, then unlocks them together', async () => {
    const first = await placeOrder({ currency_id: rig.usdt, term_days: 2 });
    const second = await placeOrder({ currency_id: rig.usdt, term_days: 2 }, '500');
    const third = await deposit(rig, first.user.token, { config_id: first.product.id, amount: '2000' });
    expect(third.body.type).toBe('ok');
    // Both days have ended; the unlock time (2 days after the deposits) is a moment later.
    rig.clock.now = rig.clock.testStart + 2 * DAY_MS - 1;
    const service = rig.service();
    const run = await runPayouts(rig, service);
    expect(rig.errors).toEqual([]);
    expect(run.payouts.map((p) => [p.orderId, p.day, p.amount])).toEqual([
      [Number(first.order.id), day(0), '3'],
      [Number(first.order.id), day(1), '3'],
      [Number(second.order.id), day(0), '1.5'],
      [Number(second.order.id), day(1), '1.5'],
      [Number(third.body.message.id), day(0), '6'],
      [Number(third.body.message.id), day(1), '6'],
    ]);
    expect(await orderRow(rig, third.body.message.id)).toMatchObject({ daysPaid: 2, interestPaid: '12.000000000000000000', nextPayoutAt: null, status: 'active' });
    expect(await figures(rig.test, first.user.id, rig.usdt)).toEqual({ spot: String(10000 - 3000 + 18), locked: '3000' });
    // Past the unlock time: both of the first user's orders and the second's come back in one pass.
    rig.clock.now = rig.clock.testStart + 2 * DAY_MS;
    expect((await runPayouts(rig, service)).unlocked).toBe(3);
    expect(rig.errors).toEqual([]);
    expect(await orderRow(rig, first.order.id)).toMatchObject({ status: 'expired', returned: '1000.000000000000000000', penalty: '0.000000000000000000', nextPayoutAt: null });
    expect(await figures(rig.test, first.user.id, rig.usdt)).toEqual({ spot: '10018', locked: '0' });
    expect(await figures(rig.test, second.user.id, rig.usdt)).toEqual({ spot: '10003', locked: '0' });
    await expectLedgerBalanced(rig.test);
  });

  it('rolls a failing order back alone, tells onError, and pays it on the next run', async () => {
    const broken = await placeOrder({ currency_id: rig.usdt });
    const fine = await placeOrder({ currency_id: rig.usdt });
    // A payout row for the day already there: paying the day again must fail, not pay twice.
    await rig.test.db.insert(miningPayouts).values({ orderId: Number(broken.order.id), day: day(0), rate: '0.003', amount: '0', paidAt: rig.clock.testStart });
    rig.clock.now = midnight(1);
    const service = rig.service();
    await runPayouts(rig, service);
    // The batch failed as a whole (told without an order), then that order alone.
    expect(rig.errors).toHaveLength(2);
    expect(await orderRow(rig, broken.order.id)).toMatchObject({ daysPaid: 0, nextPayoutAt: midnight(1) });
    expect(await interestEntries(broken.order.id)).toEqual([]);
    expect((await payoutRows(rig, fine.order.id)).map((p) => p.day)).toEqual([day(0)]);
    await rig.test.db.delete(miningPayouts).where(and(eq(miningPayouts.orderId, Number(broken.order.id)), eq(miningPayouts.day, day(0))));
    rig.clock.now += 10_000;
    await runPayouts(rig, service);
    expect(await orderRow(rig, broken.order.id)).toMatchObject({ daysPaid: 1 });
    expect(await figures(rig.test, broken.user.id, rig.usdt)).toEqual({ spot: '9003', locked: '1000' });
    rig.errors.length = 0;
    await expectLedgerBalanced(rig.test);
  });

  it('leaves the rest of a full batch to the next run: 3 orders due, batches of 2', async () => {
    const placed = [];
    for (let i = 0; i < 3; i++) placed.push(await placeOrder({ currency_id: rig.usdt }));
    rig.clock.now = midnight(1);
    const small = rig.service({ batchMax: 2 });
    const first = await runPayouts(rig, small);
    expect(first.payouts).toHaveLength(2);
    const second = await runPayouts(rig, small);
    expect(second.payouts).toHaveLength(1);
    for (const { order } of placed) expect(await payoutRows(rig, order.id)).toHaveLength(1);
    await expectLedgerBalanced(rig.test);
  });
});

describe('rates', () => {
  it('fixes a day\'s rate before the day runs: a range raised during the day pays that day at 0.003, the next day at the new low end 0.005', async () => {
    const { product, order } = await placeOrder({ currency_id: rig.usdt });
    const edit = await call(rig.test.app, '/admin/mining/products', {
      token: rig.op,
      payload: { id: product.id, category: 'lock', name_en: 'Raised', currency_id: rig.usdt, term_days: 5, daily_yield_min: '0.005', daily_yield_max: '0.006', amount_min: '100', penalty_ratio: '0.004' },
    });
    expect(edit.body.type, JSON.stringify(edit.body)).toBe('ok');
    const listed = (await call(rig.test.app, '/lh/deposit/config', { method: 'GET' })).body.message.find((p: { id: number }) => p.id === product.id);
    expect(listed).toMatchObject({ today_rate: '0.003', daily_yield_min: '0.005' });
    rig.clock.now = midnight(2);
    await runPayouts(rig);
    expect((await payoutRows(rig, order.id)).map((p) => [p.day, p.amount])).toEqual([
      [day(0), '3.000000000000000000'],
      [day(1), '5.000000000000000000'],
    ]);
    await expectLedgerBalanced(rig.test);
  });

  it('publishes today\'s rate of every enabled product at the low end on each run, and keeps an operator\'s', async () => {
    const plain = await makeProduct(rig, { currency_id: rig.usdt });
    const chosen = await makeProduct(rig, { currency_id: rig.usdt });
    const off = await makeProduct(rig, { currency_id: rig.usdt, enabled: false });
    await publishRate(rig, chosen.id, day(1), '0.0039');
    rig.clock.now = midnight(1) + 1;
    await runPayouts(rig);
    const rates = await rig.test.db.select().from(miningRates).where(eq(miningRates.day, day(1)));
    const of = (id: number) => rates.find((r) => r.productId === id);
    expect(of(plain.id)).toMatchObject({ rate: '0.003000000000000000', source: 'range_low', publishedAt: midnight(1) + 1 });
    expect(of(chosen.id)).toMatchObject({ rate: '0.003900000000000000', source: 'operator' });
    expect(of(off.id)).toBeUndefined();
  });
});

describe('unlocking', () => {
  it('returns the principal at the unlock time once every day is paid and records the run with its totals per coin', async () => {
    const usdtOrder = await placeOrder({ currency_id: rig.usdt, term_days: 2 });
    const btcOrder = await placeOrder({ currency_id: rig.btc, term_days: 2, amount_min: '0.01' }, '0.5');
    rig.clock.now = midnight(2);
    await runPayouts(rig);
    expect(await orderRow(rig, usdtOrder.order.id)).toMatchObject({ status: 'active', daysPaid: 2, nextPayoutAt: null });
    expect(await figures(rig.test, usdtOrder.user.id, rig.usdt)).toEqual({ spot: '9006', locked: '1000' });
    rig.clock.now = rig.clock.testStart + 2 * DAY_MS;
    const run = await runPayouts(rig);
    expect(run.unlocked).toBe(2);
    expect(await orderRow(rig, usdtOrder.order.id)).toMatchObject({ status: 'expired', returned: '1000.000000000000000000', penalty: '0.000000000000000000', endedAt: rig.clock.testStart + 2 * DAY_MS });
    expect(await figures(rig.test, usdtOrder.user.id, rig.usdt)).toEqual({ spot: '10006', locked: '0' });
    // 0.5 BTC x 0.003 = 0.0015 a day, two days.
    expect(await figures(rig.test, btcOrder.user.id, rig.btc)).toEqual({ spot: '10.003', locked: '0' });
    const [recorded] = await rig.test.db.select().from(wealthRuns).where(eq(wealthRuns.id, run.runId!));
    expect(recorded).toMatchObject({ job: 'mining.payout', items: 2, summary: { returned: { USDT: '1000', BTC: '0.5' }, orders_unlocked: 2, days_paid: 0 } });
    const runs = await call(rig.test.app, '/admin/wealth/runs', { method: 'GET', token: rig.op, payload: { job: 'mining.payout' } });
    expect(runs.body.message.data[0]).toMatchObject({ id: run.runId, job: 'mining.payout', items: 2 });
    const again = await runPayouts(rig);
    expect(again.unlocked).toBe(0);
    // Each owner is told once, with the principal back and the interest of the term (3.5 + 2.5 a day).
    const told = await listOf(rig.test, usdtOrder.user.token);
    expect(told.data.filter((n) => n.kind === 'mining_unlocked')).toEqual([
      expect.objectContaining({ figures: { order_id: Number(usdtOrder.order.id), amount: '1000', currency: 'USDT', interest: '6' } }),
    ]);
    expect((await listOf(rig.test, btcOrder.user.token)).data.find((n) => n.kind === 'mining_unlocked')).toMatchObject({ figures: { amount: '0.5', currency: 'BTC', interest: '0.003' } });
    await expectLedgerBalanced(rig.test);
  });
});
