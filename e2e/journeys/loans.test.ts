// Proves a crypto-backed loan end to end in chromium against the run's server (a development start: the
// demo loan product and its funded pool; no time needs to pass): the demo user opens /pages/common/borrowing on a phone,
// pledges 0.1 BTC and borrows 1,000 USDT with the live preview on screen, confirms, sees the loan with its
// debt and LTV among "My loans", then repays it in full and sees the BTC back in the spot account. Figures
// on screen are the API's, and the ledger audit holds after each step. Then the screen's three tabs, with
// an open loan and a filled form, in all eight languages and both themes on a 360 px phone: no horizontal
// overflow, no console error, no catalogue key left showing. Last, the back office's Loans page: the open
// loan with its LTV, and the lending pool funded from equity through the ledger.
import { LANGS, type Lang, type LoanProductView, type LoanView } from '@fairex/contract';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { demoToken, operatorToken } from '../support/api.ts';
import { openPhone, openPhoneAs, screenshot, sharedBrowser } from '../support/browser.ts';
import { adminCall, expectLedgerAudited, spotFigures, userApi } from '../support/funds.ts';
import { openDesktop, operatorLogin, rowOf } from '../support/back-office.ts';
import { SLOW, openWithStorage } from '../support/pages.ts';

const browser = sharedBrowser();
const server = { baseUrl: inject('baseUrl') };
const operator = operatorToken();
let token: string;

beforeAll(async () => {
  token = await demoToken(server.baseUrl);
});

const api = <T>(path: string, data: Record<string, string | number> = {}, method: 'GET' | 'POST' = 'POST') => userApi<T>(server.baseUrl, path, { token, data, method });
type Paged<T> = { data: T[]; total: number };

const expectAuditOk = () => expectLedgerAudited(server.baseUrl, operator);

/** A figure of a label/value list: the value beside its label. */
const figure = (page: Page, scope: string, label: string) => page.locator(scope).locator('dt', { hasText: label }).first().locator('xpath=following-sibling::dd').innerText();

describe('loans', () => {
  it('borrows 1,000 USDT against 0.1 BTC with a live LTV, and repays it in full to get the BTC back', async () => {
    const products = await api<LoanProductView[]>('/loan/products', {}, 'GET');
    const product = products.find((p) => p.currency === 'USDT' && p.collaterals.some((c) => c.currency === 'BTC'))!;
    const btc = product.collaterals.find((c) => c.currency === 'BTC')!;
    const before = await spotFigures(server.baseUrl, token, btc.currency_id);

    const { page, context, errors } = await openPhoneAs(browser(), server.baseUrl, token, '/pages/common/borrowing');
    const form = `form[aria-label="${product.name}"]`;
    await page.getByLabel('Collateral (BTC)').waitFor(SLOW);
    await page.getByLabel('Collateral (BTC)').fill('0.1');
    await page.getByLabel('Borrow (USDT)').fill('1000');
    // The preview: a day's interest by the rule, and an LTV from the index on screen.
    await expect.poll(() => figure(page, form, "A day's interest"), SLOW).toBe('0.5 USDT');
    await expect.poll(() => figure(page, form, 'LTV'), SLOW).toMatch(/^\d+\.\d{2}%$/);
    await screenshot(page, 'loans-borrow');
    await page.getByRole('button', { name: 'Borrow now' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.innerText()).toContain('Pledge 0.1 BTC and borrow 1000 USDT (Flexible)');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => page.url(), SLOW).toContain('tab=loans');

    const [loan] = (await api<Paged<LoanView>>('/loan/orders', { status: 'open' }, 'GET')).data;
    expect(loan).toMatchObject({ status: 'open', principal: '1000', interest_outstanding: '0.5', debt: '1000.5', collateral: '0.1', collateral_currency: 'BTC' });
    const card = `article[aria-label="Loan #${loan!.id}"]`;
    await expect.poll(() => figure(page, card, 'Debt'), SLOW).toBe('1000.5 USDT');
    expect(await figure(page, card, 'Collateral')).toBe('0.1 BTC');
    const locked = await spotFigures(server.baseUrl, token, btc.currency_id);
    expect(Number(before.available) - Number(locked.available)).toBeCloseTo(0.1, 8);
    await expectAuditOk();

    // Repay the whole debt ("All" fills it): the confirmation says the BTC comes back.
    await page.locator(card).getByRole('button', { name: 'Repay' }).click();
    await page.getByLabel('Repayment (USDT)').waitFor(SLOW);
    await page.locator(card).getByRole('button', { name: 'All' }).click();
    await page.locator(card).getByRole('form', { name: 'Repay' }).getByRole('button', { name: 'Repay' }).click();
    const repay = page.getByRole('dialog');
    await expect.poll(() => repay.innerText()).toContain('Repay the whole debt, 1000.5 USDT? Your 0.1 BTC returns to your spot account.');
    await repay.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(async () => (await api<Paged<LoanView>>('/loan/orders', { status: 'ended' }, 'GET')).data[0]?.status, SLOW).toBe('repaid');
    await expect.poll(() => page.locator('#root').innerText(), SLOW).toContain('No open loans');
    const after = await spotFigures(server.baseUrl, token, btc.currency_id);
    expect(after.available).toBe(before.available);

    await page.getByRole('tab', { name: 'History' }).click();
    const history = page.getByRole('list', { name: 'History' });
    await history.waitFor(SLOW);
    // The newest three: this loan's (the list is the user's whole history, newest first).
    await expect.poll(() => history.getByRole('article').evaluateAll((items) => items.slice(0, 3).map((i) => i.getAttribute('aria-label')))).toEqual(['Collateral returned', 'Repaid', 'Borrowed']);
    await screenshot(page, 'loans-history');
    expect(errors).toEqual([]);
    await context.close();
    await expectAuditOk();
  });
});

/** Text that looks like a loan catalogue key (`loan.tab.borrow`): i18next shows the key when a text is missing. */
const KEY_SHAPE = /\bloan\.[a-zA-Z_]+(?:\.[a-zA-Z_]+)*\b/;

describe('the borrowing screen on a small phone', () => {
  it('fits 360 px in every language and theme, on each tab', async () => {
    const products = await api<LoanProductView[]>('/loan/products', {}, 'GET');
    const product = products.find((p) => p.currency === 'USDT' && p.collaterals.some((c) => c.currency === 'BTC'))!;
    const btc = product.collaterals.find((c) => c.currency === 'BTC')!;
    const loan = await api<LoanView>('/loan/borrow', { product_id: product.id, collateral_currency_id: btc.currency_id, collateral: '0.05', amount: '500', term_days: 7 });
    const { page, context, errors } = await openPhone(browser(), server.baseUrl);
    await page.setViewportSize({ width: 360, height: 780 });
    for (const [index, lang] of (['en', ...LANGS.filter((l) => l !== 'en')] as Lang[]).entries()) {
      const theme = index % 2 === 0 ? 'light' : 'dark';
      // One load per language; the tabs then switch in place, as a user taps them.
      await openWithStorage(page, '/pages/common/borrowing?tab=borrow', { token, lang, theme });
      for (const [tabIndex, tab] of ['borrow', 'loans', 'history'].entries()) {
        const where = `${lang} ${theme} ${tab}`;
        if (tabIndex > 0) await page.getByRole('tab').nth(tabIndex).click();
        await page.locator('.card').first().waitFor(SLOW);
        if (tab === 'borrow') {
          await page.locator('input').nth(0).fill('0.12345678');
          await page.locator('input').nth(1).fill('1234.567891');
        }
        if (tab === 'loans') await page.locator('article').first().getByRole('button').first().click();
        expect((await page.locator('#root').innerText()).match(KEY_SHAPE)?.[0], where).toBeUndefined();
        expect(await page.evaluate(() => document.documentElement.scrollWidth), where).toBeLessThanOrEqual(360);
        expect(errors, where).toEqual([]);
      }
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
      if (lang === 'th') await screenshot(page, `loans-th-${theme}-history`);
    }
    await context.close();
    await api<LoanView>('/loan/repay', { id: loan.id, amount: (await api<Paged<LoanView>>('/loan/orders', { status: 'open' }, 'GET')).data[0]!.debt });
    await expectAuditOk();
  });
});

describe('loans in the back office', () => {
  it('shows the open loan with its LTV and funds the pool from equity', async () => {
    const products = await api<LoanProductView[]>('/loan/products', {}, 'GET');
    const product = products.find((p) => p.currency === 'USDT' && p.collaterals.some((c) => c.currency === 'BTC'))!;
    const btc = product.collaterals.find((c) => c.currency === 'BTC')!;
    const loan = await api<LoanView>('/loan/borrow', { product_id: product.id, collateral_currency_id: btc.currency_id, collateral: '0.05', amount: '800', term_days: 0 });
    type Overview = { pool: { account: string; currency: string; balance: string }[] };
    const poolOf = async () => Number((await adminCall<Overview>(server.baseUrl, operator, '/loans')).message.pool.find((b) => b.account === 'loans' && b.currency === 'USDT')!.balance);
    const before = await poolOf();

    const { page, context, errors } = await openDesktop(browser(), server.baseUrl);
    await operatorLogin(page);
    await page.getByRole('menuitem', { name: 'Loans' }).click();
    await page.getByRole('heading', { name: 'Crypto-backed loans' }).waitFor(SLOW);
    const row = rowOf(page, Number(loan.id));
    await expect.poll(() => row.innerText(), SLOW).toContain('Open');
    // The LTV in percent, to at most two decimals (trailing zeros dropped: 24.7%).
    expect(await row.innerText()).toMatch(/\d+(\.\d{1,2})?%/);
    await page.getByRole('button', { name: 'Fund from equity' }).click();
    const dialog = page.getByRole('dialog', { name: 'Move equity into the lending pool' });
    await dialog.getByLabel('Amount').fill('1000');
    await dialog.getByRole('button', { name: 'Fund from equity' }).click();
    await expect.poll(poolOf, SLOW).toBe(before + 1000);
    await screenshot(page, 'loans-back-office');
    expect(errors).toEqual([]);
    await context.close();
    await api<LoanView>('/loan/repay', { id: loan.id, amount: (await api<Paged<LoanView>>('/loan/orders', { status: 'open' }, 'GET')).data[0]!.debt });
    await expectAuditOk();
  });
});
