// Proves spot trading end to end over HTTP on a real database (PGlite, or PostgreSQL with
// TEST_DATABASE_URL): orders freeze exactly what they may spend, fills move funds and fees through the
// ledger, cancels release, refusals leave nothing behind, the largest order the contract's sizing rules
// allow is accepted (one lot more is not), market orders stop at their protection price, and the ledger
// audit holds after every scenario.
import { cmp, fromUnits, limitBuyQuantityMax, marketBuyQuantityMax, quotationItem, sellQuantityMax, toUnits, type SpotSymbolRules } from '@fairex/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { systemAccount } from '../../src/ledger/index.ts';
import { accountsOf } from '../../src/ledger/index.ts';
import { seedMarketMaker } from '../../src/spot/market-maker.ts';
import { call, expectLedgerBalanced, makeTestApp, makeUser, type TestApp } from '../support/app.ts';
import { fundAccount } from '../support/ledger.ts';
import { btcMarket, message, spotFigures } from './support.ts';

let test: TestApp;
let m: ReturnType<typeof btcMarket>;
beforeAll(async () => {
  test = await makeTestApp();
  m = btcMarket(test);
});
afterAll(async () => {
  await test.close();
});
afterEach(async () => {
  await expectLedgerBalanced(test);
});

const trade = (token: string, payload: Record<string, unknown>, lang?: string) =>
  call(test.app, '/coin/trade', { token, lang, payload: { currency_id: m.base, legal_id: m.quote, ...payload } });

async function feesTotal() {
  const id = await systemAccount(test.db, 'fees', m.quote);
  const [row] = (await test.db.execute(`select available::text as a from ledger_accounts where id = ${id}`) as unknown as { rows: { a: string }[] }).rows;
  return Number(row!.a);
}

describe('spot orders', () => {
  it('rests a limit buy below the market with its funds frozen, and releases them on cancel', async () => {
    const user = await makeUser(test);
    await fundAccount(test, user.id, m.quote, '10000');
    const placed = await trade(user.token, { amount: '0.1', target_price: '60000', type: 'buy' });
    expect(placed.body.type).toBe('ok');
    // No fill yet: no average price ("0", shown as "-"); fees are in the quote coin with its decimals.
    expect(placed.body.message).toMatchObject({ status: 'open', side: 'buy', order_type: 'limit', price: '60000', quantity: '0.1', filled_quantity: '0', average_price: '0', fee_currency: 'USDT', fee_decimals: 6 });
    // 6000 at the limit plus the highest fee rate (0.2 %).
    expect(await spotFigures(test, user.id, m.quote)).toEqual({ available: '3988', frozen: '6012' });

    const open = await call(test.app, '/coin/list', { method: 'GET', token: user.token, payload: { status: 'in_progress' } });
    expect(open.body.message).toMatchObject({ total: 1, page: 1, limit: 10 });
    expect(open.body.message.data[0].id).toBe(placed.body.message.id);

    const cancelled = await call(test.app, `/coin/trade?id=${placed.body.message.id}`, { method: 'PUT', token: user.token, lang: 'zh' });
    expect(cancelled.body).toEqual({ type: 'ok', message: message('order_cancelled', 'zh') });
    expect(await spotFigures(test, user.id, m.quote)).toEqual({ available: '10000', frozen: '0' });
    const done = await call(test.app, '/coin/list', { method: 'GET', token: user.token, payload: { status: 'completed' } });
    expect(done.body.message.data[0]).toMatchObject({ id: placed.body.message.id, status: 'cancelled' });
    expect(test.ctx.spot.depth(m.symbolId)!.bids).toEqual([]);
  });

  it('fills a crossing limit order partially, rests the remainder and charges maker and taker fees', async () => {
    const seller = await makeUser(test);
    const buyer = await makeUser(test);
    await fundAccount(test, seller.id, m.base, '1');
    await fundAccount(test, buyer.id, m.quote, '10000');
    const feesBefore = await feesTotal();
    const ask = await trade(seller.token, { amount: '0.01', target_price: '65000', type: 'sell' });
    expect(ask.body.message.status).toBe('open');
    const bid = await trade(buyer.token, { amount: '0.02', target_price: '65000', type: 'buy' });
    expect(bid.body.message).toMatchObject({ status: 'open', filled_quantity: '0.01', filled_quote: '650', average_price: '65000', fee: '1.3' });

    // Seller: 0.01 BTC sold, 650 USDT less the maker fee 0.1 %.
    expect(await spotFigures(test, seller.id, m.base)).toEqual({ available: '0.99', frozen: '0' });
    expect(await spotFigures(test, seller.id, m.quote)).toEqual({ available: '649.35', frozen: '0' });
    // Buyer: froze 1302.6, spent 650 + 1.3 taker fee; the resting 0.01 keeps 651.3 frozen.
    expect(await spotFigures(test, buyer.id, m.base)).toEqual({ available: '0.01', frozen: '0' });
    expect(await spotFigures(test, buyer.id, m.quote)).toEqual({ available: '8697.4', frozen: '651.3' });
    expect((await feesTotal()) - feesBefore).toBeCloseTo(1.95, 9);

    const completed = await call(test.app, '/coin/list', { method: 'GET', token: seller.token, payload: { status: 'completed' } });
    expect(completed.body.message.data[0]).toMatchObject({ id: ask.body.message.id, status: 'filled', fee: '0.65' });
    expect(test.ctx.spot.depth(m.symbolId)!.bids[0]).toEqual(['65000', '0.01']);

    // Cancelling the remainder returns exactly what is left frozen.
    await call(test.app, `/coin/trade?id=${bid.body.message.id}`, { method: 'PUT', token: buyer.token });
    expect(await spotFigures(test, buyer.id, m.quote)).toEqual({ available: '9348.7', frozen: '0' });
  });

  it('refuses to cancel another user’s order as not found', async () => {
    const owner = await makeUser(test);
    const other = await makeUser(test);
    await fundAccount(test, owner.id, m.quote, '1000');
    const placed = await trade(owner.token, { amount: '0.01', target_price: '50000', type: 'buy' });
    const refused = await call(test.app, `/coin/trade?id=${placed.body.message.id}`, { method: 'PUT', token: other.token });
    expect(refused.status).toBe(404);
    expect(refused.body.code).toBe('not_found');
    const unknown = await call(test.app, '/coin/trade?id=999999', { method: 'PUT', token: owner.token });
    expect(unknown.body.code).toBe('not_found');
    const still = await call(test.app, '/coin/list', { method: 'GET', token: owner.token });
    expect(still.body.message.data[0]).toMatchObject({ id: placed.body.message.id, status: 'open' });
    await call(test.app, `/coin/trade?id=${placed.body.message.id}`, { method: 'PUT', token: owner.token });
  });

  it('refuses an order the user cannot afford and leaves nothing behind', async () => {
    const user = await makeUser(test);
    await fundAccount(test, user.id, m.quote, '100');
    const refused = await trade(user.token, { amount: '1', target_price: '65000', type: 'buy' }, 'jp');
    expect(refused.body).toMatchObject({ type: 'error', code: 'insufficient_balance', message: message('insufficient_balance', 'jp') });
    const sell = await trade(user.token, { amount: '1', target_price: '65000', type: 'sell' });
    expect(sell.body.code).toBe('insufficient_balance');
    expect(await spotFigures(test, user.id, m.quote)).toEqual({ available: '100', frozen: '0' });
    const list = await call(test.app, '/coin/list', { method: 'GET', token: user.token });
    expect(list.body.message.total).toBe(0);
  });

  it('answers validation errors with translated messages', async () => {
    const user = await makeUser(test);
    const cases: [Record<string, unknown>, string][] = [
      [{ amount: 'abc', target_price: '1', type: 'buy' }, 'wrong_number'],
      [{ amount: '0', target_price: '1', type: 'buy' }, 'wrong_number'],
      [{ amount: '1', target_price: '-5', type: 'buy' }, 'wrong_number'],
      [{ amount: '1', target_price: '1', type: 'hold' }, 'parameter_error'],
    ];
    for (const [payload, code] of cases) {
      const answer = await trade(user.token, payload, 'fra');
      expect(answer.body, JSON.stringify(payload)).toMatchObject({ type: 'error', code, message: message(code as never, 'fra') });
    }
    // Off the symbol's grid (BTC/USDT: tick 0.01, lot 0.000001): the message names the step that was broken.
    const fineAmount = await trade(user.token, { amount: '0.0000001', target_price: '65000', type: 'buy' }, 'fra');
    expect(fineAmount.body).toEqual({ type: 'error', code: 'quantity_step', message: 'La quantité doit être un multiple de 0.000001' });
    const finePrice = await trade(user.token, { amount: '1', target_price: '65000.001', type: 'buy' });
    expect(finePrice.body).toEqual({ type: 'error', code: 'price_tick', message: 'Price must be a multiple of 0.01' });
    const fineMarket = await trade(user.token, { amount: '0.1234567', type: 'sell' }, 'zh');
    expect(fineMarket.body).toEqual({ type: 'error', code: 'quantity_step', message: '数量必须是 0.000001 的整数倍' });
    const unknownMarket = await call(test.app, '/coin/trade', { token: user.token, payload: { amount: '1', target_price: '1', currency_id: 9999, legal_id: m.quote, type: 'buy' } });
    expect(unknownMarket.body.code).toBe('not_found');
    const anonymous = await call(test.app, '/coin/trade', { payload: { amount: '1', target_price: '1', currency_id: m.base, legal_id: m.quote, type: 'buy' } });
    expect(anonymous.body.type).toBe('999');
    // A market buy on an empty book has nothing to fill against.
    const empty = await makeUser(test);
    await fundAccount(test, empty.id, m.quote, '100');
    const bare = await call(test.app, '/coin/trade', { token: empty.token, payload: { amount: '1', currency_id: test.ctx.markets.symbolByName('BNB/USDT')!.baseCurrencyId, legal_id: m.quote, type: 'buy' } });
    expect(bare.body.code).toBe('no_liquidity');
  });

  it('fills a market buy against the market maker, whose balances are real ledger balances', async () => {
    const makerId = await seedMarketMaker(test.db);
    await test.ctx.spot.marketMaker!.quoteAll();
    const depth = test.ctx.spot.depth(m.symbolId)!;
    expect(depth.bids).toHaveLength(10);
    expect(depth.asks).toHaveLength(10);
    expect(Number(depth.bids[0]![0])).toBeLessThan(Number(depth.asks[0]![0]));
    const makerBtc = await spotFigures(test, makerId, m.base);
    expect(Number(makerBtc.frozen)).toBeGreaterThan(0);

    const user = await makeUser(test);
    await fundAccount(test, user.id, m.quote, '10000');
    const bought = await trade(user.token, { amount: '0.01', type: 'buy' });
    expect(bought.body.message).toMatchObject({ status: 'filled', order_type: 'market', filled_quantity: '0.01' });
    expect(await spotFigures(test, user.id, m.base)).toEqual({ available: '0.01', frozen: '0' });
    const usdt = await spotFigures(test, user.id, m.quote);
    expect(usdt.frozen).toBe('0');
    expect(Number(usdt.available)).toBeCloseTo(10000 - Number(bought.body.message.filled_quote) - Number(bought.body.message.fee), 9);

    const sold = await trade(user.token, { amount: '0.005', type: 'sell' });
    expect(sold.body.message).toMatchObject({ status: 'filled', order_type: 'market', filled_quantity: '0.005' });
    expect((await accountsOf(test.db, makerId)).some((a) => a.currency_id === m.base)).toBe(true);

    // Requoting replaces the ladder: still ten levels a side, the old orders cancelled and released.
    await test.ctx.spot.marketMaker!.quoteAll();
    const again = test.ctx.spot.depth(m.symbolId)!;
    expect(again.asks).toHaveLength(10);
    expect(again.bids).toHaveLength(10);
  });
});

/** The symbol as GET /currency/quotation_new answers it: decimals and what its orders freeze. */
async function rulesOf(symbol: string): Promise<SpotSymbolRules> {
  const answer = await call(test.app, '/currency/quotation_new', { method: 'GET' });
  return quotationItem.array().parse(answer.body.message).find((q) => q.symbol === symbol)!;
}

/** One lot more than `quantity`. */
const oneLotMore = (quantity: string, decimals: number) => fromUnits(toUnits(quantity, decimals) + 1n, decimals);

describe('the largest order a balance affords (the percentage shortcuts)', () => {
  it('exposes the decimals, fee rates and market protection in the quotation list', async () => {
    const btc = await rulesOf('BTC/USDT');
    expect(btc).toMatchObject({ price_decimals: 2, quantity_decimals: 6, spot_rules: { maker_fee_rate: '0.001', taker_fee_rate: '0.002', market_protection_bps: 100 } });
    expect((await rulesOf('AAPL')).spot_rules).toBeNull();
  });

  it('accepts a 100 % limit buy sized by the shared rule, refuses one lot more, and leaves available >= 0', async () => {
    const user = await makeUser(test);
    await fundAccount(test, user.id, m.quote, '1234.567891');
    const rules = await rulesOf('BTC/USDT');
    const price = '60001.37';
    const quantity = limitBuyQuantityMax((await spotFigures(test, user.id, m.quote)).available, price, rules);
    // 1234.567891 / (60001.37 x 1.002) = 0.0205343..., truncated to the lot.
    expect(quantity).toBe('0.020534');
    const tooMuch = await trade(user.token, { amount: oneLotMore(quantity, rules.quantity_decimals), target_price: price, type: 'buy' });
    expect(tooMuch.body.code).toBe('insufficient_balance');
    const placed = await trade(user.token, { amount: quantity, target_price: price, type: 'buy' });
    expect(placed.body.message).toMatchObject({ status: 'open', quantity });
    const figures = await spotFigures(test, user.id, m.quote);
    expect(cmp(figures.available, '0')).toBeGreaterThanOrEqual(0);
    expect(cmp(figures.available, '1')).toBeLessThan(0);
    await call(test.app, `/coin/trade?id=${placed.body.message.id}`, { method: 'PUT', token: user.token });
  });

  it('accepts a 100 % market buy sized against the book, refuses one lot more, and a 100 % market sell', async () => {
    await seedMarketMaker(test.db);
    await test.ctx.spot.marketMaker!.quoteAll();
    const user = await makeUser(test);
    // More than two of the market maker's levels (2,000 USDT each), so the order walks the book.
    await fundAccount(test, user.id, m.quote, '5000.5');
    const rules = await rulesOf('BTC/USDT');
    const asks = test.ctx.spot.depth(m.symbolId)!.asks;
    const quantity = marketBuyQuantityMax((await spotFigures(test, user.id, m.quote)).available, asks, rules);
    expect(Number(quantity)).toBeGreaterThan(0);
    const tooMuch = await trade(user.token, { amount: oneLotMore(quantity, rules.quantity_decimals), type: 'buy' });
    expect(tooMuch.body.code).toBe('insufficient_balance');
    const bought = await trade(user.token, { amount: quantity, type: 'buy' });
    expect(bought.body.message).toMatchObject({ status: 'filled', order_type: 'market', filled_quantity: quantity });
    const usdt = await spotFigures(test, user.id, m.quote);
    expect(usdt.frozen).toBe('0');
    expect(cmp(usdt.available, '0')).toBeGreaterThanOrEqual(0);

    const btc = await spotFigures(test, user.id, m.base);
    const sold = await trade(user.token, { amount: sellQuantityMax(btc.available, rules), type: 'sell' });
    expect(sold.body.message).toMatchObject({ status: 'filled', filled_quantity: quantity });
    expect(await spotFigures(test, user.id, m.base)).toEqual({ available: '0', frozen: '0' });
  });
});

describe('market sell protection', () => {
  it('sells no lower than the best bid less the margin and cancels the rest as no_liquidity', async () => {
    const eth = test.ctx.markets.symbolByName('ETH/USDT')!;
    // Only these two users on the book.
    await test.ctx.spot.marketMaker!.withdraw(eth.id);
    const bidder = await makeUser(test);
    const seller = await makeUser(test);
    await fundAccount(test, bidder.id, eth.quoteCurrencyId, '10000');
    await fundAccount(test, seller.id, eth.baseCurrencyId!, '2');
    const order = (token: string, payload: Record<string, unknown>) =>
      call(test.app, '/coin/trade', { token, payload: { currency_id: eth.baseCurrencyId, legal_id: eth.quoteCurrencyId, ...payload } });
    await order(bidder.token, { amount: '1', target_price: '3000', type: 'buy' });
    // 1 % below the best bid is 2970: a bid at 2969.99 is out of reach, one at 2970 is not.
    await order(bidder.token, { amount: '0.5', target_price: '2970', type: 'buy' });
    const beyond = await order(bidder.token, { amount: '1', target_price: '2969.99', type: 'buy' });
    const sold = await order(seller.token, { amount: '2', type: 'sell' });
    // Its average is what the fills paid, 1 at 3000 and 0.5 at 2970 (4485 / 1.5), never the protection price 2970.
    expect(sold.body.message).toMatchObject({ status: 'cancelled', order_type: 'market', price: '2970', filled_quantity: '1.5', filled_quote: '4485', average_price: '2990' });
    const listed = await call(test.app, '/coin/list', { method: 'GET', token: seller.token, payload: { status: 'completed' } });
    expect(listed.body.message.data[0]).toMatchObject({ id: sold.body.message.id, average_price: '2990', fee_currency: 'USDT', fee_decimals: 6 });
    const [row] = (await test.db.execute(`select done_reason from spot_orders where id = ${sold.body.message.id}`) as unknown as { rows: { done_reason: string }[] }).rows;
    expect(row!.done_reason).toBe('no_liquidity');
    // The unsold half is back in the seller's available; the bid beyond the floor still rests.
    expect(await spotFigures(test, seller.id, eth.baseCurrencyId!)).toEqual({ available: '0.5', frozen: '0' });
    expect(test.ctx.spot.depth(eth.id)!.bids).toEqual([['2969.99', '1']]);
    await call(test.app, `/coin/trade?id=${beyond.body.message.id}`, { method: 'PUT', token: bidder.token });
  });
});
