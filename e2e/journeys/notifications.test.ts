// Proves notifications in chromium against the real server: with the user's app open on home, an operator
// approves their withdrawal in the back office and, without a reload, the bell's unread count moves and the
// list in settings shows the approval in words; marking all read clears the badge. Then an operator
// publishes a system notice in English and Chinese from the back office: a reader in English (whose open
// app is told over realtime) and a reader in Chinese each see their version, and the back office counts
// who read it. The user's side is set up through the user API.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { operatorToken } from '../support/api.ts';
import { approveWithdrawal, openDesktop, openQueue, operatorLogin, rowOf } from '../support/back-office.ts';
import { openPhone, screenshot, sharedBrowser } from '../support/browser.ts';
import { adminCall, makeUserWithMobile, newIdCard, PAY_PASSWORD, TRC20_USER, uploadImage, userApi, type CurrencyItem } from '../support/funds.ts';
import { openWithStorage } from '../support/pages.ts';
import { watchRealtime } from '../support/realtime.ts';

const baseUrl = inject('baseUrl');
const browser = sharedBrowser();
/** A signal goes out within about a second (the push job); a loaded machine gets more. */
const LIVE = { timeout: 30_000 };

const unreadOf = async (token: string) => (await userApi<{ unread: number }>(baseUrl, '/notification/unread', { method: 'GET', token })).unread;

/** A verified user with 200 USDT and a bound TRC20 address, and a pending withdrawal of 100 USDT to it. */
async function userWithPendingWithdrawal() {
  const op = operatorToken();
  const user = await makeUserWithMobile(baseUrl, 'notices');
  await userApi(baseUrl, '/user/real', { token: user.token, data: { real_type: 1, id_type: 1, name: 'Li Lei', card_id: newIdCard() } });
  const queue = await adminCall<{ data: { id: number }[] }>(baseUrl, op, `/identity?user_id=${user.id}&status=pending`);
  expect((await adminCall(baseUrl, op, `/identity/${queue.message.data[0]!.id}/approve`, {})).type).toBe('ok');
  const usdt = (await userApi<CurrencyItem[]>(baseUrl, '/currency/list', { method: 'GET' })).find((c) => c.name === 'USDT')!;
  const funded = await adminCall(baseUrl, op, '/balances/adjust', { user_id: user.id, currency_id: usdt.id, kind: 'change', amount: '200', reason: 'notifications journey' });
  expect(funded.type).toBe('ok');
  const qrcode = await uploadImage(baseUrl, user.token);
  const address = await userApi<{ id: number }>(baseUrl, '/user/wallet/save', {
    token: user.token,
    data: { currency: usdt.id, name: 'mine', address: TRC20_USER, qrcode, pay_password: PAY_PASSWORD },
  });
  const withdrawal = await userApi<{ id: number; arrival: string; fee: string }>(baseUrl, '/wallet/out', {
    token: user.token,
    data: { currency: usdt.id, number: '100', address_id: address.id, pay_password: PAY_PASSWORD },
  });
  return { ...user, withdrawal };
}

/** The app on a phone, logged in as `token`, in `lang`, opened at `route`, its realtime connection in the user's room. */
async function openApp(token: string, route: string, lang = 'en') {
  const phone = await openPhone(browser(), baseUrl);
  const realtime = watchRealtime(phone.page);
  await openWithStorage(phone.page, route, { token, lang });
  await realtime.authenticated;
  // Set once: still there at the end shows the page was never reloaded.
  await phone.page.evaluate(() => Object.assign(window, { notReloaded: true }));
  return phone;
}

const notReloaded = (page: Page) => page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded === true);

describe('notifications', () => {
  it('shows a withdrawal approved in the back office on the user’s open app, badge and list, without a reload', async () => {
    const user = await userWithPendingWithdrawal();
    const before = await unreadOf(user.token);
    // The identity approval at least, and the demo notice of a development start.
    expect(before).toBeGreaterThanOrEqual(1);
    const phone = await openApp(user.token, '/');
    const office = await openDesktop(browser(), baseUrl);
    try {
      const bell = phone.page.getByRole('link', { name: /^Notifications/ });
      await expect.poll(() => bell.getAttribute('aria-label'), LIVE).toBe(`Notifications, ${before} unread`);
      await screenshot(phone.page, 'notifications-bell');

      await operatorLogin(office.page);
      await openQueue(office.page, 'Withdrawals', user.id);
      await rowOf(office.page, user.withdrawal.id).waitFor();
      await approveWithdrawal(office.page, user.withdrawal.id, '0xe2e-notice');

      // The open home page hears of it: the bell's count moves by one.
      await expect.poll(() => bell.getAttribute('aria-label'), LIVE).toBe(`Notifications, ${before + 1} unread`);
      await bell.click();
      const sheet = phone.page.getByRole('dialog', { name: 'Notifications' });
      const approved = sheet.getByRole('article', { name: 'Withdrawal approved' });
      await approved.waitFor(LIVE);
      expect(await approved.innerText()).toContain(
        `Your withdrawal of 100 USDT has been approved: ${user.withdrawal.arrival} USDT is on its way (fee ${user.withdrawal.fee} USDT).`,
      );
      expect(await approved.innerText()).toContain('Just now');
      await screenshot(phone.page, 'notifications-list');

      await sheet.getByRole('button', { name: 'Mark all as read' }).click();
      await expect.poll(() => unreadOf(user.token), LIVE).toBe(0);
      await sheet.getByRole('button', { name: 'Close' }).click();
      await expect.poll(() => phone.page.getByRole('button', { name: /^Notifications/ }).innerText(), LIVE).toBe('Notifications');
      expect(await notReloaded(phone.page)).toBe(true);
      expect([...phone.errors, ...office.errors]).toEqual([]);
    } finally {
      await phone.context.close();
      await office.context.close();
    }
  });

  it('shows a system notice published in English and Chinese to each reader in their language, and counts who read it', async () => {
    const op = operatorToken();
    const english = await makeUserWithMobile(baseUrl, 'notice-en');
    const chinese = await makeUserWithMobile(baseUrl, 'notice-zh');
    const title = { en: `Maintenance ${Date.now()}`, zh: `系统维护 ${Date.now()}` };
    const reader = await openApp(english.token, '/pages/setting/setting');
    const office = await openDesktop(browser(), baseUrl);
    let id: number | undefined;
    try {
      const row = reader.page.getByRole('button', { name: /^Notifications/ });
      const before = await unreadOf(english.token);

      await operatorLogin(office.page);
      await office.page.getByRole('menuitem', { name: 'Notices' }).click();
      await office.page.getByRole('heading', { name: 'System notices' }).waitFor();
      await office.page.getByRole('button', { name: 'New notice' }).click();
      const form = office.page.getByRole('dialog', { name: 'New notice' });
      await form.getByLabel('Title (English)').fill(title.en);
      await form.getByLabel('Text (English)').fill('Trading pauses from 02:00 to 03:00 UTC.');
      // A click while the dialog is still settling can be lost: clicked until the tab shows.
      const chineseTab = form.getByRole('tab', { name: '简体中文' });
      await expect
        .poll(async () => {
          await chineseTab.click();
          return chineseTab.getAttribute('aria-selected');
        }, LIVE)
        .toBe('true');
      await form.getByLabel('Title (简体中文)').fill(title.zh);
      await form.getByLabel('Text (简体中文)').fill('交易将于 UTC 02:00 至 03:00 暂停。');
      await form.getByRole('button', { name: 'Publish' }).click();
      const published = office.page.getByRole('row').filter({ hasText: title.en });
      await published.getByText('Published').waitFor(LIVE);
      await screenshot(office.page, 'admin-notices');
      const list = await adminCall<{ data: { id: number; texts: { en: { title: string } } }[] }>(baseUrl, op, '/notices');
      id = list.message.data.find((n) => n.texts.en.title === title.en)!.id;

      // The English reader's open settings page is told: its count moves, and the list shows the English version.
      await expect.poll(() => row.innerText(), LIVE).toContain(`${before + 1} unread`);
      await row.click();
      const notice = reader.page.getByRole('dialog', { name: 'Notifications' }).getByRole('article', { name: title.en });
      await notice.waitFor(LIVE);
      expect(await notice.innerText()).toContain('Trading pauses from 02:00 to 03:00 UTC.');
      expect(await notice.innerText()).toContain('System notice');
      await notice.getByRole('button', { name: 'Mark as read' }).click();
      await expect.poll(() => unreadOf(english.token), LIVE).toBe(before);

      // The Chinese reader gets the Chinese version.
      const chineseReader = await openApp(chinese.token, '/pages/setting/setting?notices=1', 'zh');
      try {
        const version = chineseReader.page.getByRole('dialog', { name: '消息通知' }).getByRole('article', { name: title.zh });
        await version.waitFor(LIVE);
        expect(await version.innerText()).toContain('交易将于 UTC 02:00 至 03:00 暂停。');
        expect(await version.innerText()).toContain('系统公告');
        await screenshot(chineseReader.page, 'notifications-zh');
        expect(chineseReader.errors).toEqual([]);
      } finally {
        await chineseReader.context.close();
      }

      // The back office counts the one reader.
      await office.page.reload();
      await expect.poll(async () => (await office.page.getByRole('row').filter({ hasText: title.en }).innerText()).replace(/\s+/g, ' '), LIVE).toMatch(/ 1 of \d+ users /);
      expect(await notReloaded(reader.page)).toBe(true);
      expect([...reader.errors, ...office.errors]).toEqual([]);
    } finally {
      // Every user sees every notice: later journeys start without this one.
      if (id !== undefined) await adminCall(baseUrl, op, `/notices/${id}/withdraw`, {});
      await reader.context.close();
      await office.context.close();
    }
  });
});
