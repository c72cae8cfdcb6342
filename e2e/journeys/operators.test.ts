// Proves operator accounts in a real browser: an admin (the run's one operator session) opens /admin
// without the slash, adds an operator, who must change the given password before seeing anything; then
// the admin re-roles and disables that operator, whose open session ends and whose login is refused.
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { CSRF_COOKIE_PATH, csrfTokenOf, OPERATOR_COOKIE_PATH, OPERATOR_CSRF_COOKIE, OPERATOR_SESSION_COOKIE } from '../../apps/server/src/admin/operator-cookies.ts';
import { operatorToken } from '../support/api.ts';
import { screenshot, sharedBrowser } from '../support/browser.ts';

const baseUrl = inject('baseUrl');
const browser = sharedBrowser();

/** A desktop context already holding the run's admin session (no login: it is rate-limited per address). */
async function adminContext(): Promise<BrowserContext> {
  const context = await browser().newContext({ baseURL: baseUrl, viewport: { width: 1440, height: 900 } });
  // The session as the login leaves it: the httpOnly cookie for /api/admin and its readable CSRF proof.
  const token = operatorToken();
  const domain = new URL(baseUrl).hostname;
  await context.addCookies([
    { name: OPERATOR_SESSION_COOKIE, value: token, domain, path: OPERATOR_COOKIE_PATH, httpOnly: true, sameSite: 'Strict' },
    { name: OPERATOR_CSRF_COOKIE, value: csrfTokenOf(token), domain, path: CSRF_COOKIE_PATH, sameSite: 'Strict' },
  ]);
  return context;
}

function watchErrors(page: Page) {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/** Picks an option of an antd Select named by its aria-label, then waits for its dropdown to close. */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: new RegExp(`^${option}$`) }).click();
  await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
}

async function logIn(page: Page, username: string, password: string) {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

describe('back office: operators', () => {
  it('adds an operator who changes the given password first, then re-roles and disables them', async () => {
    const username = `ops-${Date.now()}`;
    const initial = 'Initial-pass-2026';
    const own = 'Own-choice-pass-77';

    const admin = await adminContext();
    const adminPage = await admin.newPage();
    const adminErrors = watchErrors(adminPage);
    await adminPage.goto('/admin');
    await expect.poll(() => new URL(adminPage.url()).pathname).toBe('/admin/');
    await adminPage.getByRole('menuitem', { name: 'Operators' }).click();
    await adminPage.getByRole('heading', { name: 'Operators' }).waitFor();
    await adminPage.getByLabel('Username').fill(username);
    await choose(adminPage, 'Role', 'Reviewer');
    await adminPage.getByLabel('Initial password').fill(initial);
    await adminPage.getByRole('button', { name: 'Add operator' }).click();
    const row = adminPage.getByRole('row').filter({ hasText: username });
    await row.getByText('Password change pending').waitFor();

    // The new operator logs in and gets the change-password form before anything else.
    const operator = await browser().newContext({ baseURL: baseUrl, viewport: { width: 1440, height: 900 } });
    const page = await operator.newPage();
    const errors = watchErrors(page);
    await page.goto('/admin/');
    await logIn(page, username, initial);
    await page.getByText('Your password was set by someone else').waitFor();
    await page.getByLabel('Current password').fill(initial);
    await page.getByLabel('New password', { exact: true }).fill('too-short');
    await page.getByLabel('Repeat the new password').fill('too-short');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('The password needs at least 12 characters').waitFor();
    await screenshot(page, 'admin-change-password');
    await page.getByLabel('New password', { exact: true }).fill(own);
    await page.getByLabel('Repeat the new password').fill(own);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByRole('menuitem', { name: 'Recharges' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Operators' }).count()).toBe(0);

    // The admin sees the change done, makes the operator support, then disables them.
    await adminPage.reload();
    await row.getByText('Active').waitFor();
    expect(await row.getByText('Password change pending').count()).toBe(0);
    await choose(adminPage, `Role of ${username}`, 'Support');
    await expect.poll(() => row.getByRole('combobox', { name: `Role of ${username}` }).locator('..').textContent()).toContain('Support');
    await row.getByRole('button', { name: `Disable ${username}` }).click();
    await adminPage.getByRole('tooltip').getByRole('button', { name: 'Disable' }).click();
    await row.getByText('Disabled').waitFor();
    await screenshot(adminPage, 'admin-operators');

    // The operator's open session has ended, and the login is refused.
    await page.reload();
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    await logIn(page, username, own);
    await page.getByText('This operator account is disabled').waitFor();

    expect(errors).toEqual([]);
    expect(adminErrors).toEqual([]);
    await operator.close();
    await admin.close();
  });
});
