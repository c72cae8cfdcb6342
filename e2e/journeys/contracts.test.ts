// Proves futures trading end to end in chromium against the real server and its index feed: the demo
// user moves USDT into the contract account, opens a long with leverage on BTCUSDT (margin and fee as
// previewed, after the confirmation prompt), sets its take-profit and stop-loss, watches its P&L move
// with the mark price, and closes it; the history shows it closed, the balances follow and the ledger
// audit holds. The back office shows the settings, the insurance fund and the exposure per symbol.
import { describe, expect, inject, it } from 'vitest';
import { demoToken, operatorToken } from '../support/api.ts';
import { openDesktop, operatorLogin } from '../support/back-office.ts';
import { openPhone, screenshot, sharedBrowser } from '../support/browser.ts';
import { SLOW, openWithStorage } from '../support/pages.ts';
import { userApi } from '../support/funds.ts';
import { operatorHeaders } from '../../apps/server/src/admin/operator-cookies.ts';

const baseUrl = inject('baseUrl');
const browser = sharedBrowser();

const api = <T,>(path: string, token: string, data: Record<string, string> = {}) => userApi<T>(baseUrl, path, { token, data });

type Quotation = { id: number; symbol: string; kind: string; legal_id: number; price_decimals: number };
type Deal = { settings: { contract_size: string; fee_rate: string; spread: string }; mark_price: string; account: { available: string } };
type Position = { id: number; status: string; margin: string; handling_fee: string; open_price: string; target_profit_price: string | null; stop_loss_price: string | null };

describe('contracts', () => {
  it('opens a long with leverage, sets TP/SL, watches P&L move and closes it', async () => {
    const token = await demoToken(baseUrl);
    const quotations = await (await fetch(`${baseUrl}/api/currency/quotation_new`)).json();
    const btc = (quotations.message as Quotation[]).find((q) => q.symbol === 'BTCUSDT' && q.kind === 'futures')!;
    await api('/wallet/change', token, { currency_id: String(btc.legal_id), number: '500', from_field: 'change', to_field: 'lever' });
    const before = await api<Deal>('/lever/deal', token, { currency_id: String(btc.id), legal_id: String(btc.legal_id) });

    const { page, context, errors } = await openPhone(browser(), baseUrl);
    await openWithStorage(page, '/pages/transaction/contract?kind=futures&symbol=BTCUSDT', { token });

    // The mark price (the index) moves live.
    const mark = page.locator('.spot-header__price');
    await mark.waitFor(SLOW);
    const firstMark = await mark.innerText();
    await expect.poll(() => mark.innerText(), { timeout: 15_000 }).not.toBe(firstMark);

    // A market long of 1 lot at 20x: the margin and fee previews come from the contract rules.
    await page.getByLabel('Lots').fill('1');
    await page.getByRole('button', { name: '20x' }).click();
    await expect.poll(() => page.locator('.contract-form__preview dd').first().innerText()).toMatch(/^\d+(\.\d+)? USDT$/);
    const openButtons = page.getByRole('button', { name: /^Close \d+$/ });
    const openBefore = await openButtons.count();
    await page.getByRole('button', { name: 'Open long' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.innerText()).toMatch(/Long 1 lot of BTCUSDT at 20x: margin [\d.]+ USDT, handling fee [\d.]+ USDT\./);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => openButtons.count(), SLOW).toBe(openBefore + 1);
    const labels = await openButtons.evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label') ?? ''));
    const id = Math.max(...labels.map((label) => Number(label.replace('Close ', ''))));
    const opened = (await api<{ data: Position[] }>('/lever/dealall', token, { currency_id: String(btc.id) })).data.find((p) => p.id === id)!;
    expect(opened.status).toBe('open');
    // The contract account paid exactly the margin and the fee.
    const afterOpen = await api<Deal>('/lever/deal', token, { currency_id: String(btc.id), legal_id: String(btc.legal_id) });
    expect(Number(before.account.available) - Number(afterOpen.account.available)).toBeCloseTo(Number(opened.margin) + Number(opened.handling_fee), 6);

    // Take-profit well above and stop-loss well below the mark.
    const card = page.getByRole('listitem', { name: `BTCUSDT ${id}` });
    await page.getByRole('button', { name: `TP/SL ${id}` }).click();
    const form = page.getByRole('form', { name: 'TP/SL' });
    const markNow = Number((await mark.innerText()).replace(/,/g, ''));
    const takeProfit = String(Math.round(markNow * 1.5));
    const stopLoss = String(Math.round(markNow * 0.5));
    await form.getByLabel('Take-profit').fill(takeProfit);
    await form.getByLabel('Stop-loss').fill(stopLoss);
    await screenshot(page, 'contract-stops');
    await form.getByRole('button', { name: 'Save' }).click();
    // Shown with the symbol's decimals.
    await expect.poll(() => card.locator('dt', { hasText: 'Take-profit' }).locator('xpath=following-sibling::dd').innerText(), SLOW).toBe(Number(takeProfit).toFixed(btc.price_decimals));
    const stored = (await api<{ data: Position[] }>('/lever/dealall', token, { currency_id: String(btc.id) })).data.find((p) => p.id === id)!;
    expect([stored.target_profit_price, stored.stop_loss_price]).toEqual([takeProfit, stopLoss]);

    // The P&L follows the mark price.
    const profit = card.locator('dt', { hasText: 'P&L' }).locator('xpath=following-sibling::dd');
    const firstProfit = await profit.innerText();
    await expect.poll(() => profit.innerText(), { timeout: 20_000 }).not.toBe(firstProfit);
    await screenshot(page, 'contract-position');

    // Close it, after the prompt; it leaves the open positions and shows in the history.
    await page.getByRole('button', { name: `Close ${id}` }).click();
    await expect.poll(() => dialog.innerText()).toMatch(/Close this position \(BTCUSDT, 1 lot\) at the mark price\?/);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => page.getByRole('button', { name: `Close ${id}` }).count(), SLOW).toBe(0);
    await page.goto('/#/pages/transaction/contract_order');
    await page.getByRole('tab', { name: 'History' }).click();
    const closed = page.getByRole('listitem', { name: `BTCUSDT ${id}` });
    await closed.waitFor(SLOW);
    expect(await closed.innerText()).toContain('Closed');

    const audit = await fetch(`${baseUrl}/api/admin/ledger/audit`, { headers: operatorHeaders(operatorToken()) });
    expect(((await audit.json()) as { message: { ok: boolean } }).message.ok).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the back office the contract settings, the insurance fund and the exposure of an open position', async () => {
    const token = await demoToken(baseUrl);
    const quotations = await (await fetch(`${baseUrl}/api/currency/quotation_new`)).json();
    const eth = (quotations.message as Quotation[]).find((q) => q.symbol === 'ETHUSDT' && q.kind === 'futures')!;
    await api('/wallet/change', token, { currency_id: String(eth.legal_id), number: '100', from_field: 'change', to_field: 'lever' });
    const opened = await api<Position>('/lever/submit', token, { currency_id: String(eth.id), legal_id: String(eth.legal_id), share: '1', multiple: '10', type: '2', status: '1' });

    const { page, context, errors } = await openDesktop(browser(), baseUrl);
    await operatorLogin(page);
    await page.getByRole('menuitem', { name: 'Futures & stocks' }).click();
    await page.getByRole('heading', { name: 'Futures and stock contracts' }).waitFor();
    expect(await page.getByText('Insurance fund (USDT)').count()).toBe(1);
    // The settings of a stock show its session; editing opens the form with it.
    const aapl = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'AAPL', exact: true }) });
    expect(await aapl.innerText()).toContain('09:30 – 16:00 America/New_York');
    await aapl.getByRole('button', { name: 'Contract settings of AAPL' }).click();
    const dialog = page.getByRole('dialog', { name: 'Contract settings of AAPL' });
    expect(await dialog.getByLabel('Time zone').inputValue()).toBe('America/New_York');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    // The short of 1 lot shows in ETHUSDT's exposure.
    await page.getByRole('tab', { name: 'Exposure' }).click();
    const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'ETHUSDT', exact: true }) });
    const cells = await row.getByRole('cell').allInnerTexts();
    expect(Number(cells[2])).toBeGreaterThanOrEqual(1);
    expect(Number(cells[4])).toBeGreaterThanOrEqual(1);
    await screenshot(page, 'admin-contracts');
    expect(errors).toEqual([]);
    await context.close();
    await api('/lever/close', token, { id: String(opened.id) });
  });
});
