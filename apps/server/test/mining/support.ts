/**
 * Lock-up mining tests: the app's real database and routes with a clock the test moves (the one edge
 * steered), products and rates made through the back-office API, users funded through the ledger, and
 * the payout job run by real job schedulers on the same database.
 */
import { and, eq } from 'drizzle-orm';
import { accountsOf } from '../../src/ledger/index.ts';
import { MiningService } from '../../src/mining/service.ts';
import { miningOrders, miningPayouts } from '../../src/mining/tables.ts';
import { coinId, operatorToken } from '../funds/support.ts';
import { call, type TestApp } from '../support/app.ts';
import { makeClockedApp, testScheduler, useRig } from '../support/clock.ts';
import { makeFundedUser } from '../support/ledger.ts';

export type MiningRig = Awaited<ReturnType<typeof miningRig>>;

/** An app whose clock starts at `start` and moves only when the test says, with an operator session and the coins' ids. */
export async function miningRig(start = Date.parse('2026-11-23T10:00:00Z')) {
  const { test, clock, now } = await makeClockedApp(start);
  const op = await operatorToken(test);
  const errors: unknown[] = [];
  return {
    test,
    clock,
    now,
    op,
    errors,
    usdt: await coinId(test, 'USDT'),
    btc: await coinId(test, 'BTC'),
    eth: await coinId(test, 'ETH'),
    /** A fresh scheduler with the payout job on `service` (another process, or the app's own service by default). */
    scheduler: (service: MiningService = test.ctx.mining) => testScheduler(test, now, service),
    /** Another mining service on the same database and clock (a second process); `batchMax` to make batches small. */
    service(options: { batchMax?: number } = {}) {
      return new MiningService(test.db, { now, onError: (error) => errors.push(error), ...options });
    },
    close: () => test.close(),
  };
}

/** The file's rig (see useRig): each test starts a month after the previous one, so one test's days are never another's. */
export const useMiningRig = () => useRig(() => miningRig());

export type ProductFields = {
  category?: 'lock' | 'defi' | 'cloud';
  name_en?: string;
  name_zh?: string;
  currency_id: number;
  term_days?: number;
  daily_yield_min?: string;
  daily_yield_max?: string;
  amount_min?: string;
  amount_max?: string;
  penalty_ratio?: string;
  enabled?: boolean;
  sort?: number;
};

let productCounter = 0;

/** Creates a product through the back office: by default the spec's example, USDT 5 days 0.3 %-0.4 % a day, minimum 100, penalty 0.4 %. */
export async function makeProduct(rig: MiningRig, fields: ProductFields) {
  const res = await call(rig.test.app, '/admin/mining/products', {
    token: rig.op,
    payload: {
      category: 'lock',
      name_en: `Lock-up ${++productCounter}`,
      term_days: 5,
      daily_yield_min: '0.003',
      daily_yield_max: '0.004',
      amount_min: '100',
      penalty_ratio: '0.004',
      ...fields,
    },
  });
  if (res.body.type !== 'ok') throw new Error(`product: ${JSON.stringify(res.body)}`);
  return res.body.message as { id: number; currency_id: number };
}

/** Publishes a product's rate for a future day through the back office. */
export async function publishRate(rig: MiningRig, productId: number, day: string, rate: string) {
  const res = await call(rig.test.app, '/admin/mining/rates', { token: rig.op, payload: { product_id: productId, day, rate } });
  if (res.body.type !== 'ok') throw new Error(`rate: ${JSON.stringify(res.body)}`);
}

/** A user with `amount` of a coin (10,000 USDT unless told) in their spot account. */
export const fundedUser = (rig: MiningRig, currencyId = rig.usdt, amount = '10000') => makeFundedUser(rig.test, currencyId, amount);

/** A user's figures in a coin: spot available and the mining account's locked bucket. */
export async function figures(test: TestApp, userId: number, currencyId: number) {
  const accounts = await accountsOf(test.db, userId);
  const of = (kind: string) => accounts.find((a) => a.kind === kind && a.currency_id === currencyId);
  return { spot: of('spot')?.available ?? '0', locked: of('mining')?.locked ?? '0' };
}

export const deposit = (rig: MiningRig, token: string, payload: Record<string, unknown>, lang?: string) =>
  call(rig.test.app, '/lh/deposit', { token, lang, payload });

export const redeem = (rig: MiningRig, token: string, id: string | number, lang?: string) =>
  call(rig.test.app, '/lh/deposit/order/cancel', { token, lang, payload: { id } });

export const orderList = (rig: MiningRig, token: string, payload: Record<string, unknown> = {}) =>
  call(rig.test.app, '/lh/deposit/order', { method: 'GET', token, payload });

export async function orderRow(rig: MiningRig, id: string | number) {
  return (await rig.test.db.select().from(miningOrders).where(eq(miningOrders.id, Number(id))))[0]!;
}

export async function payoutRows(rig: MiningRig, id: string | number) {
  return rig.test.db.select().from(miningPayouts).where(eq(miningPayouts.orderId, Number(id))).orderBy(miningPayouts.day);
}

export async function payoutRow(rig: MiningRig, id: string | number, day: string) {
  return (await rig.test.db.select().from(miningPayouts).where(and(eq(miningPayouts.orderId, Number(id)), eq(miningPayouts.day, day))))[0];
}

/** One run of the payout job's work in a transaction of its own (what the scheduler calls), on the app's service or another. */
export function runPayouts(rig: MiningRig, service: MiningService = rig.test.ctx.mining) {
  return rig.test.db.transaction((tx) => service.runPayouts(tx));
}
