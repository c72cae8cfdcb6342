// Proves the dual-investment back office (/api/admin/dual/*) on a real database: admins create products
// (settlement fixed at 16:00 on the maturity date in the operator's zone) and edit them (any figure before
// the first purchase, only the sale end and the switch after it), cancel one while on sale with every
// purchase refunded in full (orders fail), each write logged; every operator role reads products, orders,
// the settlement runs and the invest pool, and only admins write. The ledger audit follows every scenario.
import { errorMessage, sub, sum } from '@fairex/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { operatorAuditLog } from '../../src/admin/tables.ts';
import { dualOrders } from '../../src/invest/tables.ts';
import { ledgerEntries } from '../../src/ledger/tables.ts';
import { makeOperatorToken } from '../funds/support.ts';
import { call, expectLedgerBalanced, makeUser } from '../support/app.ts';
import { buyer, createProduct, figures, HOUR_MS, productFields, saveProduct, settleAtUtc, useInvestRig, type ProductFields } from './support.ts';

const rig = useInvestRig();

const admin = (method: 'GET' | 'POST', url: string, payload: Record<string, unknown> = {}, token = rig.op, lang?: string) =>
  call(rig.test.app, `/admin${url}`, { method, token, payload, lang });
const logOf = (id: number) => rig.test.db.select().from(operatorAuditLog).where(eq(operatorAuditLog.target, `dual_product:${id}`));

describe('creating and editing products', () => {
  it('creates a product settling at 16:00 on its maturity date (UTC by default), logged with what was entered', async () => {
    const p = await createProduct(rig);
    expect(p).toMatchObject({
      type: 'call',
      symbol: 'BTC/USDT',
      currency: 'BTC',
      quote_currency: 'USDT',
      invest_currency: 'BTC',
      linked_price: '66000',
      apr: '0.365',
      per_price: '0.001',
      total_shares: 100,
      sold_shares: 0,
      maturity_date: rig.day(7),
      settle_at: settleAtUtc(rig.day(7)),
      status: 'open',
      on_sale: true,
      settle_tick: null,
    });
    const [log] = await logOf(p.id);
    expect(log).toMatchObject({ action: 'dual_product_create' });
    expect(log!.detail).toMatchObject({ after: { linked_price: '66000', maturity_date: rig.day(7) } });
  });

  it('refuses a maturity already past 16:00, a sale end after settlement, a non-spot or missing symbol, a per-share price finer than the coin, and bad figures', async () => {
    const today = rig.day(0);
    rig.clock.now = settleAtUtc(today);
    const cases: [Partial<ProductFields>, string][] = [
      [{ maturity_date: today, sale_end_at: settleAtUtc(today) - HOUR_MS }, 'wealth_times_invalid'],
      [{ sale_end_at: settleAtUtc(rig.day(7)) + 1 }, 'wealth_times_invalid'],
      [{ symbol_id: rig.test.ctx.markets.symbolId('BTCUSDT') }, 'parameter_error'],
      [{ symbol_id: 999_999 }, 'not_found'],
      [{ per_price: '0.000000001' }, 'wrong_number'],
      [{ apr: '0' }, 'wrong_number'],
      [{ linked_price: '-1' }, 'wrong_number'],
      // NUMERIC(36,18) holds 18 digits before the point.
      [{ linked_price: '10000000000000000000' }, 'wrong_number'],
      [{ total_shares: 0 }, 'parameter_error'],
      [{ maturity_date: '2026-02-30' }, 'parameter_error'],
      [{ type: 'straddle' as 'call' }, 'parameter_error'],
    ];
    for (const [overrides, code] of cases) {
      const res = await saveProduct(rig.test, rig.op, productFields(rig, overrides), 'zh');
      expect(res.status, JSON.stringify(overrides)).toBeLessThan(500);
      expect(res.body, JSON.stringify(overrides)).toMatchObject({ type: 'error', message: errorMessage(code as 'not_found', 'zh') });
    }
  });

  it('edits any figure before the first purchase (settlement moved with the maturity), then only the sale end and the switch', async () => {
    const p = await createProduct(rig);
    const edited = await saveProduct(rig.test, rig.op, productFields(rig, { id: p.id, linked_price: '67000', maturity_date: rig.day(8), sale_end_at: settleAtUtc(rig.day(8)) - HOUR_MS }));
    expect(edited.body.message).toMatchObject({ id: p.id, linked_price: '67000', maturity_date: rig.day(8), settle_at: settleAtUtc(rig.day(8)) });
    await buyer(rig, p.id, 1, rig.btc, '0.001');
    const locked = await saveProduct(rig.test, rig.op, productFields(rig, { id: p.id, linked_price: '68000', maturity_date: rig.day(8), sale_end_at: settleAtUtc(rig.day(8)) - HOUR_MS }), 'en');
    expect(locked.body).toMatchObject({ type: 'error', message: errorMessage('invest_product_locked', 'en') });
    const closeEarly = await saveProduct(rig.test, rig.op, productFields(rig, { id: p.id, linked_price: '67000', maturity_date: rig.day(8), sale_end_at: rig.clock.testStart + HOUR_MS, enabled: false }));
    expect(closeEarly.body.message).toMatchObject({ sale_end_at: rig.clock.testStart + HOUR_MS, enabled: false, linked_price: '67000', sold_shares: 1 });
    const pastSettlement = await saveProduct(rig.test, rig.op, productFields(rig, { id: p.id, linked_price: '67000', maturity_date: rig.day(8), sale_end_at: settleAtUtc(rig.day(8)) + 1 }));
    expect(pastSettlement.body.code).toBe('wealth_times_invalid');
    expect((await logOf(p.id)).map((l) => l.action)).toEqual(['dual_product_create', 'dual_product_edit', 'dual_product_edit']);
    expect((await saveProduct(rig.test, rig.op, productFields(rig, { id: 999_999 }))).body.code).toBe('not_found');
    await expectLedgerBalanced(rig.test);
  });
});

describe('cancelling a product while on sale', () => {
  it('refunds every purchase in full (0.003 BTC and 0.002 BTC) to spot, fails the orders, cancels the product, and logs it', async () => {
    const p = await createProduct(rig);
    const a = await buyer(rig, p.id, 3, rig.btc, '0.003');
    const b = await buyer(rig, p.id, 2, rig.btc, '0.005');
    const res = await admin('POST', '/dual/products/cancel', { id: p.id });
    expect(res.body.message).toMatchObject({ product: { id: p.id, status: 'cancelled', on_sale: false }, refunded: { orders: 2, amount: '0.005' } });
    expect(await figures(rig.test, a.user.id, rig.btc)).toEqual({ spot: '0.003', locked: '0' });
    expect(await figures(rig.test, b.user.id, rig.btc)).toEqual({ spot: '0.005', locked: '0' });
    const mine = await call(rig.test.app, '/dual/dual_list', { token: a.user.token, payload: { status: 'fail' } });
    expect(mine.body.message.data).toEqual([expect.objectContaining({ id: a.order.id, status: 'fail', payout: '0.003', payout_currency: 'BTC', settle_tick: null, settled_at: rig.clock.testStart })]);
    const refunds = await rig.test.db.select().from(ledgerEntries).where(and(eq(ledgerEntries.kind, 'dual_refund'), eq(ledgerEntries.refType, 'dual_order')));
    expect(refunds.map((e) => e.refId)).toEqual(expect.arrayContaining([a.order.id, b.order.id]));
    const [log] = (await logOf(p.id)).filter((l) => l.action === 'dual_product_cancel');
    expect(log!.detail).toEqual({ orders: 2, amount: '0.005' });
    expect((await admin('POST', '/dual/products/cancel', { id: p.id })).body.code).toBe('wealth_product_unavailable');
    await expectLedgerBalanced(rig.test);
  });

  it('refuses to cancel once the sale has ended (invest_sale_closed): the purchases go to settlement', async () => {
    const p = await createProduct(rig);
    const { user } = await buyer(rig, p.id, 1, rig.btc, '0.001');
    rig.clock.now = p.sale_end_at;
    const res = await admin('POST', '/dual/products/cancel', { id: p.id }, rig.op, 'hk');
    expect(res.body).toMatchObject({ type: 'error', message: errorMessage('invest_sale_closed', 'hk') });
    expect(await figures(rig.test, user.id, rig.btc)).toEqual({ spot: '0', locked: '0.001' });
    expect((await admin('POST', '/dual/products/cancel', { id: 999_999 })).body.code).toBe('not_found');
  });
});

/** What the invest pool should hold in a coin, from the orders: invested in it, less paid out in it. */
async function poolFromOrders(coinId: number) {
  const rows = await rig.test.db.select().from(dualOrders).where(eq(dualOrders.status, 'success'));
  const invested = rows.filter((r) => r.investCurrencyId === coinId).map((r) => r.amount);
  const paid = rows.filter((r) => r.payoutCurrencyId === coinId).map((r) => r.payout!);
  return sub(sum(invested), sum(paid));
}

describe('reading the back office', () => {
  it('shows products, orders by user and product, the runs of dual.settle and the invest pool per coin to every role', async () => {
    const p = await createProduct(rig);
    const { user, order } = await buyer(rig, p.id, 5, rig.btc, '0.005');
    await rig.tick('BTC/USDT', '65000', p.settle_at);
    rig.clock.now = p.settle_at;
    await rig.scheduler().runDue();
    const reviewer = await makeOperatorToken(rig.test, 'reviewer');
    for (const token of [rig.op, reviewer]) {
      const overview = await admin('GET', '/dual', {}, token);
      expect(overview.body.message).toMatchObject({ time_zone: 'UTC', settle_time: '16:00' });
      expect(overview.body.message.symbols).toContainEqual({ id: rig.btcSymbol, symbol: 'BTC/USDT', base: { id: rig.btc, name: 'BTC', decimals: 8 }, quote: { id: rig.usdt, name: 'USDT', decimals: 6 } });
      // The pool took what the BTC orders invested and paid their BTC payouts (this one: took 0.005, paid
      // 0.005035; the product of an earlier test, never ticked before its settlement, settled on this tick too).
      expect(overview.body.message.pool).toContainEqual({ currency: 'BTC', balance: await poolFromOrders(rig.btc) });
      const products = await admin('GET', '/dual/products', { limit: 50 }, token);
      expect(products.body.message.data.find((x: { id: number }) => x.id === p.id)).toMatchObject({ status: 'settled', sold_shares: 5, settle_tick: { price: '65000', time: p.settle_at } });
      const orders = await admin('GET', '/dual/orders', { user_id: user.id }, token);
      expect(orders.body.message.data).toEqual([expect.objectContaining({ id: order.id, user_id: user.id, status: 'success', payout: '0.005035' })]);
      expect((await admin('GET', '/dual/orders', { product_id: p.id }, token)).body.message.total).toBe(1);
      const runs = await admin('GET', '/dual/runs', {}, token);
      // The run settled this product on its tick (and the earlier tests' leftovers with it).
      expect(runs.body.message.data[0]).toMatchObject({ job: 'dual.settle', ran_at: p.settle_at });
      expect(runs.body.message.data[0].summary.products).toContainEqual(expect.objectContaining({ productId: p.id, price: '65000', orders: 1, settled: true }));
    }
    const rows = await rig.test.db.select().from(dualOrders).where(eq(dualOrders.id, Number(order.id)));
    expect(rows[0]?.status).toBe('success');
    await expectLedgerBalanced(rig.test);
  });

  it('lets only admins write: a reviewer is forbidden, a user token and no token are not operators', async () => {
    const p = await createProduct(rig);
    const reviewer = await makeOperatorToken(rig.test, 'reviewer');
    expect((await saveProduct(rig.test, reviewer, productFields(rig))).body.code).toBe('forbidden');
    expect((await admin('POST', '/dual/products/cancel', { id: p.id }, reviewer)).body.code).toBe('forbidden');
    const user = await makeUser(rig.test);
    expect((await admin('POST', '/dual/products/cancel', { id: p.id }, user.token)).body.type).toBe('999');
    expect((await call(rig.test.app, '/admin/dual', { method: 'GET' })).body.type).toBe('999');
  });
});
