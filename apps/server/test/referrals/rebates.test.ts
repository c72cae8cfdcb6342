// Proves rebates on a real database: an invitee registered with the inviter's code trades spot for real
// (two users through /coin/trade), and the fee-posting job pays the inviter the configured share of the
// invitee's fee from the fees account, in the fee's coin, rounded down (1.3 x 0.2 = 0.26 USDT); the second
// level only once the operator sets its share; nothing at a share of 0 or when the rebate rounds to 0;
// each fee posting once when two schedulers race, runs repeat or overlap, and after a backlog read in
// batches. The share page shows the code, totals, masked invitees and the rebates, only the user's own;
// the back office edits the shares (admins, logged) and reads inviters and rebates. The ledger audit runs
// after every scenario.
import { and, desc, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { operatorAuditLog } from '../../src/admin/tables.ts';
import { ledgerEntries } from '../../src/ledger/tables.ts';
import { feePostingCursors, referralRebates } from '../../src/referrals/tables.ts';
import { makeOperatorToken } from '../funds/support.ts';
import { call, expectLedgerBalanced, makeUser } from '../support/app.ts';
import { fundedBuyer, invitee, runFeeJob, setShares, spotAvailable, spotFill, systemBalance, useGrowthRig } from './support.ts';

const rig = useGrowthRig();
afterEach(async () => {
  await setShares(rig, '0.2', '0');
  await expectLedgerBalanced(rig.test);
});

const get = (path: string, token: string, payload: Record<string, unknown> = {}) => call(rig.test.app, path, { method: 'GET', token, payload });
const rebatesOfUser = (userId: number) => rig.test.db.select().from(referralRebates).where(eq(referralRebates.inviteeId, userId));

describe('rebates', () => {
  it('pays the inviter 20 % of an invitee\'s spot fee, 1.3 x 0.2 = 0.26 USDT, from the fees account once the job runs', async () => {
    const inviter = await makeUser(rig.test);
    const friend = await fundedBuyer(rig, await invitee(rig.test, inviter));
    const fees = await systemBalance(rig.test, 'fees', rig.usdt);
    const buy = await spotFill(rig, friend);
    expect(buy.fee).toBe('1.3');
    expect(await spotAvailable(rig.test, inviter.id, rig.usdt)).toBe('0');

    const run = await runFeeJob(rig);
    expect(run.rebates).toHaveLength(1);
    expect(run.rebates[0]).toMatchObject({ level: 1, inviterId: inviter.id, inviteeId: friend.id, sourceType: 'spot_order', sourceId: String(buy.id), fee: '1.300000000000000000', share: '0.200000000000000000', amount: '0.260000000000000000' });
    expect(await spotAvailable(rig.test, inviter.id, rig.usdt)).toBe('0.26');
    // The fees account took 1.3 + 0.65 for the fill and paid 0.26 back out.
    expect(Number(await systemBalance(rig.test, 'fees', rig.usdt)) - Number(fees)).toBeCloseTo(1.95 - 0.26, 9);

    const rebates = (await get('/share/rebates', inviter.token)).body.message;
    expect(rebates).toMatchObject({ total: 1, page: 1, limit: 10 });
    expect(rebates.data[0]).toMatchObject({ level: 1, product: 'spot', invitee: `${friend.email[0]}***@example.com`, currency: 'USDT', fee: '1.3', refunded: '0', share: '0.2', amount: '0.26', created_at: rig.clock.now });
    const info = (await get('/share/info', inviter.token)).body.message;
    expect(info).toMatchObject({ invited: 1, rebates: [{ currency: 'USDT', amount: '0.26' }], level1_share: '0.2', level2_share: '0' });
    expect(info.extension_code).toMatch(/^\w+$/);
    const invitees = (await get('/share/invitees', inviter.token)).body.message;
    expect(invitees).toMatchObject({ total: 1, data: [{ account: `${friend.email[0]}***@example.com` }] });

    // The inviter's bill names the rebate; running again pays nothing more.
    const bill = (await call(rig.test.app, '/wallet/legal_log', { token: inviter.token, payload: { currency: rig.usdt } })).body.message.data[0];
    expect(bill).toMatchObject({ type: 'fee_rebate', ref_type: 'referral_rebate', ref_id: String(run.rebates[0]!.id), amount: '0.26' });
    expect((await runFeeJob(rig)).rebates).toEqual([]);
    expect(await spotAvailable(rig.test, inviter.id, rig.usdt)).toBe('0.26');
  });

  it('pays the inviter\'s inviter 1.3 x 0.1 = 0.13 only once the operator sets a second share', async () => {
    const top = await makeUser(rig.test);
    const middle = await invitee(rig.test, top);
    const trader = await fundedBuyer(rig, await invitee(rig.test, middle));
    await spotFill(rig, trader);
    await runFeeJob(rig);
    expect(await spotAvailable(rig.test, middle.id, rig.usdt)).toBe('0.26');
    expect(await spotAvailable(rig.test, top.id, rig.usdt)).toBe('0');

    await setShares(rig, '0.2', '0.1');
    await spotFill(rig, trader);
    const run = await runFeeJob(rig);
    expect(run.rebates.map((r) => [r.level, r.inviterId, r.amount])).toEqual([
      [1, middle.id, '0.260000000000000000'],
      [2, top.id, '0.130000000000000000'],
    ]);
    expect(await spotAvailable(rig.test, middle.id, rig.usdt)).toBe('0.52');
    expect(await spotAvailable(rig.test, top.id, rig.usdt)).toBe('0.13');
    const second = (await get('/share/rebates', top.token)).body.message.data[0];
    expect(second).toMatchObject({ level: 2, invitee: `${trader.email[0]}***@example.com`, share: '0.1', amount: '0.13' });
  });

  it('pays nothing and records nothing at a share of 0, or when the rebate rounds to 0 (0.005001 x 0.0001)', async () => {
    const inviter = await makeUser(rig.test);
    const friend = await fundedBuyer(rig, await invitee(rig.test, inviter));
    await setShares(rig, '0', '0');
    await spotFill(rig, friend);
    expect((await runFeeJob(rig)).rebates).toEqual([]);

    // The invitee sells 0.001 BTC at about 5001 as the maker: a fee of 0.1 % = 0.005001..., x 0.0001 rounds to 0 at 6 decimals.
    await setShares(rig, '0.0001', '0');
    const buyer = await fundedBuyer(rig);
    await spotFill(rig, buyer, { seller: friend, amount: '0.001', price: '5001' });
    expect((await runFeeJob(rig)).rebates).toEqual([]);
    expect(await rebatesOfUser(friend.id)).toEqual([]);
    expect(await spotAvailable(rig.test, inviter.id, rig.usdt)).toBe('0');
  });

  it('pays each fee posting once when two schedulers race, the job runs again, and two runs overlap', async () => {
    const inviter = await makeUser(rig.test);
    const friend = await fundedBuyer(rig, await invitee(rig.test, inviter));
    await spotFill(rig, friend);
    await spotFill(rig, friend);
    await Promise.all([rig.scheduler().runDue(), rig.scheduler(rig.service()).runDue()]);
    rig.clock.now += 10_000;
    await rig.scheduler().runDue();
    await Promise.all([runFeeJob(rig), runFeeJob(rig, rig.service())]);
    expect(await rebatesOfUser(friend.id)).toHaveLength(2);
    expect(await spotAvailable(rig.test, inviter.id, rig.usdt)).toBe('0.52');
    await spotFill(rig, friend);
    await Promise.all([runFeeJob(rig), runFeeJob(rig, rig.service()), rig.scheduler(rig.service()).runDue()]);
    expect(await rebatesOfUser(friend.id)).toHaveLength(3);
    expect(await spotAvailable(rig.test, inviter.id, rig.usdt)).toBe('0.78');
    const entries = await rig.test.db.select().from(ledgerEntries).where(and(eq(ledgerEntries.kind, 'fee_rebate')));
    expect(new Set(entries.map((e) => e.refId)).size).toBe(entries.length);
  });

  it('catches up a backlog in batches of the named size, each posting once, the watermark moving on', async () => {
    const inviter = await makeUser(rig.test);
    const friend = await fundedBuyer(rig, await invitee(rig.test, inviter));
    await runFeeJob(rig);
    for (let i = 0; i < 3; i++) await spotFill(rig, friend);
    const small = rig.service({ batchMax: 2 });
    // Each fill posts two fees (buyer and seller): the first run reads the first fill's two.
    const first = await runFeeJob(rig, small);
    expect(first).toMatchObject({ postings: 2 });
    expect(first.rebates).toHaveLength(1);
    let runs = 1;
    while ((await runFeeJob(rig, small)).postings > 0) runs++;
    // 6 fee postings, then the rebate postings the runs made themselves (read and passed over).
    expect(runs).toBeGreaterThanOrEqual(3);
    expect(await rebatesOfUser(friend.id)).toHaveLength(3);
    expect(await spotAvailable(rig.test, inviter.id, rig.usdt)).toBe('0.78');
    const [cursor] = await rig.test.db.select().from(feePostingCursors);
    expect(cursor!.lastPostingId).toBeGreaterThan(0);
  });

  it('shows each user only their own invitees and rebates', async () => {
    const inviter = await makeUser(rig.test);
    const friend = await fundedBuyer(rig, await invitee(rig.test, inviter));
    await spotFill(rig, friend);
    await runFeeJob(rig);
    const stranger = await makeUser(rig.test);
    // Another user's id in the query changes nothing: the lists are the caller's.
    expect((await get('/share/rebates', stranger.token, { user_id: inviter.id, inviter_id: inviter.id })).body.message).toMatchObject({ total: 0, data: [] });
    expect((await get('/share/invitees', stranger.token, { user_id: inviter.id })).body.message).toMatchObject({ total: 0, data: [] });
    expect((await get('/share/info', stranger.token)).body.message).toMatchObject({ invited: 0, rebates: [] });
    expect((await get('/share/info', '')).body.type).toBe('999');
  });
});

describe('back office', () => {
  it('lets an admin set the shares (logged with before and after), refuses shares above the fee, and lets only admins write', async () => {
    const refused = await call(rig.test.app, '/admin/referrals/settings', { token: rig.op, lang: 'en', payload: { level1_share: '0.7', level2_share: '0.4' } });
    expect(refused.body).toMatchObject({ type: 'error', code: 'referral_shares_invalid' });
    expect((await call(rig.test.app, '/admin/referrals/settings', { token: rig.op, payload: { level1_share: '1.5', level2_share: '0' } })).body.code).toBe('referral_shares_invalid');
    const saved = await call(rig.test.app, '/admin/referrals/settings', { token: rig.op, payload: { level1_share: '0.3', level2_share: '0.05' } });
    expect(saved.body.message).toEqual({ level1_share: '0.3', level2_share: '0.05', updated_at: rig.clock.now });
    const [logged] = await rig.test.db.select().from(operatorAuditLog).where(eq(operatorAuditLog.action, 'referrals.shares.edit')).orderBy(desc(operatorAuditLog.id)).limit(1);
    expect(logged?.detail).toMatchObject({ before: { level1_share: '0.2', level2_share: '0' }, after: { level1_share: '0.3', level2_share: '0.05' } });

    const reviewer = await makeOperatorToken(rig.test, 'reviewer');
    expect((await call(rig.test.app, '/admin/referrals/settings', { token: reviewer, payload: { level1_share: '0.1', level2_share: '0' } })).body.code).toBe('forbidden');
    expect((await call(rig.test.app, '/admin/referrals', { method: 'GET', token: reviewer })).body.message).toMatchObject({ level1_share: '0.3', level2_share: '0.05' });
  });

  it('lists inviters with their invitees, rebates and totals per coin, and the rebate records unmasked with their posting', async () => {
    const inviter = await makeUser(rig.test);
    const friend = await fundedBuyer(rig, await invitee(rig.test, inviter));
    await invitee(rig.test, inviter);
    await spotFill(rig, friend);
    await runFeeJob(rig);
    const support = await makeOperatorToken(rig.test, 'support');
    const inviters = await call(rig.test.app, '/admin/referrals/inviters', { method: 'GET', token: support, payload: { inviter_id: inviter.id } });
    expect(inviters.body.message).toMatchObject({ total: 1, data: [{ inviter_id: inviter.id, account: inviter.email, invitees: 2, rebates: 1, totals: [{ currency: 'USDT', amount: '0.26' }] }] });
    const rebates = await call(rig.test.app, '/admin/referrals/rebates', { method: 'GET', token: support, payload: { invitee_id: friend.id } });
    expect(rebates.body.message.data).toHaveLength(1);
    expect(rebates.body.message.data[0]).toMatchObject({ inviter_id: inviter.id, invitee_id: friend.id, inviter: inviter.email, invitee: friend.email, amount: '0.26', product: 'spot' });
    expect(rebates.body.message.data[0].source).toMatch(/^spot_order:\d+$/);
    expect((await call(rig.test.app, '/admin/referrals/rebates', { method: 'GET', token: '' })).body.type).toBe('999');
  });
});
