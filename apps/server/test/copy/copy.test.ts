// Proves copy trading end to end on a real database through the /follow/* and /lever/* API, with index
// ticks the test records: a trader's position copied to followers of different sizes (fixed multiple,
// fixed lots) with skips for too few lots and too little balance; the copies closed with the trader at the
// same tick and the agreed profit share paid through the ledger; copies locked against a close by hand
// until taken over (self-hold); a cancelled follow keeping its open copies linked; a filled limit order
// copied; the limits and refusals; statistics against worked figures; the ledger audit after each.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { selfHoldShare } from '@fairex/contract';
import { queryRows } from '../../src/db/client.ts';
import { call, expectLedgerBalanced, makeTestApp, makeUser, type TestApp } from '../support/app.ts';
import { contractFigures, roundBtcSettings, systemFigure } from '../contracts/support.ts';
import { fundAccount } from '../support/ledger.ts';
import { listOf } from '../notifications/support.ts';
import { copyHarness } from './support.ts';
import { COPY_DEMO_TRADERS, DemoTraders, seedCopyDemo } from '../../src/copy/demo.ts';
import { openCopies } from '../../src/copy/mirror.ts';

let test: TestApp;
let h: Awaited<ReturnType<typeof copyHarness>>;

beforeAll(async () => {
  test = await makeTestApp();
  h = await copyHarness(test);
  const saved = await call(test.app, '/admin/copy/settings', {
    token: h.op,
    payload: { traders_per_follower_max: 3, ratio_max: '10', lots_max: 50, profit_share_rate: '0.1', demo_trading: false },
  });
  expect(saved.body.message).toMatchObject({ profit_share_rate: '0.1', traders_per_follower_max: 3 });
});
afterAll(async () => {
  await test.close();
});

describe('mirroring', () => {
  it('copies a trader opening 3 lots to followers by their multiple or lots, and skips the ones it cannot', async () => {
    const trader = await h.makeTrader();
    const a = await h.follower('1000');
    const b = await h.follower('1000');
    const c = await h.follower('1000');
    const poor = await h.follower('100');
    const tiny = await h.follower('1000');
    expect((await h.follow(a.token, trader.id, '2')).body.message).toMatchObject({ type: 'multiple', number: '2', profit_share_rate: '0.1', status: 'following' });
    await h.follow(b.token, trader.id, '0.5');
    await h.follow(c.token, trader.id, '5', 'lots');
    await h.follow(poor.token, trader.id, '1');
    await h.follow(tiny.token, trader.id, '0.2');

    const opened = await h.open(trader.token);
    expect(opened.body.message).toMatchObject({ status: 'open', open_price: '65000', margin: '195', copy_trader_id: null });
    const tickId = opened.body.message.open_tick_id;

    // 6 lots x 0.01 x 65,000 = 3,900: margin 390 at x10, fee 3.9.
    const [copyA] = (await h.copies(a.token)).data;
    expect(copyA).toMatchObject({ share: 6, multiple: 10, side: 'long', open_price: '65000', margin: '390', handling_fee: '3.9', trader_user_id: trader.id, copy_of: opened.body.message.id, self_held: false, open_tick_id: tickId });
    expect((await h.copies(b.token)).data[0]).toMatchObject({ share: 1, margin: '65', handling_fee: '0.65' });
    expect((await h.copies(c.token)).data[0]).toMatchObject({ share: 5, margin: '325', handling_fee: '3.25' });
    expect((await h.copies(poor.token)).total).toBe(0);
    expect((await h.copies(tiny.token)).total).toBe(0);
    expect(await contractFigures(test, a.id, h.usdt)).toEqual({ available: '606.1', frozen: '0' });

    const skips = async (token: string) => (await call(test.app, '/follow/mySkips', { method: 'GET', token })).body.message.data.map((s: { reason: string }) => s.reason);
    expect(await skips(poor.token)).toEqual(['insufficient_balance']);
    expect(await skips(tiny.token)).toEqual(['lots_below_minimum']);
    // Skipped for want of balance, the follower is told (they can fund the account); a multiple too small is their setting.
    const trader_name = (await call(test.app, '/follow/traderDetail', { method: 'GET', payload: { trader_user_id: trader.id } })).body.message.name;
    expect((await listOf(test, poor.token)).data.filter((n) => n.kind === 'copy_skipped')).toEqual([
      expect.objectContaining({ figures: { trader_name, symbol: 'BTCUSDT', side: 'long', trader_lots: 3 } }),
    ]);
    expect((await listOf(test, tiny.token)).data.filter((n) => n.kind === 'copy_skipped')).toEqual([]);
    expect(await contractFigures(test, poor.id, h.usdt)).toEqual({ available: '100', frozen: '0' });

    // The trader closes at 66,000: every copy closes at the same tick; 10 USDT a lot.
    await h.tick('66000');
    const closed = await h.close(trader.token, opened.body.message.id);
    expect(closed.body.message).toMatchObject({ status: 'closed', profit: '30' });
    const [historyA] = (await h.copies(a.token, 'history')).data;
    // Net 60 - 3.9 = 56.1, a 10 % share of 5.61 to the trader.
    expect(historyA).toMatchObject({ status: 'closed', close_reason: 'copy', current_price: '66000', profit: '60', profit_share: '5.61', close_tick_id: closed.body.message.close_tick_id });
    expect(await contractFigures(test, a.id, h.usdt)).toEqual({ available: '1050.49', frozen: '0' });
    expect((await h.copies(b.token, 'history')).data[0]).toMatchObject({ profit: '10', profit_share: '0.935' });
    expect((await h.copies(c.token, 'history')).data[0]).toMatchObject({ profit: '50', profit_share: '4.675' });
    // 100,000 - 196.95 + 225 + 5.61 + 0.935 + 4.675
    expect(await contractFigures(test, trader.id, h.usdt)).toEqual({ available: '100039.27', frozen: '0' });

    const follows = (await call(test.app, '/follow/myFollows', { method: 'GET', token: a.token })).body.message.data;
    expect(follows[0]).toMatchObject({ trader_user_id: trader.id, follow_amount: '0', open_copies: 0, closed_copies: 1, earnings: '50.49', profit_share_paid: '5.61', skipped: 0 });
    const me = (await call(test.app, '/follow/me', { method: 'GET', token: trader.token })).body.message;
    expect(me.trader).toMatchObject({ status: 'approved', profit_share_received: '11.22' });
    await expectLedgerBalanced(test);
  });

  it('mirrors each open and close once, however often the mirrors are drained', async () => {
    const trader = await h.makeTrader();
    const a = await h.follower('1000');
    await h.follow(a.token, trader.id, '1');
    const opened = await h.open(trader.token);
    h.copy.kick();
    h.copy.kick();
    await h.copy.settled();
    expect((await h.copies(a.token)).total).toBe(1);
    const rows = await queryRows<{ action: string; copies: number; done: boolean }>(
      test.db,
      sql`select action, copies, done_at is not null as done from copy_mirrors where trader_position_id = ${opened.body.message.id} order by id`,
    );
    expect(rows).toEqual([{ action: 'open', copies: 1, done: true }]);
    await h.close(trader.token, opened.body.message.id);
    h.copy.kick();
    await h.copy.settled();
    expect((await h.copies(a.token, 'history')).total).toBe(1);
    await expectLedgerBalanced(test);
  });

  it("retries a mirror that failed after a backoff, without holding back other traders' mirrors", async () => {
    const a = await h.makeTrader();
    const b = await h.makeTrader();
    const refused = await h.follower('1000');
    const other = await h.follower('1000');
    await h.follow(refused.token, a.id, '1');
    await h.follow(other.token, b.id, '1');
    // The database refuses the one follower's copy, as a broken row or a bug would.
    await test.db.execute(sql.raw(`create function copy_test_refuse() returns trigger language plpgsql as $$
      begin if new.user_id = ${refused.id} then raise exception 'refused for the test'; end if; return new; end $$`));
    await test.db.execute(sql.raw('create trigger copy_test_refuse before insert on contract_positions for each row execute function copy_test_refuse()'));
    const failing = await h.open(a.token);
    const mirrorOf = async (positionId: number) =>
      (await queryRows<{ attempts: number; error: string | null; done: boolean }>(test.db, sql`select attempts, error, done_at is not null as done from copy_mirrors where trader_position_id = ${positionId} and action = 'open'`))[0];
    expect(await mirrorOf(failing.body.message.id)).toMatchObject({ attempts: 1, done: false, error: expect.stringContaining('refused for the test') });
    expect(await contractFigures(test, refused.id, h.usdt)).toEqual({ available: '1000', frozen: '0' });
    // A later trader's mirror goes through meanwhile.
    await h.open(b.token);
    expect((await h.copies(other.token)).total).toBe(1);
    await test.db.execute(sql.raw('drop trigger copy_test_refuse on contract_positions'));
    await test.db.execute(sql.raw('drop function copy_test_refuse()'));
    // Not before its backoff; then once, at the mark when it runs (a fresh tick, cited), not the trader's past price.
    h.copy.kick();
    await h.copy.settled();
    expect((await h.copies(refused.token)).total).toBe(0);
    h.clock.now += 10_000;
    const later = await h.tick('65100');
    h.copy.kick();
    await h.copy.settled();
    expect((await h.copies(refused.token)).data[0]).toMatchObject({ open_price: '65100', open_tick_id: later.id, copy_of: failing.body.message.id });
    expect(await mirrorOf(failing.body.message.id)).toMatchObject({ attempts: 1, done: true });
    await expectLedgerBalanced(test);
  });

  it("copies a trader's limit order when the mark fills it, at that mark (the trader's fill price, the better of limit and mark)", async () => {
    const trader = await h.makeTrader();
    const a = await h.follower('1000');
    await h.follow(a.token, trader.id, '1');
    await h.tick('65000');
    const pending = await h.open(trader.token, { status: 0, target_price: '64000', share: 1 });
    expect(pending.body.message.status).toBe('pending');
    expect((await h.copies(a.token)).total).toBe(0);
    await h.tick('63900');
    expect((await h.copies(a.token)).data[0]).toMatchObject({ open_price: '63900', share: 1 });
    const [own] = (await call(test.app, '/lever/my_trade', { token: trader.token, payload: { status: 1 } })).body.message.data;
    await h.close(trader.token, own.id);
    expect((await h.copies(a.token, 'history')).data[0]).toMatchObject({ close_reason: 'copy' });
    await h.tick('65000');
    await expectLedgerBalanced(test);
  });
});

describe("the trader's tick", () => {
  it("opens and closes the copies on the trader's own ticks, the first after the trader's order and close, not on the price shown before", async () => {
    const trader = await h.makeTrader();
    const a = await h.follower('1000');
    await h.follow(a.token, trader.id, '1');
    // The index shows 65000; it records 65200 only after the trader's order.
    h.next('BTCUSDT', '65200');
    const opened = await h.open(trader.token);
    expect(opened.body.message).toMatchObject({ open_price: '65200' });
    expect((await h.copies(a.token)).data[0]).toMatchObject({ open_price: '65200', open_tick_id: opened.body.message.open_tick_id });
    h.next('BTCUSDT', '65300');
    const closed = await h.close(trader.token, opened.body.message.id);
    expect((await h.copies(a.token, 'history')).data[0]).toMatchObject({ current_price: '65300', close_tick_id: closed.body.message.close_tick_id });
    await h.tick('65000');
    await expectLedgerBalanced(test);
  });

  it("never opens a copy on a tick older than the trader's opening tick: the mirror waits for a later one", async () => {
    const trader = await h.makeTrader();
    const before = h.ticks.latest('BTCUSDT')!;
    const opened = (await h.open(trader.token)).body.message;
    const a = await h.follower('1000');
    await h.follow(a.token, trader.id, '1');
    // A store behind the one that opened the trader's position (its latest is the tick before).
    const behind = vi.spyOn(h.ticks, 'latest').mockReturnValue(before);
    const mirror = (at: number) => test.db.transaction((tx) => openCopies(tx, h.contracts, opened.id, new Date(at)));
    await expect(mirror(before.time)).rejects.toMatchObject({ code: 'index_unavailable' });
    behind.mockRestore();
    expect(await mirror(h.clock.now)).toMatchObject({ copies: 1, rows: [{ userId: a.id, openTickId: Number(opened.open_tick_id) }] });
    await h.close(trader.token, opened.id);
    await h.tick('65000');
    await expectLedgerBalanced(test);
  });
});

// One rule for the trader's share, whatever closed a copy still following its trader (copy-rules.ts).
describe('the profit share whatever closed the copy', () => {
  const hundredX = () => roundBtcSettings(test, h.contracts, { multiples: [5, 10, 20, 100] });

  it("pays the trader's share on a copy the account-level settlement closed with the follower's own position (reason account)", async () => {
    await hundredX();
    const trader = await h.makeTrader();
    const f = await h.follower('143');
    await h.follow(f.token, trader.id, '1');
    // The trader's long of 10 lots x100 is copied (margin 65, fee 6.5); the follower's own short alike: available 0.
    const long = (await h.open(trader.token, { share: 10, multiple: 100 })).body.message;
    const [copy] = (await h.copies(f.token)).data;
    const short = (await h.open(f.token, { share: 10, multiple: 100, type: 2 })).body.message;
    expect(await contractFigures(test, f.id, h.usdt)).toEqual({ available: '0', frozen: '0' });
    await h.tick('66950');
    // The short gives back 65 - 195 = -130, which available cannot pay: the copy (+195) closes with it.
    await h.close(f.token, short.id);
    // Net 195 - 6.5 = 188.5: a share of 18.85, from the 130 the follower keeps.
    expect((await h.copies(f.token, 'history')).data[0]).toMatchObject({ id: copy.id, close_reason: 'account', profit: '195', profit_share: '18.85' });
    expect(await contractFigures(test, f.id, h.usdt)).toEqual({ available: '111.15', frozen: '0' });
    // 100000 - 71.5 + 18.85; the trader's own close later pays nothing twice.
    expect(await contractFigures(test, trader.id, h.usdt)).toEqual({ available: '99947.35', frozen: '0' });
    await h.close(trader.token, long.id);
    expect(await contractFigures(test, f.id, h.usdt)).toEqual({ available: '111.15', frozen: '0' });
    expect((await call(test.app, '/follow/me', { method: 'GET', token: trader.token })).body.message.trader).toMatchObject({ profit_share_received: '18.85' });
    await h.tick('65000');
    await roundBtcSettings(test, h.contracts);
    await expectLedgerBalanced(test);
  });

  it("pays the share on a copy liquidated with its follower's account, from what the follower has left, never from the insurance fund", async () => {
    await hundredX();
    const trader = await h.makeTrader();
    const f = await h.follower('202.15');
    const g = await h.follower('202.15');
    await h.follow(f.token, trader.id, '1');
    await h.follow(g.token, trader.id, '1');
    // The trader's short of 1 lot x5 is copied (margin 130, fee 0.65); each follower's own long of 10 lots x100 (margin 65, fee 6.5): available 0.
    const short = (await h.open(trader.token, { share: 1, multiple: 5, type: 2 })).body.message;
    await h.open(f.token, { share: 10, multiple: 100 });
    expect(await contractFigures(test, f.id, h.usdt)).toEqual({ available: '0', frozen: '0' });
    // At 63050 f's equity is 19.5 (risk rate 10 %): liquidated. The copy made 19.5, net 18.85: a share of 1.885.
    await h.tick('63050');
    expect((await h.copies(f.token, 'history')).data[0]).toMatchObject({ close_reason: 'liquidation', profit: '19.5', profit_share: '1.885' });
    expect(await contractFigures(test, f.id, h.usdt)).toEqual({ available: '17.615', frozen: '0' });
    await h.tick('65000');
    // g's long opens after the copy; a gap to 60000 leaves its account 255 short (long -500, copy +50).
    await h.open(g.token, { share: 10, multiple: 100 });
    const fund = await systemFigure(test, 'insurance_fund', h.usdt);
    await h.tick('60000');
    // The copy's net 49.35 owes 4.935, but the account has nothing left: it pays 0, and the fund only the 255.
    expect((await h.copies(g.token, 'history')).data[0]).toMatchObject({ close_reason: 'liquidation', profit: '50', profit_share: '0' });
    expect(await contractFigures(test, g.id, h.usdt)).toEqual({ available: '0', frozen: '0' });
    expect(Number(fund) - Number(await systemFigure(test, 'insurance_fund', h.usdt))).toBe(255);
    await h.close(trader.token, short.id);
    await h.tick('65000');
    await roundBtcSettings(test, h.contracts);
    await expectLedgerBalanced(test);
  });
});

describe('copies and the follower', () => {
  it('refuses to close, batch-close or set a stop on a copy, until the follower takes it over (self-hold)', async () => {
    const trader = await h.makeTrader();
    const a = await h.follower('1000');
    await h.follow(a.token, trader.id, '1');
    const opened = await h.open(trader.token);
    const [copy] = (await h.copies(a.token)).data;
    const refused = await call(test.app, '/lever/close', { token: a.token, payload: { id: copy.id } });
    expect(refused.body).toMatchObject({ type: 'error' });
    expect(refused.body.message).toBe('A copied position closes with the trader\'s: take it over (self-hold) first');
    expect((await call(test.app, '/lever/setstop', { token: a.token, payload: { id: copy.id, stop_loss_price: '60000' } })).body.type).toBe('error');
    expect((await call(test.app, '/lever/batch_close', { token: a.token, payload: { type: 0 } })).body.message).toMatchObject({ closed: 0 });

    const stranger = await makeUser(test);
    expect((await call(test.app, '/follow/selfHolding', { token: stranger.token, payload: { transaction_id: copy.id } })).status).toBe(404);
    expect((await call(test.app, '/follow/selfHolding', { payload: { transaction_id: copy.id } })).body.type).toBe('999');
    expect((await call(test.app, '/follow/selfHolding', { token: trader.token, payload: { transaction_id: opened.body.message.id } })).body.message).toBe('This position is not a copy you hold');

    const held = await call(test.app, '/follow/selfHolding', { token: a.token, payload: { transaction_id: copy.id } });
    expect(held.body.message).toMatchObject({ id: copy.id, self_held: true, status: 'open' });
    expect((await call(test.app, '/follow/selfHolding', { token: a.token, payload: { transaction_id: copy.id } })).body.type).toBe('error');
    // Taken over, it is no longer an open copy of the follow, nor part of the follow amount: it is counted apart.
    const [follow] = (await call(test.app, '/follow/myFollows', { method: 'GET', token: a.token })).body.message.data;
    expect(follow).toMatchObject({ open_copies: 0, self_held: 1, follow_amount: '0' });
    expect((await call(test.app, '/follow/me', { method: 'GET', token: a.token })).body.message.follower).toMatchObject({ open_copies: 0, self_held: 1, follow_amount: '0' });

    // The trader closes with a profit: the self-held copy stays open and shares nothing.
    await h.tick('66000');
    await h.close(trader.token, opened.body.message.id);
    expect((await h.copies(a.token)).data[0]).toMatchObject({ id: copy.id, status: 'open', self_held: true });
    const closedByHand = await h.close(a.token, copy.id);
    expect(closedByHand.body.message).toMatchObject({ status: 'closed', close_reason: 'user', profit: '30' });
    expect((await h.copies(a.token, 'history')).data[0]).toMatchObject({ profit_share: null });
    expect(await contractFigures(test, a.id, h.usdt)).toEqual({ available: '1028.05', frozen: '0' });
    await h.tick('65000');
    await expectLedgerBalanced(test);
  });

  it('settles the trader\'s share at the mark when a follower self-holds a winning copy, so self-holding does not dodge it (review money 10)', async () => {
    const trader = await h.makeTrader();
    const a = await h.follower('1000');
    await h.follow(a.token, trader.id, '2');
    const opened = await h.open(trader.token);
    const [copy] = (await h.copies(a.token)).data;
    const traderBefore = await contractFigures(test, trader.id, h.usdt);
    const followerBefore = await contractFigures(test, a.id, h.usdt);
    // At 66,000 the copy is in profit: the share is 10 % of its P&L at the next tick (still 66,000) less its fee (copy-rules selfHoldShare).
    await h.tick('66000');
    const held = await call(test.app, '/follow/selfHolding', { token: a.token, payload: { transaction_id: copy.id } });
    expect(held.body.message).toMatchObject({ id: copy.id, self_held: true, status: 'open' });
    const mark = h.ticks.latest('BTCUSDT')!;
    const [cited] = await queryRows<{ tick_id: string; mark_price: string; profit: string; share: string }>(
      test.db,
      sql`select tick_id::text, mark_price::text, profit::text, share::text from copy_self_holds where position_id = ${copy.id}`,
    );
    expect(cited).toMatchObject({ tick_id: String(mark.id) });
    expect(Number(cited!.mark_price)).toBe(66000);
    const expected = selfHoldShare({ side: 'long', openPrice: copy.open_price, markPrice: '66000', lots: copy.share, contractSize: '0.01', fee: copy.handling_fee, overnightFee: '0' }, '0.1', 6);
    expect(Number(cited!.share)).toBe(Number(expected.share));
    expect(Number(expected.share)).toBeGreaterThan(0);
    const paid = Number(followerBefore.available) - Number((await contractFigures(test, a.id, h.usdt)).available);
    const received = Number((await contractFigures(test, trader.id, h.usdt)).available) - Number(traderBefore.available);
    expect(paid).toBeCloseTo(Number(expected.share), 6);
    expect(received).toBeCloseTo(Number(expected.share), 6);
    // The trader closes: the self-held copy stays open; closed by hand later, it pays no second share.
    await h.close(trader.token, opened.body.message.id);
    await h.tick('67000');
    const beforeClose = await contractFigures(test, a.id, h.usdt);
    const closed = await h.close(a.token, copy.id);
    expect(closed.body.message).toMatchObject({ status: 'closed' });
    // Closed by hand, the follower gets margin and P&L back and pays no second share.
    const back = Number((await contractFigures(test, a.id, h.usdt)).available) - Number(beforeClose.available);
    expect(back).toBeCloseTo(Number(copy.margin) + Number(closed.body.message.profit) - Number(closed.body.message.handling_fee) + Number(copy.handling_fee), 6);
    await h.tick('65000');
    await expectLedgerBalanced(test);
  });

  it('settles a self-hold on the first tick after the request: a follower who sees the exchange rise cannot take over at the lower mark shown and share less profit', async () => {
    const trader = await h.makeTrader();
    const a = await h.follower('1000');
    const b = await h.follower('1000');
    await h.follow(a.token, trader.id, '2');
    await h.follow(b.token, trader.id, '2');
    const opened = await h.open(trader.token);
    const [copy] = (await h.copies(a.token)).data;
    const seen = await h.tick('65500');
    // The exchanges have risen: the index records 66,000 only after the request.
    h.next('BTCUSDT', '66000');
    const held = await call(test.app, '/follow/selfHolding', { token: a.token, payload: { transaction_id: copy.id } });
    expect(held.body.message).toMatchObject({ id: copy.id, self_held: true });
    const next = h.ticks.latest('BTCUSDT')!;
    expect(next.id).not.toBe(seen.id);
    const [cited] = await queryRows<{ tick_id: string; mark_price: string; share: string }>(
      test.db,
      sql`select tick_id::text, mark_price::text, share::text from copy_self_holds where position_id = ${copy.id}`,
    );
    const expected = selfHoldShare({ side: 'long', openPrice: copy.open_price, markPrice: '66000', lots: copy.share, contractSize: '0.01', fee: copy.handling_fee, overnightFee: '0' }, '0.1', 6);
    expect(cited).toMatchObject({ tick_id: next.id });
    expect(Number(cited!.mark_price)).toBe(66000);
    expect(Number(cited!.share)).toBe(Number(expected.share));
    // No tick in time after the request: refused, nothing paid, still a copy.
    const [copyB] = (await h.copies(b.token)).data;
    const before = await contractFigures(test, b.id, h.usdt);
    h.next('BTCUSDT', null);
    expect((await call(test.app, '/follow/selfHolding', { token: b.token, payload: { transaction_id: copyB.id } })).body).toMatchObject({ type: 'error', code: 'index_unavailable' });
    expect(await contractFigures(test, b.id, h.usdt)).toEqual(before);
    expect((await h.copies(b.token)).data[0]).toMatchObject({ id: copyB.id, self_held: false });
    await h.tick('65000');
    await h.close(trader.token, opened.body.message.id);
    await h.close(a.token, copy.id);
    await expectLedgerBalanced(test);
  });

  it('counts a follow among the trader\'s followers only while it holds funds (review fairness 5, "Minor")', async () => {
    const trader = await h.makeTrader();
    const funded = await h.follower('1000');
    const empty = await makeUser(test);
    await h.follow(funded.token, trader.id, '1');
    expect((await h.follow(empty.token, trader.id, '1')).body.type).toBe('ok');
    const followers = async () => (await call(test.app, '/follow/traderDetail', { method: 'GET', payload: { trader_user_id: trader.id } })).body.message.stats.followers;
    expect(await followers()).toBe(1);
    // Funded later, the empty account's follow counts.
    await fundAccount(test, empty.id, h.usdt, '50', 'contract');
    expect(await followers()).toBe(2);
  });

  it('keeps open copies linked after a follow is cancelled, and copies nothing new', async () => {
    const trader = await h.makeTrader();
    const a = await h.follower('1000');
    await h.follow(a.token, trader.id, '1');
    const first = await h.open(trader.token);
    const cancelled = await call(test.app, '/follow/cancel', { token: a.token, payload: { follow_user_id: trader.id } });
    expect(cancelled.body.message).toMatchObject({ status: 'cancelled', open_copies: 1 });
    expect((await call(test.app, '/follow/cancel', { token: a.token, payload: { follow_user_id: trader.id } })).body.type).toBe('error');
    const second = await h.open(trader.token);
    expect((await h.copies(a.token)).total).toBe(1);
    // A loss: 65,000 -> 64,000 is -10 a lot; no share on a loss.
    await h.tick('64000');
    await h.close(trader.token, first.body.message.id);
    expect((await h.copies(a.token, 'history')).data[0]).toMatchObject({ profit: '-30', profit_share: '0', close_reason: 'copy' });
    await h.close(trader.token, second.body.message.id);
    await h.tick('65000');
    await expectLedgerBalanced(test);
  });

  it('edits a follow in place, rounds a multiple above 1 to two decimals, and holds the limits', async () => {
    const trader = await h.makeTrader();
    const a = await h.follower('1000');
    const first = await h.follow(a.token, trader.id, '1.255');
    expect(first.body.message).toMatchObject({ number: '1.26', type: 'multiple' });
    const edited = await h.follow(a.token, trader.id, '3', 'lots');
    expect(edited.body.message).toMatchObject({ id: first.body.message.id, number: '3', type: 'lots' });
    expect((await h.follow(a.token, trader.id, '11')).body.message).toBe('The copy multiple is above the maximum allowed');
    expect((await h.follow(a.token, trader.id, '51', 'lots')).body.message).toBe('The fixed lots are above the maximum allowed');
    expect((await h.follow(a.token, trader.id, '2.5', 'lots')).body.type).toBe('error');
    expect((await h.follow(a.token, a.id, '1')).body.type).toBe('error');
    const refusal = 'Traders, and users who have applied to become one, cannot follow other traders';
    expect((await h.follow(trader.token, (await h.makeTrader()).id, '1')).body.message).toBe(refusal);
    // An applicant awaiting review is refused the same way (an approval must not meet open copies).
    const applicant = await makeUser(test);
    await call(test.app, '/follow/apply', { token: applicant.token, payload: { agreement: 'en', accept: 1 } });
    expect((await h.follow(applicant.token, trader.id, '1')).body.message).toBe(refusal);
    // Three traders at most (the settings): a fourth is refused.
    await h.follow(a.token, (await h.makeTrader()).id, '1');
    await h.follow(a.token, (await h.makeTrader()).id, '1');
    expect((await h.follow(a.token, (await h.makeTrader()).id, '1')).body.message).toBe('You already follow as many traders as allowed');
    // A user who follows cannot apply to become a trader.
    expect((await call(test.app, '/follow/apply', { token: a.token, payload: { agreement: 'en', accept: 1 } })).body.message).toBe(
      'Cancel your follows before applying to become a trader',
    );
    expect((await call(test.app, '/follow/apply', { token: (await makeUser(test)).token, payload: { agreement: 'en', accept: 0 } })).body.message).toBe(
      'Please read and accept the trader agreement first',
    );
    const unknown = await h.follow(a.token, 2_000_000, '1');
    expect(unknown.body.message).toBe('This trader is not available for copy trading');
  });
});

describe('traders', () => {
  it('lists approved traders only, with statistics from their own closed positions', async () => {
    const user = await makeUser(test);
    await call(test.app, '/follow/apply', { token: user.token, payload: { agreement: 'zh', accept: 1 } });
    const list = async () => (await call(test.app, '/follow/index', { method: 'GET', payload: { page: 1, sort: 'followers' } })).body.message;
    expect((await list()).data.some((t: { trader_user_id: number }) => t.trader_user_id === user.id)).toBe(false);
    const rejected = await call(test.app, '/admin/copy/traders/decide', { token: h.op, payload: { user_id: user.id, decision: 'reject', reason: '' } });
    expect(rejected.body.type).toBe('error');

    const trader = await h.makeTrader();
    const a = await h.follower('1000');
    await h.follow(a.token, trader.id, '1');
    const opened = await h.open(trader.token);
    await h.tick('66000');
    await h.close(trader.token, opened.body.message.id);
    await h.tick('65000');
    await h.copy.refreshStats(test.db, new Date(h.clock.now));

    const detail = (await call(test.app, '/follow/traderDetail', { method: 'GET', payload: { trader_user_id: trader.id } })).body.message;
    // One closed own position: P&L 30 less the fee 1.95 = 28.05 on a margin of 195 (the copy does not count).
    expect(detail.stats).toMatchObject({ total_profit: '28.05', total_return: '14.38', accuracy: '100.00', profitable_orders: 1, long_wins: 1, short_wins: 0, total_orders: 1, followers: 1, current_positions: 0 });
    expect(detail.series.at(-1)).toMatchObject({ cumulative: '28.05' });
    expect(detail).toMatchObject({ can_follow: false, cannot_follow_reason: 'not_logged_in', my_follow: null });
    const asFollower = (await call(test.app, '/follow/traderDetail', { method: 'GET', token: a.token, payload: { trader_user_id: trader.id } })).body.message;
    expect(asFollower).toMatchObject({ following: true, can_follow: true, my_follow: { trader_user_id: trader.id } });
    const trades = (await call(test.app, '/follow/historyTrade', { method: 'GET', payload: { trader_user_id: trader.id } })).body.message;
    expect(trades).toMatchObject({ total: 1, data: [{ profit: '28.05', open_price: '65000', close_price: '66000', share: 3 }] });
    expect((await call(test.app, '/follow/traderDetail', { method: 'GET', payload: { trader_user_id: user.id } })).body.message).toBe('This trader is not available for copy trading');

    // Revoked: off the list, follows ended.
    const revoked = await call(test.app, '/admin/copy/traders/decide', { token: h.op, payload: { user_id: trader.id, decision: 'revoke', reason: 'Broke the rules' } });
    expect(revoked.body.message).toMatchObject({ status: 'revoked', reason: 'Broke the rules', decided_by: 'admin' });
    expect((await call(test.app, '/follow/myFollows', { method: 'GET', token: a.token, payload: { status: 'following' } })).body.message.total).toBe(0);
    expect((await list()).data.some((t: { trader_user_id: number }) => t.trader_user_id === trader.id)).toBe(false);
    await expectLedgerBalanced(test);
  });

  it("recomputes a trader's statistics after each close of their own position and at start, not only hourly", async () => {
    const trader = await h.makeTrader();
    const stats = async () => (await call(test.app, '/follow/traderDetail', { method: 'GET', payload: { trader_user_id: trader.id } })).body.message.stats;
    expect(await stats()).toMatchObject({ total_orders: 0, first_trade_at: null });
    const opened = await h.open(trader.token);
    await h.tick('66000');
    await h.close(trader.token, opened.body.message.id);
    // Its close mirrored, the figures count it: no hourly run in between.
    expect(await stats()).toMatchObject({ total_orders: 1, profitable_orders: 1, total_profit: '28.05', computed_at: h.clock.now });
    // Figures left behind (as a restart finds them when the hourly row is not yet due) are recomputed at start.
    await test.db.execute(sql`delete from copy_trader_stats where user_id = ${trader.id}`);
    expect(await stats()).toMatchObject({ total_orders: 0, computed_at: null });
    await h.copy.start();
    expect(await stats()).toMatchObject({ total_orders: 1, total_profit: '28.05' });
    await h.tick('65000');
  });

  it('refuses bad input with the error envelope, and the back office to users', async () => {
    const user = await makeUser(test);
    for (const payload of [{ trader_user_id: 'x', number: '1', type: 1 }, { trader_user_id: 1, number: '1', type: 3 }, {}]) {
      const answer = await call(test.app, '/follow/follow', { token: user.token, payload });
      expect(answer.status).toBe(400);
      expect(answer.body.type).toBe('error');
    }
    expect((await call(test.app, '/follow/myCopies', { method: 'GET', token: user.token, payload: { status: 'open' } })).status).toBe(400);
    expect((await call(test.app, '/admin/copy/settings', { method: 'GET', token: user.token })).body.type).not.toBe('ok');
    const bad = await call(test.app, '/admin/copy/settings', { token: h.op, payload: { traders_per_follower_max: 3, ratio_max: '10', lots_max: 50, profit_share_rate: '0.6', demo_trading: false } });
    expect(bad.status).toBe(400);
  });
});

describe('demo traders', () => {
  it('seeds demo traders and followers once, and the traders really trade: positions, copies and closes follow', async () => {
    await seedCopyDemo(test.db, h.clock.now);
    await seedCopyDemo(test.db, h.clock.now);
    await call(test.app, '/admin/copy/settings', { token: h.op, payload: { traders_per_follower_max: 3, ratio_max: '10', lots_max: 50, profit_share_rate: '0.1', demo_trading: true } });
    const [alpha] = await queryRows<{ id: number }>(test.db, sql`select id from users where account = ${COPY_DEMO_TRADERS[0]!.account}`);
    const demo = new DemoTraders(test.db, h.contracts, h.copy, 7, () => h.clock.now, (error) => {
      throw error;
    });
    const own = async () => queryRows<{ n: number }>(test.db, sql`select count(*)::int as n from contract_positions p join copy_traders t on t.user_id = p.user_id where t.demo and p.copy_of is null`);
    // Orders open and close only on a fresh mark (index-freshness.ts): a tick at the test's time.
    await h.tick('65000');
    for (let i = 0; i < 30 && (await own())[0]!.n === 0; i++) await demo.round();
    expect((await own())[0]!.n).toBeGreaterThan(0);
    const [copies] = await queryRows<{ n: number }>(test.db, sql`select count(*)::int as n from contract_positions where copy_trader_id in (select user_id from copy_traders where demo)`);
    const [skips] = await queryRows<{ n: number }>(test.db, sql`select count(*)::int as n from copy_skips where trader_id in (select user_id from copy_traders where demo)`);
    expect(copies!.n + skips!.n).toBeGreaterThan(0);
    // Past the longest holding time every open demo position closes, and its copies with it.
    h.clock.now += 7 * 60_000;
    await h.tick('65000');
    await demo.round();
    const [open] = await queryRows<{ n: number }>(test.db, sql`select count(*)::int as n from contract_positions where status = 'open' and (user_id = ${alpha!.id} or copy_trader_id in (select user_id from copy_traders where demo)) and opened_at < ${new Date(h.clock.now - 60_000).toISOString()}`);
    expect(open!.n).toBe(0);
    const demoTraders = await queryRows<{ id: number }>(test.db, sql`select id from users where account = any(${`{${COPY_DEMO_TRADERS.map((t) => t.account).join(',')}}`}::text[])`);
    expect(demoTraders).toHaveLength(3);
    for (const { id } of demoTraders) {
      expect((await call(test.app, '/follow/traderDetail', { method: 'GET', payload: { trader_user_id: id } })).body.message).toMatchObject({ demo: true, trader_user_id: id });
    }
    await expectLedgerBalanced(test);
  });
});
