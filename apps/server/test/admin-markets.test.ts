// Proves the back-office markets API (issue 5): roles and validation; a spot symbol added by an operator
// is priced, gets its book, fee row and market-maker ladder without a restart and fills a user's order;
// disabling refuses new orders but not cancels; a fee change reaches the next trade; market-maker
// settings reach the book; the order and trade search filters; the ledger audit after every scenario.
import { errorMessage, money, toAmountString } from '@fairex/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/accounts/passwords.ts';
import { DEMO_OPERATOR } from '../src/admin/operators.ts';
import { operators } from '../src/admin/tables.ts';
import type { SimulatedPriceFeed } from '../src/markets/price-feed.ts';
import { readSetting } from '../src/site/repository.ts';
import { currencies } from '../src/site/tables.ts';
import { MARKET_MAKER_SETTING, seedMarketMaker } from '../src/spot/market-maker.ts';
import { call, expectLedgerBalanced, makeTestApp, makeUser, operatorHeaders, operatorLogin, type TestApp } from './support/app.ts';
import { fundAccount } from './support/ledger.ts';
import { btcMarket, spotFigures } from './spot/support.ts';

let test: TestApp;
let adminToken: string;
let makerId: number;
beforeAll(async () => {
  test = await makeTestApp();
  for (const [username, role] of [
    ['checker', 'reviewer'],
    ['helpdesk', 'support'],
  ] as const) {
    await test.db.insert(operators).values({ username, passwordHash: await hashPassword(`${username}-pass`), role });
  }
  makerId = await seedMarketMaker(test.db);
  await test.ctx.spot.marketMaker!.quoteAll();
  adminToken = await operatorToken(DEMO_OPERATOR.username, DEMO_OPERATOR.password);
});
afterAll(async () => {
  await test.close();
});
afterEach(async () => {
  await expectLedgerBalanced(test);
});

async function admin(method: 'GET' | 'POST', url: string, token: string | undefined, payload: Record<string, unknown> = {}, lang?: string) {
  const data = Object.fromEntries(Object.entries(payload).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)]));
  const query = new URLSearchParams(data).toString();
  const res = await test.app.inject({
    method,
    url: `/api/admin${url}${method === 'GET' && query ? `?${query}` : ''}`,
    headers: { ...(token ? operatorHeaders(token) : {}), ...(lang ? { 'accept-language': lang } : {}) },
    payload: method === 'POST' ? data : undefined,
    remoteAddress: test.nextIp(),
  });
  return { status: res.statusCode, body: res.json() as { type: string; message: any; code?: string } };
}

const operatorToken = (username: string, password: string) => operatorLogin(test.app, username, password, test.nextIp());

const trade = (token: string, payload: Record<string, unknown>) => call(test.app, '/coin/trade', { token, payload });

describe('back-office markets: roles and validation', () => {
  it('refuses a missing token, and reviewer and support on admin-only settings, but lets them search', async () => {
    for (const url of ['/symbols', '/spot/fees', '/market-maker', '/spot/orders', '/spot/trades']) {
      expect((await admin('GET', url, undefined)).body.type).toBe('999');
    }
    for (const [name, role] of [
      ['checker', 'reviewer'],
      ['helpdesk', 'support'],
    ]) {
      const token = await operatorToken(name!, `${name}-pass`);
      for (const url of ['/symbols', '/spot/fees', '/market-maker']) {
        const res = await admin('GET', url, token, {}, 'zh');
        expect(res.status, `${role} ${url}`).toBe(403);
        expect(res.body).toEqual({ type: 'error', code: 'forbidden', message: errorMessage('forbidden', 'zh') });
      }
      expect((await admin('POST', '/spot/fees', token, { symbol_id: 1, maker_fee_rate: '0', taker_fee_rate: '0' })).body.code).toBe('forbidden');
      expect((await admin('POST', '/market-maker', token, { levels: 1 })).body.code).toBe('forbidden');
      expect((await admin('POST', '/symbols', token, { symbol: 'X' })).body.code).toBe('forbidden');
      expect((await admin('GET', '/spot/orders', token)).body.type).toBe('ok');
      expect((await admin('GET', '/spot/trades', token)).body.type).toBe('ok');
    }
  });

  it('validates symbols, fees, market-maker settings and search filters with translated messages', async () => {
    const symbol = (overrides: Record<string, unknown>) =>
      admin('POST', '/symbols', adminToken, { symbol: 'DOGE', kind: 'stock', start_price: '10', volatility: '0.5', price_decimals: 2, quantity_decimals: 0, ...overrides }, 'zh');
    expect((await symbol({ symbol: 'bad name!' })).body).toEqual({ type: 'error', code: 'parameter_error', message: errorMessage('parameter_error', 'zh') });
    expect((await symbol({ kind: 'bond' })).body.code).toBe('parameter_error');
    expect((await symbol({ start_price: '0' })).body).toEqual({ type: 'error', code: 'wrong_number', message: errorMessage('wrong_number', 'zh') });
    expect((await symbol({ start_price: '-1' })).body.code).toBe('wrong_number');
    expect((await symbol({ volatility: '0' })).body.code).toBe('wrong_number');
    expect((await symbol({ volatility: '9' })).body.code).toBe('wrong_number');
    expect((await symbol({ price_decimals: 9 })).body.code).toBe('parameter_error');
    // Spot: a base coin, a BASE/QUOTE name, and decimals the ledger holds exactly.
    expect((await symbol({ symbol: 'BTC/ETH', kind: 'spot' })).body.code).toBe('parameter_error');
    const btc = test.ctx.markets.symbolByName('BTC/USDT')!.baseCurrencyId!;
    expect((await symbol({ symbol: 'BTC/USDT', kind: 'spot', base_currency_id: btc, price_decimals: 8, quantity_decimals: 8 })).body.code).toBe('wrong_number');
    expect((await symbol({ symbol: 'ETH/USDT', kind: 'spot', base_currency_id: btc })).body.code).toBe('parameter_error');
    const dup = await symbol({ symbol: 'BTC/USDT', kind: 'spot', base_currency_id: btc });
    expect(dup.status).toBe(409);
    expect(dup.body).toEqual({ type: 'error', code: 'symbol_exists', message: errorMessage('symbol_exists', 'zh') });
    expect((await admin('POST', '/symbols/999999', adminToken, { enabled: false })).body.code).toBe('not_found');
    expect((await admin('POST', '/symbols/abc', adminToken, { enabled: false })).body.code).toBe('parameter_error');

    const { symbolId } = btcMarket(test);
    for (const rate of ['0.2', '0.0000001', '-0.001', 'abc', '']) {
      expect((await admin('POST', '/spot/fees', adminToken, { symbol_id: symbolId, maker_fee_rate: rate, taker_fee_rate: '0.001' })).body.code, rate).toBe('wrong_number');
    }
    expect((await admin('POST', '/spot/fees', adminToken, { symbol_id: 999999, maker_fee_rate: '0.001', taker_fee_rate: '0.001' })).body.code).toBe('not_found');

    const mm = { levels: 5, spread_bps: 10, step_bps: 5, level_value: '1000', requote_bps: 2 };
    for (const bad of [{ levels: 0 }, { levels: 51 }, { spread_bps: 0 }, { step_bps: 5000 }, { requote_bps: -1 }, { level_value: '0' }, { level_value: '2000000' }, { level_value: '1.1234567' }, { inventory_min_value: '-1' }, { inventory_min_value: '2000', inventory_max_value: '1000' }, { inventory_max_value: '1e30' }]) {
      const res = await admin('POST', '/market-maker', adminToken, { ...mm, ...bad });
      expect(res.body.type, JSON.stringify(bad)).toBe('error');
    }
    for (const bad of [{ status: 'done' }, { side: 'both' }, { from: 'yesterday' }, { user_id: '-1' }, { limit: 1000 }]) {
      expect((await admin('GET', '/spot/orders', adminToken, bad)).body.code, JSON.stringify(bad)).toBe('parameter_error');
    }
    // Nothing was changed by the refusals.
    expect((await admin('GET', '/symbols', adminToken)).body.message.symbols.some((s: { symbol: string }) => s.symbol === 'DOGE')).toBe(false);
  });
});

describe('back-office markets: symbols', () => {
  it('adds a spot symbol that is priced, quoted by the market maker and fills a user order without a restart', async () => {
    const [sol] = await test.db.insert(currencies).values({ name: 'SOL', fullName: 'Solana', decimals: 8, sort: 5, referencePriceUsdt: '80' }).returning();
    const added = await admin('POST', '/symbols', adminToken, {
      symbol: 'sol/usdt',
      kind: 'spot',
      base_currency_id: sol!.id,
      start_price: '80',
      volatility: '0.8',
      price_decimals: 2,
      quantity_decimals: 4,
      sort: 3,
    });
    expect(added.body.type).toBe('ok');
    const symbolId = added.body.message.id as number;

    const listed = (await admin('GET', '/symbols', adminToken)).body.message;
    expect(listed.symbols.find((s: { id: number }) => s.id === symbolId)).toMatchObject({
      symbol: 'SOL/USDT',
      kind: 'spot',
      base: 'SOL',
      quote: 'USDT',
      start_price: '80',
      volatility: 0.8,
      price_decimals: 2,
      quantity_decimals: 4,
      enabled: true,
      price: '80',
      start_price_locked: true,
    });
    expect(listed.coins.some((c: { name: string }) => c.name === 'SOL')).toBe(true);
    expect(toAmountString(test.ctx.markets.feed.price('SOL/USDT')!)).toBe('80');
    expect((await call(test.app, '/currency/quotation_new', { method: 'GET' })).body.message.some((q: { symbol: string }) => q.symbol === 'SOL/USDT')).toBe(true);

    // The market maker was funded in SOL through the ledger and quotes both sides.
    const depth = test.ctx.spot.depth(symbolId)!;
    expect(depth.asks).toHaveLength(10);
    expect(depth.bids).toHaveLength(10);
    expect(Number((await spotFigures(test, makerId, sol!.id)).frozen)).toBeGreaterThan(0);
    const fees = (await admin('GET', '/spot/fees', adminToken)).body.message;
    expect(fees.find((f: { symbol_id: number }) => f.symbol_id === symbolId)).toMatchObject({ maker_fee_rate: '0.001', taker_fee_rate: '0.002' });

    const user = await makeUser(test);
    const usdt = test.ctx.markets.symbolByName('SOL/USDT')!.quoteCurrencyId;
    await fundAccount(test, user.id, usdt, '1000');
    const bought = await trade(user.token, { amount: '2', currency_id: sol!.id, legal_id: usdt, type: 'buy' });
    expect(bought.body.message).toMatchObject({ status: 'filled', symbol: 'SOL/USDT', filled_quantity: '2' });
    expect(await spotFigures(test, user.id, sol!.id)).toEqual({ available: '2', frozen: '0' });

    // A live market's start price never moves.
    const locked = await admin('POST', `/symbols/${symbolId}`, adminToken, { start_price: '90' }, 'zh');
    expect(locked.body).toEqual({ type: 'error', code: 'start_price_locked', message: errorMessage('start_price_locked', 'zh') });

    // Disabled: new orders refused, an existing one still cancellable, the market maker steps back.
    const resting = await trade(user.token, { amount: '1', target_price: '50', currency_id: sol!.id, legal_id: usdt, type: 'buy' });
    expect(resting.body.message.status).toBe('open');
    expect((await admin('POST', `/symbols/${symbolId}`, adminToken, { enabled: false, volatility: '0.9', sort: 7 })).body.type).toBe('ok');
    const refused = await call(test.app, '/coin/trade', { token: user.token, lang: 'zh', payload: { amount: '1', currency_id: sol!.id, legal_id: usdt, type: 'buy' } });
    expect(refused.body).toEqual({ type: 'error', code: 'symbol_disabled', message: errorMessage('symbol_disabled', 'zh') });
    expect(test.ctx.spot.depth(symbolId)!.asks).toEqual([]);
    const cancelled = await call(test.app, `/coin/trade?id=${resting.body.message.id}`, { method: 'PUT', token: user.token });
    expect(cancelled.body.type).toBe('ok');
    expect(await spotFigures(test, user.id, usdt)).toMatchObject({ frozen: '0' });
    expect((await call(test.app, '/currency/quotation_new', { method: 'GET' })).body.message.some((q: { symbol: string }) => q.symbol === 'SOL/USDT')).toBe(false);
    const after = (await admin('GET', '/symbols', adminToken)).body.message.symbols.find((s: { id: number }) => s.id === symbolId);
    expect(after).toMatchObject({ enabled: false, volatility: 0.9, sort: 7 });

    // Enabled again: the market maker quotes it again and orders are taken.
    expect((await admin('POST', `/symbols/${symbolId}`, adminToken, { enabled: true })).body.type).toBe('ok');
    expect(test.ctx.spot.depth(symbolId)!.asks).toHaveLength(10);
    expect((await trade(user.token, { amount: '1', currency_id: sol!.id, legal_id: usdt, type: 'sell' })).body.message.status).toBe('filled');

    const log = (await admin('GET', '/audit-log', adminToken)).body.message.data.map((r: { action: string }) => r.action);
    expect(log).toEqual(expect.arrayContaining(['symbol_create', 'symbol_edit']));
  });

  it('quotes a pair in another quote coin with levels worth the configured USDT value', async () => {
    const eth = test.ctx.markets.symbolByName('ETH/USDT')!;
    const btc = test.ctx.markets.symbolByName('BTC/USDT')!;
    const btcUsdt = test.ctx.markets.feed.price('BTC/USDT')!;
    const cross = money(test.ctx.markets.feed.price('ETH/USDT')!).dividedBy(btcUsdt).toDecimalPlaces(6).toFixed();
    const added = await admin('POST', '/symbols', adminToken, {
      symbol: 'ETH/BTC',
      kind: 'spot',
      base_currency_id: eth.baseCurrencyId,
      quote_currency_id: btc.baseCurrencyId,
      start_price: cross,
      volatility: '0.5',
      price_decimals: 6,
      quantity_decimals: 4,
    });
    expect(added.body.type).toBe('ok');
    const depth = test.ctx.spot.depth(added.body.message.id)!;
    expect(depth.bids).toHaveLength(10);
    expect(depth.asks).toHaveLength(10);
    // Each level is worth about 2000 USDT: price (BTC) x quantity (ETH) x BTC/USDT.
    for (const [price, quantity] of [...depth.bids, ...depth.asks]) {
      const usdt = money(price).times(quantity).times(btcUsdt);
      expect(usdt.greaterThan(1990) && usdt.lessThan(2001)).toBe(true);
    }
  });

  it('adds a stock symbol disabled, edits its start price before it ever ticks, then enables it', async () => {
    const added = await admin('POST', '/symbols', adminToken, { symbol: 'MSFT', kind: 'stock', start_price: '400', volatility: '0.3', price_decimals: 2, quantity_decimals: 0, enabled: false });
    expect(added.body.type).toBe('ok');
    const id = added.body.message.id;
    expect(test.ctx.markets.feed.price('MSFT')).toBeUndefined();
    const row = () => admin('GET', '/symbols', adminToken).then((r) => r.body.message.symbols.find((s: { id: number }) => s.id === id));
    expect(await row()).toMatchObject({ enabled: false, price: null, start_price_locked: false });
    expect((await admin('POST', `/symbols/${id}`, adminToken, { start_price: '410.5' })).body.type).toBe('ok');
    expect((await admin('POST', `/symbols/${id}`, adminToken, { enabled: true })).body.type).toBe('ok');
    expect(await row()).toMatchObject({ enabled: true, start_price: '410.5', price: '410.5' });
    expect(test.ctx.markets.symbolByName('MSFT')).toBeDefined();
  });
});

describe('back-office markets: fees and the market maker', () => {
  it('applies new fee rates to the next trade', async () => {
    const m = btcMarket(test);
    await test.ctx.spot.marketMaker!.quoteAll();
    const saved = await admin('POST', '/spot/fees', adminToken, { symbol_id: m.symbolId, maker_fee_rate: '0.003', taker_fee_rate: '0.0045' });
    expect(saved.body.message).toEqual({ symbol_id: m.symbolId, maker_fee_rate: '0.003', taker_fee_rate: '0.0045' });
    expect((await admin('GET', '/spot/fees', adminToken)).body.message.find((f: { symbol_id: number }) => f.symbol_id === m.symbolId)).toMatchObject({
      maker_fee_rate: '0.003',
      taker_fee_rate: '0.0045',
    });

    const user = await makeUser(test);
    await fundAccount(test, user.id, m.quote, '10000');
    const bought = await trade(user.token, { amount: '0.01', currency_id: m.base, legal_id: m.quote, type: 'buy' });
    expect(bought.body.message.status).toBe('filled');
    const trades = (await admin('GET', '/spot/trades', adminToken, { user_id: user.id })).body.message.data as { quote: string; taker_fee: string; maker_fee: string; taker_user_id: number }[];
    expect(trades.length).toBeGreaterThan(0);
    for (const t of trades) {
      expect(t.taker_user_id).toBe(user.id);
      expect(t.taker_fee).toBe(toAmountString(money(t.quote).times('0.0045')));
      expect(t.maker_fee).toBe(toAmountString(money(t.quote).times('0.003')));
    }
    expect(bought.body.message.fee).toBe(toAmountString(money(bought.body.message.filled_quote).times('0.0045')));

    // A buy resting from before a raise is never charged above the rate it froze for (the market
    // maker steps aside so the two users meet).
    await test.ctx.spot.marketMaker!.withdraw(m.symbolId);
    const seller = await makeUser(test);
    await fundAccount(test, seller.id, m.base, '1');
    const bid = await trade(user.token, { amount: '0.01', target_price: '50000', currency_id: m.base, legal_id: m.quote, type: 'buy' });
    expect(bid.body.message.status).toBe('open');
    await admin('POST', '/spot/fees', adminToken, { symbol_id: m.symbolId, maker_fee_rate: '0.01', taker_fee_rate: '0.01' });
    const sold = await trade(seller.token, { amount: '0.01', target_price: '50000', currency_id: m.base, legal_id: m.quote, type: 'sell' });
    expect(sold.body.message).toMatchObject({ status: 'filled', fee: '5' });
    const filledBid = (await admin('GET', '/spot/orders', adminToken, { user_id: user.id, status: 'filled', side: 'buy', limit: 1 })).body.message.data[0];
    expect(filledBid).toMatchObject({ id: bid.body.message.id, fee: '2.25' });
    expect(await spotFigures(test, user.id, m.quote)).toMatchObject({ frozen: '0' });

    await admin('POST', '/spot/fees', adminToken, { symbol_id: m.symbolId, maker_fee_rate: '0.001', taker_fee_rate: '0.002' });
    await test.ctx.spot.marketMaker!.quoteAll();
  });

  it('saves market-maker settings, applies them at the next requote, and shows its ledger balances', async () => {
    const m = btcMarket(test);
    const before = (await admin('GET', '/market-maker', adminToken)).body.message;
    expect(before.settings).toEqual({ levels: 10, spread_bps: 10, step_bps: 5, level_value: '2000', requote_bps: 2, inventory_min_value: '50000000', inventory_max_value: '150000000' });
    expect(before.account).toMatchObject({ user_id: makerId, account: 'market-maker' });
    expect(before.account.balances.find((b: { currency_id: number }) => b.currency_id === m.base)).toBeDefined();

    const saved = await admin('POST', '/market-maker', adminToken, { levels: 3, spread_bps: 20, step_bps: 10, level_value: '500', requote_bps: 5, inventory_max_value: '200000000' });
    // The band's minimum, not sent, takes its default.
    expect(saved.body.message).toEqual({ levels: 3, spread_bps: 20, step_bps: 10, level_value: '500', requote_bps: 5, inventory_min_value: '50000000', inventory_max_value: '200000000' });
    expect(await readSetting(test.db, MARKET_MAKER_SETTING)).toEqual(saved.body.message);
    // The next tick requotes (the ladder no longer has the configured size).
    const writer = test.ctx.spot.writer(m.symbolId)!;
    test.ctx.spot.marketMaker!.start();
    try {
      (test.ctx.markets.feed as SimulatedPriceFeed).step();
      await expect.poll(() => writer.openOrdersOf(makerId).length).toBe(6);
      await expect.poll(() => writer.queued).toBe(0);
      // The queue empties when a batch starts committing; the depth readers get follows its commit.
      await expect.poll(() => test.ctx.spot.depth(m.symbolId)!.asks.length).toBe(3);
    } finally {
      test.ctx.spot.marketMaker!.stop();
    }
    await test.ctx.spot.marketMaker!.settled();
    await expect.poll(() => writer.queued).toBe(0);
    const depth = test.ctx.spot.depth(m.symbolId)!;
    const ladder = writer.openOrdersOf(makerId);
    expect(ladder.filter((o) => o.side === 'buy')).toHaveLength(3);
    expect(ladder.filter((o) => o.side === 'sell')).toHaveLength(3);
    expect(depth.asks).toHaveLength(3);
    const index = money(test.ctx.markets.feed.price('BTC/USDT')!);
    expect(money(depth.asks[0]![0]).minus(money(depth.bids[0]![0])).dividedBy(index).times(10_000).toNumber()).toBeCloseTo(20, 0);

    const after = (await admin('GET', '/market-maker', adminToken)).body.message;
    expect(after.settings.levels).toBe(3);
    const btc = after.account.balances.find((b: { currency_id: number }) => b.currency_id === m.base);
    expect(btc).toEqual(expect.objectContaining({ available: expect.any(String), frozen: expect.any(String) }));
    expect(await spotFigures(test, makerId, m.base)).toMatchObject({ available: btc.available, frozen: btc.frozen });
    const log = (await admin('GET', '/audit-log', adminToken)).body.message.data.map((r: { action: string }) => r.action);
    expect(log).toEqual(expect.arrayContaining(['market_maker_edit', 'spot_fees_edit']));

    await admin('POST', '/market-maker', adminToken, { levels: 10, spread_bps: 10, step_bps: 5, level_value: '2000', requote_bps: 2 });
  });
});

describe('back-office markets: order and trade search', () => {
  it('filters orders by user, symbol, status, side and time, and trades by either side', async () => {
    const m = btcMarket(test);
    const eth = test.ctx.markets.symbolByName('ETH/USDT')!;
    await test.ctx.spot.marketMaker!.quoteAll();
    const user = await makeUser(test);
    await fundAccount(test, user.id, m.quote, '20000');
    const start = new Date(Date.now() - 1000).toISOString();
    const open = await trade(user.token, { amount: '0.01', target_price: '40000', currency_id: m.base, legal_id: m.quote, type: 'buy' });
    const filled = await trade(user.token, { amount: '0.01', currency_id: m.base, legal_id: m.quote, type: 'buy' });
    const ethOrder = await trade(user.token, { amount: '0.1', target_price: '1000', currency_id: eth.baseCurrencyId, legal_id: eth.quoteCurrencyId, type: 'buy' });
    const sell = await trade(user.token, { amount: '0.005', target_price: '90000', currency_id: m.base, legal_id: m.quote, type: 'sell' });
    for (const r of [open, filled, ethOrder, sell]) expect(r.body.type).toBe('ok');

    const orders = (filters: Record<string, unknown>) => admin('GET', '/spot/orders', adminToken, { user_id: user.id, ...filters }).then((r) => r.body.message);
    const ids = (page: { data: { id: number }[] }) => page.data.map((o) => o.id);
    const all = await orders({});
    expect(all.total).toBe(4);
    expect(ids(all)).toEqual([sell, ethOrder, filled, open].map((r) => r.body.message.id));
    expect(all.data[0]).toMatchObject({ user_id: user.id, account: user.email, symbol: 'BTC/USDT', side: 'sell', order_type: 'limit', status: 'open', price: '90000' });
    expect(ids(await orders({ symbol_id: eth.id }))).toEqual([ethOrder.body.message.id]);
    expect(ids(await orders({ status: 'filled' }))).toEqual([filled.body.message.id]);
    expect(ids(await orders({ side: 'sell' }))).toEqual([sell.body.message.id]);
    expect(ids(await orders({ status: 'open', side: 'buy', symbol_id: m.symbolId }))).toEqual([open.body.message.id]);
    expect((await orders({ from: start, to: new Date(Date.now() + 1000).toISOString() })).total).toBe(4);
    expect((await orders({ from: new Date(Date.now() + 60_000).toISOString() })).total).toBe(0);
    expect((await orders({ to: start })).total).toBe(0);
    const paged = await orders({ page: 2, limit: 3 });
    expect(paged).toMatchObject({ total: 4, page: 2, limit: 3 });
    expect(ids(paged)).toEqual([open.body.message.id]);

    // Trades: the user's market buy took from the market maker; a filter on either side finds it.
    const trades = (filters: Record<string, unknown>) => admin('GET', '/spot/trades', adminToken, filters).then((r) => r.body.message);
    const mine = await trades({ user_id: user.id });
    expect(mine.total).toBeGreaterThan(0);
    for (const t of mine.data) expect(t).toMatchObject({ taker_user_id: user.id, taker_order_id: filled.body.message.id, maker_user_id: makerId, maker_account: 'market-maker', symbol: 'BTC/USDT' });
    const makers = await trades({ user_id: makerId, symbol_id: m.symbolId, from: start });
    expect(makers.data.map((t: { id: number }) => t.id)).toEqual(expect.arrayContaining(mine.data.map((t: { id: number }) => t.id)));
    expect((await trades({ user_id: user.id, symbol_id: eth.id })).total).toBe(0);
    expect((await trades({ user_id: user.id, from: new Date(Date.now() + 60_000).toISOString() })).total).toBe(0);
  });
});
