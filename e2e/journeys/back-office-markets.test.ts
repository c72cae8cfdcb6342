// Proves the back-office markets screens in chromium against the real server, its feed and its market
// maker: the operator adds a spot symbol (priced at once), sets its fees, changes the market maker's
// levels (the live ladder follows), and finds the demo user's order placed through the API.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { demoToken, operatorToken } from '../support/api.ts';
import { screenshot, sharedBrowser } from '../support/browser.ts';
import { operatorHeaders } from '../../apps/server/src/admin/operator-cookies.ts';

const baseUrl = inject('baseUrl');
const browser = sharedBrowser();

type Envelope<T> = { type: string; message: T };

async function adminGet<T>(path: string, token: string): Promise<T> {
  const res = await fetch(`${baseUrl}/api/admin${path}`, { headers: operatorHeaders(token) });
  const body = (await res.json()) as Envelope<T>;
  if (body.type !== 'ok') throw new Error(`${path}: ${JSON.stringify(body)}`);
  return body.message;
}

type Quotation = { id: number; symbol: string; currency_id: number | null; legal_id: number; price: string };
const quotations = async () => ((await (await fetch(`${baseUrl}/api/currency/quotation_new`)).json()) as Envelope<Quotation[]>).message;

async function operatorLogin(page: Page) {
  await page.goto('/admin/');
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password').fill('admin123456');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('menuitem', { name: 'Users' }).waitFor();
}

/** Picks an option of an antd Select named by its aria-label, then waits for its dropdown to close. */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: new RegExp(`^${option}$`) }).click();
  await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
}

describe('back office: markets', () => {
  it('adds a spot symbol, sets its fees, changes the market maker and finds the demo user orders', async () => {
    // The demo user places a limit buy below the market through the API.
    const token = await demoToken(baseUrl);
    const btc = (await quotations()).find((q) => q.symbol === 'BTC/USDT')!;
    const placed = await fetch(`${baseUrl}/api/coin/trade`, {
      method: 'POST',
      headers: { authorization: token, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ amount: '0.001', target_price: '30000', currency_id: String(btc.currency_id), legal_id: String(btc.legal_id), type: 'buy' }),
    });
    const order = ((await placed.json()) as Envelope<{ id: number; status: string }>).message;
    expect(order.status).toBe('open');
    // And a market buy, which fills against the market maker (a trade to search for).
    const bought = await fetch(`${baseUrl}/api/coin/trade`, {
      method: 'POST',
      headers: { authorization: token, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ amount: '0.001', currency_id: String(btc.currency_id), legal_id: String(btc.legal_id), type: 'buy' }),
    });
    expect(((await bought.json()) as Envelope<{ status: string }>).message.status).toBe('filled');
    const operator = operatorToken();
    const demo = (await adminGet<{ data: { id: number; account: string }[] }>('/users?q=demo%40fairex.local', operator)).data[0]!;

    const desktop = await browser().newContext({ baseURL: baseUrl, viewport: { width: 1440, height: 900 } });
    const page = await desktop.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await operatorLogin(page);

    // Symbols: add ETH/BTC; the feed prices it at once, no restart.
    await page.getByRole('menuitem', { name: 'Symbols' }).click();
    // The seeded symbols carry the first start's simulated history, labelled by its range (never a seed), under the banner.
    await expect.poll(() => page.getByText(/^Simulated history \d{4}-\d{2}-\d{2} – \d{4}-\d{2}-\d{2}$/).first().isVisible()).toBe(true);
    expect(await page.getByText(/^Simulated prices: /).isVisible()).toBe(true);
    await choose(page, 'Base coin', 'ETH');
    await choose(page, 'Quote coin', 'BTC');
    expect(await page.getByRole('textbox', { name: 'Symbol' }).inputValue()).toBe('ETH/BTC');
    await page.getByRole('textbox', { name: 'Start price' }).fill('0.05');
    await page.getByRole('spinbutton', { name: 'Price decimals' }).fill('5');
    await page.getByRole('spinbutton', { name: 'Quantity decimals' }).fill('4');
    await page.getByRole('button', { name: 'Add symbol' }).click();
    await expect.poll(() => page.getByRole('cell', { name: 'ETH/BTC', exact: true }).isVisible()).toBe(true);
    await expect.poll(async () => (await quotations()).find((q) => q.symbol === 'ETH/BTC')?.price).toBeDefined();
    await screenshot(page, 'admin-symbols');

    // Spot fees of the new symbol.
    await page.getByRole('menuitem', { name: 'Spot fees' }).click();
    await page.getByRole('button', { name: 'Fees of ETH/BTC' }).click();
    await page.getByRole('textbox', { name: 'Maker fee rate' }).fill('0.0005');
    await page.getByRole('textbox', { name: 'Taker fee rate' }).fill('0.0015');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByRole('cell', { name: '0.0015', exact: true }).isVisible()).toBe(true);
    const fees = await adminGet<{ symbol: string; maker_fee_rate: string; taker_fee_rate: string }[]>('/spot/fees', operator);
    expect(fees.find((f) => f.symbol === 'ETH/BTC')).toMatchObject({ maker_fee_rate: '0.0005', taker_fee_rate: '0.0015' });

    // Market maker: 4 levels a side; its next requote puts exactly that ladder on the BTC book.
    await page.getByRole('menuitem', { name: 'Market maker' }).click();
    await expect.poll(() => page.getByRole('cell', { name: 'USDT', exact: true }).isVisible()).toBe(true);
    await page.getByRole('spinbutton', { name: 'Levels per side' }).fill('4');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByText('Saved').first().isVisible()).toBe(true);
    const maker = await adminGet<{ settings: { levels: number }; account: { user_id: number } }>('/market-maker', operator);
    expect(maker.settings.levels).toBe(4);
    await expect
      .poll(async () => (await adminGet<{ total: number }>(`/spot/orders?user_id=${maker.account.user_id}&symbol_id=${btc.id}&status=open`, operator)).total, { timeout: 15_000 })
      .toBe(8);
    await screenshot(page, 'admin-market-maker');

    // Orders: the demo user's open order, found by user id.
    await page.getByRole('menuitem', { name: 'Orders' }).click();
    await page.getByRole('heading', { name: 'Spot orders' }).waitFor();
    await page.getByRole('textbox', { name: 'User ID' }).fill(String(demo.id));
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => page.url()).toContain(`user_id=${demo.id}`);
    await expect.poll(() => page.getByRole('cell', { name: String(order.id), exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('cell', { name: '30000', exact: true }).isVisible()).toBe(true);
    await screenshot(page, 'admin-orders');

    // Trades: the demo user's market buy, with the market maker on the other side.
    await page.getByRole('menuitem', { name: 'Trades' }).click();
    await page.getByRole('heading', { name: 'Spot trades' }).waitFor();
    await page.getByRole('textbox', { name: 'User ID' }).fill(String(demo.id));
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => page.url()).toContain(`user_id=${demo.id}`);
    await expect.poll(() => page.getByRole('link', { name: /market-maker/ }).first().isVisible()).toBe(true);
    await screenshot(page, 'admin-trades');
    expect(errors).toEqual([]);
    await desktop.close();

    // The demo user cancels the order again, so later journeys start from their own orders only.
    const cancelled = await fetch(`${baseUrl}/api/coin/trade?id=${order.id}`, { method: 'PUT', headers: { authorization: token } });
    expect(((await cancelled.json()) as Envelope<unknown>).type).toBe('ok');
  });
});
