/**
 * Invitation, rebate and coupon tests: the app's real database and routes with a clock the test moves,
 * users registered through the API (an invitee with the inviter's code read from /share/info), spot fills
 * between two real users through /coin/trade, and the fee-posting job run in a transaction of its own or
 * by real job schedulers on the same database.
 */
import { accountsOf } from '../../src/ledger/index.ts';
import { ReferralService } from '../../src/referrals/service.ts';
import { operatorToken } from '../funds/support.ts';
import { call, makeUser, type TestApp } from '../support/app.ts';
import { makeClockedApp, testScheduler, useRig } from '../support/clock.ts';
import { fundAccount } from '../support/ledger.ts';
import { btcMarket } from '../spot/support.ts';

/** A system account's balance in a coin. */
export { systemFigure as systemBalance } from '../contracts/support.ts';

export type GrowthRig = Awaited<ReturnType<typeof growthRig>>;
export type User = Awaited<ReturnType<typeof makeUser>>;

export async function growthRig(start = Date.parse('2026-11-23T10:00:00Z')) {
  const { test, clock, now } = await makeClockedApp(start);
  const market = btcMarket(test);
  return {
    test,
    clock,
    now,
    op: await operatorToken(test),
    usdt: market.quote,
    btc: market.base,
    /** A fresh scheduler with the fee-posting job on `service` (another process, or the app's own service by default). */
    scheduler: (service: { register: ReferralService['register'] } = test.ctx.referrals) => testScheduler(test, now, service),
    /** Another referral service on the same database and clock (a second process); `batchMax` to make batches small. */
    service: (options: { batchMax?: number } = {}) => new ReferralService(test.db, { now, bus: test.ctx.bus, ...options }),
    close: () => test.close(),
  };
}

/** The file's rig (see useRig): each test starts a month after the previous one. */
export const useGrowthRig = () => useRig(() => growthRig());

/** A user's invite code as the share page reads it. */
export async function inviteCodeOf(test: TestApp, user: User): Promise<string> {
  const res = await call(test.app, '/share/info', { method: 'GET', token: user.token });
  if (res.body.type !== 'ok') throw new Error(`share/info: ${JSON.stringify(res.body)}`);
  return res.body.message.extension_code;
}

/** A user who registered with `inviter`'s code (from the invite link). */
export async function invitee(test: TestApp, inviter: User): Promise<User> {
  return makeUser(test, { invite: await inviteCodeOf(test, inviter) });
}

/**
 * One spot fill of `amount` BTC (at 65,000 unless told): a fresh seller (or `seller`) rests a limit
 * sell (maker, 0.1 %) and `buyer` takes all of it with a limit buy (taker, 0.2 %), so the book is left as
 * it was. At
 * 0.01 BTC x 65,000 the buyer's fee is 1.3 USDT and the seller's 0.65 USDT. Answers the buy.
 */
export async function spotFill(rig: GrowthRig, buyer: User, options: { amount?: string; price?: string; seller?: User } = {}) {
  const amount = options.amount ?? '0.01';
  const price = options.price ?? '65000';
  const seller = options.seller ?? (await makeUser(rig.test));
  await fundAccount(rig.test, seller.id, rig.btc, amount);
  const trade = (user: User, type: 'buy' | 'sell') =>
    call(rig.test.app, '/coin/trade', { token: user.token, payload: { currency_id: rig.btc, legal_id: rig.usdt, amount, target_price: price, type } });
  const sell = await trade(seller, 'sell');
  if (sell.body.type !== 'ok') throw new Error(`sell: ${JSON.stringify(sell.body)}`);
  const buy = await trade(buyer, 'buy');
  if (buy.body.type !== 'ok' || buy.body.message.status !== 'filled') throw new Error(`buy: ${JSON.stringify(buy.body)}`);
  return buy.body.message as { id: string; fee: string };
}

/** A user with 10,000 USDT in spot (unless told), ready to buy. */
export async function fundedBuyer(rig: GrowthRig, user?: User, amount = '10000') {
  const buyer = user ?? (await makeUser(rig.test));
  await fundAccount(rig.test, buyer.id, rig.usdt, amount);
  return buyer;
}

/** One run of the fee-posting job in a transaction of its own (what the scheduler calls), on the app's service or another. */
export function runFeeJob(rig: GrowthRig, service: ReferralService = rig.test.ctx.referrals) {
  return rig.test.db.transaction((tx) => service.runFeePostings(tx));
}

/** A user's spot available figure in a coin. */
export async function spotAvailable(test: TestApp, userId: number, currencyId: number): Promise<string> {
  return (await accountsOf(test.db, userId)).find((a) => a.kind === 'spot' && a.currency_id === currencyId)?.available ?? '0';
}

/** The operator sets both rebate shares through the back office. */
export async function setShares(rig: GrowthRig, level1: string, level2: string) {
  const res = await call(rig.test.app, '/admin/referrals/settings', { token: rig.op, payload: { level1_share: level1, level2_share: level2 } });
  if (res.body.type !== 'ok') throw new Error(`shares: ${JSON.stringify(res.body)}`);
}
