// Proves experience coupons on a real database through /microtrade/submit with coupon_id: the trial
// option's stake comes from the coupon fund (funded from equity at start), never from the user, with no
// fee; at settlement a win pays the holder only the profit (10 x 0.8 = 8) and the stake back to the fund,
// a draw returns the stake to the fund, a loss leaves it in the pool. A coupon stakes one order even
// under parallel submits; a fee coupon, another user's, a different amount, an expired or used coupon and
// an empty fund are refused, taking nothing. The ledger audit runs after every scenario.
import { DAY_MS, errorMessage } from '@fairex/contract';
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { post, systemAccount } from '../../src/ledger/index.ts';
import { settleWindowEnd } from '../../src/options/service.ts';
import { optionOrders } from '../../src/options/tables.ts';
import { optionsBalance, optionsRig, type OptionsRig } from '../options/support.ts';
import { call, expectLedgerBalanced, makeUser } from '../support/app.ts';
import { systemBalance, useGrowthRig, type User } from '../referrals/support.ts';
import { claimed, couponOf, makeBatch } from './support.ts';

const rig = useGrowthRig();
let options: OptionsRig;
let btc: number;

beforeAll(() => {
  options = optionsRig(rig.test, rig.clock.now);
  btc = rig.test.ctx.markets.symbolId('BTC/USDT')!;
});
// The options service reads its own clock: it starts where the test's does.
beforeEach(() => {
  options.clock.now = rig.clock.now;
});
afterEach(() => expectLedgerBalanced(rig.test));

const submit = (user: User, payload: Record<string, unknown>, lang?: string) =>
  call(rig.test.app, '/microtrade/submit', { token: user.token, lang, payload: { match_id: btc, currency_id: rig.usdt, type: 1, seconds: 30, number: '10', ...payload } });

async function experienceCoupon(user: User, fields: Parameters<typeof makeBatch>[1] = {}) {
  return claimed(rig, user, (await makeBatch(rig, { kind: 'experience', value: '10', ...fields })).id);
}

/** Opens at 100, accepted 200 ms later; answers the expiry. */
async function openAt100() {
  const t0 = options.clock.now;
  await options.tick('BTC/USDT', '100', t0);
  options.clock.now = t0 + 200;
  return t0 + 200 + 30_000;
}

/** Opens the orders accepted 30 s before expiry at 100 (the first tick after them), closes at `price` just before expiry and settles by the scheduler. */
async function settleAt(expiresAt: number, price: string) {
  await options.tick('BTC/USDT', '100', expiresAt - 30_000 + 500);
  await options.tick('BTC/USDT', price, expiresAt - 100);
  await options.tick('BTC/USDT', price, expiresAt + 500);
  options.clock.now = settleWindowEnd(expiresAt + 500);
  await options.scheduler().runDue();
}

const fund = () => systemBalance(rig.test, 'coupon_fund', rig.usdt);

describe('experience coupons', () => {
  it('stakes a trial option from the coupon fund with no fee, and a win pays the holder only the profit 10 x 0.8 = 8', async () => {
    const user = await makeUser(rig.test);
    const coupon = await experienceCoupon(user);
    const before = Number(await fund());
    const expiresAt = await openAt100();
    const placed = await submit(user, { coupon_id: coupon.id });
    expect(placed.body.type, JSON.stringify(placed.body)).toBe('ok');
    expect(placed.body.message).toMatchObject({ number: '10', fee: '0', coupon_id: coupon.id, status: 'opening' });
    expect(Number(await fund())).toBe(before - 10);
    expect(await optionsBalance(rig.test, user.id, rig.usdt)).toBe('0');
    expect(await couponOf(rig, user, coupon.id)).toMatchObject({ status: 'used', remaining: '0', option_order_id: placed.body.message.id, option_outcome: null, option_profit: null });

    await settleAt(expiresAt, '101');
    const result = await call(rig.test.app, '/microtrade/get_result', { method: 'GET', token: user.token, payload: { id: placed.body.message.id } });
    expect(result.body.message).toMatchObject({ status: 'settled', outcome: 'win', payout: '8', profit: '8', coupon_id: coupon.id });
    expect(await optionsBalance(rig.test, user.id, rig.usdt)).toBe('8');
    expect(Number(await fund())).toBe(before);
    // The holder's coupon now says what its trial paid; the back office sees the same.
    expect(await couponOf(rig, user, coupon.id)).toMatchObject({ option_outcome: 'win', option_profit: '8' });
    const claims = await call(rig.test.app, '/admin/coupons/claims', { method: 'GET', token: rig.op, payload: { user_id: user.id } });
    expect(claims.body.message.data[0]).toMatchObject({ option_order_id: placed.body.message.id, option_outcome: 'win', option_profit: '8' });
  });

  it('returns a draw\'s stake to the fund and pays the holder nothing; a loss leaves the stake in the pool', async () => {
    const drawer = await makeUser(rig.test);
    const down = await makeUser(rig.test);
    const before = Number(await fund());
    const pool = Number(await systemBalance(rig.test, 'option_pool', rig.usdt));
    const expiresAt = await openAt100();
    expect((await submit(drawer, { coupon_id: (await experienceCoupon(drawer)).id })).body.type).toBe('ok');
    expect((await submit(down, { coupon_id: (await experienceCoupon(down)).id, type: 2 })).body.type).toBe('ok');
    await settleAt(expiresAt, '100');
    // An equal close (100 -> 100) is a draw for up and down alike.
    expect(await optionsBalance(rig.test, drawer.id, rig.usdt)).toBe('0');
    expect(await optionsBalance(rig.test, down.id, rig.usdt)).toBe('0');
    expect(Number(await fund())).toBe(before);

    const loser = await makeUser(rig.test);
    options.clock.now += 60_000;
    const next = await openAt100();
    expect((await submit(loser, { coupon_id: (await experienceCoupon(loser)).id, type: 2 })).body.type).toBe('ok');
    await settleAt(next, '101');
    const [order] = await rig.test.db.select().from(optionOrders).where(eq(optionOrders.userId, loser.id));
    expect(order).toMatchObject({ outcome: 'lose', fee: '0.000000000000000000' });
    expect(await optionsBalance(rig.test, loser.id, rig.usdt)).toBe('0');
    expect(Number(await fund())).toBe(before - 10);
    expect(Number(await systemBalance(rig.test, 'option_pool', rig.usdt))).toBe(pool + 10);
  });

  it('refuses a fee coupon, another user\'s, a different amount, an expired or used coupon, and spends one once under parallel submits', async () => {
    const user = await makeUser(rig.test);
    const other = await makeUser(rig.test);
    await openAt100();
    const fee = await claimed(rig, user, (await makeBatch(rig)).id);
    expect((await submit(user, { coupon_id: fee.id }, 'en')).body).toMatchObject({ type: 'error', message: errorMessage('coupon_wrong_kind', 'en') });
    const coupon = await experienceCoupon(user);
    expect((await submit(other, { coupon_id: coupon.id })).body.code).toBe('not_found');
    expect((await submit(user, { coupon_id: coupon.id, number: '20' })).body.code).toBe('coupon_value_mismatch');

    const answers = await Promise.all(Array.from({ length: 5 }, () => submit(user, { coupon_id: coupon.id })));
    expect(answers.filter((a) => a.body.type === 'ok')).toHaveLength(1);
    expect(new Set(answers.filter((a) => a.body.type !== 'ok').map((a) => a.body.code))).toEqual(new Set(['coupon_unavailable']));
    expect(await rig.test.db.select().from(optionOrders).where(eq(optionOrders.couponId, coupon.id))).toHaveLength(1);

    const expiring = await experienceCoupon(user, { valid_days: 1 });
    options.clock.now = rig.clock.now + DAY_MS;
    await options.tick('BTC/USDT', '100', options.clock.now);
    expect((await submit(user, { coupon_id: expiring.id })).body.code).toBe('coupon_expired');
    expect(await couponOf(rig, user, expiring.id)).toMatchObject({ status: 'available' });
    expect(await optionsBalance(rig.test, user.id, rig.usdt)).toBe('0');
  });

  it('refuses an order the coupon fund cannot stake (coupon_fund_short) and takes nothing', async () => {
    const user = await makeUser(rig.test);
    const coupon = await experienceCoupon(user);
    await openAt100();
    // The fund lent out but 5: back to equity for this test, and returned after.
    const held = Number(await fund());
    const move = async (amount: number) =>
      rig.test.db.transaction(async (tx) =>
        post(tx, {
          kind: 'test_coupon_fund',
          refType: 'test',
          refId: `coupon-fund-${amount}-${rig.clock.now}`,
          legs: [
            { accountId: await systemAccount(tx, 'coupon_fund', rig.usdt), amount: String(-amount) },
            { accountId: await systemAccount(tx, 'equity', rig.usdt), amount: String(amount) },
          ],
        }),
      );
    await move(held - 5);
    try {
      expect((await submit(user, { coupon_id: coupon.id }, 'en')).body).toMatchObject({ type: 'error', message: errorMessage('coupon_fund_short', 'en') });
      expect(await couponOf(rig, user, coupon.id)).toMatchObject({ status: 'available' });
    } finally {
      await move(-(held - 5));
    }
    expect(Number(await fund())).toBe(held);
  });
});
