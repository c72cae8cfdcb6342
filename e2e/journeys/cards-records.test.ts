// Proves bank cards, withdrawing to one and the records end to end in chromium against the real server:
// a fresh user (registered, mobile bound, Lv1 approved by the operator and funded by a ledger adjustment,
// all through the API as a person and an operator would) saves a domestic bank card, sees it loaded
// again, withdraws USDT to it, and finds the frozen movement in all records and the account's records.
import { openWithStorage } from '../support/pages.ts';
import { describe, expect, inject, it } from 'vitest';
import { latestCodeFor, operatorToken } from '../support/api.ts';
import { newIdCard, userApi } from '../support/funds.ts';
import { openPhone, screenshot, sharedBrowser } from '../support/browser.ts';
import { operatorHeaders } from '../../apps/server/src/admin/operator-cookies.ts';

const baseUrl = inject('baseUrl');
const browser = sharedBrowser();

/** A user call (form-encoded, like the app); throws on anything but ok. */
const api = <T,>(path: string, data: Record<string, string> = {}, token?: string) => userApi<T>(baseUrl, path, { token, data });

/** A back-office call as the demo operator. */
async function admin<T>(method: 'GET' | 'POST', path: string, data: Record<string, string | number> = {}): Promise<T> {
  const token = operatorToken();
  const query = method === 'GET' ? `?${new URLSearchParams(Object.entries(data).map(([k, v]) => [k, String(v)]))}` : '';
  const res = await fetch(`${baseUrl}/api/admin${path}${query}`, {
    method,
    headers: { ...operatorHeaders(token), ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
    body: method === 'POST' ? JSON.stringify(data) : undefined,
  });
  const body = (await res.json()) as { type: string; message: T };
  if (body.type !== 'ok') throw new Error(`admin ${path}: ${JSON.stringify(body)}`);
  return body.message;
}

const PAY_PASSWORD = 'cards-pay-1';

/** Registers, binds a mobile, sets a pay password, passes basic verification (operator approves) and gets 500 USDT in the spot account. */
async function verifiedFundedUser() {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const email = `cards${stamp}@fairex.test`;
  const password = 'cards123456';
  await api('/sms_mail', { user_string: email, scene: 'register' });
  await api('/user/register', { user_string: email, code: await latestCodeFor(baseUrl, email), password, re_password: password });
  const token = await api<string>('/user/login', { user_string: email, password });
  const mobile = `139${stamp.slice(-8)}`;
  await api('/sms_send', { mobile, scene: 'bind' });
  await api('/safe/mobile', { mobile, code: await latestCodeFor(baseUrl, mobile), password }, token);
  // Cards and withdrawals are confirmed with the pay password.
  await api('/sms_mail', { user_string: email, scene: 'security' }, token);
  await api('/safe/update_password', { password: PAY_PASSWORD, re_password: PAY_PASSWORD, code: await latestCodeFor(baseUrl, email) }, token);
  await api('/user/real', { real_type: '1', id_type: '1', name: 'Li Lei', card_id: newIdCard() }, token);
  const me = await (await fetch(`${baseUrl}/api/user/info`, { headers: { authorization: token } })).json();
  const userId = (me as { message: { id: number } }).message.id;
  const queue = await admin<{ data: { id: number }[] }>('GET', '/identity', { user_id: userId, status: 'pending' });
  await admin('POST', `/identity/${queue.data[0]!.id}/approve`);
  const coins = await (await fetch(`${baseUrl}/api/currency/user_currency_list`, { headers: { authorization: token } })).json();
  const usdt = (coins as { message: { id: number; name: string }[] }).message.find((c) => c.name === 'USDT')!;
  await admin('POST', '/balances/adjust', { user_id: userId, currency_id: usdt.id, kind: 'spot', amount: '500', reason: 'e2e funding' });
  return token;
}

const CARD = {
  'Real name': 'Li Lei',
  'Card number': '6222020200112233446',
  'Bank name': 'ICBC',
  Branch: 'Haidian branch',
  Province: 'Beijing',
  City: 'Beijing',
  Phone: '13800138000',
};

describe('bank cards and records', () => {
  it('saves a domestic card, withdraws to it and lists the movement', async () => {
    const token = await verifiedFundedUser();
    const { page, context, errors } = await openPhone(browser(), baseUrl);

    // The card form: every field required, then saved and loaded again on return.
    await openWithStorage(page, '/pages/setting/bank', { token });
    await page.getByLabel('Real name').fill(CARD['Real name']);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByText('Card number is required').isVisible()).toBe(true);
    for (const [label, value] of Object.entries(CARD)) await page.getByLabel(label, { exact: true }).fill(value);
    await page.getByLabel('Pay password').fill(PAY_PASSWORD);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByText('Bank card saved').first().isVisible()).toBe(true);
    await page.reload();
    await expect.poll(() => page.getByLabel('Card number').inputValue()).toBe(CARD['Card number']);
    await expect.poll(() => page.getByLabel('Branch').inputValue()).toBe(CARD.Branch);
    await screenshot(page, 'bank-card-saved');

    // Withdraw 50 USDT to the card: the fee and minimum are those of the coin's first network.
    await page.goto('/#/pages/fund/withdraw');
    await page.getByLabel('Coin', { exact: true }).selectOption({ label: 'USDT' });
    await page.getByRole('button', { name: 'Bank card' }).click();
    await expect.poll(() => page.getByText('ICBC · Li Lei · **** 3446').isVisible()).toBe(true);
    await screenshot(page, 'withdraw-to-bank-card');
    await page.getByLabel('Amount').fill('50');
    await page.getByLabel('Pay password').fill(PAY_PASSWORD);
    await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
    const answer = page.waitForResponse((response) => response.url().endsWith('/api/wallet/out'));
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    expect(await (await answer).json()).toMatchObject({ type: 'ok', message: { status: 'pending', number: '50', fee: '5', arrival: '45' } });
    await expect.poll(() => page.url()).toContain('/pages/fund/receive_withdraw_record');
    const withdrawals = await (await fetch(`${baseUrl}/api/user/withdraw/list?page=1&limit=10`, { headers: { authorization: token } })).json();
    expect((withdrawals as { message: { data: { number: string; status: string }[] } }).message.data[0]).toMatchObject({ number: '50', status: 'pending' });

    // All records (from the assets header): the withdrawal request freezes 50 USDT.
    await page.goto('/#/pages/fund/assets');
    await page.getByRole('button', { name: 'All records' }).click();
    await expect.poll(() => page.url()).toContain('/pages/fund/assets_all_record');
    const all = page.getByRole('region', { name: 'All records' });
    await expect.poll(() => all.getByText('Withdrawal requested').count()).toBeGreaterThan(0);
    await expect.poll(() => all.getByText('-50 USDT').count()).toBe(1);
    await expect.poll(() => all.getByText('Adjustment').count()).toBe(1);
    await screenshot(page, 'all-records');

    // The spot USDT account's own records, reached from its row on the assets page.
    await page.goto('/#/pages/fund/assets');
    await page.getByRole('button', { name: 'USDT records · Spot account' }).click();
    await expect.poll(() => page.url()).toContain('/pages/fund/assets_record');
    const figures = page.getByRole('region', { name: 'USDT records · Spot account' });
    await expect.poll(() => figures.innerText()).toMatch(/Frozen\s*50/);
    await expect.poll(() => page.getByRole('region', { name: 'Movements' }).getByText('+500 USDT').count()).toBe(1);
    await screenshot(page, 'account-records');

    // In Chinese and the dark theme the saved card and the withdrawal destinations read in Chinese.
    await page.evaluate(() => {
      localStorage.setItem('lang', 'zh');
      localStorage.setItem('theme', 'dark');
    });
    await page.goto('/#/pages/setting/bank');
    await page.reload();
    await expect.poll(() => page.getByLabel('银行卡号').inputValue()).toBe(CARD['Card number']);
    await screenshot(page, 'bank-card-zh-dark');
    await page.goto('/#/pages/fund/withdraw');
    await page.getByRole('button', { name: '国际银行卡' }).click();
    await expect.poll(() => page.getByText('尚未绑定国际银行卡').isVisible()).toBe(true);
    await page.getByRole('button', { name: '绑定国际银行卡' }).click();
    await expect.poll(() => page.url()).toContain('/pages/setting/bank_international');
    await expect.poll(() => page.getByLabel('SWIFT 代码').isVisible()).toBe(true);
    await screenshot(page, 'international-card-zh-dark');
    expect(errors).toEqual([]);
    await context.close();
  });
});
