// Proves contracts end to end on a real database through the /lever/* API, with index ticks the test
// records: worked open/close P&L, a limit filled when the mark reaches it, TP/SL and liquidation (with
// the insurance fund covering a loss beyond margin and balance) citing the tick that caused them, the
// overnight fee charged once per day and caught up once, batch close, foreign positions refused, and the
// ledger audit after every scenario.
import { errorMessage } from '@fairex/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { chargeOvernightFees } from '../../src/contracts/overnight.ts';
import { call, expectLedgerBalanced, makeTestApp, type TestApp } from '../support/app.ts';
import { makeFundedUser } from '../support/ledger.ts';
import { contractFigures, roundBtcSettings, scriptedContracts, systemFigure } from './support.ts';

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

  it('freezes a long limit at 64000 (margin 128 + fee 1.28) and opens it at 64000 when the mark reaches it, citing that tick', async () => {
    const user = await fundedUser('500');
    const placed = await submit(user.token, { status: 0, target_price: '64000' });
    expect(placed.body.message).toMatchObject({ status: 'pending', margin: '128', handling_fee: '1.28' });
    expect(await contractFigures(test, user.id, usdt)).toEqual({ available: '370.72', frozen: '129.28' });
    await expectLedgerBalanced(test);

    await harness.tick('BTCUSDT', '64500');
    const pending = await call(test.app, '/lever/my_trade', { token: user.token, payload: { status: 0 } });
    expect(pending.body.message.data).toHaveLength(1);

    const reached = await harness.tick('BTCUSDT', '63900');
    const current = await call(test.app, '/lever/my_trade', { token: user.token, payload: { status: 1 } });
    expect(current.body.message.data[0]).toMatchObject({ status: 'open', open_price: '64000', open_tick_id: reached.id });
    expect(await contractFigures(test, user.id, usdt)).toEqual({ available: '370.72', frozen: '0' });
    await call(test.app, '/lever/batch_close', { token: user.token, payload: { type: 0 } });
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

  it('closes a limit order on its stop-loss at the same tick that fills it past that stop', async () => {
    const user = await fundedUser('1000');
    const placed = await submit(user.token, { type: 2, status: 0, target_price: '65000', stop_loss_price: '65050' });
    expect(placed.body.message.status).toBe('pending');
    const jump = await harness.tick('BTCUSDT', '65100');
    const history = await call(test.app, '/lever/my_trade', { token: user.token, payload: { status: 2 } });
    // Opened at 65000, closed at 65100: (65000 - 65100) x 0.02.
    expect(history.body.message.data[0]).toMatchObject({ id: placed.body.message.id, open_tick_id: jump.id, close_tick_id: jump.id, close_reason: 'stop_loss', profit: '-2' });
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

  it('charges the overnight fee once per position and day from the margin, and catches up missed days exactly once', async () => {
    const user = await fundedUser('1000');
    harness.clock.now = Date.parse('2026-11-23T15:00:00Z');
    const opened = await submit(user.token, {});
    const id = opened.body.message.id;
    const run = (at: string) => test.db.transaction((tx) => chargeOvernightFees(tx, harness.contracts, Date.parse(at)));
    expect(await run('2026-11-23T23:00:00Z')).toBe(0);
    // 1300 x 0.0003 = 0.39 for the cut-off of 24 November, from the margin.
    expect(await run('2026-11-24T01:00:00Z')).toBe(1);
    expect(await run('2026-11-24T02:00:00Z')).toBe(0);
    let listed = await call(test.app, '/lever/my_trade', { token: user.token, payload: { status: 1 } });
    expect(listed.body.message.data.find((p: { id: number }) => p.id === id)).toMatchObject({ margin: '129.61', overnight_fee: '0.39' });
    // Down for three days: the cut-offs of 25, 26 and 27 November, each once.
    expect(await run('2026-11-27T05:00:00Z')).toBe(3);
    expect(await run('2026-11-27T06:00:00Z')).toBe(0);
    listed = await call(test.app, '/lever/my_trade', { token: user.token, payload: { status: 1 } });
    expect(listed.body.message.data.find((p: { id: number }) => p.id === id)).toMatchObject({ margin: '128.44', overnight_fee: '1.56' });
    harness.clock.now = Date.parse('2026-11-23T15:00:00Z');
    await call(test.app, '/lever/close', { token: user.token, payload: { id } });
    // Margin 128.44 back, profit 0: 868.7 + 128.44.
    expect(await contractFigures(test, user.id, usdt)).toEqual({ available: '997.14', frozen: '0' });
    await expectLedgerBalanced(test);
  });
});
