// Proves contracts end to end on a real database through the /lever/* API, with index ticks the test
// records: worked open/close P&L, a limit filled when the mark reaches it, TP/SL and liquidation (with
// the insurance fund covering a loss beyond margin and balance) citing the tick that caused them, the
// overnight fee charged once per day and caught up once, batch close, foreign positions refused, and the
// ledger audit after every scenario.
import { errorMessage, money } from '@fairex/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { chargeOvernightFees } from '../../src/contracts/overnight.ts';
import { accountExposures } from '../../src/contracts/repository.ts';
import { post, systemAccount } from '../../src/ledger/index.ts';
import { audit, offenders, type AuditResult } from '../../src/ledger/audit.ts';
import type { Tx } from '../../src/db/client.ts';
import { call, expectLedgerBalanced, makeTestApp, type TestApp } from '../support/app.ts';
import { makeFundedUser } from '../support/ledger.ts';
import { contractFigures, NEXT_TICK_MS, roundBtcSettings, scriptedContracts, systemFigure, writeSettings } from './support.ts';

let test: TestApp;
let harness: Awaited<ReturnType<typeof scriptedContracts>>;
let btc: number;
let usdt: number;

/** BTCUSDT with round figures (contracts/support.ts), with or without a spread. */
const setBtcSettings = (spread = '0') => roundBtcSettings(test, harness.contracts, { spread });

const fundedUser = (amount: string) => makeFundedUser(test, usdt, amount, 'contract');

const submit = (token: string, payload: Record<string, unknown>) =>
  call(test.app, '/lever/submit', { token, payload: { currency_id: btc, legal_id: usdt, share: 2, multiple: 10, type: 1, status: 1, ...payload } });

beforeAll(async () => {
  test = await makeTestApp();
  harness = await scriptedContracts(test);
  const symbol = test.ctx.markets.symbolByName('BTCUSDT')!;
  btc = symbol.id;
  usdt = symbol.quoteCurrencyId;
  await setBtcSettings();
  await harness.tick('BTCUSDT', '65000');
});
afterAll(async () => {
  await test.close();
});

describe('contracts', () => {
  it('opens a long of 2 lots x10 at 65000 (margin 130, fee 1.3) and closes it at 66000 for a profit of 20', async () => {
    const user = await fundedUser('1000');
    const deal = await call(test.app, '/lever/deal', { token: user.token, payload: { currency_id: btc, legal_id: usdt } });
    expect(deal.body.message).toMatchObject({ mark_price: '65000', in_session: true, settings: { contract_size: '0.01', multiples: [5, 10, 20] } });
    const opened = await submit(user.token, {});
    expect(opened.body.type).toBe('ok');
    expect(opened.body.message).toMatchObject({ status: 'open', open_price: '65000', margin: '130', handling_fee: '1.3', side: 'long' });
    expect(opened.body.message.open_tick_id).toBe(harness.ticks.latest('BTCUSDT')!.id);
    expect(await contractFigures(test, user.id, usdt)).toEqual({ available: '868.7', frozen: '0' });

    await harness.tick('BTCUSDT', '66000');
    const listed = await call(test.app, '/lever/dealall', { token: user.token, payload: { currency_id: btc, legal_id: usdt } });
    expect(listed.body.message.data[0]).toMatchObject({ profit: '20', current_price: '66000' });
    // (868.7 + 130 + 20) / 130 x 100
    expect(listed.body.message.totals.risk_rate.slice(0, 8)).toBe('783.6153');

    const closed = await call(test.app, '/lever/close', { token: user.token, payload: { id: opened.body.message.id } });
    expect(closed.body.message).toMatchObject({ status: 'closed', profit: '20', close_reason: 'user', current_price: '66000' });
    expect(await contractFigures(test, user.id, usdt)).toEqual({ available: '1018.7', frozen: '0' });
    const again = await call(test.app, '/lever/close', { token: user.token, payload: { id: opened.body.message.id } });
    expect(again.status).toBe(409);
    await harness.tick('BTCUSDT', '65000');
    await expectLedgerBalanced(test);
  });

  it('freezes a long limit at 64000 (margin 128 + fee 1.28) and opens it at the better mark 63900 that reaches it, citing that tick, the excess frozen back (with another user\'s limit at 64200, filled by the same tick)', async () => {
    const user = await fundedUser('500');
    const other = await fundedUser('500');
    const placed = await submit(user.token, { status: 0, target_price: '64000' });
    await submit(other.token, { status: 0, target_price: '64200' });
    expect(placed.body.message).toMatchObject({ status: 'pending', margin: '128', handling_fee: '1.28' });
    expect(await contractFigures(test, user.id, usdt)).toEqual({ available: '370.72', frozen: '129.28' });
    await expectLedgerBalanced(test);

    await harness.tick('BTCUSDT', '64500');
    const pending = await call(test.app, '/lever/my_trade', { token: user.token, payload: { status: 0 } });
    expect(pending.body.message.data).toHaveLength(1);

    const reached = await harness.tick('BTCUSDT', '63900');
    const current = await call(test.app, '/lever/my_trade', { token: user.token, payload: { status: 1 } });
    // 2 lots x 0.01 x 63900 = 1278: margin 127.8 and fee 1.278 -> 1.28 (rounded up); 129.28 - 129.08 = 0.2 back.
    expect(current.body.message.data[0]).toMatchObject({ status: 'open', open_price: '63900', margin: '127.8', handling_fee: '1.278', open_tick_id: reached.id });
    expect(await contractFigures(test, user.id, usdt)).toEqual({ available: '370.922', frozen: '0' });
    const otherCurrent = await call(test.app, '/lever/my_trade', { token: other.token, payload: { status: 1 } });
    expect(otherCurrent.body.message.data[0]).toMatchObject({ status: 'open', open_price: '63900', margin: '127.8', handling_fee: '1.278', open_tick_id: reached.id });
    expect(await contractFigures(test, other.id, usdt)).toEqual({ available: '370.922', frozen: '0' });
    await call(test.app, '/lever/batch_close', { token: user.token, payload: { type: 0 } });
    await call(test.app, '/lever/batch_close', { token: other.token, payload: { type: 0 } });
    await harness.tick('BTCUSDT', '65000');
    await expectLedgerBalanced(test);
  });

  it('cancels a pending limit order on close and gives its frozen margin and fee back', async () => {
    const user = await fundedUser('500');
    const placed = await submit(user.token, { status: 0, target_price: '60000', type: 1 });
    const cancelled = await call(test.app, '/lever/close', { token: user.token, payload: { id: placed.body.message.id } });
    expect(cancelled.body.message.status).toBe('cancelled');
    expect(await contractFigures(test, user.id, usdt)).toEqual({ available: '500', frozen: '0' });
    await harness.tick('BTCUSDT', '59000');
    expect(await contractFigures(test, user.id, usdt)).toEqual({ available: '500', frozen: '0' });
    await harness.tick('BTCUSDT', '65000');
    await expectLedgerBalanced(test);
  });

  it('refuses a long TP below the price and a short SL below it, and closes on TP at the mark that crossed it', async () => {
    const user = await fundedUser('1000');
    const wrongTp = await submit(user.token, { target_profit_price: '64000' });
    expect(wrongTp.body).toMatchObject({ type: 'error' });
    expect(wrongTp.body.message).toContain('take-profit');
    const wrongSl = await submit(user.token, { type: 2, stop_loss_price: '64000' });
    expect(wrongSl.body.type).toBe('error');

    const opened = await submit(user.token, { target_profit_price: '66000', stop_loss_price: '64000' });
    expect(opened.body.type).toBe('ok');
    await harness.tick('BTCUSDT', '65500');
    const crossed = await harness.tick('BTCUSDT', '66100');
    const history = await call(test.app, '/lever/my_trade', { token: user.token, payload: { status: 2 } });
    expect(history.body.message.data[0]).toMatchObject({ close_reason: 'take_profit', profit: '22', current_price: '66100', close_tick_id: crossed.id });
    await harness.tick('BTCUSDT', '65000');
    await expectLedgerBalanced(test);
  });

  it('closes at once what one tick crosses: three stop-losses at 64000 (-20 each) and an account liquidated after them, one entry whose legs name each position', async () => {
    const users = [await fundedUser('1000'), await fundedUser('1000'), await fundedUser('1000')];
    const stopped = [];
    for (const user of users) stopped.push((await submit(user.token, { stop_loss_price: '64000' })).body.message.id as number);
    // Margin 130 and nothing else: the account reaches a risk rate of 50 % at 61750.
    const thin = await fundedUser('131.3');
    const liquidatedId = (await submit(thin.token, {})).body.message.id as number;
    const gap = await harness.tick('BTCUSDT', '61000');
    for (const [i, user] of users.entries()) {
      const history = await call(test.app, '/lever/my_trade', { token: user.token, payload: { status: 2 } });
      // The stop-loss fires at the mark that crossed it (61000): 2 lots x 0.01 x (61000 - 65000) = -80.
      expect(history.body.message.data[0]).toMatchObject({ id: stopped[i], close_reason: 'stop_loss', profit: '-80', close_tick_id: gap.id });
      expect(await contractFigures(test, user.id, usdt)).toEqual({ available: '918.7', frozen: '0' });
    }
    const thinHistory = await call(test.app, '/lever/my_trade', { token: thin.token, payload: { status: 2 } });
    expect(thinHistory.body.message.data[0]).toMatchObject({ id: liquidatedId, close_reason: 'liquidation', profit: '-80' });
    const entries = await queryRows<{ entry_id: string; ref_id: string }>(
      test.db,
      sql`select p.entry_id::text, p.ref_id from ledger_postings p join ledger_entries e on e.id = p.entry_id
          where e.kind = 'contract_close' and p.ref_type = 'contract_position' and p.ref_id in (${sql.join([...stopped, liquidatedId].map((id) => sql`${String(id)}`), sql`, `)})`,
    );
    const entryOf = new Map(entries.map((e) => [Number(e.ref_id), e.entry_id]));
    expect(new Set(stopped.map((id) => entryOf.get(id))).size).toBe(1);
    // The liquidation, decided after the stop-losses closed, in an entry of its own.
    expect(entryOf.get(liquidatedId)).toBeDefined();
    expect(entryOf.get(liquidatedId)).not.toBe(entryOf.get(stopped[0]!));
    await harness.tick('BTCUSDT', '65000');
    await expectLedgerBalanced(test);
  });

  it('keeps an account\'s figures per symbol (exposures.ts) equal to the database\'s sums after opens, a fill and a tick\'s closes, and after a read again', async () => {
    const user = await fundedUser('2000');
    await submit(user.token, { stop_loss_price: '64000' });
    await submit(user.token, { type: 2, share: 3 });
    await submit(user.token, { status: 0, target_price: '64500', share: 1 });
    await harness.tick('BTCUSDT', '63990');
    const account = [{ userId: user.id, currencyId: usdt }];
    const plain = (rows: { symbolId: number; margin: string; exposure: string; cost: string }[]) =>
      rows.map((r) => ({ symbolId: r.symbolId, margin: money(r.margin).toFixed(), exposure: money(r.exposure).toFixed(), cost: money(r.cost).toFixed() }));
    const fromDatabase = plain(await accountExposures(test.db, account));
    // The short (3 lots) and the filled limit (1 lot at 63990) remain: E = -0.02, the stop-lossed long gone.
    expect(fromDatabase).toEqual([{ symbolId: btc, margin: '258.99', exposure: '-0.02', cost: '-1310.1' }]);
    expect(plain(harness.contracts.exposures.exposures(user.id, usdt))).toEqual(fromDatabase);
    await harness.contracts.refreshAccount(test.db, user.id, usdt);
    expect(plain(harness.contracts.exposures.exposures(user.id, usdt))).toEqual(fromDatabase);
    await call(test.app, '/lever/batch_close', { token: user.token, payload: { type: 0 } });
    await harness.tick('BTCUSDT', '65000');
    expect(harness.contracts.exposures.exposures(user.id, usdt)).toEqual([]);
    await expectLedgerBalanced(test);
  });

  it('closes a limit order on its stop-loss at the same tick that fills it past that stop', async () => {
    const user = await fundedUser('1000');
    const placed = await submit(user.token, { type: 2, status: 0, target_price: '65000', stop_loss_price: '65050' });
    expect(placed.body.message.status).toBe('pending');
    const jump = await harness.tick('BTCUSDT', '65100');
    const history = await call(test.app, '/lever/my_trade', { token: user.token, payload: { status: 2 } });
    // Opened at the better of its limit and the mark (65100, a short's max), closed on the stop at the same mark: profit 0.
    expect(history.body.message.data[0]).toMatchObject({ id: placed.body.message.id, open_price: '65100', open_tick_id: jump.id, close_tick_id: jump.id, close_reason: 'stop_loss', profit: '0' });
    await harness.tick('BTCUSDT', '65000');
    await expectLedgerBalanced(test);
  });

  it('closes a short on its stop-loss set later through /lever/setstop', async () => {
    const user = await fundedUser('1000');
    const opened = await submit(user.token, { type: 2 });
    const set = await call(test.app, '/lever/setstop', { token: user.token, payload: { id: opened.body.message.id, stop_loss_price: '65500', target_profit_price: '60000' } });
    expect(set.body.message).toMatchObject({ stop_loss_price: '65500', target_profit_price: '60000' });
    await harness.tick('BTCUSDT', '65600');
    const history = await call(test.app, '/lever/my_trade', { token: user.token, payload: { status: 2 } });
    // (65000 - 65600) x 0.02
    expect(history.body.message.data[0]).toMatchObject({ close_reason: 'stop_loss', profit: '-12' });
    await harness.tick('BTCUSDT', '65000');
    await expectLedgerBalanced(test);
  });

  it('liquidates at the mark when the risk rate falls to the threshold, the insurance fund covering the loss beyond margin and balance', async () => {
    const user = await fundedUser('131.3');
    const opened = await submit(user.token, {});
    expect(await contractFigures(test, user.id, usdt)).toEqual({ available: '0', frozen: '0' });
    const insuranceBefore = await systemFigure(test, 'insurance_fund', usdt);
    // The account's trigger is 61750 (risk rate 50 %): 62000 leaves it open.
    await harness.tick('BTCUSDT', '62000');
    const still = await call(test.app, '/lever/my_trade', { token: user.token, payload: { status: 1 } });
    expect(still.body.message.data).toHaveLength(1);
    // A gap to 50000: the loss is 300, the margin 130, so the insurance fund pays 170.
    const gap = await harness.tick('BTCUSDT', '50000');
    const history = await call(test.app, '/lever/my_trade', { token: user.token, payload: { status: 2 } });
    expect(history.body.message.data[0]).toMatchObject({ id: opened.body.message.id, close_reason: 'liquidation', profit: '-300', close_tick_id: gap.id });
    expect(await contractFigures(test, user.id, usdt)).toEqual({ available: '0', frozen: '0' });
    expect(Number(insuranceBefore) - Number(await systemFigure(test, 'insurance_fund', usdt))).toBe(170);
    await harness.tick('BTCUSDT', '65000');
    await expectLedgerBalanced(test);
  });

  it('cancels the account’s pending limits before the insurance fund pays (the attack: money parked in a far limit while a gap takes the fund)', async () => {
    const user = await fundedUser('400');
    // A short limit far above the market freezes 180 + 1.8; the long leaves 86.9 available.
    const parked = await submit(user.token, { type: 2, status: 0, target_price: '90000' });
    const opened = await submit(user.token, {});
    expect(await contractFigures(test, user.id, usdt)).toEqual({ available: '86.9', frozen: '181.8' });
    const insuranceBefore = await systemFigure(test, 'insurance_fund', usdt);
    // A gap to 50000: the loss of 300 is more than margin and available (216.9), not more than the account holds.
    await harness.tick('BTCUSDT', '50000');
    const history = (await call(test.app, '/lever/my_trade', { token: user.token, payload: { status: 2 } })).body.message.data;
    expect(history.find((p: { id: number }) => p.id === opened.body.message.id)).toMatchObject({ close_reason: 'liquidation', profit: '-300' });
    expect(history.find((p: { id: number }) => p.id === parked.body.message.id)).toMatchObject({ status: 'cancelled' });
    expect(await contractFigures(test, user.id, usdt)).toEqual({ available: '98.7', frozen: '0' });
    expect(await systemFigure(test, 'insurance_fund', usdt)).toBe(insuranceBefore);
    await harness.tick('BTCUSDT', '65000');
    await expectLedgerBalanced(test);
  });

  it('takes a loss beyond the margin from the available balance before the insurance fund', async () => {
    const user = await fundedUser('1000');
    const opened = await submit(user.token, {});
    const insuranceBefore = await systemFigure(test, 'insurance_fund', usdt);
    // A loss of 200 on a margin of 130 (risk rate (868.7 + 130 - 200) / 130 x 100 > 50: no liquidation); the user closes.
    await harness.tick('BTCUSDT', '55000');
    await call(test.app, '/lever/close', { token: user.token, payload: { id: opened.body.message.id } });
    expect(await contractFigures(test, user.id, usdt)).toEqual({ available: '798.7', frozen: '0' });
    expect(await systemFigure(test, 'insurance_fund', usdt)).toBe(insuranceBefore);
    await harness.tick('BTCUSDT', '65000');
    await expectLedgerBalanced(test);
  });

  it('lets out of the contract account only available less unrealised losses (868.7 - 20 = 848.7), and moves the liquidation trigger at once', async () => {
    const user = await fundedUser('1000');
    await submit(user.token, {});
    const out = (number: string, lang = 'en') =>
      call(test.app, '/wallet/change', { token: user.token, lang, payload: { currency_id: usdt, number, from_field: 'lever', to_field: 'change' } });
    // At 66000 the position gains 20: the profit is not paid out before a close.
    await harness.tick('BTCUSDT', '66000');
    expect((await out('868.71')).body).toMatchObject({ type: 'error', message: errorMessage('contract_transfer_exceeds_free', 'en') });
    // At 64000 it loses 20, which stays in the account.
    await harness.tick('BTCUSDT', '64000');
    expect((await out('848.71', 'kor')).body).toMatchObject({ type: 'error', message: errorMessage('contract_transfer_exceeds_free', 'kor') });
    expect((await out('848.7')).body.type).toBe('ok');
    expect(await contractFigures(test, user.id, usdt)).toEqual({ available: '20', frozen: '0' });
    // Now available 20, margin 130: the risk rate reaches 50 % at a loss of 85, mark 60750. Before the
    // transfer it was at a loss of 933.7 (mark 18315): the trigger moved with the transfer, not 5 s later.
    await harness.tick('BTCUSDT', '60800');
    expect((await call(test.app, '/lever/my_trade', { token: user.token, payload: { status: 1 } })).body.message.data).toHaveLength(1);
    await harness.tick('BTCUSDT', '60750');
    const history = await call(test.app, '/lever/my_trade', { token: user.token, payload: { status: 2 } });
    expect(history.body.message.data[0]).toMatchObject({ close_reason: 'liquidation', profit: '-85' });
    await harness.tick('BTCUSDT', '65000');
    await expectLedgerBalanced(test);
  });

  it('closes only longs on batch_close type 1 and refuses another user\'s position', async () => {
    const user = await fundedUser('1000');
    const long = await submit(user.token, {});
    const short = await submit(user.token, { type: 2 });
    const other = await fundedUser('10');
    const foreign = await call(test.app, '/lever/close', { token: other.token, payload: { id: long.body.message.id } });
    expect(foreign.status).toBe(404);
    const foreignStop = await call(test.app, '/lever/setstop', { token: other.token, payload: { id: short.body.message.id, stop_loss_price: '70000' } });
    expect(foreignStop.status).toBe(404);
    const batch = await call(test.app, '/lever/batch_close', { token: user.token, payload: { type: 1 } });
    expect(batch.body.message).toEqual({ closed: 1, profit: '0' });
    const current = await call(test.app, '/lever/my_trade', { token: user.token, payload: { status: 1 } });
    expect(current.body.message.data.map((p: { id: number }) => p.id)).toEqual([short.body.message.id]);
    await call(test.app, '/lever/batch_close', { token: user.token, payload: { type: 0 } });
    await expectLedgerBalanced(test);
  });

  it('answers a retried submit with the same key once, moving the money once', async () => {
    const user = await fundedUser('1000');
    const first = await submit(user.token, { client_id: 'lever-once-1' });
    const second = await submit(user.token, { client_id: 'lever-once-1' });
    expect(second.body.message.id).toBe(first.body.message.id);
    expect(await contractFigures(test, user.id, usdt)).toEqual({ available: '868.7', frozen: '0' });
    await call(test.app, '/lever/batch_close', { token: user.token, payload: { type: 0 } });
    await expectLedgerBalanced(test);
  });

  it('refuses a multiple not offered, lots out of range and a stock outside its session, with translated messages', async () => {
    const user = await fundedUser('1000');
    expect((await submit(user.token, { multiple: 7 })).body.message).toBe('This leverage is not offered for this market');
    expect((await submit(user.token, { share: 101 })).body.type).toBe('error');
    const aapl = test.ctx.markets.symbolByName('AAPL')!;
    await harness.tick('AAPL', '228');
    // Saturday 2026-11-21 15:00 UTC: the New York session is closed.
    const saved = harness.clock.now;
    harness.clock.now = Date.parse('2026-11-21T15:00:00Z');
    const closed = await call(test.app, '/lever/submit', {
      token: user.token,
      lang: 'fra',
      payload: { currency_id: aapl.id, legal_id: usdt, share: 1, multiple: 2, type: 1, status: 1 },
    });
    harness.clock.now = saved;
    expect(closed.body).toMatchObject({ type: 'error', code: 'contract_market_closed', message: 'Ce marché est fermé ; les ordres sont acceptés pendant sa séance de cotation' });
    const bad = await call(test.app, '/lever/submit', { token: user.token, payload: { currency_id: btc, legal_id: usdt, share: 'x', multiple: 10, type: 9, status: 1 } });
    expect(bad.status).toBe(400);
    await expectLedgerBalanced(test);
  });

  it('charges the overnight fee once per position and day from available first, and catches up missed days exactly once', async () => {
    const user = await fundedUser('1000');
    harness.clock.now = Date.parse('2026-11-23T15:00:00Z');
    await harness.tick('BTCUSDT', '65000');
    const opened = await submit(user.token, {});
    const id = opened.body.message.id;
    const run = (at: string) => test.db.transaction((tx) => chargeOvernightFees(tx, harness.contracts, Date.parse(at)));
    expect(await run('2026-11-23T23:00:00Z')).toBe(0);
    // 1300 x 0.0003 = 0.39 for the cut-off of 24 November, from available (the margin stays whole).
    expect(await run('2026-11-24T01:00:00Z')).toBe(1);
    expect(await run('2026-11-24T02:00:00Z')).toBe(0);
    let listed = await call(test.app, '/lever/my_trade', { token: user.token, payload: { status: 1 } });
    expect(listed.body.message.data.find((p: { id: number }) => p.id === id)).toMatchObject({ margin: '130', overnight_fee: '0.39' });
    expect(await contractFigures(test, user.id, usdt)).toEqual({ available: '868.31', frozen: '0' });
    // Down for three days: the cut-offs of 25, 26 and 27 November, each once.
    expect(await run('2026-11-27T05:00:00Z')).toBe(3);
    expect(await run('2026-11-27T06:00:00Z')).toBe(0);
    listed = await call(test.app, '/lever/my_trade', { token: user.token, payload: { status: 1 } });
    expect(listed.body.message.data.find((p: { id: number }) => p.id === id)).toMatchObject({ margin: '130', overnight_fee: '1.56' });
    await call(test.app, '/lever/close', { token: user.token, payload: { id } });
    // Margin 130 back, profit 0: 867.14 + 130.
    expect(await contractFigures(test, user.id, usdt)).toEqual({ available: '997.14', frozen: '0' });
    await expectLedgerBalanced(test);
  });
});

// Issue 22 (money.md findings 1, 3, 4, 6; fairness.md 7): losses settle at account level, overnight fees
// never stop on one position, limits fill at the better price, opens need a fresh mark, and the
// liquidation price shown is the account's real trigger.
describe('account-level settlement, fair fills and fees', () => {
  const hundredX = () => roundBtcSettings(test, harness.contracts, { multiples: [5, 10, 20, 100] });
  const open = async (token: string, payload: Record<string, unknown>) => {
    const answer = await submit(token, payload);
    expect(answer.body.type).toBe('ok');
    return answer.body.message as { id: number; liquidation_price: string | null };
  };
  const history = async (token: string) => (await call(test.app, '/lever/my_trade', { token, payload: { status: 2 } })).body.message.data as Record<string, unknown>[];

  it('leaves the fund untouched on the review\'s hedge: 143 in, long and short 10 lots x100 at 65000, index +3 %, close short then long -> the user keeps the equity 130', async () => {
    await hundredX();
    const user = await fundedUser('143');
    const long = await open(user.token, { share: 10, multiple: 100, type: 1 });
    const short = await open(user.token, { share: 10, multiple: 100, type: 2 });
    expect(await contractFigures(test, user.id, usdt)).toEqual({ available: '0', frozen: '0' });
    const fundBefore = await systemFigure(test, 'insurance_fund', usdt);
    const up = await harness.tick('BTCUSDT', '66950');
    // The short alone gives back 65 - 195 = -130, which available (0) cannot pay: the long closes with it,
    // both on the tick after the close (still 66950).
    const closed = await call(test.app, '/lever/close', { token: user.token, payload: { id: short.id } });
    const closedOn = harness.ticks.latest('BTCUSDT')!;
    expect(closedOn).toMatchObject({ price: '66950', time: up.time + NEXT_TICK_MS });
    expect(closed.body.message).toMatchObject({ status: 'closed', profit: '-195', close_tick_id: closedOn.id });
    const again = await call(test.app, '/lever/close', { token: user.token, payload: { id: long.id } });
    expect(again.status).toBe(409);
    expect((await history(user.token)).find((p) => p.id === long.id)).toMatchObject({ close_reason: 'account', profit: '195', close_tick_id: closedOn.id });
    expect(await contractFigures(test, user.id, usdt)).toEqual({ available: '130', frozen: '0' });
    expect(await systemFigure(test, 'insurance_fund', usdt)).toBe(fundBefore);
    await harness.tick('BTCUSDT', '65000');
    await setBtcSettings();
    await expectLedgerBalanced(test);
  });

  it('pays the user 19.5 and the fund 0 on the review\'s liquidation order B (older long -130, short +149.5)', async () => {
    await hundredX();
    // Long 10 x100: margin 65, fee 6.5; short 1 x5: margin 130, fee 0.65.
    const user = await fundedUser('202.15');
    await open(user.token, { share: 10, multiple: 100, type: 1 });
    await open(user.token, { share: 1, multiple: 5, type: 2 });
    const fundBefore = await systemFigure(test, 'insurance_fund', usdt);
    // Equity 0 + 195 - 195 + 19.5 = 19.5, risk rate 10 %: liquidated.
    const down = await harness.tick('BTCUSDT', '63050');
    const closed = await history(user.token);
    expect(closed.map((p) => [p.close_reason, p.profit, p.close_tick_id])).toEqual([
      ['liquidation', '19.5', down.id],
      ['liquidation', '-195', down.id],
    ]);
    expect(await contractFigures(test, user.id, usdt)).toEqual({ available: '19.5', frozen: '0' });
    expect(await systemFigure(test, 'insurance_fund', usdt)).toBe(fundBefore);
    await harness.tick('BTCUSDT', '65000');
    await setBtcSettings();
    await expectLedgerBalanced(test);
  });

  /** A position's margin eaten to 0 by fees, as the old overnight rule left the review's user C after 34 days. */
  const eatMargin = (id: number, margin: string) =>
    test.db.transaction(async (tx) => {
      await post(tx, {
        kind: 'contract_overnight',
        refType: 'contract_overnight',
        refId: `${id}:legacy`,
        legs: [
          { accountId: await systemAccount(tx, 'contract_margins', usdt), amount: `-${margin}` },
          { accountId: await systemAccount(tx, 'fees', usdt), amount: margin },
        ],
      });
      await tx.execute(sql`update contract_positions set margin = 0, overnight_fee = ${margin} where id = ${id}`);
    });

  it('liquidates an open position with zero margin at the next tick (risk rate 0, not null)', async () => {
    await hundredX();
    const user = await fundedUser('71.5');
    const position = await open(user.token, { share: 10, multiple: 100 });
    await eatMargin(position.id, '65');
    await harness.contracts.refreshAccount(test.db, user.id, usdt);
    const next = await harness.tick('BTCUSDT', '65100');
    expect((await history(user.token))[0]).toMatchObject({ id: position.id, close_reason: 'liquidation', profit: '10', close_tick_id: next.id });
    expect(await contractFigures(test, user.id, usdt)).toEqual({ available: '10', frozen: '0' });
    await harness.tick('BTCUSDT', '65000');
    await setBtcSettings();
    await expectLedgerBalanced(test);
  });

  it('charges B when another position can pay no fee (the review\'s 34-days-then-zero-fee run), closing that one at the mark', async () => {
    await hundredX();
    harness.clock.now = Date.parse('2026-11-23T15:00:00Z');
    await harness.tick('BTCUSDT', '65000');
    const c = await fundedUser('71.5');
    const cPosition = await open(c.token, { share: 10, multiple: 100 });
    const b = await fundedUser('1000');
    const bPosition = await open(b.token, {});
    await eatMargin(cPosition.id, '65');
    const mark = await harness.tick('BTCUSDT', '65200');
    // Tick handled before the job: C's zero margin makes it due at once; here the job meets it first.
    const run = () => test.db.transaction((tx) => chargeOvernightFees(tx, harness.contracts, Date.parse('2026-11-24T01:00:00Z')));
    await run();
    const bListed = await call(test.app, '/lever/my_trade', { token: b.token, payload: { status: 1 } });
    expect(bListed.body.message.data.find((p: { id: number }) => p.id === bPosition.id)).toMatchObject({ overnight_fee: '0.39', margin: '130' });
    expect((await history(c.token))[0]).toMatchObject({ id: cPosition.id, close_reason: 'liquidation', close_tick_id: mark.id });
    await call(test.app, '/lever/batch_close', { token: b.token, payload: { type: 0 } });
    await harness.tick('BTCUSDT', '65000');
    await setBtcSettings();
    await expectLedgerBalanced(test);
  });

  it('charges two positions of one account in one run as one by one would: available pays the first day\'s fee, the margin the second\'s', async () => {
    harness.clock.now = Date.parse('2026-11-23T15:00:00Z');
    await harness.tick('BTCUSDT', '65000');
    // Two of 2 lots x10 at 65000 (margin 130, fee 1.3 each), and one day's fee (0.39) left over.
    const user = await fundedUser('262.99');
    const first = await open(user.token, {});
    const second = await open(user.token, {});
    await test.db.transaction((tx) => chargeOvernightFees(tx, harness.contracts, Date.parse('2026-11-24T01:00:00Z')));
    const listed = (await call(test.app, '/lever/my_trade', { token: user.token, payload: { status: 1 } })).body.message.data as { id: number }[];
    expect(listed.find((p) => p.id === first.id)).toMatchObject({ overnight_fee: '0.39', margin: '130' });
    expect(listed.find((p) => p.id === second.id)).toMatchObject({ overnight_fee: '0.39', margin: '129.61' });
    expect(await contractFigures(test, user.id, usdt)).toEqual({ available: '0', frozen: '0' });
    await call(test.app, '/lever/batch_close', { token: user.token, payload: { type: 0 } });
    await expectLedgerBalanced(test);
  });

  it('charges the other positions when one cannot be charged: the run retries each alone and reports the one that fails', async () => {
    await hundredX();
    harness.clock.now = Date.parse('2026-11-23T15:00:00Z');
    await harness.tick('BTCUSDT', '65000');
    const c = await fundedUser('71.5');
    const cPosition = await open(c.token, { share: 10, multiple: 100 });
    const b = await fundedUser('1000');
    const bPosition = await open(b.token, {});
    // C cannot pay its fee and must close; its close fails here.
    await eatMargin(cPosition.id, '65');
    const failing = new Proxy(harness.contracts, {
      get(target, key) {
        if (key === 'closeMany') return async () => Promise.reject(new Error('close refused'));
        const value = Reflect.get(target, key, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const errors: unknown[] = [];
    await test.db.transaction((tx) => chargeOvernightFees(tx, failing, Date.parse('2026-11-24T01:00:00Z'), (error) => errors.push(error)));
    expect(errors.map((e) => (e as Error).message)).toEqual(['close refused', 'close refused']);
    const bListed = await call(test.app, '/lever/my_trade', { token: b.token, payload: { status: 1 } });
    expect(bListed.body.message.data.find((p: { id: number }) => p.id === bPosition.id)).toMatchObject({ overnight_fee: '0.39', margin: '130' });
    const cDays = await queryRows<{ day: string }>(test.db, sql`select day from contract_overnight_fees where position_id = ${cPosition.id}`);
    expect(cDays).toEqual([]);
    // C closes on the next tick (its zero margin is due at once).
    await harness.contracts.refreshAccount(test.db, c.id, usdt);
    await harness.tick('BTCUSDT', '65000');
    expect((await history(c.token))[0]).toMatchObject({ id: cPosition.id, close_reason: 'liquidation' });
    await call(test.app, '/lever/batch_close', { token: b.token, payload: { type: 0 } });
    await setBtcSettings();
    await expectLedgerBalanced(test);
  });

  it('opens a long limit at 80000 at the next mark 65010 (not at 80000), its margin sized there', async () => {
    const user = await fundedUser('1000');
    const placed = await open(user.token, { status: 0, share: 1, multiple: 10, target_price: '80000' });
    const next = await harness.tick('BTCUSDT', '65010');
    const listed = await call(test.app, '/lever/my_trade', { token: user.token, payload: { status: 1 } });
    expect(listed.body.message.data[0]).toMatchObject({ id: placed.id, open_price: '65010', margin: '65.01', open_tick_id: next.id, profit: '0' });
    // 1000 - 65.01 - 0.6501 (the fee at 65010; 80000 x 0.01 x (0.1 + 0.001) = 80.8 was frozen).
    expect(await contractFigures(test, user.id, usdt)).toEqual({ available: '934.3399', frozen: '0' });
    await call(test.app, '/lever/batch_close', { token: user.token, payload: { type: 0 } });
    await harness.tick('BTCUSDT', '65000');
    await expectLedgerBalanced(test);
  });

  it('refuses a market open and a close while the latest tick is older than indexFreshMs (index_unavailable)', async () => {
    const user = await fundedUser('1000');
    const position = await open(user.token, {});
    const saved = harness.clock.now;
    harness.clock.now = saved + test.ctx.limits.indexFreshMs + 1;
    const stale = await submit(user.token, {});
    expect(stale.body).toMatchObject({ type: 'error', code: 'index_unavailable' });
    expect((await call(test.app, '/lever/close', { token: user.token, payload: { id: position.id } })).body).toMatchObject({ type: 'error', code: 'index_unavailable' });
    await harness.tick('BTCUSDT', '65000');
    expect((await call(test.app, '/lever/close', { token: user.token, payload: { id: position.id } })).body.type).toBe('ok');
    harness.clock.now = saved;
    await harness.tick('BTCUSDT', '65000');
    await expectLedgerBalanced(test);
  });

  it('shows the account-level liquidation price 53315 (not the isolated 61750) in the submit\'s own answer and the list, and liquidates exactly there', async () => {
    // Available 168.7 after margin 130 and fee 1.3: (65 - 168.7 - 130 + 1300) / 0.02 = 53315.
    const user = await fundedUser('300');
    // Keyed: `call` sends it again and wants the same answer, byte for byte.
    const position = await open(user.token, { client_id: 'lever-liquidation-price-1' });
    expect(position.liquidation_price).toBe('53315');
    const listed = await call(test.app, '/lever/dealall', { token: user.token, payload: { currency_id: btc, legal_id: usdt } });
    expect(listed.body.message.data[0]).toMatchObject({ id: position.id, liquidation_price: '53315' });
    await harness.tick('BTCUSDT', '53316');
    const still = await call(test.app, '/lever/dealall', { token: user.token, payload: { currency_id: btc, legal_id: usdt } });
    expect(still.body.message.data[0]).toMatchObject({ id: position.id, liquidation_price: '53315' });
    const at = await harness.tick('BTCUSDT', '53315');
    expect((await history(user.token))[0]).toMatchObject({ id: position.id, close_reason: 'liquidation', current_price: '53315', close_tick_id: at.id });
    await harness.tick('BTCUSDT', '65000');
    await expectLedgerBalanced(test);
  });

  it('moves the BTC liquidation trigger on the periodic refresh after the other symbol held (ETH) moved: 54080, then 54580 after ETH falls to 2900', async () => {
    // Maintenance 50 % of the margin 130 + 30 = 80; available 300 - 131.3 - 30.3 = 138.4:
    // 138.4 + 160 + 0.02 (P - 65000) + ETH's P&L = 80, so P = 54080 at ETH 3000 and 54580 at 2900 (P&L -10).
    const eth = test.ctx.markets.symbolByName('ETHUSDT')!.id;
    await test.db.transaction((tx) =>
      writeSettings(tx, { symbol_id: eth, contract_size: '0.1', multiples: [10], lots_min: 1, lots_max: 100, fee_rate: '0.001', overnight_rate: '0.0003', spread: '0', maintenance_threshold: '50', session: null, enabled: true }),
    );
    await harness.contracts.reloadSymbols();
    await harness.tick('ETHUSDT', '3000');
    const user = await fundedUser('300');
    const btcLong = await open(user.token, {});
    const ethLong = await open(user.token, { currency_id: eth, share: 1 });
    expect(await contractFigures(test, user.id, usdt)).toEqual({ available: '138.4', frozen: '0' });
    const shown = async () => (await call(test.app, '/lever/dealall', { token: user.token, payload: { currency_id: btc, legal_id: usdt } })).body.message.data[0].liquidation_price;
    expect(await shown()).toBe('54080');
    await harness.tick('ETHUSDT', '2900');
    // Before the refresh, the trigger still stands at 54080 (computed at ETH 3000): 54300 is not crossed.
    await harness.tick('BTCUSDT', '54300');
    expect((await history(user.token)).map((p) => p.id)).not.toContain(btcLong.id);
    await harness.tick('BTCUSDT', '65000');
    await harness.contracts.refreshAll();
    // The refresh saw ETH's mark move (the positions and the balance are unchanged): 54580 now.
    expect(await shown()).toBe('54580');
    const at = await harness.tick('BTCUSDT', '54300');
    const closed = await history(user.token);
    expect(closed.find((p) => p.id === btcLong.id)).toMatchObject({ close_reason: 'liquidation', close_tick_id: at.id });
    expect(closed.find((p) => p.id === ethLong.id)).toMatchObject({ close_reason: 'liquidation' });
    await harness.tick('BTCUSDT', '65000');
    await harness.tick('ETHUSDT', '3000');
    await expectLedgerBalanced(test);
  });
});

// A limit, TP or SL fires only on a tick recorded after the user placed or set it (contracts/service.ts
// header): a tick is shown to users at once but handled by the contract service later, in its queue.
describe('triggers fire only on ticks recorded after they were placed', () => {
  it('a limit placed while an older tick is still queued does not fill on that tick', async () => {
    const user = await fundedUser('500');
    // 63900 is recorded and shown; the service has not handled it yet when the user places the limit.
    const seen = await harness.queued('BTCUSDT', '63900');
    const placed = (await submit(user.token, { status: 0, target_price: '64000' })).body.message;
    expect(placed.status).toBe('pending');
    await seen.handle();
    const pending = await call(test.app, '/lever/my_trade', { token: user.token, payload: { status: 0 } });
    expect(pending.body.message.data).toMatchObject([{ id: placed.id, status: 'pending' }]);
    // Still indexed: the next tick that reaches the limit fills it there.
    await harness.tick('BTCUSDT', '65500');
    const reached = await harness.tick('BTCUSDT', '63800');
    const current = await call(test.app, '/lever/my_trade', { token: user.token, payload: { status: 1 } });
    expect(current.body.message.data[0]).toMatchObject({ id: placed.id, open_price: '63800', open_tick_id: reached.id });
    await call(test.app, '/lever/batch_close', { token: user.token, payload: { type: 0 } });
    await harness.tick('BTCUSDT', '65000');
    await expectLedgerBalanced(test);
  });

  it('a limit does not fill on a tick recorded after it but priced before it (public feed: a median the user could know when placing it)', async () => {
    const user = await fundedUser('500');
    const placedAt = harness.clock.now;
    const placed = (await submit(user.token, { status: 0, target_price: '64000' })).body.message;
    // Recorded after the limit, but from quotes requested before it: it reaches 64000 and must not fill it.
    harness.clock.now += 1000;
    await harness.ticks.push('BTCUSDT', '63900', placedAt - 100);
    await harness.contracts.settled();
    const pending = await call(test.app, '/lever/my_trade', { token: user.token, payload: { status: 0 } });
    expect(pending.body.message.data).toMatchObject([{ id: placed.id, status: 'pending' }]);
    // Priced after it: fills there.
    harness.clock.now += 1000;
    const priced = await harness.ticks.push('BTCUSDT', '63800', harness.clock.now - 500);
    await harness.contracts.settled();
    const current = await call(test.app, '/lever/my_trade', { token: user.token, payload: { status: 1 } });
    expect(current.body.message.data[0]).toMatchObject({ id: placed.id, open_price: '63800', open_tick_id: priced.id });
    await call(test.app, '/lever/batch_close', { token: user.token, payload: { type: 0 } });
    await harness.tick('BTCUSDT', '65000');
    await expectLedgerBalanced(test);
  });

  it('a take-profit set while an older, better tick is still queued does not close on that tick', async () => {
    const user = await fundedUser('1000');
    const opened = (await submit(user.token, {})).body.message;
    // 66500 then 65200 are recorded and shown, neither handled yet; the TP is set against 65200.
    const older = await harness.queued('BTCUSDT', '66500');
    const latest = await harness.queued('BTCUSDT', '65200');
    const set = await call(test.app, '/lever/setstop', { token: user.token, payload: { id: opened.id, target_profit_price: '66000', stop_loss_price: '64000' } });
    expect(set.body.message).toMatchObject({ target_profit_price: '66000', stop_loss_price: '64000' });
    await older.handle();
    await latest.handle();
    const current = await call(test.app, '/lever/my_trade', { token: user.token, payload: { status: 1 } });
    expect(current.body.message.data[0]).toMatchObject({ id: opened.id, status: 'open' });
    // Still indexed: a later tick that reaches the TP closes there, (66100 - 65000) x 0.02.
    const crossed = await harness.tick('BTCUSDT', '66100');
    const history = await call(test.app, '/lever/my_trade', { token: user.token, payload: { status: 2 } });
    expect(history.body.message.data[0]).toMatchObject({ id: opened.id, close_reason: 'take_profit', profit: '22', close_tick_id: crossed.id });
    await harness.tick('BTCUSDT', '65000');
    await expectLedgerBalanced(test);
  });
});

// A market open, a close and a batch close go through the first tick recorded after the request
// (index-freshness.ts openingTick), not the latest one: the index lags the exchanges it follows.
describe('the first tick after the request', () => {
  it('a market order placed while the index still shows the old price opens on the next tick, not on the price the user saw', async () => {
    const user = await fundedUser('1000');
    const seen = harness.ticks.latest('BTCUSDT')!;
    expect(seen.price).toBe('65000');
    // An exchange has already moved: the index records 66000 only after the order is accepted.
    harness.next('BTCUSDT', '66000');
    const opened = await submit(user.token, {});
    const openedOn = harness.ticks.latest('BTCUSDT')!;
    expect(openedOn.time).toBeGreaterThan(seen.time);
    // 2 lots x 0.01 x 66000 = 1320: margin 132, fee 1.32.
    expect(opened.body.message).toMatchObject({ status: 'open', open_price: '66000', open_tick_id: openedOn.id, margin: '132', handling_fee: '1.32' });
    // The close likewise: the user sees 66000, the index records 65500 next.
    harness.next('BTCUSDT', '65500');
    const closed = await call(test.app, '/lever/close', { token: user.token, payload: { id: opened.body.message.id } });
    expect(closed.body.message).toMatchObject({ status: 'closed', current_price: '65500', profit: '-10', close_tick_id: harness.ticks.latest('BTCUSDT')!.id });
    // 1000 - 133.32 + 132 - 10
    expect(await contractFigures(test, user.id, usdt)).toEqual({ available: '988.68', frozen: '0' });
    await harness.tick('BTCUSDT', '65000');
    await expectLedgerBalanced(test);
  });

  it('a market order does not open on a tick recorded after it but priced before it (public feed: the old median from quotes requested earlier), nor does a close: each waits for the next tick', async () => {
    const user = await fundedUser('1000');
    // The feed's next tick is stamped after the order, but its median (65000) came from quotes requested
    // before it, a price the user could know in advance; the one after is priced after the order.
    harness.next('BTCUSDT', '66000', { pricedBefore: '65000' });
    const opened = await submit(user.token, {});
    const openedOn = harness.ticks.latest('BTCUSDT')!;
    expect(openedOn.price).toBe('66000');
    expect(opened.body.message).toMatchObject({ status: 'open', open_price: '66000', open_tick_id: openedOn.id });
    harness.next('BTCUSDT', '65500', { pricedBefore: '66000' });
    const closed = await call(test.app, '/lever/close', { token: user.token, payload: { id: opened.body.message.id } });
    expect(closed.body.message).toMatchObject({ status: 'closed', current_price: '65500', profit: '-10', close_tick_id: harness.ticks.latest('BTCUSDT')!.id });
    await harness.tick('BTCUSDT', '65000');
    await expectLedgerBalanced(test);
  });

  it('refuses a market order, a close and a batch close when no tick is recorded within indexFreshMs after them, charging nothing', async () => {
    const user = await fundedUser('1000');
    const position = (await submit(user.token, {})).body.message;
    const silent = async (request: () => Promise<{ body: { type: string; code?: string; message: unknown } }>) => {
      await harness.tick('BTCUSDT', '65000');
      harness.next('BTCUSDT', null);
      return (await request()).body;
    };
    expect(await silent(() => submit(user.token, {}))).toMatchObject({ type: 'error', code: 'index_unavailable' });
    expect(await contractFigures(test, user.id, usdt)).toEqual({ available: '868.7', frozen: '0' });
    expect(await silent(() => call(test.app, '/lever/close', { token: user.token, payload: { id: position.id } }))).toMatchObject({ type: 'error', code: 'index_unavailable' });
    expect(await silent(() => call(test.app, '/lever/batch_close', { token: user.token, payload: { type: 0 } }))).toMatchObject({ type: 'ok', message: { closed: 0, profit: '0' } });
    const current = await call(test.app, '/lever/my_trade', { token: user.token, payload: { status: 1 } });
    expect(current.body.message.data.map((p: { id: number }) => p.id)).toEqual([position.id]);
    await expectLedgerBalanced(test);
    // The index back, the close goes through on its next tick.
    await harness.tick('BTCUSDT', '65000');
    expect((await call(test.app, '/lever/close', { token: user.token, payload: { id: position.id } })).body.message).toMatchObject({ status: 'closed', profit: '0' });
    expect(await contractFigures(test, user.id, usdt)).toEqual({ available: '998.7', frozen: '0' });
    await expectLedgerBalanced(test);
  });
});

// The audit's contract checks (ledger/audit.ts, contracts/audit.ts) fail on rows that break the rules,
// each corruption made and audited in one transaction that is then rolled back.
describe('contract audit checks', () => {
  const auditAfter = async (corrupt: (tx: Tx) => Promise<unknown>) => {
    let result: AuditResult | undefined;
    await test.db
      .transaction(async (tx) => {
        await corrupt(tx);
        result = await audit(tx);
        throw new Error('rollback');
      })
      .catch((error: Error) => {
        if (error.message !== 'rollback') throw error;
      });
    return result!;
  };
  const failing = (result: AuditResult) => result.checks.filter((c) => !c.ok).map((c) => c.name);

  it('fails contract_insurance_only_net_deficit when the fund pays a close while the account keeps available and another position', async () => {
    const user = await fundedUser('1000');
    const kept = (await submit(user.token, {})).body.message.id as number;
    const closing = (await submit(user.token, { type: 2 })).body.message.id as number;
    // The old per-position rule: the short's deficit of 10 charged to the fund though 737.4 stays available.
    const result = await auditAfter(async (tx) => {
      await tx.execute(sql`update contract_positions set status = 'closed', close_price = 65000, close_tick_id = open_tick_id, profit = 0, close_reason = 'user', closed_at = opened_at where id = ${closing}`);
      await post(tx, {
        kind: 'contract_close',
        refType: 'contract_close',
        refId: closing,
        legs: [
          { accountId: await systemAccount(tx, 'insurance_fund', usdt), amount: '-10', refType: 'contract_position', refId: closing },
          { accountId: await systemAccount(tx, 'contract_pnl', usdt), amount: '10', refType: 'contract_position', refId: closing },
        ],
      });
    });
    expect(failing(result)).toEqual(['contract_insurance_only_net_deficit']);
    expect(offenders(result, 'contract_insurance_only_net_deficit')).toEqual([expect.objectContaining({ position_id: String(closing), other_open: 1 })]);
    await call(test.app, '/lever/batch_close', { token: user.token, payload: { type: 0 } });
    expect(kept).toBeGreaterThan(0);
    await expectLedgerBalanced(test);
  });

  it('fails contract_no_zero_margin_open when an open position holds no margin', async () => {
    const user = await fundedUser('1000');
    const id = (await submit(user.token, {})).body.message.id as number;
    const result = await auditAfter((tx) => tx.execute(sql`update contract_positions set margin = 0 where id = ${id}`));
    expect(failing(result)).toContain('contract_no_zero_margin_open');
    expect(offenders(result, 'contract_no_zero_margin_open')).toEqual([expect.objectContaining({ position_id: String(id) })]);
    await call(test.app, '/lever/batch_close', { token: user.token, payload: { type: 0 } });
    await expectLedgerBalanced(test);
  });
});
