// Proves that the back office cannot add a spot symbol whose amounts its coins cannot hold: quantity
// decimals beyond the base coin's, or price decimals beyond the quote coin's, are refused with a
// translated message and nothing is written; a pair within both is added (real database, HTTP API).
import { errorMessage } from '@fairex/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OPERATOR } from '../../src/admin/operators.ts';
import { currencies } from '../../src/site/tables.ts';
import { makeTestApp, operatorHeaders, operatorLogin, type TestApp } from '../support/app.ts';

let test: TestApp;
let token: string;
beforeAll(async () => {
  test = await makeTestApp();
  token = await operatorLogin(test.app, DEMO_OPERATOR.username, DEMO_OPERATOR.password, test.nextIp());
});
afterAll(async () => {
  await test.close();
});

async function admin(url: string, auth: string | undefined, payload: Record<string, unknown>, lang?: string) {
  const res = await test.app.inject({
    method: 'POST',
    url: `/api/admin${url}`,
    headers: { ...(auth ? operatorHeaders(auth) : {}), ...(lang ? { 'accept-language': lang } : {}) },
    payload: Object.fromEntries(Object.entries(payload).map(([k, v]) => [k, String(v)])),
    remoteAddress: test.nextIp(),
  });
  return { status: res.statusCode, body: res.json() as { type: string; message: any; code?: string } };
}

describe('spot symbol decimals', () => {
  it('refuses decimals finer than the coins and adds a pair within them', async () => {
    // A coin of 4 decimals: lots of 10^-5 could not be posted to its accounts.
    const [coin] = await test.db.insert(currencies).values({ name: 'DOT', fullName: 'Polkadot', decimals: 4, sort: 9, referencePriceUsdt: '5' }).returning();
    const spot = (overrides: Record<string, unknown>) =>
      admin('/symbols', token, { symbol: 'DOT/USDT', kind: 'spot', base_currency_id: coin!.id, start_price: '5', volatility: '0.5', price_decimals: 4, quantity_decimals: 4, ...overrides }, 'fra');
    for (const overrides of [{ quantity_decimals: 5 }, { price_decimals: 7, quantity_decimals: 2 }]) {
      const refused = await spot(overrides);
      expect(refused.body, JSON.stringify(overrides)).toEqual({ type: 'error', code: 'symbol_decimals_invalid', message: errorMessage('symbol_decimals_invalid', 'fra') });
    }
    expect(test.ctx.markets.symbolByName('DOT/USDT')).toBeUndefined();
    const added = await spot({});
    expect(added.body.type).toBe('ok');
    expect(test.ctx.spot.tradingRules(added.body.message.id)).toMatchObject({ quote_decimals: 6 });
  });
});
