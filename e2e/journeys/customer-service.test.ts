// Proves the in-app customer-service thread both ways in chromium against the real server: a user writes
// from settings' entry with an image, an operator finds the thread in the back-office inbox (unread),
// sees the text and the image and answers; the user's settings entry shows the unread answer as it
// arrives (realtime), the thread shows it, and a second answer reaches the open thread without a reload.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { openDesktop, operatorLogin } from '../support/back-office.ts';
import { openPhone, screenshot, sharedBrowser } from '../support/browser.ts';
import { makeUserWithMobile, PNG } from '../support/funds.ts';
import { go, settled } from '../support/pages.ts';

const baseUrl = inject('baseUrl');
const browser = sharedBrowser();

const QUESTION = `My deposit has not arrived (${Date.now().toString(36)})`;
const ANSWER = 'We found it: it is credited now.';
const FOLLOW_UP = 'Anything else we can do?';

/** The settings entry's accessible name: its label and, when there are some, the unread answers. */
const entry = (page: Page) => page.getByRole('button', { name: /^Customer service/ });

describe('customer service', () => {
  it('carries a thread both ways: the user writes with an image, the operator answers, the user sees it and the unread count', async () => {
    const user = await makeUserWithMobile(baseUrl, 'kefu');
    const phone = await openPhone(browser(), baseUrl);
    const office = await openDesktop(browser(), baseUrl);
    try {
      const { page } = phone;
      await page.goto('/');
      await page.evaluate((token) => localStorage.setItem('token', token), user.token);
      await page.reload();

      // The user writes from settings' entry: text and a screenshot.
      await go(page, '/pages/setting/setting');
      await entry(page).click();
      await settled(page);
      await page.getByLabel('Message', { exact: true }).fill(QUESTION);
      await page.getByLabel('Add an image').setInputFiles({ name: 'shot.png', mimeType: 'image/png', buffer: Buffer.from(PNG) });
      await page.getByRole('button', { name: 'Remove the image' }).waitFor();
      await page.getByRole('button', { name: 'Send' }).click();
      const thread = page.getByRole('region', { name: 'Messages' });
      await thread.getByText(QUESTION).waitFor();
      await thread.getByRole('img', { name: 'Attached image' }).waitFor();
      await go(page, '/pages/setting/setting');
      await expect.poll(() => entry(page).textContent()).toBe('Customer service');

      // The operator finds the thread unread in the inbox, sees the text and the image, and answers.
      const desk = office.page;
      await operatorLogin(desk);
      await desk.getByRole('menuitem', { name: 'Customer service' }).click();
      await desk.getByRole('heading', { name: 'Customer service' }).waitFor();
      await desk.getByRole('switch', { name: 'Unread only' }).click();
      const row = desk.getByRole('row').filter({ hasText: user.email });
      await row.getByText(QUESTION).waitFor();
      await row.getByRole('button', { name: `Open the thread of user #${user.id}` }).click();
      const card = desk.getByRole('region', { name: `Thread with ${user.email}` });
      await card.getByRole('article', { name: 'User' }).getByText(QUESTION).waitFor();
      await card.getByRole('img', { name: 'Image the user attached' }).waitFor();
      await card.getByLabel('Your answer').fill(ANSWER);
      await card.getByRole('button', { name: 'Reply' }).click();
      await card.getByRole('article', { name: 'Operator admin' }).getByText(ANSWER).waitFor();
      await screenshot(desk, 'admin-support');

      // The user's settings entry counts the answer as it arrives, and the thread shows it.
      await expect.poll(() => entry(page).textContent(), { timeout: 15_000 }).toContain('1 unread');
      await screenshot(page, 'settings-support-unread');
      await entry(page).click();
      await page.getByRole('region', { name: 'Messages' }).getByText(ANSWER).waitFor();
      await screenshot(page, 'kefu-thread');

      // A second answer reaches the open thread without a reload.
      await card.getByLabel('Your answer').fill(FOLLOW_UP);
      await card.getByRole('button', { name: 'Reply' }).click();
      await page.getByRole('region', { name: 'Messages' }).getByText(FOLLOW_UP).waitFor({ timeout: 15_000 });

      // Read in the thread: the entry has no count left.
      await go(page, '/pages/setting/setting');
      await expect.poll(() => entry(page).textContent(), { timeout: 15_000 }).toBe('Customer service');
      expect(phone.errors).toEqual([]);
      expect(office.errors).toEqual([]);
    } finally {
      await phone.context.close();
      await office.context.close();
    }
  });
});
