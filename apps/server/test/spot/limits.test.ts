// Proves the spot anti-abuse limits (issue 9) over HTTP on a real database: a symbol's minimum order
// value (limit orders at their price, market orders at the best opposite price or the index), open
// orders per user and symbol (orders still queued count; the market maker is outside it), and orders
// plus cancels per user and second. Each refusal is coded and translated, leaves nothing behind, and
// the ledger audit holds after every scenario. Each limit is set small through makeTestApp's limits.
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_OPERATOR } from '../../src/admin/operators.ts';
import { operatorAuditLog } from '../../src/admin/tables.ts';
import { currencies } from '../../src/site/tables.ts';
import { seedMarketMaker } from '../../src/spot/market-maker.ts';
import { call, expectLedgerBalanced, makeTestApp, makeUser, operatorHeaders, operatorLogin, type TestApp } from '../support/app.ts';
import { fundAccount } from '../support/ledger.ts';
import { btcMarket, message, spotFigures } from './support.ts';

const trade = (test: TestApp, token: string, payload: Record<string, unknown>, lang?: string) => {
  const m = btcMarket(test);
  return call(test.app, '/coin/trade', { token, lang, payload: { currency_id: m.base, legal_id: m.quote, ...payload } });
};
const cancel = (test: TestApp, token: string, id: number, lang?: string) => call(test.app, `/coin/trade?id=${id}`, { method: 'PUT', token, lang });

describe('spot minimum order value', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await makeTestApp();
  });
  afterAll(async () => {
    await test.close();
  });
  afterEach(async () => {
    await expectLedgerBalanced(test);
  });

  it('tells clients each spot symbol’s minimum in the quotation list (5 USDT as seeded)', async () => {
    const list = await call(test.app, '/currency/quotation_new', { method: 'GET' });
    const btc = list.body.message.find((q: { symbol: string }) => q.symbol === 'BTC/USDT');
    expect(btc.spot_rules.order_value_min).toBe('5');
  });

  it('refuses a limit order worth less than the minimum, in the request’s language, and accepts one worth exactly it', async () => {
    const user = await makeUser(test);
    const m = btcMarket(test);
    await fundAccount(test, user.id, m.quote, '100');
    // 0.000099 x 50,000 = 4.95 USDT.
    const small = await trade(test, user.token, { amount: '0.000099', target_price: '50000', type: 'buy' }, 'fra');
    expect(small.status).toBe(400);
    expect(small.body).toEqual({ type: 'error', code: 'order_value_too_small', message: "La valeur de l'ordre doit être d'au moins 5 USDT" });
    expect(await spotFigures(test, user.id, m.quote)).toEqual({ available: '100', frozen: '0' });
    // 0.0001 x 50,000 = 5 USDT exactly.
    const enough = await trade(test, user.token, { amount: '0.0001', target_price: '50000', type: 'buy' });
    expect(enough.body.message).toMatchObject({ status: 'open', quantity: '0.0001' });
    await cancel(test, user.token, enough.body.message.id);
  });

  it('values a market buy at the best ask, not at the index', async () => {
    const m = btcMarket(test);
    const index = Number(test.ctx.markets.feed.price('BTC/USDT'));
    // 0.00008 is 4.8 USDT at the 60,000 ask but above 5 at the index.
    expect(0.00008 * index).toBeGreaterThan(5);
    const seller = await makeUser(test);
    const buyer = await makeUser(test);
    await fundAccount(test, seller.id, m.base, '0.001');
    await fundAccount(test, buyer.id, m.quote, '100');
    const ask = await trade(test, seller.token, { amount: '0.001', target_price: '60000', type: 'sell' });
    expect(ask.body.message.status).toBe('open');

    const small = await trade(test, buyer.token, { amount: '0.00008', type: 'buy' });
    expect(small.body.code).toBe('order_value_too_small');
    const enough = await trade(test, buyer.token, { amount: '0.0001', type: 'buy' });
    expect(enough.body.message).toMatchObject({ status: 'filled', filled_quantity: '0.0001' });
    await cancel(test, seller.token, ask.body.message.id);
  });

  it('values a market sell at the index when no bid rests', async () => {
    const m = btcMarket(test);
    const index = Number(test.ctx.markets.feed.price('BTC/USDT'));
    expect(0.00007 * index).toBeLessThan(5);
    expect(0.0001 * index).toBeGreaterThanOrEqual(5);
    expect(test.ctx.spot.depth(m.symbolId)!.bids).toEqual([]);
    const seller = await makeUser(test);
    await fundAccount(test, seller.id, m.base, '0.001');
    expect((await trade(test, seller.token, { amount: '0.00007', type: 'sell' })).body.code).toBe('order_value_too_small');
    // Worth the minimum at the index: it passes the check and meets the empty book.
    expect((await trade(test, seller.token, { amount: '0.0001', type: 'sell' })).body.code).toBe('no_liquidity');
    expect(await spotFigures(test, seller.id, m.base)).toEqual({ available: '0.001', frozen: '0' });
  });
});

describe('spot open orders per user and symbol', () => {
  const OPEN_MAX = 3;
  let test: TestApp;
  beforeAll(async () => {
    test = await makeTestApp({ spotOpenOrdersPerSymbolMax: OPEN_MAX });
  });
  afterAll(async () => {
    await test.close();
  });
  afterEach(async () => {
    await expectLedgerBalanced(test);
  });

  const bid = (user: { token: string }, price: string, lang?: string) => trade(test, user.token, { amount: '0.001', target_price: price, type: 'buy' }, lang);

  it('refuses an order beyond the cap until one of the open orders is cancelled or filled, and counts each symbol apart', async () => {
    const m = btcMarket(test);
    const user = await makeUser(test);
    await fundAccount(test, user.id, m.quote, '1000');
    const open = [];
    for (const price of ['50000', '50001', '50002']) open.push((await bid(user, price)).body.message);
    expect(open.map((o) => o.status)).toEqual(['open', 'open', 'open']);

    const refused = await bid(user, '50003', 'jp');
    expect(refused.body).toEqual({ type: 'error', code: 'open_orders_too_many', message: message('open_orders_too_many', 'jp') });
    const frozen = (await spotFigures(test, user.id, m.quote)).frozen;

    // Another symbol has its own count.
    const eth = test.ctx.markets.symbolByName('ETH/USDT')!;
    const other = await call(test.app, '/coin/trade', {
      token: user.token,
      payload: { amount: '0.01', target_price: '2000', currency_id: eth.baseCurrencyId, legal_id: eth.quoteCurrencyId, type: 'buy' },
    });
    expect(other.body.message.status).toBe('open');

    await cancel(test, user.token, open[0].id);
    expect((await bid(user, '50003')).body.message.status).toBe('open');
    expect((await bid(user, '50004')).body.code).toBe('open_orders_too_many');

    // A fill frees a place too.
    const seller = await makeUser(test);
    await fundAccount(test, seller.id, m.base, '0.001');
    expect((await trade(test, seller.token, { amount: '0.001', type: 'sell' })).body.message.status).toBe('filled');
    expect((await bid(user, '50004')).body.message.status).toBe('open');
    expect(frozen).not.toBe('0');
  });

  it('counts orders still queued, so a burst of concurrent orders cannot pass the cap', async () => {
    const m = btcMarket(test);
    const user = await makeUser(test);
    await fundAccount(test, user.id, m.quote, '1000');
    const answers = await Promise.all(['40000', '40001', '40002', '40003', '40004', '40005'].map((price) => bid(user, price)));
    expect(answers.filter((a) => a.body.type === 'ok')).toHaveLength(OPEN_MAX);
    expect(answers.filter((a) => a.body.code === 'open_orders_too_many')).toHaveLength(6 - OPEN_MAX);
    expect(test.ctx.spot.writer(m.symbolId)!.openOrdersOf(user.id)).toHaveLength(OPEN_MAX);
  });

  it('leaves the market maker outside the cap: its ladder rests in full', async () => {
    const m = btcMarket(test);
    const makerId = await seedMarketMaker(test.db);
    await test.ctx.spot.marketMaker!.quoteAll();
    expect(test.ctx.spot.writer(m.symbolId)!.openOrdersOf(makerId).length).toBeGreaterThan(OPEN_MAX);
  });
});

describe('spot orders and cancels per user and second', () => {
  const PER_SECOND = 3;
  let test: TestApp;
  beforeAll(async () => {
    test = await makeTestApp({ spotOrdersPerSecond: PER_SECOND });
  });
  afterAll(async () => {
    await test.close();
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await expectLedgerBalanced(test);
  });

  it('refuses orders and cancels beyond the limit with 429 and a translated message, and serves the user again the next second', async () => {
    const m = btcMarket(test);
    const user = await makeUser(test);
    const other = await makeUser(test);
    await fundAccount(test, user.id, m.quote, '1000');
    await fundAccount(test, other.id, m.quote, '1000');
    // The clock stands still inside one second, so the count cannot straddle two windows.
    const second = Math.floor(Date.now() / 1000) * 1000;
    const clock = vi.spyOn(Date, 'now').mockReturnValue(second + 10);

    const first = await trade(test, user.token, { amount: '0.001', target_price: '50000', type: 'buy' });
    await trade(test, user.token, { amount: '0.001', target_price: '50001', type: 'buy' });
    expect((await cancel(test, user.token, first.body.message.id)).body.type).toBe('ok');
    // The 4th request of the second, an order or a cancel alike, is refused.
    const refused = await trade(test, user.token, { amount: '0.001', target_price: '50002', type: 'buy' }, 'kor');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ type: 'error', code: 'orders_too_frequent', message: message('orders_too_frequent', 'kor') });
    expect((await cancel(test, user.token, first.body.message.id)).body.code).toBe('orders_too_frequent');
    expect(test.ctx.spot.writer(m.symbolId)!.openOrdersOf(user.id)).toHaveLength(1);
    // Another user is counted apart.
    expect((await trade(test, other.token, { amount: '0.001', target_price: '50000', type: 'buy' })).body.type).toBe('ok');

    clock.mockReturnValue(second + 1010);
    expect((await trade(test, user.token, { amount: '0.001', target_price: '50002', type: 'buy' })).body.message.status).toBe('open');
  });
});

describe('back office: a symbol’s minimum order value', () => {
  let test: TestApp;
  let adminToken: string;
  beforeAll(async () => {
    test = await makeTestApp();
    adminToken = await operatorLogin(test.app, DEMO_OPERATOR.username, DEMO_OPERATOR.password, test.nextIp());
  });
  afterAll(async () => {
    await test.close();
  });

  const admin = async (method: 'GET' | 'POST', url: string, payload?: Record<string, string>, lang = 'en') => {
    const response = await test.app.inject({ method, url: `/api/admin${url}`, headers: { ...operatorHeaders(adminToken), 'accept-language': lang }, payload, remoteAddress: test.nextIp() });
    return response.json() as { type: string; message: any; code?: string };
  };

  it('lists it, saves and logs an edit that the next order and the quotation list follow at once, and refuses a wrong value', async () => {
    const m = btcMarket(test);
    const listed = (await admin('GET', '/symbols')).message.symbols.find((s: { id: number }) => s.id === m.symbolId);
    expect(listed.order_value_min).toBe('5');

    expect((await admin('POST', `/symbols/${m.symbolId}`, { order_value_min: '10' })).type).toBe('ok');
    const quoted = (await call(test.app, '/currency/quotation_new', { method: 'GET' })).body.message.find((q: { id: number }) => q.id === m.symbolId);
    expect(quoted.spot_rules.order_value_min).toBe('10');
    const user = await makeUser(test);
    await fundAccount(test, user.id, m.quote, '100');
    // 0.00015 x 50,000 = 7.5 USDT: above the seeded 5, below the new 10.
    expect((await trade(test, user.token, { amount: '0.00015', target_price: '50000', type: 'buy' })).body.code).toBe('order_value_too_small');
    expect((await trade(test, user.token, { amount: '0.0002', target_price: '50000', type: 'buy' })).body.message.status).toBe('open');
    const [logged] = await test.db
      .select()
      .from(operatorAuditLog)
      .where(and(eq(operatorAuditLog.action, 'symbol_edit'), eq(operatorAuditLog.target, `symbol:${m.symbolId}`)));
    expect(logged!.detail).toMatchObject({ before: { order_value_min: '5' }, after: { order_value_min: '10' } });

    for (const wrong of ['-1', 'abc', '1.123456789', '1000001']) {
      const refused = await admin('POST', `/symbols/${m.symbolId}`, { order_value_min: wrong }, 'zh');
      expect(refused, wrong).toMatchObject({ type: 'error', code: 'wrong_number', message: message('wrong_number', 'zh') });
    }
    // Only spot symbols take orders, so only they have a minimum.
    const stock = test.ctx.markets.symbolByName('AAPL')!;
    expect((await admin('POST', `/symbols/${stock.id}`, { order_value_min: '1' })).code).toBe('parameter_error');
    // 0 removes the minimum.
    expect((await admin('POST', `/symbols/${m.symbolId}`, { order_value_min: '0' })).type).toBe('ok');
    expect((await trade(test, user.token, { amount: '0.000001', target_price: '50000', type: 'buy' })).body.message.status).toBe('open');
    await expectLedgerBalanced(test);
  });

  it('sets the minimum of a spot symbol an operator adds', async () => {
    const [sol] = await test.db.insert(currencies).values({ name: 'SOL', fullName: 'Solana', decimals: 8, sort: 5, referencePriceUsdt: '80' }).returning();
    const added = await admin('POST', '/symbols', {
      symbol: 'SOL/USDT',
      kind: 'spot',
      base_currency_id: String(sol!.id),
      start_price: '80',
      volatility: '0.8',
      price_decimals: '2',
      quantity_decimals: '4',
      order_value_min: '2.5',
    });
    expect(added.type).toBe('ok');
    const listed = (await admin('GET', '/symbols')).message.symbols.find((s: { id: number }) => s.id === added.message.id);
    expect(listed.order_value_min).toBe('2.5');
    const quoted = (await call(test.app, '/currency/quotation_new', { method: 'GET' })).body.message.find((q: { id: number }) => q.id === added.message.id);
    expect(quoted.spot_rules.order_value_min).toBe('2.5');
  });
});
