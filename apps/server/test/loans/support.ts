/**
 * Loan tests: the app's real database and routes with the two edges a test steers: the clock (moved by
 * the test) and the index (a scripted feed under the real tick store, so a liquidation cites a recorded
 * tick). Products are made through the back-office API, users funded through the ledger, the jobs run by
 * the service's own runs in a transaction of their own (or by real job schedulers).
 */
import { toAmountString } from '@fairex/contract';
import { and, eq, sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/client.ts';
import { accountsOf, systemAccount } from '../../src/ledger/index.ts';
import { fundLoanPool } from '../../src/loans/pool.ts';
import { LoanService } from '../../src/loans/service.ts';
import { notifications } from '../../src/notifications/tables.ts';
import { coinId, operatorToken } from '../funds/support.ts';
import { DEFAULT_LIMITS } from '../../src/limits.ts';
import { call, makeUser } from '../support/app.ts';
import { makeClockedApp, testScheduler, useRig } from '../support/clock.ts';
import { scriptedIndex } from '../support/index-ticks.ts';
import { fundAccount } from '../support/ledger.ts';

export type LoanRig = Awaited<ReturnType<typeof loanRig>>;

export async function loanRig(start = Date.parse('2026-11-23T10:00:00Z')) {
  const { test, clock, now } = await makeClockedApp(start);
  // The pool a development start funds (5,000,000 USDT, reserve 500,000); production's admins fund theirs.
  await fundLoanPool(test.db);
  const errors: unknown[] = [];
  const { store, tick } = scriptedIndex(test, (error) => errors.push(error));
  const makeService = (options: { batchMax?: number } = {}) =>
    new LoanService(test.db, { now, ticks: store, indexFreshMs: DEFAULT_LIMITS.indexFreshMs, notifications: test.ctx.notifications, onError: (error) => errors.push(error), ...options });
  const service = makeService();
  test.ctx.loans = service;
  return {
    test,
    clock,
    errors,
    service,
    makeService,
    op: await operatorToken(test),
    usdt: await coinId(test, 'USDT'),
    btc: await coinId(test, 'BTC'),
    eth: await coinId(test, 'ETH'),
    /** Records a BTC/USDT (or other) index tick at the clock's now. */
    price: (price: string, symbol = 'BTC/USDT') => tick(symbol, price, clock.now),
    /** One run of the charge job, in its own transaction. */
    charge: (withService: LoanService = service) => test.db.transaction((tx) => withService.runCharges(tx)),
    /** One run of the watch job, in its own transaction. */
    watch: (withService: LoanService = service) => test.db.transaction((tx) => withService.runWatch(tx)),
    scheduler: (withService: LoanService = service) => testScheduler(test, now, withService),
    async close() {
      await store.stop();
      await test.close();
    },
  };
}

export const useLoanRig = () => useRig(() => loanRig());

let productCounter = 0;

/** A product through the back office: by default USDT against BTC and ETH, 65/75/85 %, 0.05 % a day, flexible or 7 days, 100 to 500,000. */
export async function makeProduct(rig: LoanRig, fields: Record<string, unknown> = {}) {
  const res = await call(rig.test.app, '/admin/loans/products', {
    token: rig.op,
    payload: {
      name_en: `Loan ${++productCounter}`,
      currency_id: rig.usdt,
      collateral_currency_ids: `${rig.btc},${rig.eth}`,
      initial_ltv: '0.65',
      margin_call_ltv: '0.75',
      liquidation_ltv: '0.85',
      daily_rate: '0.0005',
      terms: '0,7',
      amount_min: '100',
      amount_max: '500000',
      ...fields,
    },
  });
  if (res.body.type !== 'ok') throw new Error(`product: ${JSON.stringify(res.body)}`);
  return res.body.message as { id: number };
}

/** A logged-in user with these spot balances (by coin id). */
export async function borrower(rig: LoanRig, balances: Record<number, string>) {
  const user = await makeUser(rig.test);
  for (const [currencyId, amount] of Object.entries(balances)) await fundAccount(rig.test, user.id, Number(currencyId), amount);
  return user;
}

export type LoanAnswer = {
  id: string;
  status: string;
  principal: string;
  interest_outstanding: string;
  interest_charged: string;
  interest_paid: string;
  debt: string;
  collateral: string;
  ltv: string | null;
  days_charged: number;
  next_charge_at: number | null;
  margin_called_at: number | null;
  margin_call_price: string | null;
  liquidation_price: string | null;
  overdue: boolean;
  liquidation: null | Record<string, string>;
};

// Each call carries a fresh key, so the test harness also checks that its retry gets the same answer.
let keys = 0;
const key = () => `loan-${process.pid}-${++keys}`;
export const borrow = (rig: LoanRig, token: string, payload: Record<string, unknown>) => call(rig.test.app, '/loan/borrow', { token, payload: { client_id: key(), ...payload } });
export const repay = (rig: LoanRig, token: string, id: string, amount: string) => call(rig.test.app, '/loan/repay', { token, payload: { id, amount, client_id: key() } });
export const addCollateral = (rig: LoanRig, token: string, id: string, amount: string) =>
  call(rig.test.app, '/loan/add_collateral', { token, payload: { id, amount, client_id: key() } });

/** Borrows and answers the loan, failing the test on a refusal. */
export async function openLoan(rig: LoanRig, token: string, payload: Record<string, unknown>): Promise<LoanAnswer> {
  const res = await borrow(rig, token, payload);
  if (res.body.type !== 'ok') throw new Error(`borrow: ${JSON.stringify(res.body)}`);
  return res.body.message as LoanAnswer;
}

/** The user's loan as GET /loan/orders shows it. */
export async function loanOf(rig: LoanRig, token: string, id: string): Promise<LoanAnswer> {
  const res = await call(rig.test.app, '/loan/orders', { method: 'GET', token, payload: { limit: 50 } });
  const loan = (res.body.message.data as LoanAnswer[]).find((l) => l.id === id);
  if (!loan) throw new Error(`loan ${id} not listed`);
  return loan;
}

/** A user's spot figures in one coin. */
export async function spot(rig: LoanRig, userId: number, currencyId: number) {
  const account = (await accountsOf(rig.test.db, userId)).find((a) => a.kind === 'spot' && a.currency_id === currencyId);
  return { available: account?.available ?? '0', locked: account?.locked ?? '0' };
}

/** A system account's available balance in a coin. */
export async function systemBalance(rig: LoanRig, name: 'loans' | 'loan_reserve' | 'equity', currencyId: number) {
  const id = await systemAccount(rig.test.db, name, currencyId);
  const [row] = await queryRows<{ available: string }>(rig.test.db, sql`select available::text as available from ledger_accounts where id = ${id}`);
  return toAmountString(row!.available);
}

/** The loan notifications a user got, oldest first. */
export const loanNotices = (rig: LoanRig, userId: number) =>
  rig.test.db.select().from(notifications).where(and(eq(notifications.userId, userId))).orderBy(notifications.id);
