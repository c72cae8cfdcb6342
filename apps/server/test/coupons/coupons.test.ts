// Proves coupons on a real database: admins issue batches (logged; other roles read), the centre lists
// what can be claimed now, a claim respects the window, quantity, per-user limit and eligibility, exactly
// so under parallel claims; an applied fee discount refunds the holder's spot fees from the fees account
// within the fee-posting job (1.3 back from 10, 8.7 left), only fills after it was applied and up to its
// expiry, and the inviter's rebate is a share of what the holder kept paying; the expiry job expires each
// coupon once; my coupons list by tab, only the user's own; the back office sees claims and uses; the demo
// seed adds its two batches once. The ledger audit runs after every scenario.
import { DAY_MS, errorMessage } from '@fairex/contract';
import { desc, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { operatorAuditLog } from '../../src/admin/tables.ts';
import { seedGrowthDemo } from '../../src/coupons/demo.ts';
import { couponBatches, couponRefunds, coupons } from '../../src/coupons/tables.ts';
import { makeOperatorToken, makeVerifiedUser } from '../funds/support.ts';
import { call, expectLedgerBalanced, makeUser } from '../support/app.ts';
import { fundedBuyer, invitee, runFeeJob, spotAvailable, spotFill, useGrowthRig } from '../referrals/support.ts';
import { claim, claimed, couponOf, makeBatch, myCoupons, runExpiry, useCoupon } from './support.ts';

const rig = useGrowthRig();
afterEach(() => expectLedgerBalanced(rig.test));

const centre = async (token: string) => (await call(rig.test.app, '/coupon/centre', { method: 'GET', token })).body.message as { id: number; left: number; claimed_by_me: number; eligible: boolean }[];

describe('batches in the back office', () => {
  it('lets an admin issue a batch (logged) and switch it off and on, and other roles only read', async () => {
    const batch = await makeBatch(rig, { value: '5.5', quantity: 3, per_user_limit: 2 });
    expect(batch).toMatchObject({ kind: 'fee_discount', currency: 'USDT', value: '5.5', quantity: 3, claimed: 0, per_user_limit: 2, valid_days: 30, enabled: true, demo: false });
    const [created] = await rig.test.db.select().from(operatorAuditLog).where(eq(operatorAuditLog.target, `coupon_batch:${batch.id}`));
    expect(created).toMatchObject({ action: 'coupons.batch.create' });

    const reviewer = await makeOperatorToken(rig.test, 'reviewer');
    expect((await call(rig.test.app, '/admin/coupons/batches', { token: reviewer, payload: { kind: 'fee_discount' } })).body.code).toBe('forbidden');
    expect((await call(rig.test.app, '/admin/coupons/batches/enabled', { token: reviewer, payload: { id: batch.id, enabled: false } })).body.code).toBe('forbidden');
    const listed = await call(rig.test.app, '/admin/coupons/batches', { method: 'GET', token: reviewer });
    expect(listed.body.message.data.find((b: { id: number }) => b.id === batch.id)).toMatchObject({ name_en: batch.name_en, claimed: 0 });
    expect((await call(rig.test.app, '/admin/coupons', { method: 'GET', token: reviewer })).body.message).toMatchObject({ experience_coin: 'USDT', coupon_fund: [{ currency: 'USDT', balance: '1000000' }] });

    const off = await call(rig.test.app, '/admin/coupons/batches/enabled', { token: rig.op, payload: { id: batch.id, enabled: false } });
    expect(off.body.message).toEqual({ id: batch.id, enabled: false });
    const user = await makeUser(rig.test);
    expect((await claim(rig, user, batch.id, 'en')).body).toMatchObject({ type: 'error', message: errorMessage('coupon_not_claimable', 'en') });
    await call(rig.test.app, '/admin/coupons/batches/enabled', { token: rig.op, payload: { id: batch.id, enabled: true } });
    expect((await claim(rig, user, batch.id)).body.type).toBe('ok');
    const [logged] = await rig.test.db.select().from(operatorAuditLog).where(eq(operatorAuditLog.target, `coupon_batch:${batch.id}`)).orderBy(desc(operatorAuditLog.id)).limit(1);
    expect(logged).toMatchObject({ action: 'coupons.batch.enable', detail: { before: { enabled: false }, after: { enabled: true } } });
  });

  it('refuses an experience batch outside the stake coin or every duration\'s stake range, a value finer than the coin, and an end before the start', async () => {
    const refused = async (fields: Parameters<typeof makeBatch>[1]) => (await makeBatch(rig, fields).catch((error: Error) => error)) as Error;
    expect((await refused({ kind: 'experience', currency_id: rig.btc, value: '0.001' })).message).toContain('coupon_experience_unusable');
    // The seeded durations take stakes of 10 and up.
    expect((await refused({ kind: 'experience', value: '1' })).message).toContain('coupon_experience_unusable');
    expect((await refused({ value: '1.0000001' })).message).toContain('wrong_number');
    expect((await refused({ claim_starts_at: rig.clock.now, claim_ends_at: rig.clock.now - 1 })).message).toContain('wealth_times_invalid');
    expect((await refused({ quantity: 0 })).message).toContain('parameter_error');
    await expect(makeBatch(rig, { kind: 'experience', value: '10' })).resolves.toMatchObject({ kind: 'experience' });
  });
});

describe('the coupon centre and claiming', () => {
  it('lists batches claimable now with what is left and the user\'s claims, not before their start, after their end or all claimed', async () => {
    const open = await makeBatch(rig, { quantity: 2 });
    const later = await makeBatch(rig, { claim_starts_at: rig.clock.now + DAY_MS, claim_ends_at: rig.clock.now + 2 * DAY_MS });
    const user = await makeUser(rig.test);
    const ids = async () => (await centre(user.token)).map((b) => b.id);
    expect(await ids()).toContain(open.id);
    expect(await ids()).not.toContain(later.id);
    await claimed(rig, user, open.id);
    expect((await centre(user.token)).find((b) => b.id === open.id)).toMatchObject({ left: 1, claimed_by_me: 1, eligible: true });
    await claimed(rig, await makeUser(rig.test), open.id);
    expect(await ids()).not.toContain(open.id);
    rig.clock.now += DAY_MS;
    expect(await ids()).toContain(later.id);
    rig.clock.now += DAY_MS;
    expect(await ids()).not.toContain(later.id);
  });

  it('claims a coupon valid for the batch\'s days, and refuses beyond the per-user limit, when all are claimed, outside the window and for users not eligible', async () => {
    const batch = await makeBatch(rig, { quantity: 2, valid_days: 7 });
    const user = await makeUser(rig.test);
    const coupon = await claimed(rig, user, batch.id);
    expect(coupon).toMatchObject({ kind: 'fee_discount', currency: 'USDT', value: '10', remaining: '10', status: 'available', claimed_at: rig.clock.now, expires_at: rig.clock.now + 7 * DAY_MS, name: batch.name_en });
    expect((await claim(rig, user, batch.id, 'zh')).body).toMatchObject({ type: 'error', message: errorMessage('coupon_limit_reached', 'zh') });
    await claimed(rig, await makeUser(rig.test), batch.id);
    expect((await claim(rig, await makeUser(rig.test), batch.id)).body.code).toBe('coupon_sold_out');
    expect((await claim(rig, user, 2_147_483_647)).body.code).toBe('not_found');

    const ended = await makeBatch(rig, { claim_ends_at: rig.clock.now + 1_000 });
    rig.clock.now += 1_000;
    expect((await claim(rig, user, ended.id)).body.code).toBe('coupon_not_claimable');

    const forInvited = await makeBatch(rig, { eligibility: 'invited' });
    expect((await claim(rig, user, forInvited.id)).body.code).toBe('coupon_not_eligible');
    expect((await centre(user.token)).find((b) => b.id === forInvited.id)).toMatchObject({ eligible: false });
    expect((await claim(rig, await invitee(rig.test, user), forInvited.id)).body.type).toBe('ok');
    const forVerified = await makeBatch(rig, { eligibility: 'verified' });
    expect((await claim(rig, user, forVerified.id)).body.code).toBe('coupon_not_eligible');
    expect((await claim(rig, await makeVerifiedUser(rig.test), forVerified.id)).body.type).toBe('ok');
    // Refusals leave the batch's count as it was.
    const [row] = await rig.test.db.select().from(couponBatches).where(eq(couponBatches.id, batch.id));
    expect(row).toMatchObject({ claimed: 2 });
  });

  it('gives one user exactly the per-user limit of 12 parallel claims, and 20 users racing for 5 exactly 5', async () => {
    const perUser = await makeBatch(rig, { quantity: 100, per_user_limit: 2 });
    const user = await makeUser(rig.test);
    const answers = await Promise.all(Array.from({ length: 12 }, () => claim(rig, user, perUser.id)));
    expect(answers.filter((a) => a.body.type === 'ok')).toHaveLength(2);
    expect(new Set(answers.filter((a) => a.body.type !== 'ok').map((a) => a.body.code))).toEqual(new Set(['coupon_limit_reached']));
    expect(await rig.test.db.select().from(coupons).where(eq(coupons.batchId, perUser.id))).toHaveLength(2);

    const scarce = await makeBatch(rig, { quantity: 5 });
    const users = await Promise.all(Array.from({ length: 20 }, () => makeUser(rig.test)));
    const raced = await Promise.all(users.map((u) => claim(rig, u, scarce.id)));
    expect(raced.filter((a) => a.body.type === 'ok')).toHaveLength(5);
    expect(raced.filter((a) => a.body.code === 'coupon_sold_out')).toHaveLength(15);
    const [row] = await rig.test.db.select().from(couponBatches).where(eq(couponBatches.id, scarce.id));
    expect(row).toMatchObject({ claimed: 5 });
    expect(await rig.test.db.select().from(coupons).where(eq(coupons.batchId, scarce.id))).toHaveLength(5);
  });
});

describe('fee discounts', () => {
  it('refunds a spot fee from an applied 10 USDT coupon (1.3 back, 8.7 left), only for fills after it was applied', async () => {
    const batch = await makeBatch(rig);
    const user = await fundedBuyer(rig);
    const coupon = await claimed(rig, user, batch.id);
    // A fill before the coupon is applied is not refunded.
    await spotFill(rig, user);
    await runFeeJob(rig);
    expect(await spotAvailable(rig.test, user.id, rig.usdt)).toBe('9348.7');

    const used = await useCoupon(rig, user, coupon.id);
    expect(used.body.message).toMatchObject({ status: 'active', activated_at: rig.clock.now, remaining: '10' });
    expect((await useCoupon(rig, user, coupon.id, 'en')).body.message).toBe(errorMessage('coupon_unavailable', 'en'));
    await spotFill(rig, user);
    const run = await runFeeJob(rig);
    expect(run.refunds).toHaveLength(1);
    expect(run.refunds[0]).toMatchObject({ couponId: coupon.id, userId: user.id, amount: '1.300000000000000000' });
    // 10,000 - 2 x 651.3 + 1.3
    expect(await spotAvailable(rig.test, user.id, rig.usdt)).toBe('8698.7');
    expect(await couponOf(rig, user, coupon.id)).toMatchObject({ status: 'active', remaining: '8.7' });
    const bill = (await call(rig.test.app, '/wallet/legal_log', { token: user.token, payload: { currency: rig.usdt } })).body.message.data[0];
    expect(bill).toMatchObject({ type: 'coupon_fee_refund', ref_type: 'coupon_refund', amount: '1.3' });
    expect((await runFeeJob(rig)).refunds).toEqual([]);
  });

  it('uses a coupon up (1 USDT of a 1.3 fee), after which fees are paid in full, and rebates the inviter 20 % of what the holder kept paying', async () => {
    const inviter = await makeUser(rig.test);
    const user = await fundedBuyer(rig, await invitee(rig.test, inviter));
    const coupon = await claimed(rig, user, (await makeBatch(rig, { value: '1' })).id);
    await useCoupon(rig, user, coupon.id);
    await spotFill(rig, user);
    const run = await runFeeJob(rig);
    expect(run.refunds.map((r) => r.amount)).toEqual(['1.000000000000000000']);
    // (1.3 - 1) x 0.2 = 0.06
    expect(run.rebates.map((r) => [r.refunded, r.amount])).toEqual([['1.000000000000000000', '0.060000000000000000']]);
    expect(await couponOf(rig, user, coupon.id)).toMatchObject({ status: 'used', remaining: '0', used_at: rig.clock.now });
    await spotFill(rig, user);
    const next = await runFeeJob(rig);
    expect(next.refunds).toEqual([]);
    expect(next.rebates.map((r) => r.amount)).toEqual(['0.260000000000000000']);
    expect(await spotAvailable(rig.test, inviter.id, rig.usdt)).toBe('0.32');
    const rebate = (await call(rig.test.app, '/share/rebates', { method: 'GET', token: inviter.token })).body.message.data[1];
    expect(rebate).toMatchObject({ fee: '1.3', refunded: '1', amount: '0.06' });
  });

  it('refunds nothing of another user\'s fees, of a coupon not applied, or of a coupon in another coin', async () => {
    const holder = await fundedBuyer(rig);
    const other = await fundedBuyer(rig);
    await useCoupon(rig, holder, (await claimed(rig, holder, (await makeBatch(rig, { currency_id: rig.btc, value: '0.001' })).id)).id);
    await claimed(rig, holder, (await makeBatch(rig)).id);
    await claimed(rig, other, (await makeBatch(rig)).id);
    await spotFill(rig, holder);
    await spotFill(rig, other);
    expect((await runFeeJob(rig)).refunds).toEqual([]);
    expect(await rig.test.db.select().from(couponRefunds).where(eq(couponRefunds.userId, holder.id))).toEqual([]);
  });

  it('refunds nothing of another user\'s coupon: using it answers not_found', async () => {
    const holder = await makeUser(rig.test);
    const coupon = await claimed(rig, holder, (await makeBatch(rig)).id);
    const stranger = await makeUser(rig.test);
    expect((await useCoupon(rig, stranger, coupon.id)).body.code).toBe('not_found');
    expect(await couponOf(rig, holder, coupon.id)).toMatchObject({ status: 'available' });
  });

  it('expires coupons past their validity once when two runs race, still refunding an applied one\'s fills from before it expired, none after', async () => {
    const batch = await makeBatch(rig, { valid_days: 1, per_user_limit: 2 });
    const user = await fundedBuyer(rig);
    const applied = await claimed(rig, user, batch.id);
    const idle = await claimed(rig, user, batch.id);
    await useCoupon(rig, user, applied.id);
    await spotFill(rig, user);
    rig.clock.now += DAY_MS;
    const [first, second] = await Promise.all([runExpiry(rig), runExpiry(rig)]);
    expect(first + second).toBeGreaterThanOrEqual(2);
    expect(await runExpiry(rig)).toBe(0);
    await spotFill(rig, user);
    // The job runs after the expiry: the fill from before it is refunded, the one after is not.
    const run = await runFeeJob(rig);
    expect(run.refunds.map((r) => [r.couponId, r.amount])).toEqual([[applied.id, '1.300000000000000000']]);
    expect(await couponOf(rig, user, applied.id)).toMatchObject({ status: 'expired', remaining: '8.7' });
    expect(await couponOf(rig, user, idle.id)).toMatchObject({ status: 'expired', remaining: '10' });
    expect((await useCoupon(rig, user, idle.id)).body.code).toBe('coupon_expired');
    const expired = await myCoupons(rig, user, 'expired');
    expect(expired.map((c) => c.id).sort()).toEqual([applied.id, idle.id].sort());
  });
});

describe('my coupons and the back office', () => {
  it('lists the user\'s own coupons by tab, available ones soonest to expire first, and the back office sees claims and uses', async () => {
    const user = await fundedBuyer(rig);
    const soon = await claimed(rig, user, (await makeBatch(rig, { valid_days: 2 })).id);
    const late = await claimed(rig, user, (await makeBatch(rig, { valid_days: 9 })).id);
    const spent = await claimed(rig, user, (await makeBatch(rig, { value: '0.5', valid_days: 3 })).id);
    await useCoupon(rig, user, late.id);
    await useCoupon(rig, user, spent.id);
    // The 1.3 fee: 0.5 from the applied coupon expiring first (3 days), 0.8 from the next (9 days).
    await spotFill(rig, user);
    expect((await runFeeJob(rig)).refunds.map((r) => [r.couponId, r.amount])).toEqual([
      [spent.id, '0.500000000000000000'],
      [late.id, '0.800000000000000000'],
    ]);
    expect((await myCoupons(rig, user, 'available')).map((c) => [c.id, c.status, c.remaining])).toEqual([
      [soon.id, 'available', '10'],
      [late.id, 'active', '9.2'],
    ]);
    expect((await myCoupons(rig, user, 'used')).map((c) => c.id)).toEqual([spent.id]);
    expect(await myCoupons(rig, await makeUser(rig.test), 'available')).toEqual([]);

    const support = await makeOperatorToken(rig.test, 'support');
    const claims = await call(rig.test.app, '/admin/coupons/claims', { method: 'GET', token: support, payload: { user_id: user.id } });
    expect(claims.body.message.total).toBe(3);
    const rowOf = (id: number) => claims.body.message.data.find((c: { id: number }) => c.id === id);
    expect(rowOf(spent.id)).toMatchObject({ user_id: user.id, status: 'used', refunds: 1, refunded: '0.5', remaining: '0' });
    expect(rowOf(late.id)).toMatchObject({ status: 'active', refunds: 1, refunded: '0.8', remaining: '9.2' });
    expect(rowOf(soon.id)).toMatchObject({ status: 'available', refunds: 0, refunded: '0' });
  });
});

describe('demo', () => {
  it('seeds a fee discount and an experience batch, marked demo, once', async () => {
    await seedGrowthDemo(rig.test.db, rig.clock.now);
    await seedGrowthDemo(rig.test.db, rig.clock.now);
    const demo = await rig.test.db.select().from(couponBatches).where(eq(couponBatches.demo, true));
    expect(demo.map((b) => [b.kind, b.value, b.name.en])).toEqual([
      ['fee_discount', '10.000000000000000000', 'Spot fee discount 10 USDT'],
      ['experience', '10.000000000000000000', 'Options experience coupon 10 USDT'],
    ]);
    const user = await makeUser(rig.test);
    expect((await centre(user.token)).filter((b) => demo.some((d) => d.id === b.id))).toHaveLength(2);
  });

  it('tells the user which batches and coupons are demo (fairness review 8): a demo batch and its coupon true, an operator\'s false', async () => {
    await seedGrowthDemo(rig.test.db, rig.clock.now);
    const [seeded] = await rig.test.db.select().from(couponBatches).where(eq(couponBatches.demo, true)).orderBy(couponBatches.id);
    const operators = await makeBatch(rig);
    const user = await makeUser(rig.test);
    const offers = (await centre(user.token)) as unknown as { id: number; demo: boolean }[];
    expect([offers.find((b) => b.id === seeded!.id)?.demo, offers.find((b) => b.id === operators.id)?.demo]).toEqual([true, false]);
    const demoCoupon = await claimed(rig, user, seeded!.id);
    const realCoupon = await claimed(rig, user, operators.id);
    expect([demoCoupon.demo, realCoupon.demo]).toEqual([true, false]);
    expect((await myCoupons(rig, user)).map((c) => [c.id, c.demo]).sort()).toEqual([[demoCoupon.id, true], [realCoupon.id, false]].sort());
  });
});
