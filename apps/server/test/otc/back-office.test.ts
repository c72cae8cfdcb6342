// Proves OTC merchants, ads and the back office on a real database: applying needs Lv2 (998 below) and
// one live application; an ad needs an approved merchant, a sell ad the coins (frozen at posting) and
// the merchant's details for a method; an operator approves, rejects, suspends (online ads close and
// their coins unfreeze) and reinstates, takes an ad offline and configures methods, each logged, with
// the roles that may; the support role reads but cannot decide. Also the demo seed: a visible demo
// merchant with real balances and online ads, marked demo, seeded once. The audit runs after each.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { operatorAuditLog } from '../../src/admin/tables.ts';
import { OTC_DEMO_MERCHANT, seedOtcDemo } from '../../src/otc/demo.ts';
import { otcAds, otcMerchants } from '../../src/otc/tables.ts';
import { makeOperatorToken } from '../funds/support.ts';
import { expectLedgerBalanced } from '../support/app.ts';
import { fundAccount } from '../support/ledger.ts';
import { admin, api, expectOk, fiatFigures, makeLevelUser, makeMerchant, postAd, saveAlipay, useOtcRig } from './support.ts';

const rig = useOtcRig();

const logged = (action: string, target: string) =>
  rig.test.db
    .select()
    .from(operatorAuditLog)
    .where(and(eq(operatorAuditLog.action, action), eq(operatorAuditLog.target, target)));

describe('merchant applications', () => {
  it('needs Lv2, keeps one live application, and lets a rejected user apply again', async () => {
    const lv1 = await makeLevelUser(rig, 1);
    expect((await api(rig, lv1.token, '/otc/merchant/apply', { name: 'Shop' })).body.type).toBe('998');
    const user = await makeLevelUser(rig, 2);
    expect((await api(rig, user.token, '/otc/merchant/apply', { name: 'x' })).body.code).toBe('otc_merchant_name_invalid');
    const applied = expectOk<{ id: number; status: string }>(await api(rig, user.token, '/otc/merchant/apply', { name: 'Sunny Desk' }));
    expect(applied.status).toBe('pending');
    expect((await api(rig, user.token, '/otc/merchant/apply', { name: 'Sunny Desk' })).body.code).toBe('otc_merchant_pending');
    // Posting before approval is refused.
    await fundAccount(rig.test, user.id, rig.btc, '1', 'fiat');
    await saveAlipay(rig, user);
    expect((await postAd(rig, user).catch((e: Error) => e.message)) as unknown as string).toContain('otc_merchant_required');
    // Support reads the queue but cannot decide.
    const support = await makeOperatorToken(rig.test, 'support');
    const queue = expectOk<{ data: { id: number; status: string; account: string }[] }>(await admin(rig, '/otc/merchants', { status: 'pending' }, 'GET', support));
    expect(queue.data.map((m) => m.id)).toContain(applied.id);
    expect((await admin(rig, '/otc/merchants/decide', { id: applied.id, decision: 'approve' }, 'POST', support)).body.code).toBe('forbidden');
    expect((await admin(rig, '/otc/merchants/decide', { id: applied.id, decision: 'reject' })).body.code).toBe('parameter_error');
    expectOk(await admin(rig, '/otc/merchants/decide', { id: applied.id, decision: 'reject', reason: 'Name unclear' }));
    expect((await logged('otc.merchant.reject', `otc_merchant:${applied.id}`))[0]?.detail).toMatchObject({ reason: 'Name unclear' });
    const config = expectOk<{ merchant: { status: string; reason: string }; level: number; fiat_limit_usdt: string }>(await api(rig, user.token, '/otc/config', {}, 'GET'));
    expect(config).toMatchObject({ merchant: { status: 'rejected', reason: 'Name unclear' }, level: 2, fiat_limit_usdt: '1000000' });
    expectOk(await api(rig, user.token, '/otc/merchant/apply', { name: 'Sunny OTC' }));
    expectOk(await admin(rig, '/otc/merchants/decide', { id: applied.id, decision: 'approve' }));
    expect((await admin(rig, '/otc/merchants/decide', { id: applied.id, decision: 'approve' })).body.code).toBe('already_reviewed');
    expect((await api(rig, user.token, '/otc/merchant/apply', { name: 'Again' })).body.code).toBe('otc_merchant_exists');
    expect((await postAd(rig, user)).remaining).toBe('0.1');
    await expectLedgerBalanced(rig.test);
  });

  it('suspends a merchant: their online ads close and the coins unfreeze; reinstated, they post again', async () => {
    const merchant = await makeMerchant(rig, { btc: '1', usdt: '1000' });
    await postAd(rig, merchant);
    await postAd(rig, merchant, { side: 'buy', currency_id: rig.usdt, price: '7.1', quantity: '500' });
    expect(await fiatFigures(rig, merchant, 'BTC')).toMatchObject({ frozen: '0.1' });
    expectOk(await admin(rig, '/otc/merchants/decide', { id: merchant.merchantId, decision: 'suspend', reason: 'Complaints' }));
    expect(await fiatFigures(rig, merchant, 'BTC')).toMatchObject({ available: '1', frozen: '0' });
    const ads = await rig.test.db.select().from(otcAds).where(eq(otcAds.userId, merchant.id));
    expect(ads.map((a) => [a.status, a.closedBy])).toEqual([
      ['closed', 'suspension'],
      ['closed', 'suspension'],
    ]);
    expect((await api(rig, merchant.token, '/otc/ad/post', { side: 'sell', currency_id: rig.btc, fiat: 'CNY', price_type: 'fixed', price: '1', quantity: '0.1', min_fiat: '0.01', max_fiat: '0.1', method_ids: rig.alipay, pay_minutes: 15 })).body.code).toBe('otc_merchant_required');
    expectOk(await admin(rig, '/otc/merchants/decide', { id: merchant.merchantId, decision: 'reinstate' }));
    expect((await logged('otc.merchant.suspend', `otc_merchant:${merchant.merchantId}`))).toHaveLength(1);
    await postAd(rig, merchant);
    await expectLedgerBalanced(rig.test);
  });
});

describe('ads', () => {
  it('refuses a sell ad beyond the balance or without the merchant\'s details for its methods, and prices a floating ad from the index', async () => {
    const merchant = await makeMerchant(rig, { btc: '0.05' });
    expect((await api(rig, merchant.token, '/otc/ad/post', adFields({ quantity: '0.1' }))).body.code).toBe('insufficient_balance');
    expect((await api(rig, merchant.token, '/otc/ad/post', adFields({ method_ids: '1' }))).body.code).toBe('otc_payment_method_missing');
    expect((await api(rig, merchant.token, '/otc/ad/post', adFields({ method_ids: '999' }))).body.code).toBe('otc_payment_method_unavailable');
    expect((await api(rig, merchant.token, '/otc/ad/post', adFields({ price: '470000.001' }))).body.code).toBe('wrong_number');
    // 65000 x 7.24 x 1.01 = 475306 CNY; the index rides along, for the taker's per-order limit.
    const floating = expectOk<{ price: string; margin: string; fiat_max_now: string }>(await api(rig, merchant.token, '/otc/ad/post', adFields({ price_type: 'floating', price: '', margin: '0.01' })));
    expect(floating).toMatchObject({ price: '475306', margin: '0.01', fiat_max_now: '23765.3', index_usdt: '65000' });
    const mine = expectOk<{ data: { id: number; own: boolean }[]; total: number }>(await api(rig, merchant.token, '/otc/my/ads', {}, 'GET'));
    expect(mine.total).toBe(1);
    expect(mine.data[0]!.own).toBe(true);
    await expectLedgerBalanced(rig.test);
  });

  it('lets an operator take an ad offline with a reason, logged, the coins unfrozen', async () => {
    const merchant = await makeMerchant(rig);
    const ad = await postAd(rig, merchant);
    expect((await admin(rig, '/otc/ads/close', { id: ad.id })).body.code).toBe('parameter_error');
    expectOk(await admin(rig, '/otc/ads/close', { id: ad.id, reason: 'Misleading remark' }));
    expect(await fiatFigures(rig, merchant, 'BTC')).toMatchObject({ available: '1', frozen: '0' });
    expect((await admin(rig, '/otc/ads/close', { id: ad.id, reason: 'again' })).body.code).toBe('otc_ad_unavailable');
    expect(await logged('otc.ad.close', `otc_ad:${ad.id}`)).toHaveLength(1);
    const listed = expectOk<{ data: { id: number; status: string; closed_by: string }[] }>(await admin(rig, '/otc/ads', { user_id: merchant.id }, 'GET'));
    expect(listed.data).toEqual([expect.objectContaining({ id: ad.id, status: 'closed', closed_by: 'operator' })]);
    // Another user cannot close a merchant's ad.
    const other = await makeLevelUser(rig, 1);
    expect((await api(rig, other.token, '/otc/ad/close', { id: ad.id })).body.code).toBe('not_found');
    await expectLedgerBalanced(rig.test);
  });
});

describe('payment methods', () => {
  it('lets admins add methods and switch the built-in cards off (name kept), logged; reviewers may not', async () => {
    const created = expectOk<{ id: number; kind: string; name: string }>(await admin(rig, '/otc/methods', { name: 'PayPal', enabled: true, sort: 9 }));
    expect(created).toMatchObject({ kind: 'account', name: 'PayPal' });
    const cards = expectOk<{ id: number; kind: string; name: string }[]>(await admin(rig, '/otc/methods', {}, 'GET'));
    const bank = cards.find((m) => m.kind === 'bank')!;
    expect(expectOk<{ name: string; enabled: boolean }>(await admin(rig, '/otc/methods', { id: bank.id, name: 'Renamed', enabled: false, sort: 1 }))).toMatchObject({ name: 'Bank card', enabled: false });
    const user = await makeLevelUser(rig, 1);
    const offered = expectOk<{ methods: { id: number }[] }>(await api(rig, user.token, '/otc/config', {}, 'GET')).methods.map((m) => m.id);
    expect(offered).not.toContain(bank.id);
    expect(offered).toContain(created.id);
    expectOk(await admin(rig, '/otc/methods', { id: bank.id, name: 'Bank card', enabled: true, sort: 1 }));
    const reviewer = await makeOperatorToken(rig.test, 'reviewer');
    expect((await admin(rig, '/otc/methods', { name: 'Venmo', enabled: true, sort: 1 }, 'POST', reviewer)).body.code).toBe('forbidden');
    expect(await logged('otc.method.create', `otc_method:${created.id}`)).toHaveLength(1);
  });
});

describe('the demo seed', () => {
  it('seeds a visible demo merchant with real balances and online ads, marked demo, once', async () => {
    await seedOtcDemo(rig.test.db, rig.clock.now);
    await seedOtcDemo(rig.test.db, rig.clock.now);
    const merchants = await rig.test.db.select().from(otcMerchants).where(eq(otcMerchants.demo, true));
    expect(merchants).toHaveLength(1);
    expect(merchants[0]).toMatchObject({ name: OTC_DEMO_MERCHANT.name, status: 'approved' });
    const ads = await rig.test.db.select().from(otcAds).where(eq(otcAds.merchantId, merchants[0]!.id));
    expect(ads.length).toBeGreaterThanOrEqual(4);
    expect(ads.every((a) => a.demo && a.status === 'online')).toBe(true);
    const taker = await makeLevelUser(rig, 1);
    const listed = expectOk<{ data: { merchant: { name: string }; price: string }[] }>(await api(rig, taker.token, '/otc/ads', { side: 'sell', currency_id: rig.usdt, fiat: 'CNY' }, 'GET'));
    expect(listed.data.some((a) => a.merchant.name === OTC_DEMO_MERCHANT.name && a.price === '7.28')).toBe(true);
    await expectLedgerBalanced(rig.test);
  });
});

function adFields(fields: Record<string, unknown>) {
  return { side: 'sell', currency_id: rig.btc, fiat: 'CNY', price_type: 'fixed', price: '470000', quantity: '0.05', min_fiat: '100', max_fiat: '100000', method_ids: String(rig.alipay), pay_minutes: 15, ...fields };
}
