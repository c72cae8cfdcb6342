// Proves hot search comes from real rows: trades between users on a real database become each pair's
// 24 h turnover in the quotation list, and the contract's hotSymbols ranks pairs by it (value in the
// quote coin, not base volume), leaving out pairs that did not trade.
import { hotSymbols, quotationItem } from '@fairex/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, expectLedgerBalanced, makeTestApp, makeUser, type TestApp } from '../support/app.ts';
import { fundAccount } from '../support/ledger.ts';

let test: TestApp;
beforeAll(async () => {
  test = await makeTestApp();
});
afterAll(async () => {
  await test.close();
});

/** One trade of `amount` at `price` between two new users on `symbol`. */
async function tradeOnce(symbol: string, amount: string, price: string) {
  const s = test.ctx.markets.symbolByName(symbol)!;
  const [seller, buyer] = [await makeUser(test), await makeUser(test)];
  await fundAccount(test, seller.id, s.baseCurrencyId!, amount);
  await fundAccount(test, buyer.id, s.quoteCurrencyId, '100000');
  const order = (token: string, type: string) =>
    call(test.app, '/coin/trade', { token, payload: { amount, target_price: price, currency_id: s.baseCurrencyId, legal_id: s.quoteCurrencyId, type } });
  expect((await order(seller.token, 'sell')).body.message.status).toBe('open');
  expect((await order(buyer.token, 'buy')).body.message.status).toBe('filled');
}

describe('hot search', () => {
  it('ranks the traded pairs by their 24 h turnover from stored trades', async () => {
    // 0.1 BTC for 6,500 USDT and 0.5 ETH for 1,500 USDT: ETH has the larger volume, BTC the larger turnover.
    await tradeOnce('BTC/USDT', '0.1', '65000');
    await tradeOnce('ETH/USDT', '0.5', '3000');
    await test.ctx.markets.settled();
    const list = quotationItem.array().parse((await call(test.app, '/currency/quotation_new', { method: 'GET' })).body.message);
    const bySymbol = new Map(list.map((q) => [q.symbol, q]));
    expect([bySymbol.get('BTC/USDT')!.amount, bySymbol.get('ETH/USDT')!.amount]).toEqual(['6500', '1500']);
    expect([bySymbol.get('BTC/USDT')!.volume, bySymbol.get('ETH/USDT')!.volume]).toEqual(['0.1', '0.5']);
    expect(hotSymbols(list).map((q) => q.symbol)).toEqual(['BTC/USDT', 'ETH/USDT']);
    await expectLedgerBalanced(test);
  });
});
