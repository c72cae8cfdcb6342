// Proves spot trading end to end in chromium against the real server, its feed and its market maker:
// a limit buy below the market rests in open orders and is cancelled; a market buy fills against the
// market maker and shows its average from fills in the history; the balance and the bills follow; the
// price (with its fiat value), order book and K-line move live. A visitor sees the pair logged out and
// is led to log in to order, after switching pairs in the picker. And a user who logs in through the
// login screen (the realtime connection opened before) sees own order updates live, made from another
// session.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { demoToken } from '../support/api.ts';
import { openPhone, screenshot, sharedBrowser } from '../support/browser.ts';
import { hashOf, login, SLOW, openWithStorage } from '../support/pages.ts';
import { watchRealtime } from '../support/realtime.ts';
import { userApi } from '../support/funds.ts';

const baseUrl = inject('baseUrl');
const browser = sharedBrowser();

const api = <T,>(path: string, token: string, data: Record<string, string> = {}) => userApi<T>(baseUrl, path, { token, data });

type Wallet = { id: number; name: string; available: Record<string, string> };
const spotAvailable = async (token: string, coin: string) => {
  const res = await fetch(`${baseUrl}/api/currency/user_currency_list`, { headers: { authorization: token } });
  const list = ((await res.json()) as { message: Wallet[] }).message;
  return Number(list.find((c) => c.name === coin)!.available.change);
};

const openOrderCount = async (token: string) => {
  const res = await fetch(`${baseUrl}/api/coin/list?status=1&limit=50`, { headers: { authorization: token } });
  return ((await res.json()) as { message: { total: number } }).message.total;
};

const text = (page: Page, selector: string) => page.locator(selector).first().innerText();

const coinId = async (token: string, coin: string) => {
  const res = await fetch(`${baseUrl}/api/currency/user_currency_list`, { headers: { authorization: token } });
  return ((await res.json()) as { message: Wallet[] }).message.find((c) => c.name === coin)!.id;
};

describe('spot trading', () => {
  it('rests, cancels and fills orders against the market maker, live', async () => {
    const token = await demoToken(baseUrl);
    const { page, context, errors } = await openPhone(browser(), baseUrl);
    await openWithStorage(page, `/pages/transaction/currency?symbol=${encodeURIComponent('BTC/USDT')}`, { token });

    // The market maker's real orders fill the book, and the index price moves every second.
    const asks = page.getByRole('list', { name: 'Asks' }).getByRole('listitem');
    await expect.poll(() => asks.count(), { timeout: 15_000 }).toBeGreaterThan(0);
    // The price with the pair's two decimals ('-' until the feed has recorded an index), and its value in
    // the chosen fiat (USD by default) beside it.
    await expect.poll(() => text(page, '.spot-header__price'), { timeout: 15_000 }).toMatch(/^[\d,]+\.\d{2}$/);
    const firstPrice = await text(page, '.spot-header__price');
    expect(await text(page, '.spot-header__fiat')).toMatch(/^≈ [\d,]+\.\d{2} USD$/);
    await expect.poll(() => text(page, '.spot-header__price'), { timeout: 15_000 }).not.toBe(firstPrice);
    // The chart draws once its library has loaded (a lazy chunk of its own).
    await expect.poll(() => page.locator('canvas').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    // The K-line moves live: its last candle (told in words beside the canvas) changes with the market. On
    // one-minute candles: a candle that has traded follows trades only (other journeys trade this pair on
    // the same server), and the next minute's candle starts from the feed again.
    await page.getByRole('combobox', { name: 'More periods' }).selectOption('1min');
    const lastCandle = page.locator('.kline p.visually-hidden');
    await expect.poll(() => lastCandle.textContent(), { timeout: 15_000 }).toMatch(/^Last candle: open /);
    const candleBefore = await lastCandle.textContent();
    await expect.poll(() => lastCandle.textContent(), { timeout: 75_000 }).not.toBe(candleBefore);

    // A limit buy well below the market rests in open orders, with its funds frozen.
    const usdtBefore = await spotAvailable(token, 'USDT');
    const limitPrice = (Number(firstPrice.replace(/,/g, '')) * 0.8).toFixed(2);
    await page.getByRole('button', { name: 'Limit' }).click();
    await page.getByLabel('Price').fill(limitPrice);
    await page.getByLabel(/^Amount/).fill('0.01');
    // The order total is price x amount.
    await expect.poll(() => page.locator('.trade-form__available').first().innerText()).toContain((Number(limitPrice) * 0.01).toFixed(4).replace(/0+$/, '').replace(/\.$/, ''));
    // Other journeys may leave the demo user's orders open: this one follows the order it places.
    const cancelButtons = page.getByRole('button', { name: /^Cancel order \d+$/ });
    const openBefore = await openOrderCount(token);
    await expect.poll(() => cancelButtons.count(), { timeout: 10_000 }).toBe(openBefore);
    await page.getByRole('button', { name: 'Buy BTC' }).click();
    await expect.poll(() => cancelButtons.count(), { timeout: 10_000 }).toBe(openBefore + 1);
    const labels = await cancelButtons.evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label') ?? ''));
    const newest = Math.max(...labels.map((label) => Number(label.replace('Cancel order ', ''))));
    const cancelButton = page.getByRole('button', { name: `Cancel order ${newest}`, exact: true });
    expect(await spotAvailable(token, 'USDT')).toBeLessThan(usdtBefore);
    await screenshot(page, 'spot-open-order');

    // Cancel after confirmation: the order goes, the toast says so, the funds come back. Toasts are
    // noted as they appear: another toast (a fill of an order another journey left) may replace it at once.
    await page.evaluate(() => {
      const seen: string[] = ((window as unknown as { toastsSeen: string[] }).toastsSeen = []);
      new MutationObserver(() => {
        for (const toast of document.querySelectorAll('.adm-toast-main')) seen.push((toast as HTMLElement).innerText);
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    await cancelButton.click();
    // The cancel prompt itself, not any other dialog a notice may have opened.
    await page.getByRole('dialog').filter({ hasText: 'Cancel this order?' }).getByRole('button', { name: /confirm|ok|cancel order/i }).last().click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { toastsSeen: string[] }).toastsSeen), { timeout: 10_000 }).toContain('Order cancelled');
    await expect.poll(() => cancelButton.count(), { timeout: 10_000 }).toBe(0);
    expect(await spotAvailable(token, 'USDT')).toBe(usdtBefore);

    // A market buy fills against the market maker: BTC up, USDT down.
    const btcBefore = await spotAvailable(token, 'BTC');
    await page.getByRole('button', { name: 'Market' }).click();
    await page.getByLabel(/^Amount/).fill('0.002');
    const askSide = page.getByRole('list', { name: 'Asks' });
    const asksBefore = (await askSide.allInnerTexts()).join(' ');
    await page.getByRole('button', { name: 'Buy BTC' }).click();
    await expect.poll(() => spotAvailable(token, 'BTC'), { timeout: 10_000 }).toBeGreaterThan(btcBefore);
    // The book moves live: the buy took its quantity from the asks on screen.
    await expect.poll(async () => (await askSide.allInnerTexts()).join(' '), { timeout: 10_000 }).not.toBe(asksBefore);
    expect(await spotAvailable(token, 'USDT')).toBeLessThan(usdtBefore);
    await expect.poll(() => page.getByRole('region', { name: 'Recent trades' }).getByRole('listitem').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    // In the history the market buy shows "Market" for its price and its average from its fills, never "-".
    await page.getByRole('tab', { name: 'Order history' }).click();
    const history = page.getByRole('list', { name: 'Order history' }).getByRole('listitem').first();
    await expect.poll(() => history.innerText(), { timeout: 10_000 }).toMatch(/Market[\s\S]*Average price\s+[\d,]+\.\d{2}[\s\S]*Fee\s+[\d.]+ USDT/);
    await screenshot(page, 'spot-order-history');

    // The bills show the trade's ledger movements.
    const bills = await api<{ data: { kind?: string; entry_kind?: string }[] }>('/wallet/legal_log', token, { page: '1' });
    expect(JSON.stringify(bills.data)).toContain('trade');
    await page.goto('/#/pages/setting/bill');
    await expect.poll(() => page.locator('#root').innerText()).toMatch(/BTC/);
    await screenshot(page, 'bills-after-trade');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows own order updates live after logging in through the login screen', async () => {
    const { page, context, errors } = await openPhone(browser(), baseUrl);
    // The server's `authenticated` (the socket is in the user's room), and the traffic to explain a failure.
    const realtime = watchRealtime(page);
    // The app starts logged out, so its realtime connection opens without a token.
    await page.goto('/#/pages/common/login');
    await login(page, 'demo@fairex.local', 'demo123456');
    await expect.poll(() => hashOf(page), SLOW).toBe('#/');
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Trade', exact: true }).click();
    await expect.poll(() => hashOf(page)).toBe('#/pages/transaction/index');

    // An order placed and cancelled from another session of the same user.
    // Once the login's new handshake has put the socket in the user's room (the screen reloads its
    // orders then), only the socket's `order` events can bring the order below to this screen.
    await realtime.authenticated;
    const token = await demoToken(baseUrl);
    // The open orders have loaded (not the loading view, which has no rows either).
    const openOrders = page.getByRole('region', { name: 'My orders' });
    await expect.poll(() => openOrders.getByRole('status').count(), { timeout: 10_000 }).toBe(0);
    const cancelButtons = openOrders.getByRole('button', { name: /^Cancel order \d+$/ });
    const openBefore = await openOrderCount(token);
    await expect.poll(() => cancelButtons.count(), { timeout: 10_000 }).toBe(openBefore);
    const price = await text(page, '.spot-header__price');
    const { id } = await api<{ id: number }>('/coin/trade', token, {
      amount: '0.01',
      target_price: (Number(price.replace(/,/g, '')) * 0.8).toFixed(2),
      currency_id: String(await coinId(token, 'BTC')),
      legal_id: String(await coinId(token, 'USDT')),
      type: 'buy',
    });
    const placed = page.getByRole('button', { name: `Cancel order ${id}`, exact: true });
    await expect
      .poll(() => placed.count(), { timeout: 10_000 })
      .toBe(1)
      .catch(async (error: unknown) => {
        console.log(`order ${id} never showed; the page's realtime traffic:\n${realtime.log()}\nthe page:\n${await page.locator('#root').innerText()}`);
        throw error;
      });
    const cancelled = await fetch(`${baseUrl}/api/coin/trade?id=${id}`, { method: 'PUT', headers: { authorization: token } });
    expect(((await cancelled.json()) as { type: string }).type).toBe('ok');
    await expect.poll(() => placed.count(), { timeout: 10_000 }).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a visitor the pair, lets them switch pairs, and leads an order to the login page', async () => {
    const { page, context, errors } = await openPhone(browser(), baseUrl);
    await page.goto('/#/pages/transaction/index');
    await expect.poll(() => text(page, '.spot-header__price'), { timeout: 15_000 }).toMatch(/^[\d,]+\.\d{2}$/);
    await expect.poll(() => page.getByRole('list', { name: 'Asks' }).getByRole('listitem').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Choose a pair' }).click();
    await page.getByRole('searchbox', { name: 'Search pairs' }).fill('eth');
    // By name: an earlier journey may have listed another ETH pair (ETH/BTC) before it.
    await page.getByRole('list', { name: 'Spot pairs' }).getByRole('button').filter({ hasText: 'ETH/USDT' }).first().click();
    await expect.poll(() => page.getByRole('button', { name: 'Choose a pair' }).innerText()).toBe('ETH/USDT ▾');
    await screenshot(page, 'spot-visitor');
    await page.getByRole('button', { name: 'Log in to trade' }).click();
    await expect.poll(() => hashOf(page)).toBe('#/pages/common/login');
    expect(errors).toEqual([]);
    await context.close();
  });
});

