/**
 * Dual-investment tests: the app's real database and routes, with the two edges a test must steer: the
 * clock (passed to the app, moved by the test) and the price feed (scripted, so a test chooses the index
 * path). Ticks still go through a real tick store (recorded rows with ids), settlement through real job
 * schedulers on the same database, money through the ledger.
 */
import { hashPassword } from '../../src/accounts/passwords.ts';
import { DEMO_OPERATOR } from '../../src/admin/operators.ts';
import { operators } from '../../src/admin/tables.ts';
import { DEFAULT_LIMITS } from '../../src/app-context.ts';
import { InvestService } from '../../src/invest/service.ts';
import { JobScheduler } from '../../src/jobs/scheduler.ts';
import { accountsOf, post, systemAccount, userAccount } from '../../src/ledger/index.ts';
import { IndexTickStore, type RecordedTick } from '../../src/markets/ticks.ts';
import { ScriptedFeed } from '../options/support.ts';
import { call, makeTestApp, type TestApp } from '../support/app.ts';

export type InvestRig = Awaited<ReturnType<typeof investRig>>;

/** A test app on a clock the test moves, with a dual-investment service on scripted ticks installed as the app's. */
export async function investRig(start: number) {
  const clock = { now: start };
  const now = () => clock.now;
  const test = await makeTestApp({}, { clock: now });
  const feed = new ScriptedFeed(['BTC/USDT', 'ETH/USDT']);
  const errors: unknown[] = [];
  const store = new IndexTickStore(test.db, feed, (symbol) => test.ctx.markets.symbolId(symbol), DEFAULT_LIMITS, (error) => errors.push(error));
  const makeService = (ticks = store) => new InvestService(test.db, { now, ticks, onError: (error) => errors.push(error) });
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
    usdt: symbol('BTC/USDT').quoteCurrencyId,
    btc: symbol('BTC/USDT').baseCurrencyId!,
    eth: symbol('ETH/USDT').baseCurrencyId!,
    btcSymbol: symbol('BTC/USDT').id,
    ethSymbol: symbol('ETH/USDT').id,
    /** A fresh scheduler with the settlement job of `withService` (another process, or the same one after a restart). */
    scheduler(withService = service) {
      const jobs = new JobScheduler(test.db, { now });
      withService.register(jobs);
      return jobs;
    },
    /** Emits one index tick and waits until it is recorded; answers the recorded tick. */
    async tick(name: string, price: string, time: number): Promise<RecordedTick> {
      feed.emit({ symbol: name, price, time });
      await store.flush();
      const recorded = store.latest(name);
      if (!recorded || recorded.time !== time) throw new Error(`tick ${name} ${price} at ${time} not recorded`);
      return recorded;
    },
    async close() {
      await store.stop();
      await test.close();
    },
  };
}

let fundingRef = 1;

/** Credits a user's spot account through the ledger, as a deposit would (never by UPDATE). */
export async function fundSpot(test: TestApp, userId: number, currencyId: number, amount: string) {
  await test.db.transaction(async (tx) => {
    await post(tx, {
      kind: 'deposit',
      refType: 'invest_test',
      refId: `${process.pid}:${fundingRef++}`,
      legs: [
        { accountId: await systemAccount(tx, 'deposits_in_transit', currencyId), amount: `-${amount}` },
        { accountId: await userAccount(tx, userId, currencyId, 'spot'), amount },
      ],
    });
  });
}

/** A user's figures in one coin: spot available, and the financial account's locked bucket. */
export async function figures(test: TestApp, userId: number, currencyId: number) {
  const accounts = await accountsOf(test.db, userId);
  const of = (kind: string) => accounts.find((a) => a.kind === kind && a.currency_id === currencyId);
  return { spot: of('spot')?.available ?? '0', locked: of('financial')?.locked ?? '0' };
}

/** The demo operator's back-office token. */
export async function adminToken(test: TestApp): Promise<string> {
  return operatorLogin(test, DEMO_OPERATOR.username, DEMO_OPERATOR.password);
}

/** An operator of another role, created once per app (a reviewer reads but does not write). */
export async function reviewerToken(test: TestApp): Promise<string> {
  const username = 'invest-reviewer';
  const password = 'invest-reviewer-pass-1';
  await test.db.insert(operators).values({ username, passwordHash: await hashPassword(password), role: 'reviewer' }).onConflictDoNothing();
  return operatorLogin(test, username, password);
}

async function operatorLogin(test: TestApp, username: string, password: string) {
  const res = await call(test.app, '/admin/login', { ip: test.nextIp(), payload: { username, password } });
  if (res.body.type !== 'ok') throw new Error(`admin login: ${JSON.stringify(res.body)}`);
  return res.body.message.token as string;
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
