// Proves a seconds option end to end in chromium against the real server, its index feed and its job
// scheduler: the demo user moves USDT into the options account, places a 30-second "up" option after
// the confirmation prompt, watches its countdown ring, and sees it settle (real time: the app has no
// clock an e2e run can move) with the open and close index ticks it was decided on; the API's answer
// names the same ticks, the close tick is the one in force at expiry, the balance follows the outcome,
// and the ledger audit holds.
import { describe, expect, inject, it } from 'vitest';
import { demoToken, operatorToken } from '../support/api.ts';
import { openDesktop, operatorLogin } from '../support/back-office.ts';
import { openPhone, screenshot, sharedBrowser } from '../support/browser.ts';
import { SLOW, openWithStorage } from '../support/pages.ts';
import { userApi } from '../support/funds.ts';
import { operatorHeaders } from '../../apps/server/src/admin/operator-cookies.ts';

const baseUrl = inject('baseUrl');
const browser = sharedBrowser();

const api = <T,>(path: string, token: string, data: Record<string, string> = {}, method: 'GET' | 'POST' = 'POST') =>
  userApi<T>(baseUrl, path, { token, data, method });

type Tick = { id: string; price: string; time: number };
type OptionOrder = { id: string; status: string; outcome: string | null; payout: string | null; number: string; fee: string; open: Tick; close: Tick | null; expires_at: number };
type Payable = { id: number; name: string; balance: string }[];

describe('seconds options', () => {
  it('places a 30-second option and sees it settle with its open and close ticks', async () => {
    const token = await demoToken(baseUrl);
    const [usdt] = await api<Payable>('/microtrade/payable_currencies', token, {}, 'GET');
    await api('/wallet/change', token, { currency_id: String(usdt!.id), number: '50', from_field: 'change', to_field: 'micro' });
    const [funded] = await api<Payable>('/microtrade/payable_currencies', token, {}, 'GET');

    const { page, context, errors } = await openPhone(browser(), baseUrl);
    await openWithStorage(page, `/pages/transaction/seconds_order?symbol=${encodeURIComponent('BTC/USDT')}`, { token });

    await page.getByLabel('Amount').fill('10', SLOW);
    await page.getByRole('button', { name: /^30 s · 80%$/ }).click();
    await page.getByRole('button', { name: 'Buy up' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.innerText()).toContain('Buy Up with 10 USDT on BTC/USDT for 30 s?');
    await dialog.getByRole('button', { name: 'Confirm' }).click();

    // Holding: the countdown ring runs.
    const ring = page.getByRole('timer').first();
    await ring.waitFor(SLOW);
    expect(await ring.getAttribute('aria-label')).toMatch(/^\d+ s left$/);
    await screenshot(page, 'options-holding');
    const holding = await api<{ data: OptionOrder[] }>('/microtrade/lists', token, { status: 'holding', limit: '5' }, 'GET');
    const placed = holding.data[0]!;
    expect(placed.number).toBe('10');

    // Settled by the scheduler at expiry (30 s of real time, and a moment for the tick after it).
    await expect.poll(() => api<OptionOrder>('/microtrade/get_result', token, { id: placed.id }, 'GET').then((o) => o.status), { timeout: 60_000, interval: 1000 }).toBe('settled');
    const result = await api<OptionOrder>('/microtrade/get_result', token, { id: placed.id }, 'GET');
    expect(result.close!.time).toBeLessThanOrEqual(result.expires_at);
    expect(Number(result.close!.id)).toBeGreaterThanOrEqual(Number(result.open.id));
    const up = Number(result.close!.price) > Number(result.open.price);
    const equal = Number(result.close!.price) === Number(result.open.price);
    expect(result.outcome).toBe(equal ? 'draw' : up ? 'win' : 'lose');

    // The history shows it; its result shows the same two ticks beside the K-line.
    await page.getByRole('tab', { name: 'History' }).click();
    const item = page.getByRole('button', { name: new RegExp(`Open ${result.open.price.replace('.', '\\.')}`) }).first();
    await item.waitFor(SLOW);
    await item.click();
    const shown = page.getByRole('dialog', { name: 'Result' });
    await expect.poll(() => shown.innerText(), SLOW).toContain(`tick #${result.close!.id}`);
    expect(await shown.innerText()).toContain(`tick #${result.open.id}`);
    await screenshot(page, 'options-result');

    const [after] = await api<Payable>('/microtrade/payable_currencies', token, {}, 'GET');
    const expected = Number(funded!.balance) - Number(result.number) - Number(result.fee) + Number(result.payout);
    expect(Number(after!.balance)).toBeCloseTo(expected, 6);

    const audit = await fetch(`${baseUrl}/api/admin/ledger/audit`, { headers: operatorHeaders(operatorToken()) });
    expect(((await audit.json()) as { message: { ok: boolean } }).message.ok).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  }, 150_000);

  it('shows the back office the option pool, the durations and the exposure, and saves the exposure limits of a symbol', async () => {
    const token = await demoToken(baseUrl);
    const quotations = (await (await fetch(`${baseUrl}/api/currency/quotation_new`)).json()) as { message: { id: number; symbol: string }[] };
    const eth = quotations.message.find((q) => q.symbol === 'ETH/USDT')!;
    const [usdt] = await api<Payable>('/microtrade/payable_currencies', token, {}, 'GET');
    await api('/wallet/change', token, { currency_id: String(usdt!.id), number: '20', from_field: 'change', to_field: 'micro' });
    await api('/microtrade/submit', token, { match_id: String(eth.id), currency_id: String(usdt!.id), type: '2', seconds: '60', number: '10' });

    const { page, context, errors } = await openDesktop(browser(), baseUrl);
    await operatorLogin(page);
    await page.getByRole('menuitem', { name: 'Options' }).click();
    await page.getByRole('heading', { name: 'Seconds options' }).waitFor(SLOW);
    await expect.poll(() => page.getByText('Option pool (USDT)').count(), SLOW).toBe(1);
    const durations = page.getByRole('row').filter({ has: page.getByRole('cell', { name: '30', exact: true }) });
    expect(await durations.first().innerText()).toContain('0.8');
    // The open down stake on ETH/USDT shows in its exposure row (symbol, open up, open down, in all, orders,
    // limit, per-user limit); its limits, the same for both directions, are saved from the form.
    const edit = page.getByRole('button', { name: 'Exposure limits of ETH/USDT' });
    const row = page.getByRole('row').filter({ has: edit });
    expect(Number((await row.getByRole('cell').allInnerTexts())[2])).toBeGreaterThanOrEqual(10);
    await edit.click();
    const dialog = page.getByRole('dialog', { name: 'Exposure limits of ETH/USDT' });
    await dialog.getByLabel('Max open stake', { exact: true }).fill('50000');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(async () => (await row.getByRole('cell').allInnerTexts())[5], SLOW).toBe('50000');
    await screenshot(page, 'admin-options');
    expect(errors).toEqual([]);
    await context.close();
  });
});
