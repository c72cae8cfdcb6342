/**
 * IEO tests: the app's real database and routes with one edge steered, the clock (the app's and the
 * test schedulers' read the same one, moved by the test). Projects and token coins are created through
 * the back-office API, users funded through the ledger, the jobs run by real schedulers.
 */
import { DAY_MS } from '@fairex/contract';
import { ieoOrders, ieoProjects } from '../../src/ieo/tables.ts';
import { IeoService } from '../../src/ieo/service.ts';
import { accountsOf } from '../../src/ledger/index.ts';
import { eq } from 'drizzle-orm';
import { coinId, operatorToken } from '../funds/support.ts';
import { call, type TestApp } from '../support/app.ts';
import { makeClockedApp, testScheduler } from '../support/clock.ts';
import { makeFundedUser } from '../support/ledger.ts';

export type IeoRig = Awaited<ReturnType<typeof ieoRig>>;

/** A test app on a clock the test moves; `errors` collects what the jobs tell onError. */
export async function ieoRig(start = Date.parse('2026-11-23T10:00:00Z')) {
  const { test, clock, now } = await makeClockedApp(start);
  const errors: unknown[] = [];
  const op = await operatorToken(test);
  const usdt = await coinId(test, 'USDT');
  const makeService = () => new IeoService(test.db, { now, notifications: test.ctx.notifications, onError: (error) => errors.push(error) });
  return {
    test,
    clock,
    errors,
    op,
    usdt,
    makeService,
    /** A fresh scheduler with the IEO jobs on their own service (another process, or the same after a restart). */
    scheduler: (service = makeService()) => testScheduler(test, now, service),
    /** Moves the clock forward. */
    advance(ms: number) {
      clock.now += ms;
    },
  };
}

let tokenCounter = 0;

/** A new token coin through the back office (symbol T<pid><n>, so files running at once never clash). */
export async function createToken(rig: IeoRig, decimals = 8, referencePrice = '0.05') {
  const name = `T${process.pid % 10_000}${++tokenCounter}`.slice(0, 10);
  const res = await call(rig.test.app, '/admin/ieo/tokens', { token: rig.op, payload: { name, full_name: `Token ${name}`, decimals, reference_price: referencePrice } });
  if (res.body.type !== 'ok') throw new Error(`token: ${JSON.stringify(res.body)}`);
  return res.body.message as { id: number; name: string; decimals: number };
}

export type ProjectPayload = {
  name?: string;
  price?: string;
  total_issuance?: string;
  amount_min?: string;
  amount_max_per_user?: string;
  lock_days?: number;
  start_at?: number;
  end_at?: number;
  enabled?: boolean;
  description?: string;
  white_paper?: string;
  website?: string;
  listing_at?: number;
};

/**
 * A project created through the back office on a new token of `decimals` (default: in progress now,
 * ending in a day, 1,000,000 tokens at 0.05 USDT, minimum 10, no cap, no lock).
 */
export async function createProject(rig: IeoRig, overrides: ProjectPayload & { decimals?: number; currency_id?: number } = {}) {
  const { decimals, currency_id, ...figures } = overrides;
  const tokenId = currency_id ?? (await createToken(rig, decimals ?? 8)).id;
  const payload = {
    name: 'Test project',
    description: '',
    currency_id: tokenId,
    pay_currency_id: rig.usdt,
    price: '0.05',
    total_issuance: '1000000',
    amount_min: '10',
    lock_days: 0,
    start_at: rig.clock.now,
    end_at: rig.clock.now + DAY_MS,
    ...figures,
  };
  const res = await call(rig.test.app, '/admin/ieo/projects', { token: rig.op, payload });
  if (res.body.type !== 'ok') throw new Error(`project: ${JSON.stringify(res.body)}`);
  return res.body.message as { id: number; currency_id: number; currency: string; pay_currency_id: number; price: string; start_at: number; end_at: number };
}

/** A registered user with `usdt` in their spot account. */
export const fundedUser = (rig: IeoRig, usdt = '1000') => makeFundedUser(rig.test, rig.usdt, usdt);

/** A user's spot figures of a coin ("0" everywhere without an account). */
export async function spot(test: TestApp, userId: number, currencyId: number) {
  const account = (await accountsOf(test.db, userId)).find((a) => a.kind === 'spot' && a.currency_id === currencyId);
  return { available: account?.available ?? '0', frozen: account?.frozen ?? '0', locked: account?.locked ?? '0' };
}

/** POST /project/order with the project's own price and pay coin unless told otherwise. */
export function subscribe(rig: IeoRig, token: string, project: { id: number; pay_currency_id: number; price: string }, amount: string, extra: Record<string, unknown> = {}, lang?: string) {
  return call(rig.test.app, '/project/order', { token, lang, payload: { project_id: project.id, amount, pay_currency: project.pay_currency_id, price: project.price, ...extra } });
}

export async function orderRow(test: TestApp, id: string | number) {
  return (await test.db.select().from(ieoOrders).where(eq(ieoOrders.id, Number(id))))[0]!;
}

export async function projectRow(test: TestApp, id: number) {
  return (await test.db.select().from(ieoProjects).where(eq(ieoProjects.id, id)))[0]!;
}
