// Proves dual settlement by the recurring job 'dual.settle' on a real database: at 16:00 on the maturity
// date each purchase is paid by the spec's rule on the recorded index tick in force at that time (call:
// below the linked price amount x factor in the coin, else amount x linked x factor in USDT; put its
// mirror), to the spot account, once: the job waits for a tick at or after settlement, a second run pays
// nothing, a 3-day outage is caught up in one run, two schedulers racing pay once, and a product that
// cannot settle is rolled back alone. Each run is recorded with what it paid. The ledger audit follows
// every scenario. Worked examples use APR 36.5 % over 7 days: factor 1 + 7 x 0.365 / 365 = 1.007.
import { DAY_MS } from '@fairex/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../src/limits.ts';
import { InvestService } from '../../src/invest/service.ts';
import { DUAL_SETTLE_JOB, WEALTH_SWEEP_EVERY_MS } from '../../src/invest/settlement.ts';
import { dualOrders, dualProducts } from '../../src/invest/tables.ts';
import { ledgerEntries, ledgerPostings } from '../../src/ledger/tables.ts';
import { IndexTickStore } from '../../src/markets/ticks.ts';
import { wealthRuns } from '../../src/wealth/tables.ts';
import { listOf } from '../notifications/support.ts';
import { call, expectLedgerBalanced, makeUser } from '../support/app.ts';
import { fundAccount } from '../support/ledger.ts';
import { buyer, createProduct, createPutProduct, figures, HOUR_MS, investRig, saveProduct, useInvestRig, type InvestRig } from './support.ts';

const rig = useInvestRig();

const myOrders = async (token: string) => (await call(rig.test.app, '/dual/dual_list', { token, payload: { limit: 50 } })).body.message.data;
const productRow = async (id: number) => (await rig.test.db.select().from(dualProducts).where(eq(dualProducts.id, id)))[0]!;
const orderRow = async (id: string) => (await rig.test.db.select().from(dualOrders).where(eq(dualOrders.id, Number(id))))[0]!;

/** Runs the due jobs at `time` on a fresh scheduler. */
async function settleAt(time: number) {
  rig.clock.now = time;
  return rig.scheduler().runDue();
}

/** The settlement postings of one order (ledger kind dual_settle). */
const settlePostings = (orderId: string) =>
  rig.test.db
    .select({ amount: ledgerPostings.amount })
    .from(ledgerPostings)
    .innerJoin(ledgerEntries, eq(ledgerEntries.id, ledgerPostings.entryId))
    .where(and(eq(ledgerEntries.kind, 'dual_settle'), eq(ledgerEntries.refType, 'dual_order'), eq(ledgerEntries.refId, orderId)));

describe('settling at 16:00 on the maturity date', () => {
  it('pays a call 0.005 x 1.007 = 0.005035 BTC when the tick in force (65,000) is below the linked price 66,000, citing that tick', async () => {
    const p = await createProduct(rig);
    const { user, order } = await buyer(rig, p.id, 5, rig.btc, '0.005');
    await rig.tick('BTC/USDT', '66500', p.settle_at - 60_000);
    const inForce = await rig.tick('BTC/USDT', '65000', p.settle_at - 1_000);
    await rig.tick('BTC/USDT', '70000', p.settle_at + 1_000);
    expect(await settleAt(p.settle_at + 1_000)).toBeGreaterThan(0);
    expect(await figures(rig.test, user.id, rig.btc)).toEqual({ spot: '0.005035', locked: '0' });
    const [view] = await myOrders(user.token);
    expect(view).toMatchObject({
      id: order.id,
      status: 'success',
      payout_currency: 'BTC',
      payout: '0.005035',
      settled_at: p.settle_at + 1_000,
      settle_tick: { id: inForce.id, price: '65000', time: p.settle_at - 1_000 },
    });
    const row = await productRow(p.id);
    expect(row).toMatchObject({ status: 'settled', settledAt: p.settle_at + 1_000 });
    expect(row.settleTickId?.toString()).toBe(inForce.id);
    // The buyer is told, in the settlement's transaction.
    expect((await listOf(rig.test, user.token)).data.filter((n) => n.kind === 'dual_settled')).toEqual([
      expect.objectContaining({
        figures: { order_id: Number(order.id), symbol: 'BTC/USDT', status: 'success', amount: '0.005', currency: 'BTC', payout: '0.005035', payout_currency: 'BTC' },
      }),
    ]);
    await expectLedgerBalanced(rig.test);
  });

  it('pays a call 0.005 x 66,000 x 1.007 = 332.31 USDT when the tick in force equals the linked price', async () => {
    const p = await createProduct(rig);
    const { user } = await buyer(rig, p.id, 5, rig.btc, '0.005');
    await rig.tick('BTC/USDT', '66000', p.settle_at);
    await settleAt(p.settle_at);
    expect(await figures(rig.test, user.id, rig.usdt)).toEqual({ spot: '332.31', locked: '0' });
    expect(await figures(rig.test, user.id, rig.btc)).toEqual({ spot: '0', locked: '0' });
    expect((await myOrders(user.token))[0]).toMatchObject({ status: 'success', payout_currency: 'USDT', payout: '332.31' });
    await expectLedgerBalanced(rig.test);
  });

  it('pays a put 300 x 1.007 = 302.1 USDT when the tick in force (64,500) is above the linked price 64,000', async () => {
    const p = await createPutProduct(rig);
    const { user } = await buyer(rig, p.id, 3, rig.usdt, '300');
    await rig.tick('BTC/USDT', '64500', p.settle_at - 5);
    await rig.tick('BTC/USDT', '60000', p.settle_at + 5);
    await settleAt(p.settle_at + 5);
    expect(await figures(rig.test, user.id, rig.usdt)).toEqual({ spot: '302.1', locked: '0' });
    await expectLedgerBalanced(rig.test);
  });

  it('pays a put 300 / 64,000 x 1.007 = 0.0047203125, rounded down to 0.00472031 BTC, when the tick in force equals the linked price', async () => {
    const p = await createPutProduct(rig);
    const { user } = await buyer(rig, p.id, 3, rig.usdt, '300');
    await rig.tick('BTC/USDT', '64000', p.settle_at);
    await settleAt(p.settle_at);
    expect(await figures(rig.test, user.id, rig.btc)).toEqual({ spot: '0.00472031', locked: '0' });
    expect(await figures(rig.test, user.id, rig.usdt)).toEqual({ spot: '0', locked: '0' });
    await expectLedgerBalanced(rig.test);
  });

  it('pays each order by its own holding days: bought 7 days out 0.001 x 1.007 = 0.001007 BTC, bought on the maturity day 0.001 BTC', async () => {
    const p = await createProduct(rig);
    const early = await buyer(rig, p.id, 1, rig.btc, '0.001');
    rig.clock.now = p.settle_at - 2 * HOUR_MS;
    const late = await buyer(rig, p.id, 1, rig.btc, '0.001');
    expect((await orderRow(late.order.id)).holdingDays).toBe(0);
    await rig.tick('BTC/USDT', '65000', p.settle_at);
    await settleAt(p.settle_at);
    expect((await figures(rig.test, early.user.id, rig.btc)).spot).toBe('0.001007');
    expect((await figures(rig.test, late.user.id, rig.btc)).spot).toBe('0.001');
    await expectLedgerBalanced(rig.test);
  });

  it('waits while no tick at or after 16:00 is recorded (orders read settling), then settles on the tick in force at 16:00, not a later one', async () => {
    const p = await createProduct(rig);
    const { user, order } = await buyer(rig, p.id, 5, rig.btc, '0.005');
    const inForce = await rig.tick('BTC/USDT', '67000', p.settle_at - 1_000);
    await settleAt(p.settle_at + 500);
    expect((await orderRow(order.id)).status).toBe('purchased');
    expect((await myOrders(user.token))[0].status).toBe('settling');
    await rig.tick('BTC/USDT', '50000', p.settle_at + 3_000);
    await settleAt(p.settle_at + 20_000);
    // 67,000 >= 66,000: 0.005 x 66,000 x 1.007 = 332.31 USDT, though the latest tick is far below.
    expect(await orderRow(order.id)).toMatchObject({ status: 'success', payout: expect.stringMatching(/^332\.31(0*)$/) });
    expect((await productRow(p.id)).settleTickId?.toString()).toBe(inForce.id);
    await expectLedgerBalanced(rig.test);
  });

  it('voids the product and refunds every principal in full when the tick in force at 16:00 is stale (the feed was down), not pays on 64,000 after the gap nor 67,000 before it', async () => {
    const p = await createProduct(rig);
    const { user, order } = await buyer(rig, p.id, 5, rig.btc, '0.005');
    await rig.tick('BTC/USDT', '67000', p.settle_at - DEFAULT_LIMITS.indexFreshMs - 1);
    await rig.tick('BTC/USDT', '64000', p.settle_at + 90_000);
    await settleAt(p.settle_at + 100_000);
    expect(await orderRow(order.id)).toMatchObject({ status: 'fail', payout: expect.stringMatching(/^0\.005(0*)$/) });
    expect(await figures(rig.test, user.id, rig.btc)).toEqual({ spot: '0.005', locked: '0' });
    expect(await productRow(p.id)).toMatchObject({ status: 'cancelled', settleTickId: null });
    expect((await myOrders(user.token))[0]).toMatchObject({ id: order.id, status: 'fail' });
    expect((await listOf(rig.test, user.token)).data.find((n) => n.kind === 'dual_settled')).toMatchObject({
      figures: { status: 'fail', amount: '0.005', currency: 'BTC', payout: '0.005', payout_currency: 'BTC' },
    });
    await expectLedgerBalanced(rig.test);
  });

  it('pays nothing more when the job runs again, and records one run with what it paid', async () => {
    const p = await createProduct(rig);
    const { user, order } = await buyer(rig, p.id, 5, rig.btc, '0.005');
    await rig.tick('BTC/USDT', '65000', p.settle_at);
    await settleAt(p.settle_at);
    await settleAt(p.settle_at + 20_000);
    await settleAt(p.settle_at + 40_000);
    expect(await settlePostings(order.id)).toHaveLength(3);
    const entries = await rig.test.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.kind, 'dual_settle'), eq(ledgerEntries.refId, order.id)));
    expect(entries).toHaveLength(1);
    expect(await figures(rig.test, user.id, rig.btc)).toEqual({ spot: '0.005035', locked: '0' });
    const [run] = await rig.test.db.select().from(wealthRuns).where(eq(wealthRuns.job, DUAL_SETTLE_JOB)).orderBy(desc(wealthRuns.id)).limit(1);
    expect(run).toMatchObject({ ranAt: p.settle_at, items: 1 });
    expect(run!.summary).toMatchObject({ paid: { BTC: '0.005035' }, orders: 1, products: [{ productId: p.id, price: '65000', orders: 1, settled: true }] });
    await expectLedgerBalanced(rig.test);
  });

  it('catches up a 3-day outage in one run: three products maturing on three days each paid exactly once, on its own day tick, by a restarted process', async () => {
    const products = [await createProduct(rig, { maturity_date: rig.day(2) }), await createProduct(rig, { maturity_date: rig.day(3) }), await createPutProduct(rig, { maturity_date: rig.day(4) })];
    const buyers = [
      await buyer(rig, products[0]!.id, 1, rig.btc, '0.001'),
      await buyer(rig, products[1]!.id, 2, rig.btc, '0.002'),
      await buyer(rig, products[2]!.id, 1, rig.usdt, '100'),
    ];
    // The feed kept recording while the job did not run: 16:00 ticks at 65,000, 67,000 and 63,000.
    await rig.tick('BTC/USDT', '65000', products[0]!.settle_at);
    await rig.tick('BTC/USDT', '67000', products[1]!.settle_at);
    await rig.tick('BTC/USDT', '63000', products[2]!.settle_at);
    // A new process after the outage: its tick store remembers nothing, the feed ticks again.
    const restarted = new IndexTickStore(rig.test.db, rig.feed, (s) => rig.test.ctx.markets.symbolId(s), DEFAULT_LIMITS, () => {});
    const resumedAt = products[2]!.settle_at + DAY_MS;
    rig.feed.emit({ symbol: 'BTC/USDT', price: '61000', time: resumedAt });
    await restarted.flush();
    await rig.store.flush();
    rig.clock.now = resumedAt;
    await rig.scheduler(rig.makeService(restarted)).runDue();
    rig.clock.now = resumedAt + WEALTH_SWEEP_EVERY_MS;
    await rig.scheduler(rig.makeService(restarted)).runDue();
    await restarted.stop();
    // 2 days: 0.001 x (1 + 2 x 0.365 / 365) = 0.001002 BTC (below 66,000).
    expect((await figures(rig.test, buyers[0]!.user.id, rig.btc)).spot).toBe('0.001002');
    // 3 days: 0.002 x 66,000 x 1.003 = 132.396 USDT (67,000 is not below 66,000).
    expect((await figures(rig.test, buyers[1]!.user.id, rig.usdt)).spot).toBe('132.396');
    // 4 days, put: 100 / 64,000 x 1.004 = 0.00156875 BTC (63,000 is not above 64,000).
    expect((await figures(rig.test, buyers[2]!.user.id, rig.btc)).spot).toBe('0.00156875');
    for (const b of buyers) expect(await settlePostings(b.order.id), b.order.id).not.toHaveLength(0);
    for (const b of buyers) {
      const entries = await rig.test.db.select().from(ledgerEntries).where(and(eq(ledgerEntries.kind, 'dual_settle'), eq(ledgerEntries.refId, b.order.id)));
      expect(entries).toHaveLength(1);
    }
    const runs = await rig.test.db.select().from(wealthRuns).where(and(eq(wealthRuns.job, DUAL_SETTLE_JOB), eq(wealthRuns.ranAt, resumedAt)));
    expect(runs).toHaveLength(1);
    expect(runs[0]!.summary).toMatchObject({ paid: { BTC: '0.00257075', USDT: '132.396' }, orders: 3 });
    await expectLedgerBalanced(rig.test);
  });

  it('settles once when two schedulers race for the job', async () => {
    const p = await createProduct(rig);
    const { user, order } = await buyer(rig, p.id, 5, rig.btc, '0.005');
    await rig.tick('BTC/USDT', '65000', p.settle_at);
    rig.clock.now = p.settle_at;
    await Promise.all([rig.scheduler().runDue(), rig.scheduler(rig.makeService()).runDue()]);
    const entries = await rig.test.db.select().from(ledgerEntries).where(and(eq(ledgerEntries.kind, 'dual_settle'), eq(ledgerEntries.refId, order.id)));
    expect(entries).toHaveLength(1);
    expect(await figures(rig.test, user.id, rig.btc)).toEqual({ spot: '0.005035', locked: '0' });
    await expectLedgerBalanced(rig.test);
  });

  it('settles once when two processes settle the same due product in transactions at once (the second skips the locked row)', async () => {
    const p = await createProduct(rig);
    const { user, order } = await buyer(rig, p.id, 5, rig.btc, '0.005');
    await rig.tick('BTC/USDT', '65000', p.settle_at);
    rig.clock.now = p.settle_at;
    const [a, b] = [rig.makeService(), rig.makeService()];
    await Promise.all([rig.test.db.transaction((tx) => a.settleDue(tx)), rig.test.db.transaction((tx) => b.settleDue(tx))]);
    const entries = await rig.test.db.select().from(ledgerEntries).where(and(eq(ledgerEntries.kind, 'dual_settle'), eq(ledgerEntries.refId, order.id)));
    expect(entries).toHaveLength(1);
    expect(await figures(rig.test, user.id, rig.btc)).toEqual({ spot: '0.005035', locked: '0' });
    await expectLedgerBalanced(rig.test);
  });

  it('leaves the rest of a full batch for the next run: 5 orders paid 2 + 2 + 1 over three runs, each citing the one tick, the product settled at the last', async () => {
    const p = await createProduct(rig);
    const buyers: Awaited<ReturnType<typeof buyer>>[] = [];
    for (let i = 0; i < 5; i++) buyers.push(await buyer(rig, p.id, 1, rig.btc, '0.001'));
    const inForce = await rig.tick('BTC/USDT', '65000', p.settle_at);
    const small = rig.makeService();
    const batched = new InvestService(rig.test.db, { ...small.options, settleOrdersMax: 2 });
    const paid = async () => (await Promise.all(buyers.map((b) => orderRow(b.order.id)))).filter((o) => o.status === 'success').length;
    for (const [run, expected] of [[0, 2], [1, 4], [2, 5]] as const) {
      rig.clock.now = p.settle_at + run * WEALTH_SWEEP_EVERY_MS;
      await rig.scheduler(batched).runDue();
      expect(await paid(), `run ${run}`).toBe(expected);
      expect((await productRow(p.id)).status, `run ${run}`).toBe(expected === 5 ? 'settled' : 'open');
    }
    const views = await myOrders(buyers[0]!.user.token);
    expect(views[0]).toMatchObject({ status: 'success', payout: '0.001007', settle_tick: { id: inForce.id, price: '65000' } });
    await expectLedgerBalanced(rig.test);
  });

  it('leaves the due products beyond a full batch for the next run', async () => {
    const first = await createProduct(rig, { maturity_date: rig.day(2) });
    const second = await createProduct(rig, { maturity_date: rig.day(3) });
    const a = await buyer(rig, first.id, 1, rig.btc, '0.001');
    const b = await buyer(rig, second.id, 1, rig.btc, '0.001');
    await rig.tick('BTC/USDT', '65000', first.settle_at);
    await rig.tick('BTC/USDT', '65100', second.settle_at);
    const batched = new InvestService(rig.test.db, { ...rig.service.options, settleProductsMax: 1 });
    rig.clock.now = second.settle_at;
    await rig.scheduler(batched).runDue();
    expect([(await productRow(first.id)).status, (await productRow(second.id)).status]).toEqual(['settled', 'open']);
    rig.clock.now += WEALTH_SWEEP_EVERY_MS;
    await rig.scheduler(batched).runDue();
    expect((await productRow(second.id)).status).toBe('settled');
    // 2 days: 0.001 x 1.002 = 0.001002 BTC; 3 days: 0.001 x 1.003 = 0.001003 BTC.
    expect((await figures(rig.test, a.user.id, rig.btc)).spot).toBe('0.001002');
    expect((await figures(rig.test, b.user.id, rig.btc)).spot).toBe('0.001003');
    await expectLedgerBalanced(rig.test);
  });

  it('settles a product with no orders, and a settled product answers the index no more', async () => {
    const p = await createProduct(rig);
    await rig.tick('BTC/USDT', '65000', p.settle_at);
    await settleAt(p.settle_at);
    expect((await productRow(p.id)).status).toBe('settled');
    const listed = (await call(rig.test.app, '/dual/index', { method: 'GET' })).body.message as { id: number }[];
    expect(listed.map((x) => x.id)).not.toContain(p.id);
  });
});

describe('a product that cannot settle', () => {
  let other: InvestRig;
  beforeAll(async () => {
    other = await investRig(Date.parse('2027-06-01T10:00:00Z'));
  });
  afterAll(() => other.close());

  it('is rolled back alone and retried at the next run (told to onError) while another product settles', async () => {
    const maturity = '2027-06-05';
    const settleAtTime = Date.parse(`${maturity}T16:00:00Z`);
    const fields = { maturity_date: maturity, sale_end_at: settleAtTime - HOUR_MS, apr: '0.365', total_shares: 10 };
    const good = (await saveProduct(other.test, other.op, { ...fields, type: 'call', symbol_id: other.btcSymbol, linked_price: '66000', per_price: '0.001' })).body.message;
    const stuck = (await saveProduct(other.test, other.op, { ...fields, type: 'call', symbol_id: other.ethSymbol, linked_price: '3300', per_price: '0.01' })).body.message;
    const user = await makeUser(other.test);
    await fundAccount(other.test, user.id, other.btc, '0.001');
    await fundAccount(other.test, user.id, other.eth, '0.01');
    expect((await call(other.test.app, '/dual/buyDual', { token: user.token, payload: { id: good.id, num: 1 } })).body.type).toBe('ok');
    expect((await call(other.test.app, '/dual/buyDual', { token: user.token, payload: { id: stuck.id, num: 1 } })).body.type).toBe('ok');
    // The ETH order claims more than its account holds locked: its settlement is refused by the ledger.
    const setStuckAmount = (amount: string) => other.test.db.update(dualOrders).set({ amount }).where(eq(dualOrders.productId, stuck.id));
    await setStuckAmount('0.02');
    await other.tick('BTC/USDT', '65000', settleAtTime);
    await other.tick('ETH/USDT', '3000', settleAtTime);
    other.clock.now = settleAtTime + 1;
    await other.scheduler().runDue();
    const status = async (id: number) => (await other.test.db.select().from(dualProducts).where(eq(dualProducts.id, id)))[0]!.status;
    expect(await status(good.id)).toBe('settled');
    expect(await status(stuck.id)).toBe('open');
    expect(other.errors.map(String).join('\n')).toContain('insufficient_balance');
    // 4 days, below 66,000: 0.001 x (1 + 4 x 0.365 / 365) = 0.001004 BTC.
    expect(await figures(other.test, user.id, other.btc)).toEqual({ spot: '0.001004', locked: '0' });
    expect(await figures(other.test, user.id, other.eth)).toEqual({ spot: '0', locked: '0.01' });
    const runs = await other.test.db.select().from(wealthRuns).where(eq(wealthRuns.job, DUAL_SETTLE_JOB));
    expect(runs.map((r) => r.items)).toEqual([1]);
    // Retried at the next run: still refused while the row is wrong, settled once it is right again.
    const before = other.errors.length;
    other.clock.now += WEALTH_SWEEP_EVERY_MS;
    await other.scheduler().runDue();
    expect(other.errors.length).toBeGreaterThan(before);
    expect(await status(stuck.id)).toBe('open');
    await setStuckAmount('0.01');
    other.clock.now += WEALTH_SWEEP_EVERY_MS;
    await other.scheduler().runDue();
    expect(await status(stuck.id)).toBe('settled');
    // 3,000 < 3,300: 0.01 x 1.004 = 0.01004 ETH back.
    expect(await figures(other.test, user.id, other.eth)).toEqual({ spot: '0.01004', locked: '0' });
    await expectLedgerBalanced(other.test);
  });
});

describe('the audit of settled dual orders', () => {
  it('fails dual_payouts_follow_rule when an order was paid other than the rule on its cited tick, in amount or coin', async () => {
    const p = await createProduct(rig);
    const { order } = await buyer(rig, p.id, 5, rig.btc, '0.005');
    await rig.tick('BTC/USDT', '65000', p.settle_at - 1_000);
    await rig.tick('BTC/USDT', '65000', p.settle_at + 1_000);
    expect(await settleAt(p.settle_at + 1_000)).toBeGreaterThan(0);
    const { audit, offenders } = await import('../../src/ledger/index.ts');
    expect(offenders(await audit(rig.test.db), 'dual_payouts_follow_rule')).toEqual([]);
    const row = await orderRow(order.id);
    expect(row.payout).toBe('0.005035000000000000');
    for (const change of [{ payout: '0.005036' }, { payoutCurrencyId: rig.usdt }]) {
      await rig.test.db.update(dualOrders).set(change).where(eq(dualOrders.id, row.id));
      expect(offenders(await audit(rig.test.db), 'dual_payouts_follow_rule').map((r) => r.order_id)).toEqual([row.id]);
      await rig.test.db.update(dualOrders).set({ payout: row.payout, payoutCurrencyId: row.payoutCurrencyId }).where(eq(dualOrders.id, row.id));
    }
    await expectLedgerBalanced(rig.test);
  });
});
