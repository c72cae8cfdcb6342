// Proves that each of the user's events writes exactly one notification, for that user only, in the
// transaction of the change it reports: a deposit confirmed (none when rejected, one when two operators
// confirm at once, none when the confirmation rolls back), a withdrawal approved or rejected with its
// reason, an identity review decided, and a spot order filled in full (after its batch commits; the
// market maker is told nothing). Real routes and database; the ledger audit holds after every test.
import type { NotificationItem } from '@fairex/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { reviewRecharge } from '../../src/funds/deposits.ts';
import type { NotificationService } from '../../src/notifications/service.ts';
import { seedMarketMaker } from '../../src/spot/market-maker.ts';
import { bindMobile, figures, fund, makeVerifiedUser, nextIdCard } from '../funds/support.ts';
import { call, expectLedgerBalanced, makeUser } from '../support/app.ts';
import { useRig } from '../support/clock.ts';
import { fundAccount } from '../support/ledger.ts';
import { makeWithdrawingUser } from '../support/withdrawals.ts';
import { btcMarket } from '../spot/support.ts';
import { declareDeposit, demoOperator, eventRowsOf, listOf, notificationsRig } from './support.ts';

const rig = useRig(() => notificationsRig());
afterEach(async () => {
  await expectLedgerBalanced(rig.test);
});

const confirm = (id: number) => call(rig.test.app, `/admin/recharges/${id}/confirm`, { token: rig.op });
type EventItem = Extract<NotificationItem, { source: 'event' }>;
const events = async (token: string) => (await listOf(rig.test, token)).data.filter((item): item is EventItem => item.source === 'event');

describe('deposits', () => {
  it('tells the depositor, and only them, of a confirmed deposit with its amount and coin; a rejected one tells nothing', async () => {
    const user = await makeUser(rig.test);
    const stranger = await makeUser(rig.test);
    const credited = await declareDeposit(rig.test, user, '100');
    const refused = await declareDeposit(rig.test, user, '50');
    expect((await confirm(credited)).body.type).toBe('ok');
    const rejected = await call(rig.test.app, `/admin/recharges/${refused}/reject`, { token: rig.op, payload: { reason: 'Voucher unreadable' } });
    expect(rejected.body.type).toBe('ok');

    expect(await events(user.token)).toEqual([
      { source: 'event', id: expect.any(Number), kind: 'deposit_credited', figures: { amount: '100', currency: 'USDT' }, created_at: rig.clock.now, read: false },
    ]);
    expect(await listOf(rig.test, stranger.token)).toMatchObject({ data: [], total: 0 });
    // A second click is refused and writes nothing more.
    expect((await confirm(credited)).body.code).toBe('already_reviewed');
    expect(await eventRowsOf(rig.test, user.id)).toHaveLength(1);
  });

  it('writes exactly one notice when two operators confirm the same deposit at once', async () => {
    const user = await makeUser(rig.test);
    const id = await declareDeposit(rig.test, user, '25');
    const answers = await Promise.all([confirm(id), confirm(id)]);
    expect(answers.map((a) => a.body.code ?? a.body.type).sort()).toEqual(['already_reviewed', 'ok']);
    expect(await eventRowsOf(rig.test, user.id)).toHaveLength(1);
    expect((await figures(rig.test, user, 'USDT')).balance).toBe('25');
  });

  it('leaves no notice when the confirmation rolls back after writing it', async () => {
    const user = await makeUser(rig.test);
    const id = await declareDeposit(rig.test, user, '40');
    const real = rig.test.ctx.notifications;
    // The notice is written, then the review fails before it commits: nothing of it may remain.
    const failing = Object.assign(Object.create(real) as NotificationService, {
      depositCredited: async (...args: Parameters<NotificationService['depositCredited']>) => {
        await real.depositCredited(...args);
        throw new Error('crash after the notice');
      },
    });
    await expect(reviewRecharge({ ...rig.test.ctx, notifications: failing }, await demoOperator(rig.test), id, { confirm: true })).rejects.toThrow('crash after the notice');
    expect(await eventRowsOf(rig.test, user.id)).toEqual([]);
    expect((await figures(rig.test, user, 'USDT')).balance).toBe('0');

    expect((await confirm(id)).body.type).toBe('ok');
    expect(await eventRowsOf(rig.test, user.id)).toHaveLength(1);
  });
});

describe('withdrawals and identity', () => {
  it('tells of an approved withdrawal with what arrives and the fee, and of a rejected one with the reason, newest first', async () => {
    const { user, out } = await makeWithdrawingUser(rig.test, '500');
    const approved = await out('100');
    const rejected = await out('50');
    expect([approved.body.type, rejected.body.type]).toEqual(['ok', 'ok']);
    const { fee, arrival } = approved.body.message;
    expect((await call(rig.test.app, `/admin/withdrawals/${approved.body.message.id}/approve`, { token: rig.op, payload: { reference: '0xabc' } })).body.type).toBe('ok');
    rig.clock.now += 1_000;
    expect((await call(rig.test.app, `/admin/withdrawals/${rejected.body.message.id}/reject`, { token: rig.op, payload: { reason: 'Address under review' } })).body.type).toBe('ok');

    const list = await events(user.token);
    expect(list.map((item) => [item.kind, item.figures])).toEqual([
      ['withdrawal_rejected', { number: '50', currency: 'USDT', reason: 'Address under review' }],
      ['withdrawal_approved', { number: '100', arrival, fee, currency: 'USDT' }],
      // The factory's verification, approved by the operator.
      ['identity_approved', { level: 1 }],
    ]);
    expect(list[0]!.created_at).toBe(rig.clock.now);
  });

  it('tells of a rejected verification with the reason, and of the approval of the next one', async () => {
    const user = await makeUser(rig.test);
    await bindMobile(rig.test, user);
    const submit = () => call(rig.test.app, '/user/real', { token: user.token, payload: { real_type: 1, id_type: 1, name: 'Li Lei', card_id: nextIdCard() } });
    const pending = async () => (await call(rig.test.app, '/admin/identity', { method: 'GET', token: rig.op, payload: { user_id: user.id, status: 'pending' } })).body.message.data[0].id;
    expect((await submit()).body.type).toBe('ok');
    expect((await call(rig.test.app, `/admin/identity/${await pending()}/reject`, { token: rig.op, payload: { reason: 'Name does not match' } })).body.type).toBe('ok');
    expect((await submit()).body.type).toBe('ok');
    expect((await call(rig.test.app, `/admin/identity/${await pending()}/approve`, { token: rig.op })).body.type).toBe('ok');

    expect((await events(user.token)).map((item) => [item.kind, item.figures])).toEqual([
      ['identity_approved', { level: 1 }],
      ['identity_rejected', { level: 1, reason: 'Name does not match' }],
    ]);
  });
});

describe('spot fills', () => {
  it('tells each side once its order is filled in full, and nothing for a partial fill', async () => {
    const m = btcMarket(rig.test);
    const seller = await makeUser(rig.test);
    const buyers = [await makeUser(rig.test), await makeUser(rig.test)];
    await fundAccount(rig.test, seller.id, m.base, '1');
    for (const buyer of buyers) await fundAccount(rig.test, buyer.id, m.quote, '10000');
    const trade = (token: string, payload: Record<string, unknown>) =>
      call(rig.test.app, '/coin/trade', { token, payload: { currency_id: m.base, legal_id: m.quote, ...payload } });

    const sell = await trade(seller.token, { amount: '0.2', target_price: '60000', type: 'sell' });
    const firstBuy = await trade(buyers[0]!.token, { amount: '0.1', target_price: '60000', type: 'buy' });
    expect(firstBuy.body.message.status).toBe('filled');
    await rig.test.ctx.notifications.settled();
    expect(await events(seller.token)).toEqual([]);
    expect(await events(buyers[0]!.token)).toEqual([
      {
        source: 'event',
        id: expect.any(Number),
        kind: 'spot_order_filled',
        figures: { order_id: firstBuy.body.message.id, symbol: 'BTC/USDT', side: 'buy', quantity: '0.1', average_price: '60000' },
        created_at: rig.clock.now,
        read: false,
      },
    ]);

    await trade(buyers[1]!.token, { amount: '0.1', target_price: '60000', type: 'buy' });
    await rig.test.ctx.notifications.settled();
    expect((await events(seller.token)).map((item) => item.figures)).toEqual([
      { order_id: sell.body.message.id, symbol: 'BTC/USDT', side: 'sell', quantity: '0.2', average_price: '60000' },
    ]);
    expect(await eventRowsOf(rig.test, buyers[1]!.id)).toHaveLength(1);
  });

  it('tells the market maker nothing of its own fills', async () => {
    const makerId = await seedMarketMaker(rig.test.db);
    rig.test.ctx.bus.emit('spot_order', { userId: makerId, order: { id: 2_000_000_001, symbol: 'BTC/USDT', status: 'filled', side: 'buy', filled_quantity: '1', average_price: '1' } });
    await rig.test.ctx.notifications.settled();
    expect(await eventRowsOf(rig.test, makerId)).toEqual([]);
  });
});

describe('other users', () => {
  it('never shows one user’s events to another, and reports no manual balance adjustment', async () => {
    const owner = await makeVerifiedUser(rig.test);
    const other = await makeUser(rig.test);
    await fund(rig.test, owner.id, 'USDT', '10');
    expect((await events(owner.token)).map((item) => item.kind)).toEqual(['identity_approved']);
    expect(await listOf(rig.test, other.token)).toMatchObject({ data: [], total: 0 });
  });
});
