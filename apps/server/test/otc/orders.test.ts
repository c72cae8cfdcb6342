// Proves each OTC order path on a real database through the /otc/* routes: a sell ad freezing its coins
// in the merchant's fiat (legal) account when posted, an order paid with a proof and released, cancelled
// by the buyer (coins back to the online ad, or to the merchant once it closed), timed out by the job
// exactly once, appealed and decided both ways by an operator (logged, the note in the chat), and a buy
// ad taken by a seller whose coins are escrowed then. The ledger audit runs after every scenario.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { operatorAuditLog } from '../../src/admin/tables.ts';
import { ledgerEntries } from '../../src/ledger/tables.ts';
import { expectLedgerBalanced } from '../support/app.ts';
import { testScheduler } from '../support/clock.ts';
import { fundAccount } from '../support/ledger.ts';
import { admin, api, expectOk, fiatFigures, makeMerchant, makeTaker, markPaid, placeOrder, postAd, release, saveAlipay, useOtcRig, type OrderView } from './support.ts';

const rig = useOtcRig();

describe('a sell ad, paid and released', () => {
  it('freezes the ad at posting, escrows the order, and moves the coins to the buyer on release', async () => {
    const merchant = await makeMerchant(rig, { btc: '1' });
    const ad = await postAd(rig, merchant);
    expect(await fiatFigures(rig, merchant, 'BTC')).toMatchObject({ available: '0.9', frozen: '0.1' });
    const buyer = await makeTaker(rig, 1);
    // 1000 CNY at 470000: 0.00212765 BTC (rounded down to the coin's unit); 0.00212765 x 470000 = 999.9955, paid rounded up: 1000.00.
    const order = expectOk<OrderView>(await placeOrder(rig, buyer, ad.id, '1000'));
    expect(order).toMatchObject({ status: 'pending', quantity: '0.00212765', fiat_amount: '1000', price: '470000', role: 'buyer' });
    expect(order.pay_deadline).toBe(rig.clock.now + 15 * 60_000);
    expect(order.payment_details).toEqual([{ method_id: rig.alipay, kind: 'account', name: 'Alipay', fields: { holder: 'Li Lei', account: `ali-${merchant.id}` } }]);
    expect(await fiatFigures(rig, merchant, 'BTC')).toMatchObject({ available: '0.9', frozen: '0.09787235' });
    await expectLedgerBalanced(rig.test);

    // The seller cannot release before the buyer marks it paid.
    expect((await release(rig, merchant, order.id)).body.code).toBe('otc_order_state');
    rig.clock.now += 60_000;
    const paid = expectOk<OrderView & { proof: string; paid_method_id: number }>(await markPaid(rig, buyer, order.id));
    expect(paid.status).toBe('paid');
    expect(paid.proof).toMatch(/^\/uploads\//);
    rig.clock.now += 90_000;
    const released = expectOk<OrderView & { released_by: string }>(await release(rig, merchant, order.id));
    expect(released).toMatchObject({ status: 'released', released_by: 'seller', role: 'seller' });
    expect(await fiatFigures(rig, buyer, 'BTC')).toMatchObject({ available: '0.00212765', frozen: '0' });
    expect(await fiatFigures(rig, merchant, 'BTC')).toMatchObject({ balance: '0.99787235', available: '0.9', frozen: '0.09787235' });
    // Counters from rows: one completed order, 100 %, released 90 s after it was marked paid.
    const listed = expectOk<{ data: { merchant: { completed_orders: number; completion_rate: string; avg_release_seconds: number } }[] }>(
      await api(rig, buyer.token, '/otc/ads', { side: 'sell', currency_id: rig.btc, fiat: 'CNY' }, 'GET'),
    );
    expect(listed.data.find((a) => (a as unknown as { id: number }).id === ad.id)!.merchant).toMatchObject({ completed_orders: 1, completion_rate: '100', avg_release_seconds: 90 });
    await expectLedgerBalanced(rig.test);
  });

  it('refuses a proof that is not the buyer\'s own upload and a method the order does not offer', async () => {
    const merchant = await makeMerchant(rig);
    const ad = await postAd(rig, merchant);
    const buyer = await makeTaker(rig, 1);
    const order = expectOk<OrderView>(await placeOrder(rig, buyer, ad.id, '500'));
    const { uploadImage } = await import('../funds/support.ts');
    const othersProof = await uploadImage(rig.test, merchant.token);
    expect((await api(rig, buyer.token, '/otc/order/paid', { id: order.id, method_id: rig.alipay, proof: othersProof })).body.code).toBe('otc_proof_required');
    const proof = await uploadImage(rig.test, buyer.token);
    expect((await api(rig, buyer.token, '/otc/order/paid', { id: order.id, method_id: 1, proof })).body.code).toBe('otc_payment_method_unavailable');
    expect((await api(rig, buyer.token, '/otc/order/paid', { id: order.id, method_id: rig.alipay })).body.code).toBe('otc_proof_required');
    await expectLedgerBalanced(rig.test);
  });
});

describe('a retried placement', () => {
  it('places one order for one idempotency key and answers the retry with the first order', async () => {
    const merchant = await makeMerchant(rig);
    const ad = await postAd(rig, merchant);
    const buyer = await makeTaker(rig, 1);
    const payload = { ad_id: ad.id, amount: '1000', client_id: `otc-${buyer.id}` };
    const first = expectOk<OrderView>(await api(rig, buyer.token, '/otc/order/place', payload));
    const retry = expectOk<OrderView>(await api(rig, buyer.token, '/otc/order/place', payload));
    expect(retry).toEqual(first);
    expect((await api(rig, buyer.token, '/otc/order/place', { ...payload, amount: '2000' })).body.code).toBe('idempotency_key_reused');
    expect(expectOk<{ total: number }>(await api(rig, buyer.token, '/otc/orders', { status: 'open' }, 'GET')).total).toBe(1);
    await expectLedgerBalanced(rig.test);
  });
});

describe('orders that do not happen', () => {
  it('gives a cancelled order\'s coins back to the online ad, and to the merchant\'s available balance once the ad closed', async () => {
    const merchant = await makeMerchant(rig);
    const ad = await postAd(rig, merchant, { quantity: '0.01' });
    const buyer = await makeTaker(rig, 1);
    const first = expectOk<OrderView>(await placeOrder(rig, buyer, ad.id, '0.004', 'coin'));
    expect(first.fiat_amount).toBe('1880');
    const cancelled = expectOk<OrderView & { cancel_reason: string }>(await api(rig, buyer.token, '/otc/order/cancel', { id: first.id }));
    expect(cancelled).toMatchObject({ status: 'cancelled', cancel_reason: 'buyer' });
    expect(await fiatFigures(rig, merchant, 'BTC')).toMatchObject({ available: '0.99', frozen: '0.01' });
    // The seller may not cancel, and a cancelled order cannot be cancelled again.
    expect((await api(rig, buyer.token, '/otc/order/cancel', { id: first.id })).body.code).toBe('otc_order_state');
    const second = expectOk<OrderView>(await placeOrder(rig, buyer, ad.id, '0.004', 'coin'));
    expect((await api(rig, merchant.token, '/otc/order/cancel', { id: second.id })).body.code).toBe('forbidden');
    expectOk(await api(rig, merchant.token, '/otc/ad/close', { id: ad.id }));
    expect(await fiatFigures(rig, merchant, 'BTC')).toMatchObject({ available: '0.996', frozen: '0' });
    expectOk(await api(rig, buyer.token, '/otc/order/cancel', { id: second.id }));
    expect(await fiatFigures(rig, merchant, 'BTC')).toMatchObject({ available: '1', frozen: '0' });
    await expectLedgerBalanced(rig.test);
  });

  it('cancels a pending order once its pay time limit passed (the job, exactly once), never a paid one', async () => {
    const merchant = await makeMerchant(rig);
    const ad = await postAd(rig, merchant);
    const [late, prompt] = [await makeTaker(rig, 1), await makeTaker(rig, 1)];
    const lateOrder = expectOk<OrderView>(await placeOrder(rig, late, ad.id, '1000'));
    const promptOrder = expectOk<OrderView>(await placeOrder(rig, prompt, ad.id, '2000'));
    expectOk(await markPaid(rig, prompt, promptOrder.id));
    const jobs = testScheduler(rig.test, rig.now, rig.test.ctx.otc);
    rig.clock.now += 15 * 60_000 - 1;
    await jobs.runDue();
    expect(expectOk<OrderView>(await api(rig, late.token, '/otc/order', { id: lateOrder.id }, 'GET')).status).toBe('pending');
    rig.clock.now += 20_000;
    // The buyer is too late to mark it paid even before the job ran.
    expect((await markPaid(rig, late, lateOrder.id)).body.code).toBe('otc_order_state');
    await jobs.runDue();
    const timedOut = expectOk<OrderView & { cancel_reason: string }>(await api(rig, late.token, '/otc/order', { id: lateOrder.id }, 'GET'));
    expect(timedOut).toMatchObject({ status: 'cancelled', cancel_reason: 'timeout' });
    expect(expectOk<OrderView>(await api(rig, prompt.token, '/otc/order', { id: promptOrder.id }, 'GET')).status).toBe('paid');
    // A second process running the job again returns nothing twice.
    expect(await rig.test.ctx.otc.runTimeouts()).toEqual([]);
    const returns = await rig.test.db.select().from(ledgerEntries).where(and(eq(ledgerEntries.kind, 'otc_return'), eq(ledgerEntries.refId, lateOrder.id)));
    expect(returns).toHaveLength(1);
    await expectLedgerBalanced(rig.test);
  });
});

describe('appeals', () => {
  it('sends an order marked paid but never released to appeal by itself after the operator\'s release limit (the job, exactly once), both sides told', async () => {
    expect((await admin(rig, '/otc/settings', {}, 'GET')).body.message).toMatchObject({ release_minutes: 30, release_minutes_min: 10, release_minutes_max: 720 });
    expect((await admin(rig, '/otc/settings', { release_minutes: 5 })).body.code).toBe('parameter_error');
    expect((await admin(rig, '/otc/settings', { release_minutes: 721 })).body.code).toBe('parameter_error');
    expectOk(await admin(rig, '/otc/settings', { release_minutes: 20 }));
    const merchant = await makeMerchant(rig);
    const ad = await postAd(rig, merchant);
    const buyer = await makeTaker(rig, 1);
    const order = expectOk<OrderView>(await placeOrder(rig, buyer, ad.id, '1000'));
    const paidAt = rig.clock.now;
    const paid = expectOk<OrderView & { release_due_at: number }>(await markPaid(rig, buyer, order.id));
    expect(paid.release_due_at).toBe(paidAt + 20 * 60_000);
    // A later change of the setting does not move an order already paid.
    expectOk(await admin(rig, '/otc/settings', { release_minutes: 30 }));
    const told: { userIds: number[]; signal: { order_id: string; status: string; reason?: string } }[] = [];
    const listen = (event: (typeof told)[number]) => told.push(event);
    rig.test.ctx.bus.on('otc_order', listen);
    try {
      const jobs = testScheduler(rig.test, rig.now, rig.test.ctx.otc);
      rig.clock.now = paidAt + 20 * 60_000 - 1;
      await jobs.runDue();
      expect(expectOk<OrderView>(await api(rig, buyer.token, '/otc/order', { id: order.id }, 'GET')).status).toBe('paid');
      // The job looks every 15 s: its next run after the limit passed.
      rig.clock.now = paidAt + 20 * 60_000 + 15_000;
      await jobs.runDue();
      await new Promise((resolve) => setImmediate(resolve));
      const appealed = expectOk<OrderView & { appeal: { automatic: boolean; by: string } }>(await api(rig, merchant.token, '/otc/order', { id: order.id }, 'GET'));
      expect(appealed).toMatchObject({ status: 'appealed', appeal: { automatic: true, by: 'buyer' } });
      expect(told.filter((e) => e.signal.order_id === order.id)).toEqual([{ userIds: [buyer.id, merchant.id], signal: { order_id: order.id, status: 'appealed', reason: 'release_timeout' } }]);
      // Another process running the job again appeals nothing twice; the appeals queue holds it once.
      expect(await rig.test.ctx.otc.runReleaseTimeouts()).toEqual([]);
      const queue = (await admin(rig, '/otc/orders', { status: 'appealed' }, 'GET')).body.message.data as { id: string }[];
      expect(queue.filter((row) => String(row.id) === order.id)).toHaveLength(1);
    } finally {
      rig.test.ctx.bus.off('otc_order', listen);
    }
    // The coins stayed in escrow; an operator decides it like any appeal.
    expectOk(await admin(rig, '/otc/appeals/decide', { id: order.id, decision: 'release', note: 'Payment seen on the statement' }));
    expect(await fiatFigures(rig, buyer, 'BTC')).toMatchObject({ available: '0.00212765' });
    await expectLedgerBalanced(rig.test);
  });

  it('lets either side appeal a paid order and an operator release it to the buyer, logged, the note in the chat', async () => {
    const merchant = await makeMerchant(rig);
    const ad = await postAd(rig, merchant);
    const buyer = await makeTaker(rig, 1);
    const order = expectOk<OrderView>(await placeOrder(rig, buyer, ad.id, '1000'));
    expect((await api(rig, buyer.token, '/otc/order/appeal', { id: order.id, reason: 'not yet paid' })).body.code).toBe('otc_order_state');
    expectOk(await markPaid(rig, buyer, order.id));
    expect((await api(rig, buyer.token, '/otc/order/appeal', { id: order.id, reason: '' })).body.code).toBe('otc_appeal_reason_required');
    const appealed = expectOk<OrderView & { appeal: { by: string; reason: string } }>(await api(rig, buyer.token, '/otc/order/appeal', { id: order.id, reason: 'The seller does not release' }));
    expect(appealed).toMatchObject({ status: 'appealed', appeal: { by: 'buyer', reason: 'The seller does not release', decision: null } });
    // The queue shows it, with the buyer's proof.
    const queue = expectOk<{ data: { id: string; proof: string }[] }>(await admin(rig, '/otc/orders', { status: 'appealed' }, 'GET'));
    expect(queue.data.map((o) => o.id)).toContain(order.id);
    const decided = expectOk<{ order: { status: string; released_by: string; appeal: { decision: string } }; messages: { author: string; body: string }[] }>(
      await admin(rig, '/otc/appeals/decide', { id: order.id, decision: 'release', note: 'Payment confirmed by bank record' }),
    );
    expect(decided.order).toMatchObject({ status: 'released', released_by: 'operator', appeal: { decision: 'release' } });
    expect(decided.messages.at(-1)).toMatchObject({ author: 'operator', body: 'Payment confirmed by bank record' });
    expect(await fiatFigures(rig, buyer, 'BTC')).toMatchObject({ available: '0.00212765' });
    const [log] = await rig.test.db.select().from(operatorAuditLog).where(and(eq(operatorAuditLog.action, 'otc.appeal.release'), eq(operatorAuditLog.target, `otc_order:${order.id}`)));
    expect(log).toBeDefined();
    // Reading the order's evidence (chat, proofs, bank details) is in the operator log too (security finding 7).
    const read = expectOk<{ messages: unknown[] }>(await admin(rig, '/otc/order', { id: order.id }, 'GET'));
    const [readLog] = await rig.test.db.select().from(operatorAuditLog).where(and(eq(operatorAuditLog.action, 'otc_order_read'), eq(operatorAuditLog.target, `otc_order:${order.id}`)));
    expect(readLog?.detail).toEqual({ messages: read.messages.length });
    // The merchant (the seller) did not release: the order counts against them.
    const counters = expectOk<{ data: { id: number; completed_orders: number; completion_rate: string }[] }>(await admin(rig, '/otc/merchants', { user_id: merchant.id }, 'GET'));
    expect(counters.data[0]).toMatchObject({ completed_orders: 0, completion_rate: '0' });
    // Decided once: a second decision is refused.
    expect((await admin(rig, '/otc/appeals/decide', { id: order.id, decision: 'return', note: 'again' })).body.code).toBe('otc_order_state');
    await expectLedgerBalanced(rig.test);
  });

  it('returns the coins to the seller when the operator decides so on the seller\'s appeal', async () => {
    const merchant = await makeMerchant(rig);
    const ad = await postAd(rig, merchant, { quantity: '0.01' });
    const buyer = await makeTaker(rig, 1);
    const order = expectOk<OrderView>(await placeOrder(rig, buyer, ad.id, '0.002', 'coin'));
    expectOk(await markPaid(rig, buyer, order.id));
    expectOk(await api(rig, merchant.token, '/otc/order/appeal', { id: order.id, reason: 'No payment arrived' }));
    // The buyer cannot cancel an appealed order.
    expect((await api(rig, buyer.token, '/otc/order/cancel', { id: order.id })).body.code).toBe('otc_order_state');
    const decided = expectOk<{ order: { status: string; cancel_reason: string } }>(await admin(rig, '/otc/appeals/decide', { id: order.id, decision: 'return', note: 'Proof was forged' }));
    expect(decided.order).toMatchObject({ status: 'cancelled', cancel_reason: 'appeal' });
    // Back into the online ad.
    expect(await fiatFigures(rig, merchant, 'BTC')).toMatchObject({ available: '0.99', frozen: '0.01' });
    expect(await fiatFigures(rig, buyer, 'BTC')).toMatchObject({ available: '0' });
    // The buyer had not paid: nothing counts against the merchant.
    const counters = expectOk<{ data: { completed_orders: number; completion_rate: string | null }[] }>(await admin(rig, '/otc/merchants', { user_id: merchant.id }, 'GET'));
    expect(counters.data[0]).toMatchObject({ completed_orders: 0, completion_rate: null });
    await expectLedgerBalanced(rig.test);
  });
});

describe('a buy ad', () => {
  it('escrows the selling taker\'s coins when they take it, and the taker releases once the merchant paid', async () => {
    const merchant = await makeMerchant(rig, {});
    const ad = await postAd(rig, merchant, { side: 'buy', currency_id: rig.usdt, price: '7.2', quantity: '5000', min_fiat: '100', max_fiat: '20000' });
    // A buy ad freezes nothing.
    const seller = await makeTaker(rig, 1);
    expect((await placeOrder(rig, seller, ad.id, '720')).body.code).toBe('otc_payment_method_missing');
    await saveAlipay(rig, seller);
    expect((await placeOrder(rig, seller, ad.id, '720')).body.code).toBe('insufficient_balance');
    await fundAccount(rig.test, seller.id, rig.usdt, '300', 'fiat');
    const order = expectOk<OrderView>(await placeOrder(rig, seller, ad.id, '720'));
    expect(order).toMatchObject({ role: 'seller', quantity: '100', fiat_amount: '720' });
    expect(await fiatFigures(rig, seller, 'USDT')).toMatchObject({ available: '200', frozen: '0' });
    expect((await markPaid(rig, seller, order.id)).body.code).toBe('forbidden');
    expectOk(await markPaid(rig, merchant, order.id));
    expect((await release(rig, merchant, order.id)).body.code).toBe('forbidden');
    expect(expectOk<OrderView>(await release(rig, seller, order.id)).status).toBe('released');
    expect(await fiatFigures(rig, merchant, 'USDT')).toMatchObject({ available: '100' });
    await expectLedgerBalanced(rig.test);
  });
});
