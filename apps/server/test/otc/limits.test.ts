// Proves the OTC limits, concurrency, privacy and quick buy on a real database through the /otc/*
// routes: an unverified taker sent to verify (998), Lv1 held to 2,000 USDT an order valued through the
// index, the ad's per-order limits and what remains, five takers racing for the last 0.003 BTC (exactly
// the affordable three pass), an order and its chat shown and signalled to its two sides only, and
// quick buy taking the best-priced ad that fits; through real sockets, an order's changes and messages
// reach its two sides as `otc` and nobody else. The ledger audit runs after every scenario.
import { eq, inArray } from 'drizzle-orm';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { OTC_REALTIME_EVENT } from '@fairex/contract';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRealtimeSources, attachRealtime, type Realtime } from '../../src/realtime/socket.ts';
import { connectSocket, flush, record } from '../support/sockets.ts';
import { otcOrders } from '../../src/otc/tables.ts';
import { sweepOrphanUploads, UPLOAD_ORPHAN_GRACE_MS } from '../../src/uploads/orphans.ts';
import { uploadsDir } from '../../src/uploads/routes.ts';
import { uploads } from '../../src/uploads/tables.ts';
import { expectLedgerBalanced } from '../support/app.ts';
import { testScheduler } from '../support/clock.ts';
import { api, expectOk, fiatFigures, makeLevelUser, makeMerchant, makeTaker, markPaid, placeOrder, postAd, release, useOtcRig, type OrderView } from './support.ts';

const rig = useOtcRig();

describe('limits', () => {
  it('sends an unverified taker to verify (998) and holds Lv1 to 2,000 USDT an order, valued through the index', async () => {
    const merchant = await makeMerchant(rig);
    const ad = await postAd(rig, merchant, { max_fiat: '1000000' });
    const unverified = await makeTaker(rig, 0);
    const refused = await placeOrder(rig, unverified, ad.id, '1000');
    expect(refused.body.type).toBe('998');
    const lv1 = await makeTaker(rig, 1);
    // 0.031 BTC at the 65000 index is 2015 USDT: beyond Lv1; 0.03 (1950 USDT) passes.
    const over = await placeOrder(rig, lv1, ad.id, '0.031', 'coin');
    expect(over.body).toMatchObject({ type: 'error', code: 'otc_fiat_limit_exceeded', message: 'This order exceeds the per-order fiat trade limit of your verification level' });
    expectOk(await placeOrder(rig, lv1, ad.id, '0.03', 'coin'));
    const lv2 = await makeTaker(rig, 2);
    expectOk(await placeOrder(rig, lv2, ad.id, '0.05', 'coin'));
    await expectLedgerBalanced(rig.test);
  });

  it('holds an order within the ad\'s per-order limits and what remains, and refuses the merchant\'s own ad', async () => {
    const merchant = await makeMerchant(rig);
    const ad = await postAd(rig, merchant, { quantity: '0.003', min_fiat: '200', max_fiat: '1500' });
    const taker = await makeTaker(rig, 1);
    expect((await placeOrder(rig, taker, ad.id, '199.99')).body.code).toBe('otc_amount_out_of_range');
    expect((await placeOrder(rig, taker, ad.id, '1500.01')).body.code).toBe('otc_amount_out_of_range');
    expect((await placeOrder(rig, merchant, ad.id, '500')).body.code).toBe('otc_own_ad');
    const zh = await api(rig, taker.token, '/otc/order/place', { ad_id: ad.id, amount: '50' }, 'POST', 'zh');
    expect(zh.body).toMatchObject({ type: 'error', message: '金额超出该广告的单笔限额' });
    expectOk(await placeOrder(rig, taker, ad.id, '0.002', 'coin'));
    // 0.001 left (470 CNY): 0.0015 BTC (705 CNY) is within the limits but more than remains.
    expect((await placeOrder(rig, taker, ad.id, '0.0015', 'coin')).body.code).toBe('otc_ad_insufficient');
    expect((await placeOrder(rig, taker, ad.id, 'abc')).body).toMatchObject({ type: 'error' });
    await expectLedgerBalanced(rig.test);
  });

  it('lets exactly the affordable takers through when five race for the last 0.003 BTC', async () => {
    const merchant = await makeMerchant(rig);
    const ad = await postAd(rig, merchant, { quantity: '0.003' });
    const takers = await Promise.all([1, 2, 3, 4, 5].map(() => makeTaker(rig, 1)));
    const results = await Promise.all(takers.map((t) => placeOrder(rig, t, ad.id, '0.001', 'coin')));
    const passed = results.filter((r) => r.body.type === 'ok');
    expect(passed).toHaveLength(3);
    expect(results.filter((r) => r.body.code === 'otc_ad_insufficient')).toHaveLength(2);
    const rows = await rig.test.db.select().from(otcOrders).where(eq(otcOrders.adId, ad.id));
    expect(rows).toHaveLength(3);
    expect(await fiatFigures(rig, merchant, 'BTC')).toMatchObject({ available: '0.997', frozen: '0' });
    await expectLedgerBalanced(rig.test);
  });
});

describe('privacy', () => {
  it('shows an order and its chat to its two sides only, each message signalled to both sides\' rooms', async () => {
    const merchant = await makeMerchant(rig);
    const ad = await postAd(rig, merchant);
    const buyer = await makeTaker(rig, 1);
    const stranger = await makeTaker(rig, 1);
    const signals: { userIds: number[]; signal: { order_id: string; status: string; message_id?: string } }[] = [];
    const listen = (event: (typeof signals)[number]) => signals.push(event);
    rig.test.ctx.bus.on('otc_order', listen);
    try {
      const order = expectOk<OrderView>(await placeOrder(rig, buyer, ad.id, '1000'));
      expect(signals.at(-1)).toEqual({ userIds: [buyer.id, merchant.id], signal: { order_id: order.id, status: 'pending' } });
      const { uploadImage } = await import('../funds/support.ts');
      const image = await uploadImage(rig.test, buyer.token);
      const sent = expectOk<{ id: string; author: string; image: string }>(await api(rig, buyer.token, '/otc/order/message', { id: order.id, body: 'Paid via Alipay', image }));
      expect(sent.author).toBe('me');
      expect(signals.at(-1)).toEqual({ userIds: [buyer.id, merchant.id], signal: { order_id: order.id, status: 'pending', message_id: sent.id } });
      // Any text, stored and answered as written (screens show it as plain text): angle brackets are no markup.
      expectOk(await api(rig, merchant.token, '/otc/order/message', { id: order.id, body: 'Checking <b>now</b>: price > 7 <3' }));
      const seen = expectOk<{ messages: { author: string; body: string; image: string | null }[]; has_more: boolean }>(await api(rig, merchant.token, '/otc/order/messages', { id: order.id }, 'GET'));
      expect(seen.messages.map((m) => [m.author, m.body])).toEqual([
        ['me', 'Checking <b>now</b>: price > 7 <3'],
        ['counterparty', 'Paid via Alipay'],
      ]);
      expect(seen.messages[1]!.image).toMatch(/^\/uploads\//);
      expect(seen.has_more).toBe(false);
      // Another user: the order does not exist for them, nor its chat, nor any action.
      const count = signals.length;
      for (const [url, method, payload] of [
        ['/otc/order', 'GET', { id: order.id }],
        ['/otc/order/messages', 'GET', { id: order.id }],
        ['/otc/order/message', 'POST', { id: order.id, body: 'hi' }],
        ['/otc/order/cancel', 'POST', { id: order.id }],
        ['/otc/order/appeal', 'POST', { id: order.id, reason: 'x' }],
      ] as const) {
        expect((await api(rig, stranger.token, url, payload, method)).body.code, url).toBe('not_found');
      }
      expect((await markPaid(rig, stranger, order.id)).body.code).toBe('not_found');
      expect((await release(rig, stranger, order.id)).body.code).toBe('not_found');
      expect(signals.length).toBe(count);
      expect(expectOk<{ total: number }>(await api(rig, stranger.token, '/otc/orders', {}, 'GET')).total).toBe(0);
      // No token: 999.
      expect((await api(rig, undefined, '/otc/order', { id: order.id }, 'GET')).body.type).toBe('999');
      expect((await api(rig, 'not-a-token', '/otc/order/place', { ad_id: ad.id, amount: '1000' })).body.type).toBe('999');
      // An image that is not the writer's own is refused.
      expect((await api(rig, merchant.token, '/otc/order/message', { id: order.id, image })).body.code).toBe('upload_missing');
      expect((await api(rig, merchant.token, '/otc/order/message', { id: order.id, body: '' })).body.code).toBe('otc_message_empty');
      // The upload sweep keeps what an order refers to: its payment proof and its chat images.
      const paid = expectOk<{ proof: string }>(await markPaid(rig, buyer, order.id));
      const swept = await sweepOrphanUploads(rig.test.db, uploadsDir(rig.test.ctx), new Date(rig.clock.now + 2 * UPLOAD_ORPHAN_GRACE_MS));
      expect(swept).not.toContain(path.basename(paid.proof.split('?')[0]!));
      expect(swept).not.toContain(path.basename(image.split('?')[0]!));
      expect((await rig.test.db.select().from(uploads).where(inArray(uploads.fileName, [path.basename(paid.proof.split('?')[0]!), path.basename(image.split('?')[0]!)]))).length).toBe(2);
    } finally {
      rig.test.ctx.bus.off('otc_order', listen);
    }
    await expectLedgerBalanced(rig.test);
  });
});

describe('quick buy', () => {
  it('takes the best-priced ad that fits the amount and the level, and quotes the same order first', async () => {
    const [cheap, dear, cheapest] = [await makeMerchant(rig), await makeMerchant(rig), await makeMerchant(rig)];
    await postAd(rig, dear, { price: '480000', fiat: 'HKD' });
    const best = await postAd(rig, cheap, { price: '460000', fiat: 'HKD' });
    // Cheapest, but its per-order maximum is below the amount.
    await postAd(rig, cheapest, { price: '450000', fiat: 'HKD', max_fiat: '500' });
    const buyer = await makeTaker(rig, 1);
    const input = { side: 'buy', currency_id: rig.btc, fiat: 'HKD', amount: '4600' };
    const quote = expectOk<{ ad: { id: number }; price: string; quantity: string; fiat_amount: string }>(await api(rig, buyer.token, '/otc/quick/quote', input, 'GET'));
    expect(quote).toMatchObject({ ad: { id: best.id }, price: '460000', quantity: '0.01', fiat_amount: '4600' });
    const order = expectOk<OrderView & { ad_id: number }>(await api(rig, buyer.token, '/otc/quick', { ...input, client_id: 'quick-1' }));
    expect(order).toMatchObject({ ad_id: best.id, quantity: '0.01', status: 'pending' });
    // Beyond Lv1 (0.1 BTC = 6500 USDT) only the limit stood in the way.
    expect((await api(rig, buyer.token, '/otc/quick/quote', { ...input, amount: '0.1', amount_in: 'coin' }, 'GET')).body.code).toBe('otc_fiat_limit_exceeded');
    expect((await api(rig, buyer.token, '/otc/quick/quote', { ...input, fiat: 'THB' }, 'GET')).body.code).toBe('otc_no_ad');
    await expectLedgerBalanced(rig.test);
  });
});

describe('realtime', () => {
  let realtime: Realtime;
  let url: string;
  const errors: unknown[] = [];
  const sockets: Socket[] = [];

  beforeAll(async () => {
    await rig.test.app.listen({ port: 0, host: '127.0.0.1' });
    realtime = await attachRealtime(rig.test.app.server, appRealtimeSources(rig.test.ctx, (error) => errors.push(error)));
    url = `http://127.0.0.1:${(rig.test.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const socket of sockets.splice(0)) socket.close();
    await realtime.close();
  });

  const listen = async (token: string) => {
    const socket = await connectSocket(url, { token });
    sockets.push(socket);
    return record(socket, [OTC_REALTIME_EVENT])[OTC_REALTIME_EVENT]!;
  };

    it('signals an order\'s changes and messages to its two sides only', async () => {
    const merchant = await makeMerchant(rig);
    const ad = await postAd(rig, merchant);
    const [buyer, stranger] = [await makeLevelUser(rig, 1), await makeLevelUser(rig, 1)];
    const [sellerSeen, buyerSeen, strangerSeen] = [await listen(merchant.token), await listen(buyer.token), await listen(stranger.token)];
    const order = expectOk<OrderView>(await placeOrder(rig, buyer, ad.id, '1000'));
    const message = expectOk<{ id: string }>(await api(rig, merchant.token, '/otc/order/message', { id: order.id, body: 'Please pay within 15 minutes' }));
    rig.clock.now += 16 * 60_000;
    await testScheduler(rig.test, rig.now, rig.test.ctx.otc).runDue();
    await new Promise((resolve) => setImmediate(resolve));
    for (const socket of sockets) await flush(socket);
    const expected = [
      { order_id: order.id, status: 'pending' },
      { order_id: order.id, status: 'pending', message_id: message.id },
      { order_id: order.id, status: 'cancelled' },
    ];
    expect(buyerSeen).toEqual(expected);
    expect(sellerSeen).toEqual(expected);
    expect(strangerSeen).toEqual([]);
    expect(errors).toEqual([]);
    await expectLedgerBalanced(rig.test);
  });
});
