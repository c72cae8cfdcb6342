/**
 * Dual-investment tests: the app's real database and routes, with the two edges a test must steer: the
 * clock (passed to the app, moved by the test) and the price feed (scripted, so a test chooses the index
 * path). Ticks still go through a real tick store (recorded rows with ids), settlement through real job
 * schedulers on the same database, money through the ledger.
 */
import { addDays, localDay } from '@fairex/contract';
import { expect } from 'vitest';
import { DEFAULT_LIMITS } from '../../src/limits.ts';
import { InvestService } from '../../src/invest/service.ts';
import { accountsOf } from '../../src/ledger/index.ts';
import { operatorToken } from '../funds/support.ts';
import { call, type TestApp } from '../support/app.ts';
import { makeClockedApp, testScheduler, useRig } from '../support/clock.ts';
import { scriptedIndex } from '../support/index-ticks.ts';
import { makeFundedUser } from '../support/ledger.ts';

export const HOUR_MS = 3_600_000;

export type InvestRig = Awaited<ReturnType<typeof investRig>>;

/**
 * A test app on a clock the test moves, with a dual-investment service on scripted ticks installed as the
 * app's and the admin's back-office token.
 */
export async function investRig(start = Date.parse('2026-11-23T10:00:00Z')) {
  const { test, clock, now } = await makeClockedApp(start);
  const errors: unknown[] = [];
  const { feed, store, tick } = scriptedIndex(test, (error) => errors.push(error));
  const makeService = (ticks = store) =>
    new InvestService(test.db, { now, ticks, indexFreshMs: DEFAULT_LIMITS.indexFreshMs, notifications: test.ctx.notifications, onError: (error) => errors.push(error) });
  const service = makeService();
  test.ctx.invest = service;
  const symbol = (name: string) => test.ctx.markets.symbolByName(name)!;
  return {
    test,
    clock,
    feed,
    store,
    errors,
    service,
    makeService,
    op: await operatorToken(test),
    usdt: symbol('BTC/USDT').quoteCurrencyId,
    btc: symbol('BTC/USDT').baseCurrencyId!,
    eth: symbol('ETH/USDT').baseCurrencyId!,
    btcSymbol: symbol('BTC/USDT').id,
    ethSymbol: symbol('ETH/USDT').id,
    /** The day `n` days after the current test's start (UTC, the default zone). */
    day: (n: number) => addDays(localDay(clock.testStart, 'UTC'), n),
    /** A fresh scheduler with the settlement job of `withService` (another process, or the same one after a restart). */
    scheduler: (withService = service) => testScheduler(test, now, withService),
    tick,
    async close() {
      await store.stop();
      await test.close();
    },
  };
}

/** The file's rig (see useRig): each test starts a month after the previous one, so its products and ticks never meet another test's. */
export const useInvestRig = () => useRig(() => investRig());

/** 16:00 UTC on a maturity date: when a product settles in the default zone. */
export const settleAtUtc = (maturity: string) => Date.parse(`${maturity}T16:00:00Z`);

/** A user's figures in one coin: spot available, and the financial account's locked bucket. */
export async function figures(test: TestApp, userId: number, currencyId: number) {
  const accounts = await accountsOf(test.db, userId);
  const of = (kind: string) => accounts.find((a) => a.kind === kind && a.currency_id === currencyId);
  return { spot: of('spot')?.available ?? '0', locked: of('financial')?.locked ?? '0' };
}

export type ProductFields = {
  type?: 'call' | 'put';
  symbol_id?: number;
  linked_price?: string;
  apr?: string;
  per_price?: string;
  total_shares?: number;
  maturity_date: string;
  sale_end_at: number;
  enabled?: boolean;
  id?: number;
};

/** Creates (or edits, with an id) a product through the back office; answers the envelope. */
export function saveProduct(test: TestApp, token: string, fields: ProductFields, lang?: string) {
  return call(test.app, '/admin/dual/products', { token, lang, payload: { enabled: true, ...fields } });
}

/**
 * A product's back-office fields: by default a BTC/USDT call at 66,000, APR 36.5 %, 0.001 BTC a share,
 * 100 shares, maturing 7 days after the test's start, sales closing an hour before settlement.
 */
export function productFields(rig: InvestRig, overrides: Partial<ProductFields> = {}): ProductFields {
  const maturity = overrides.maturity_date ?? rig.day(7);
  return {
    type: 'call',
    symbol_id: rig.btcSymbol,
    linked_price: '66000',
    apr: '0.365',
    per_price: '0.001',
    total_shares: 100,
    maturity_date: maturity,
    sale_end_at: settleAtUtc(maturity) - HOUR_MS,
    ...overrides,
  };
}

/** Creates a product of productFields through the back office as the admin. */
export async function createProduct(rig: InvestRig, overrides: Partial<ProductFields> = {}) {
  const res = await saveProduct(rig.test, rig.op, productFields(rig, overrides));
  expect(res.body.type, JSON.stringify(res.body)).toBe('ok');
  return res.body.message as { id: number; settle_at: number; sale_end_at: number };
}

/** A put on the same pair at 64,000, 100 USDT a share. */
export const createPutProduct = (rig: InvestRig, overrides: Partial<ProductFields> = {}) =>
  createProduct(rig, { type: 'put', linked_price: '64000', per_price: '100', ...overrides });

/** A user who bought `num` shares of a product (funded with `amount` of `coin`, what it costs). */
export async function buyer(rig: InvestRig, productId: number, num: number, coin: number, amount: string) {
  const user = await makeFundedUser(rig.test, coin, amount);
  const res = await call(rig.test.app, '/dual/buyDual', { token: user.token, payload: { id: productId, num } });
  expect(res.body.type, JSON.stringify(res.body)).toBe('ok');
  return { user, order: res.body.message as { id: string } };
}
