// Proves the public configuration calls answer the seeded coins, fiat rates and site settings, and
// that unknown paths and settings answer the envelope.
import { currencyItem, ratesAnswer, siteConfig } from '@fairex/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { currencyNetworks } from '../src/site/tables.ts';
import { call, makeTestApp, type TestApp } from './support/app.ts';

let test: TestApp;
beforeAll(async () => {
  test = await makeTestApp();
});
afterAll(async () => {
  await test.close();
});

describe('site configuration', () => {
  it('lists the spec coins, USDT with two networks under one id', async () => {
    const res = await call(test.app, '/currency/list', { method: 'GET' });
    expect(res.body.type).toBe('ok');
    expect(() => currencyItem.array().parse(res.body.message)).not.toThrow();
    const names = res.body.message.map((c: { name: string }) => c.name);
    expect(names).toEqual(['USDT', 'BTC', 'ETH', 'BNB', 'LTC']);
    const usdt = res.body.message[0];
    expect(usdt.networks.map((n: { network: string }) => n.network)).toEqual(['ERC20', 'TRC20']);
    expect(usdt.networks[1].withdraw_fee).toBe('1');
  });

  it('offers a network for deposits only once the operator gave it a platform address', async () => {
    const depositFlags = async () => {
      const list = (await call(test.app, '/currency/list', { method: 'GET' })).body.message as { name: string; networks: { network: string; deposit_enabled: boolean }[] }[];
      return list.find((c) => c.name === 'USDT')!.networks.map((n) => [n.network, n.deposit_enabled]);
    };
    // A fresh install has no platform addresses: nothing to send to yet.
    expect(await depositFlags()).toEqual([['ERC20', false], ['TRC20', false]]);
    await test.db.update(currencyNetworks).set({ depositAddress: 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL' }).where(eq(currencyNetworks.network, 'TRC20'));
    expect(await depositFlags()).toEqual([['ERC20', false], ['TRC20', true]]);
    await test.db.update(currencyNetworks).set({ depositAddress: '' }).where(eq(currencyNetworks.network, 'TRC20'));
  });

  it('answers the 11 kept fiat rates with USD at 1', async () => {
    const res = await call(test.app, '/apis/US.json', { method: 'GET' });
    expect(() => ratesAnswer.parse(res.body.message)).not.toThrow();
    const rates = res.body.message.rates as { currency_code: string; rate: string }[];
    expect(rates).toHaveLength(11);
    expect(rates.find((r) => r.currency_code === 'USD')?.rate).toBe('1');
    expect(rates.find((r) => r.currency_code === 'CNY')?.rate).toBe('7.24');
  });

  it('answers public settings by keyword and refuses others', async () => {
    expect((await call(test.app, '/getSetting', { method: 'GET', payload: { keyword: 'site_name' } })).body).toEqual({ type: 'ok', message: 'FairEx' });
    expect((await call(test.app, '/getSetting', { method: 'GET', payload: { keyword: 'smtp_password' } })).body.code).toBe('not_found');
    const missing = await call(test.app, '/getSetting', { method: 'GET', lang: 'th' });
    expect(missing.body).toMatchObject({ code: 'parameter_error', message: 'พารามิเตอร์ไม่ถูกต้อง' });
    const site = await call(test.app, '/getSiteConfig', { method: 'GET' });
    expect(() => siteConfig.strict().parse(site.body.message)).not.toThrow();
    expect(site.body.message).toMatchObject({ site_name: 'FairEx', recharge_contact_first: false });
    // The test app runs the simulated feed: every screen is told so, for the banner.
    expect(site.body.message.simulated_prices).toBe(true);
  });

  it('answers an unknown path with a translated not-found envelope', async () => {
    const res = await call(test.app, '/no/such/call', { method: 'GET', lang: 'hk' });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ type: 'error', code: 'not_found', message: '未找到' });
  });
});
