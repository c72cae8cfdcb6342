// Proves OTC end to end in chromium against the real server: a merchant (verified to level 2, approved
// through the back-office API, paid to by bank card) posts a sell ad through the API; a buyer (level 1)
// takes it on the phone for 144.6 CNY, pays outside, marks it paid with a proof image; the merchant, in a
// second browser context, sees the proof and releases with the pay password; the buyer's order screen
// turns completed live and the assets page shows the 20 USDT in the fiat account; a quick buy of 150 CNY
// then takes the best ad now and is cancelled before paying. The ledger audit holds.
// Then the OTC views are opened in all eight languages (alternating themes) at 360 px: no console error,
// no key left showing, no horizontal overflow.
import { LANGS, type OtcAdView, type OtcConfig, type OtcOrderView } from '@fairex/contract';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { en } from '../../apps/web/src/i18n/en.ts';
import { enPages } from '../../apps/web/src/i18n/en-pages.ts';
import { operatorToken } from '../support/api.ts';
import { openPhoneAs, screenshot, sharedBrowser } from '../support/browser.ts';
import { adminCall, expectLedgerAudited, makeUserWithMobile, newIdCard, PAY_PASSWORD, PNG, uploadImage, userApi, type CurrencyItem } from '../support/funds.ts';
import { go, SLOW } from '../support/pages.ts';

const baseUrl = inject('baseUrl');
const browser = sharedBrowser();
const LONG = { timeout: 20_000 };

type User = Awaited<ReturnType<typeof makeUserWithMobile>>;

/** Identity approved by an operator at level 1, and at level 2 when `advanced`. */
async function verify(user: User, advanced: boolean) {
  const op = operatorToken();
  const approvePending = async () => {
    const queue = await adminCall<{ data: { id: number }[] }>(baseUrl, op, `/identity?user_id=${user.id}&status=pending`);
    expect((await adminCall(baseUrl, op, `/identity/${queue.message.data[0]!.id}/approve`, {})).type).toBe('ok');
  };
  await userApi(baseUrl, '/user/real', { token: user.token, data: { real_type: 1, id_type: 1, name: 'Li Lei', card_id: newIdCard() } });
  await approvePending();
  if (!advanced) return;
  const [front, reverse] = [await uploadImage(baseUrl, user.token), await uploadImage(baseUrl, user.token)];
  await userApi(baseUrl, '/user/real', { token: user.token, data: { real_type: 2, front_pic: front, reverse_pic: reverse } });
  await approvePending();
}

/** A level-2 merchant with USDT in the fiat account, a bank card to be paid to, approved by an operator. */
async function makeMerchant(usdt: number) {
  const op = operatorToken();
  const user = await makeUserWithMobile(baseUrl, 'otc-merchant');
  await verify(user, true);
  const funded = await adminCall(baseUrl, op, '/balances/adjust', { user_id: user.id, currency_id: usdt, kind: 'fiat', amount: '1000', reason: 'OTC journey' });
  expect(funded.type).toBe('ok');
  await userApi(baseUrl, '/user/cash_save', {
    token: user.token,
    data: { real_name: 'Wang Fang', bank_account: '6222020200112230', bank_name: 'ICBC', bank_branch: 'Pudong', province: 'Shanghai', city: 'Shanghai', phone: '13900001111', pay_password: PAY_PASSWORD },
  });
  const name = `Desk ${String(Date.now()).slice(-6)}`;
  await userApi(baseUrl, '/otc/merchant/apply', { token: user.token, data: { name } });
  const applications = await adminCall<{ data: { id: number }[] }>(baseUrl, op, `/otc/merchants?user_id=${user.id}&status=pending`);
  const decided = await adminCall(baseUrl, op, '/otc/merchants/decide', { id: applications.message.data[0]!.id, decision: 'approve', reason: '' });
  expect(decided.type).toBe('ok');
  return { ...user, name };
}

const expectAuditOk = () => expectLedgerAudited(baseUrl, operatorToken());

/** A phone logged in as `token`, in `lang` and `theme`, at `route`. */
const phoneAs = (token: string, route: string, options: { lang?: string; theme?: string; width?: number } = {}) => openPhoneAs(browser(), baseUrl, token, route, options);

/** The figures of one coin in one account of the assets page, as one line. */
async function shownFigures(page: Page, account: string, coin: string) {
  await page.getByRole('tablist', { name: 'Accounts' }).getByRole('tab', { name: account }).click();
  const item = page.getByRole('region', { name: account }).getByRole('listitem').filter({ hasText: coin });
  return (await item.innerText()).replace(/\s+/g, ' ');
}

/** What the first story leaves for the second: a merchant with an ad and a completed order. */
const seen: { merchantToken?: string; orderId?: string } = {};

const KEY_SHAPE = new RegExp(`\\b(?:${Object.keys({ ...en, ...enPages }).join('|')})\\.[a-zA-Z_]+(?:\\.[a-zA-Z_]+)*\\b`);

describe('OTC', () => {
  it('a buyer takes a merchant’s sell ad, uploads proof, the merchant releases, and the buyer’s fiat account shows the coins', async () => {
    const coins = await userApi<CurrencyItem[]>(baseUrl, '/currency/list', { method: 'GET' });
    const usdt = coins.find((c) => c.name === 'USDT')!.id;
    const merchant = await makeMerchant(usdt);
    const config = await userApi<OtcConfig>(baseUrl, '/otc/config', { method: 'GET', token: merchant.token });
    const bank = config.methods.find((m) => m.kind === 'bank')!;
    const ad = await userApi<OtcAdView>(baseUrl, '/otc/ad/post', {
      token: merchant.token,
      data: { side: 'sell', currency_id: usdt, fiat: 'CNY', price_type: 'fixed', price: '7.23', quantity: '500', min_fiat: '100', max_fiat: '2000', method_ids: String(bank.id), pay_minutes: 15, remark: 'Own-name accounts only' },
    });
    expect(ad).toMatchObject({ side: 'sell', remaining: '500', status: 'online' });

    const buyer = await makeUserWithMobile(baseUrl, 'otc-buyer');
    await verify(buyer, false);

    // The buyer finds the ad in the CNY market and takes 20 USDT, entered in the coin.
    const { page, errors, close } = await phoneAs(buyer.token, `/pages/otc/otc?tab=market&side=buy&coin=${usdt}&fiat=CNY`);
    const card = page.getByRole('article', { name: `Ad by ${merchant.name}` });
    await card.waitFor(SLOW);
    await screenshot(page, 'otc-market');
    await card.getByRole('button', { name: 'Buy USDT' }).click();
    const sheet = page.locator('.otc-sheet');
    await sheet.getByRole('button', { name: 'In USDT' }).click();
    await sheet.getByLabel('Quantity (USDT)').fill('20');
    await expect.poll(() => sheet.locator('dt', { hasText: 'You pay' }).locator('xpath=following-sibling::dd').innerText()).toBe('144.6 CNY');
    await screenshot(page, 'otc-take');
    await sheet.getByRole('button', { name: 'Place order' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: 'Buy 20 USDT for 144.6 CNY at 7.23?' });
    await confirm.getByRole('button', { name: 'Place order' }).click();
    await expect.poll(() => page.url(), SLOW).toContain('?order=');
    const orderId = new URL(page.url().replace('#', '')).searchParams.get('order')!;
    Object.assign(seen, { merchantToken: merchant.token, orderId });

    // The order: escrowed, the seller's bank card shown; paid outside, marked paid with a proof.
    const placed = await userApi<OtcOrderView>(baseUrl, '/otc/order', { method: 'GET', token: buyer.token, data: { id: orderId } });
    expect(placed).toMatchObject({ role: 'buyer', status: 'pending', quantity: '20', fiat_amount: '144.6' });
    await page.getByRole('group', { name: 'Seller’s payment details' }).getByText('6222020200112230').waitFor(SLOW);
    await page.getByRole('timer').waitFor();
    await page.getByRole('radio', { name: bank.name }).check();
    await page.getByLabel('Proof of payment').setInputFiles({ name: 'transfer.png', mimeType: 'image/png', buffer: Buffer.from(PNG) });
    await page.getByRole('button', { name: 'I have paid' }).click();
    await page.getByRole('dialog').filter({ hasText: 'Have you paid 144.6 CNY to the seller?' }).getByRole('button', { name: 'I have paid' }).click();
    await page.getByText('Waiting for the seller to confirm the payment and release the coins.').waitFor(SLOW);
    await screenshot(page, 'otc-order-paid');

    // The merchant, on their own phone, sees the proof and releases.
    const seller = await phoneAs(merchant.token, `/pages/otc/otc?order=${orderId}`);
    await seller.page.getByText('Paid, awaiting release').first().waitFor(SLOW);
    await expect.poll(() => seller.page.getByRole('img', { name: 'Proof of payment' }).evaluate((img: HTMLImageElement) => img.naturalWidth), SLOW).toBe(1);
    await seller.page.getByLabel('Pay password').fill(PAY_PASSWORD);
    await seller.page.getByRole('button', { name: 'Release', exact: true }).click();
    await seller.page.getByRole('dialog').filter({ hasText: 'Releasing sends 20 USDT to the buyer' }).getByRole('button', { name: 'Release' }).click();
    await seller.page.getByText('You released 20 USDT to the buyer.').waitFor(SLOW);
    expect(seller.errors).toEqual([]);
    await seller.close();

    // The buyer's screen follows live, and the fiat account holds the coins.
    await page.getByText('20 USDT are in your fiat account.').waitFor(LONG);
    await screenshot(page, 'otc-order-released');
    await go(page, '/pages/fund/assets');
    await expect.poll(() => shownFigures(page, 'Fiat account', 'USDT'), LONG).toMatch(/Balance 20 Available 20 Frozen 0/);
    const mine = await userApi<{ data: OtcAdView[] }>(baseUrl, '/otc/my/ads', { method: 'GET', token: merchant.token });
    expect(mine.data.find((a) => a.id === ad.id)).toMatchObject({ remaining: '480' });

    // Quick buy: 150 CNY quotes the best ad now; confirming opens the same kind of order, cancelled here before paying.
    await go(page, '/pages/otc/otc?tab=quick');
    await page.getByLabel('Fiat currency').selectOption('CNY');
    await page.getByLabel('Amount (CNY)').fill('150');
    const best = page.getByRole('region', { name: 'Best ad for this amount' });
    await best.waitFor(SLOW);
    const quotedPrice = (await best.locator('dt', { hasText: 'Price' }).locator('xpath=following-sibling::dd').innerText()).replace(' CNY', '');
    await page.getByRole('button', { name: 'Buy USDT' }).click();
    await page.getByRole('dialog').filter({ hasText: 'from the best ad now?' }).getByRole('button', { name: 'Place order' }).click();
    await expect.poll(() => page.url(), SLOW).toContain('?order=');
    const quickId = new URL(page.url().replace('#', '')).searchParams.get('order')!;
    const quick = await userApi<OtcOrderView>(baseUrl, '/otc/order', { method: 'GET', token: buyer.token, data: { id: quickId } });
    expect(quick).toMatchObject({ status: 'pending', price: quotedPrice, fiat: 'CNY' });
    expect(Number(quick.fiat_amount)).toBeLessThanOrEqual(150);
    await page.getByRole('button', { name: 'Cancel order' }).click();
    await page.getByRole('dialog').filter({ hasText: 'Cancel this order?' }).getByRole('button', { name: 'Cancel order' }).click();
    await page.getByText(`The buyer cancelled the order; the ${quick.quantity} USDT went back to the seller.`).waitFor(SLOW);
    expect(errors).toEqual([]);
    await close();
    await expectAuditOk();
  });

  it('shows the OTC views in all eight languages, both themes, at 360 px without overflow or a missing text', async () => {
    // The merchant of the first story has ads, an order and payment methods to show; a new one otherwise.
    const token = seen.merchantToken ?? (await makeUserWithMobile(baseUrl, 'otc-langs')).token;
    const { page, errors, close } = await phoneAs(token, '/pages/otc/otc', { width: 360 });
    for (const [index, lang] of LANGS.entries()) {
      const theme = index % 2 === 0 ? 'light' : 'dark';
      await page.evaluate(([l, th]) => (localStorage.setItem('lang', l!), localStorage.setItem('theme', th!)), [lang, theme]);
      for (const view of ['?tab=market', '?tab=quick', '?tab=orders', '?tab=merchant', '?tab=payments', '?tab=merchant&post=new', ...(seen.orderId ? [`?order=${seen.orderId}`] : [])]) {
        await go(page, `/pages/otc/otc${view}`);
        if (view === '?tab=market') await page.reload();
        await page.locator('.page.otc').waitFor(SLOW);
        await expect.poll(() => page.locator('[role="status"]').count(), SLOW).toBe(0);
        const text = await page.locator('#root').innerText();
        expect(text, `${lang} ${view}`).not.toMatch(KEY_SHAPE);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `${lang} ${theme} ${view} overflows`).toBeLessThanOrEqual(0);
        // Nothing hidden by a row that scrolls sideways: every tab and toggle lies within the screen.
        const clipped = await page.evaluate(() =>
          [...document.querySelectorAll('.segment-tabs__tab')].filter((tab) => tab.getBoundingClientRect().right > window.innerWidth + 0.5).map((tab) => tab.textContent),
        );
        expect(clipped, `${lang} ${view} clipped`).toEqual([]);
        if (lang === 'fra' || lang === 'kor') await screenshot(page, `otc-${lang}-${theme}-${view.replace(/\W+/g, '-')}`);
      }
    }
    expect(errors).toEqual([]);
    await close();
  });
});
