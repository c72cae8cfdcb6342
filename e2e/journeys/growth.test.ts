// Proves the growth loop end to end in chromium against the real server, its market maker and its job
// scheduler: a user shares the invite link from the share page (code, link, QR code); a friend opens the
// link, finds the invite code filled in and registers from it; the friend trades spot (through the API)
// and, within seconds, the inviter sees the rebate on the share page. And an operator issues a fee coupon
// in the back office; a user claims it in the coupon centre, applies it, trades spot and sees its
// remaining value go down. The ledger audit holds after each.
import { mul, receiveUnits, sub } from '@fairex/contract';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { latestCodeFor, operatorToken } from '../support/api.ts';
import { openDesktop, operatorLogin } from '../support/back-office.ts';
import { openPhone, openPhoneAs, screenshot, sharedBrowser } from '../support/browser.ts';
import { adminCall, apiUser, expectLedgerAudited, userApi } from '../support/funds.ts';
import { hashOf, SLOW, settled } from '../support/pages.ts';

const baseUrl = inject('baseUrl');
const browser = sharedBrowser();

type Quotation = { id: number; symbol: string; currency_id: number | null; legal_id: number };
type Paged<T> = { data: T[]; total: number };

async function btcMarket() {
  const quotations = await userApi<Quotation[]>(baseUrl, '/currency/quotation_new', { method: 'GET' });
  return quotations.find((q) => q.symbol === 'BTC/USDT')!;
}

/** The operator credits USDT to a user's spot account (a logged adjustment), as the back office does. */
async function fund(userId: number, usdt: number, amount: string) {
  const res = await adminCall(baseUrl, operatorToken(), '/balances/adjust', { user_id: userId, currency_id: usdt, kind: 'spot', amount, reason: 'growth journey funding' });
  expect(res.type, JSON.stringify(res)).toBe('ok');
}

/** A market buy of 0.002 BTC against the market maker, through the API: its fee is paid in USDT. */
async function buyBtc(token: string) {
  const btc = await btcMarket();
  const order = await userApi<{ status: string; fee: string }>(baseUrl, '/coin/trade', { token, data: { amount: '0.002', currency_id: btc.currency_id!, legal_id: btc.legal_id, type: 'buy' } });
  expect(order.status).toBe('filled');
  expect(Number(order.fee)).toBeGreaterThan(0);
  return order;
}

const expectAuditOk = () => expectLedgerAudited(baseUrl, operatorToken());

const phoneAs = (token: string, route: string) => openPhoneAs(browser(), baseUrl, token, route);

/** A figure of a label/value list: the value beside its label. */
const figure = (scope: ReturnType<Page['locator']>, label: string) => scope.locator('dt', { hasText: label }).first().locator('xpath=following-sibling::dd').innerText();

describe('invitations and coupons', () => {
  it('a friend registers from the invite link and trades, and the inviter sees the rebate on the share page', async () => {
    const inviter = await apiUser(baseUrl, 'inviter');
    const sharer = await phoneAs(inviter.token, '/pages/setting/share');
    const card = sharer.page.getByRole('region', { name: 'Invite code' });
    await card.waitFor(SLOW);
    const code = await card.locator('.growth-code').innerText();
    const link = await card.getByLabel('Invite link').innerText();
    expect(link).toBe(`${baseUrl}/#/pages/common/register?code=${code}`);
    expect(await card.locator('svg > title').textContent()).toBe('QR code of your invite link');
    await screenshot(sharer.page, 'share-page');

    // The friend opens the link in a browser of their own: the invite code is filled in.
    const friendPhone = await openPhone(browser(), baseUrl);
    const { page } = friendPhone;
    await page.goto(link);
    await expect.poll(() => page.getByLabel('Invite code (optional)').inputValue(), SLOW).toBe(code);
    const email = `friend-${Date.now()}@example.com`;
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Get code' }).click();
    await expect.poll(() => page.getByRole('button', { name: /Resend in \d+ s/ }).isVisible()).toBe(true);
    await page.getByLabel('Password', { exact: true }).fill('secret-pass');
    await page.getByLabel('Confirm password').fill('secret-pass');
    await page.getByLabel('Verification code').fill(await latestCodeFor(baseUrl, email));
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    await expect.poll(() => hashOf(page), SLOW).toBe('#/');
    expect(friendPhone.errors).toEqual([]);
    await friendPhone.context.close();

    // The inviter counts the friend, masked.
    await sharer.page.reload();
    await expect.poll(() => sharer.page.getByRole('list', { name: 'Invited friends' }).innerText(), SLOW).toContain(`${email[0]}***@example.com`);

    // The friend trades spot; the fee-posting job pays the inviter within seconds.
    const friend = { token: await userApi<string>(baseUrl, '/user/login', { data: { user_string: email, password: 'secret-pass' } }) };
    const btc = await btcMarket();
    const me = await userApi<{ id: number }>(baseUrl, '/user/info', { token: friend.token, method: 'GET' });
    await fund(me.id, btc.legal_id, '1000');
    const order = await buyBtc(friend.token);
    const rebates = () => userApi<Paged<{ amount: string; fee: string }>>(baseUrl, '/share/rebates', { token: inviter.token, method: 'GET' });
    await expect.poll(async () => (await rebates()).total, { timeout: 20_000 }).toBe(1);
    // The fee the fill posted (the order's, in whole USDT units), and 20 % of it rounded down to USDT's 6 decimals.
    const paid = (await rebates()).data[0]!;
    expect(Math.abs(Number(paid.fee) - Number(order.fee))).toBeLessThan(1e-6);
    const expected = receiveUnits(mul(paid.fee, '0.2'), 6);
    expect(paid.amount).toBe(expected);

    await sharer.page.reload();
    await sharer.page.getByRole('tab', { name: 'Rebates' }).click();
    const rebate = sharer.page.getByRole('article', { name: `Rebate of ${expected} USDT` });
    await rebate.waitFor(SLOW);
    expect(await figure(rebate, 'From')).toBe(`${email[0]}***@example.com · Your invitee`);
    expect(await figure(rebate, 'Fee')).toBe(`${paid.fee} USDT`);
    expect(await figure(rebate, 'Share')).toBe('20%');
    await expect.poll(() => figure(card, 'Rebates received')).toBe(`${expected} USDT`);
    await screenshot(sharer.page, 'share-rebate');
    expect(sharer.errors).toEqual([]);
    await sharer.context.close();
    await expectAuditOk();
  });

  it('an operator issues a fee coupon; a user claims it, applies it, trades spot and sees its remaining value go down', async () => {
    const name = `Fee coupon ${Date.now()}`;
    const desk = await openDesktop(browser(), baseUrl);
    await operatorLogin(desk.page);
    await desk.page.getByRole('menuitem', { name: 'Coupons' }).click();
    await desk.page.getByRole('heading', { name: 'Coupons', exact: true }).waitFor();
    await desk.page.getByRole('button', { name: 'Issue a batch' }).click();
    const dialog = desk.page.getByRole('dialog', { name: 'Issue a batch' });
    await dialog.getByLabel('Name (English)').fill(name);
    await dialog.getByRole('textbox', { name: 'Value' }).fill('5');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => desk.page.getByRole('row').filter({ hasText: name }).count(), SLOW).toBe(1);
    await screenshot(desk.page, 'coupons-back-office');
    expect(desk.errors).toEqual([]);

    const user = await apiUser(baseUrl, 'coupon');
    const btc = await btcMarket();
    await fund(user.id, btc.legal_id, '1000');
    const { page, context, errors } = await phoneAs(user.token, '/pages/setting/coupon');
    await settled(page, 'coupon centre');
    const offer = page.getByRole('article', { name });
    await offer.getByRole('button', { name: 'Claim' }).click();
    await expect.poll(() => page.getByText('Coupon claimed').first().isVisible()).toBe(true);
    await expect.poll(() => offer.getByRole('button', { name: 'Claimed' }).isDisabled()).toBe(true);

    await page.getByRole('tab', { name: 'My coupons' }).click();
    const coupon = page.getByRole('article', { name });
    await coupon.getByRole('button', { name: 'Use' }).click();
    const confirm = page.getByRole('dialog');
    await expect.poll(() => confirm.innerText()).toContain('your spot trading fees in USDT are refunded from this coupon until its 5 USDT are used up');
    await confirm.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => coupon.innerText(), SLOW).toContain('In use: fees refunded within seconds of each fill.');
    expect(await figure(coupon, 'Remaining')).toBe('5 USDT');

    const order = await buyBtc(user.token);
    // The job refunds the fee the fill posted (the order's, in whole USDT units); the screen shows 5 less it.
    const claim = async () => (await adminCall<Paged<{ refunded: string; status: string }>>(baseUrl, operatorToken(), `/coupons/claims?user_id=${user.id}`)).message.data[0]!;
    await expect.poll(async () => Number((await claim()).refunded), { timeout: 20_000 }).toBeGreaterThan(0);
    const { refunded, status } = await claim();
    expect(status).toBe('active');
    expect(Math.abs(Number(refunded) - Number(order.fee))).toBeLessThan(1e-6);
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByRole('tab', { name: 'My coupons' }).click();
          return figure(page.getByRole('article', { name }), 'Remaining');
        },
        { timeout: 20_000, interval: 1_000 },
      )
      .toBe(`${sub('5', refunded)} USDT`);
    await screenshot(page, 'coupon-in-use');
    expect(errors).toEqual([]);
    await context.close();
    await desk.context.close();

    await expectAuditOk();
  });
});
