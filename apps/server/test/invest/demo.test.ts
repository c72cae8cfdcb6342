// Proves the dual-investment demo seed: 24 products (BTC/USDT and ETH/USDT, call and put, three linked
// prices each rounded around the start price, maturing in 3 and 7 days), marked demo, on sale until an
// hour before their 16:00 settlement, listed by /dual/index and bought like any product; a second seed
// adds nothing.
import { addDays, localDay } from '@fairex/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedInvestDemo } from '../../src/invest/demo.ts';
import { dualProducts } from '../../src/invest/tables.ts';
import { call, expectLedgerBalanced, makeUser } from '../support/app.ts';
import { fundAccount } from '../support/ledger.ts';
import { operatorToken } from '../funds/support.ts';
import { investRig, productFields, saveProduct, type InvestRig } from './support.ts';

const NOW = Date.parse('2026-11-23T10:00:00Z');
let rig: InvestRig;

beforeAll(async () => {
  rig = await investRig(NOW);
});
afterAll(() => rig.close());

describe('the demo seed', () => {
  it('seeds 24 demo products once, with linked prices 66,000 / 68,000 / 70,000 (call) and 64,000 / 62,000 / 60,000 (put) around BTC 65,000', async () => {
    await seedInvestDemo(rig.test.db, NOW);
    await seedInvestDemo(rig.test.db, NOW);
    const rows = await rig.test.db.select().from(dualProducts).where(eq(dualProducts.demo, true));
    expect(rows).toHaveLength(24);
    const prices = (symbolId: number, type: 'call' | 'put') =>
      [...new Set(rows.filter((r) => r.symbolId === symbolId && r.type === type).map((r) => Number(r.linkedPrice)))].sort((a, b) => a - b);
    expect(prices(rig.btcSymbol, 'call')).toEqual([66000, 68000, 70000]);
    expect(prices(rig.btcSymbol, 'put')).toEqual([60000, 62000, 64000]);
    expect(prices(rig.ethSymbol, 'call')).toEqual([3300, 3400, 3500]);
    expect(prices(rig.ethSymbol, 'put')).toEqual([2900, 3000, 3100]);
    const today = localDay(NOW, 'UTC');
    expect([...new Set(rows.map((r) => r.maturityDate))].sort()).toEqual([addDays(today, 3), addDays(today, 7)]);
    for (const row of rows) {
      expect(row.settleAt).toBe(Date.parse(`${row.maturityDate}T16:00:00Z`));
      expect(row.saleEndAt).toBe(row.settleAt - 3_600_000);
      expect(Number(row.apr)).toBeGreaterThanOrEqual(0.1);
      expect(Number(row.apr)).toBeLessThanOrEqual(0.6);
      expect(Number(row.perPrice)).toBe(row.type === 'put' ? 100 : row.symbolId === rig.btcSymbol ? 0.001 : 0.01);
    }
  });

  it('lists the demo products and sells them like any other', async () => {
    const listed = (await call(rig.test.app, '/dual/index', { method: 'GET', payload: { type: 'put', currency_id: rig.eth } })).body.message as { id: number; linked_price: string }[];
    expect(listed.map((p) => p.linked_price)).toEqual(['2900', '3000', '3100', '2900', '3000', '3100']);
    const user = await makeUser(rig.test);
    await fundAccount(rig.test, user.id, rig.usdt, '250');
    const res = await call(rig.test.app, '/dual/buyDual', { token: user.token, payload: { id: listed[0]!.id, num: 2 } });
    expect(res.body.message).toMatchObject({ amount: '200', invest_currency: 'USDT', holding_days: 3 });
    await expectLedgerBalanced(rig.test);
  });

  it('tells the user which products are demo (fairness review 8): seeded ones demo true in the list, detail and order, an operator\'s false', async () => {
    await seedInvestDemo(rig.test.db, NOW);
    const fields = productFields(rig, { type: 'put', symbol_id: rig.ethSymbol, linked_price: '3050', per_price: '100', maturity_date: rig.day(3) });
    const saved = await saveProduct(rig.test, await operatorToken(rig.test), fields);
    expect(saved.body.type, JSON.stringify(saved.body)).toBe('ok');
    const operators = saved.body.message as { id: number };
    const listed = (await call(rig.test.app, '/dual/index', { method: 'GET', payload: { type: 'put', currency_id: rig.eth } })).body.message as { id: number; demo: boolean }[];
    expect(listed.find((p) => p.id === operators.id)?.demo, JSON.stringify([operators, listed])).toBe(false);
    const seeded = listed.filter((p) => p.id !== operators.id);
    expect(seeded.length).toBeGreaterThan(0);
    expect(seeded.every((p) => p.demo)).toBe(true);
    const detail = async (id: number) => (await call(rig.test.app, '/dual/detail', { method: 'GET', payload: { id } })).body.message.demo;
    expect([await detail(seeded[0]!.id), await detail(operators.id)]).toEqual([true, false]);
    const user = await makeUser(rig.test);
    await fundAccount(rig.test, user.id, rig.usdt, '100');
    await call(rig.test.app, '/dual/buyDual', { token: user.token, payload: { id: seeded[0]!.id, num: 1 } });
    const orders = (await call(rig.test.app, '/dual/dual_list', { token: user.token, payload: {} })).body.message.data as { demo: boolean }[];
    expect(orders.map((o) => o.demo)).toEqual([true]);
  });
});
