// Proves the back office in a real browser: the operator logs into /admin, finds a newly registered
// user with their ledger accounts, and finds that user's verification mail in the outbox.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { latestCodeFor } from '../support/api.ts';
import { openPhone, screenshot, sharedBrowser } from '../support/browser.ts';

const baseUrl = inject('baseUrl');
const browser = sharedBrowser();

/** Registers a user straight through the API, as the web journey does through the screens. */
async function registerUser(email: string) {
  const form = (data: Record<string, string>) => ({
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(data),
  });
  await fetch(`${baseUrl}/api/sms_mail`, form({ user_string: email, scene: 'register' }));
  const code = await latestCodeFor(baseUrl, email);
  const res = await fetch(`${baseUrl}/api/user/register`, form({ user_string: email, code, password: 'secret-pass', re_password: 'secret-pass', type: 'email' }));
  expect(((await res.json()) as { type: string }).type).toBe('ok');
}

async function operatorLogin(page: Page) {
  await page.goto('/admin/');
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password').fill('admin123456');
  await page.getByRole('button', { name: 'Log in' }).click();
}

describe('back office', () => {
  it('finds a new user, their accounts and their code in the outbox', async () => {
    const email = `admin-journey-${Date.now()}@example.com`;
    await registerUser(email);
    const desktop = await browser().newContext({ baseURL: baseUrl, viewport: { width: 1366, height: 900 } });
    const page = await desktop.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await operatorLogin(page);
    await page.getByRole('menuitem', { name: 'Users' }).click();
    await page.getByLabel('Search users').fill(email);
    await page.keyboard.press('Enter');
    await page.getByRole('cell', { name: email }).first().click();
    await expect.poll(() => page.getByText('USDT').first().isVisible()).toBe(true);
    await screenshot(page, 'admin-user-detail');
    await page.getByRole('menuitem', { name: 'Outbox' }).click();
    await expect.poll(() => page.getByRole('cell', { name: email }).first().isVisible()).toBe(true);
    await page.getByRole('menuitem', { name: 'Ledger audit' }).click();
    await expect.poll(() => page.getByText(/balanced/i).first().isVisible()).toBe(true);
    // Each check by name, each holding.
    for (const check of ['Every entry sums to zero per currency', 'Frozen equals what open orders and pending withdrawals hold', 'No business reference posted twice', 'Fixed-sign system accounts keep their sign', 'Each account’s balance-after chain is continuous']) {
      expect(await page.getByRole('row', { name: new RegExp(`^${check}\\s+Holds`) }).count(), check).toBe(1);
    }
    await screenshot(page, 'admin-ledger-audit');
    expect(errors).toEqual([]);
    await desktop.close();
  });

  it('answers a wrong password with an error and stays on the login form', async () => {
    const { page, context } = await openPhone(browser(), baseUrl);
    await page.goto('/admin/');
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect.poll(() => page.getByText('Login failed').isVisible()).toBe(true);
    await context.close();
  });
});
