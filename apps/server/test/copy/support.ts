/**
 * Copy-trading test support: the contract service on scripted ticks (contracts/support.ts) with a copy
 * service listening to it, BTCUSDT with round figures, and helpers to make traders and followers through
 * the API (an application approved by the demo operator).
 */
import { CopyService } from '../../src/copy/service.ts';
import { call, type TestApp } from '../support/app.ts';
import { makeFundedUser } from '../support/ledger.ts';
import { operatorToken } from '../funds/support.ts';
import { roundBtcSettings, scriptedContracts } from '../contracts/support.ts';

export async function copyHarness(test: TestApp) {
  const harness = await scriptedContracts(test);
  const copy = new CopyService(test.db, {
    contracts: harness.contracts,
    uploads: test.ctx.uploads,
    now: () => harness.clock.now,
    notifications: test.ctx.notifications,
    onError: (error) => console.error(error),
  });
  test.ctx.copy = copy;
  const symbol = test.ctx.markets.symbolByName('BTCUSDT')!;
  const btc = symbol.id;
  const usdt = symbol.quoteCurrencyId;
  await roundBtcSettings(test, harness.contracts);
  await harness.tick('BTCUSDT', '65000');
  const op = await operatorToken(test);

  /** A tick, what it triggers, and the mirrors that follow, handled. */
  const tick = async (price: string) => {
    const recorded = await harness.tick('BTCUSDT', price);
    await copy.settled();
    return recorded;
  };
  /** A user with a contract balance, approved as a trader through the API. */
  const makeTrader = async (amount = '100000') => {
    const user = await makeFundedUser(test, usdt, amount, 'contract');
    const applied = await call(test.app, '/follow/apply', { token: user.token, payload: { agreement: 'en', accept: 1 } });
    if (applied.body.type !== 'ok') throw new Error(JSON.stringify(applied.body));
    const decided = await call(test.app, '/admin/copy/traders/decide', { token: op, payload: { user_id: user.id, decision: 'approve', reason: '' } });
    if (decided.body.type !== 'ok') throw new Error(JSON.stringify(decided.body));
    return user;
  };
  const follower = (amount: string) => makeFundedUser(test, usdt, amount, 'contract');
  const follow = (token: string, traderId: number, number: string, type: 'multiple' | 'lots' = 'multiple') =>
    call(test.app, '/follow/follow', { token, payload: { trader_user_id: traderId, number, type } });
  /** A market order through the API, and the copies it causes, handled. */
  const open = async (token: string, payload: Record<string, unknown> = {}) => {
    const opened = await call(test.app, '/lever/submit', { token, payload: { currency_id: btc, legal_id: usdt, share: 3, multiple: 10, type: 1, status: 1, ...payload } });
    await copy.settled();
    return opened;
  };
  const close = async (token: string, id: number) => {
    const closed = await call(test.app, '/lever/close', { token, payload: { id } });
    await copy.settled();
    return closed;
  };
  const copies = async (token: string, status: 'current' | 'history' = 'current') => (await call(test.app, '/follow/myCopies', { method: 'GET', token, payload: { status } })).body.message;
  return { ...harness, copy, btc, usdt, op, tick, makeTrader, follower, follow, open, close, copies };
}
