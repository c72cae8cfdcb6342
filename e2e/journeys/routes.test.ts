// Proves every route of spec section 2 opens in chromium without a console error, logged in and out,
// and saves screenshots of the main screens in both themes (test artifacts, not committed).
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { demoToken } from '../support/api.ts';
import { openPhone, screenshot, sharedBrowser } from '../support/browser.ts';
import { settled } from '../support/pages.ts';
import { SPEC_ROUTES } from '@fairex/contract';

const baseUrl = inject('baseUrl');
const browser = sharedBrowser();

async function loggedIn(page: Page, theme: 'light' | 'dark' = 'light') {
  const token = await demoToken(baseUrl);
  await page.goto('/');
  await page.evaluate(([t, th]) => {
    localStorage.setItem('token', t);
    localStorage.setItem('theme', th);
  }, [token, theme] as const);
  // The app reads storage at start, so a fresh load picks the session up.
  await page.reload();
}

/** Pages of one item that were opened without its id lead to their list instead (never a blank page or an endless spinner). */
const WITHOUT_ITS_ID: Record<string, string> = {
  '/pages/lockming/buy': '/pages/lockming/lockming',
  '/pages/ieo/subscribe': '/pages/ieo/ieo',
  '/pages/invest/purchase': '/pages/invest/invest',
  '/pages/nft/artworkDetail': '/pages/nft/nft',
  '/pages/nft/artworkDetail_video': '/pages/nft/nft',
  '/pages/nft/purchase_one': '/pages/nft/nft',
  '/pages/nft/resell': '/pages/nft/nft',
  '/pages/follow/trader': '/pages/follow/index',
  '/pages/follow/follow': '/pages/follow/index',
};

describe('every spec route', () => {
  it('opens each path logged in, with its page and no console error', async () => {
    const { page, context, errors } = await openPhone(browser(), baseUrl);
    await loggedIn(page);
    for (const route of SPEC_ROUTES) {
      await page.goto(`/#${route}`);
      await page.waitForLoadState('networkidle');
      await expect.poll(() => page.locator('#root').innerText(), { message: route }).not.toBe('');
      // A page that leads elsewhere does so once its file has loaded: the address is awaited, not read once.
      await expect.poll(() => new URL(page.url()).hash, { message: route }).toBe(`#${WITHOUT_ITS_ID[route] ?? route}`);
      expect(await page.getByText('This page does not exist').count(), route).toBe(0);
      expect(errors, route).toEqual([]);
    }
    await context.close();
  });

  it('opens the public pages logged out without a console error', async () => {
    const { page, context, errors } = await openPhone(browser(), baseUrl);
    for (const route of ['/', '/pages/market/market', '/pages/common/login', '/pages/common/register', '/pages/common/area', '/pages/common/aboutus']) {
      await page.goto(`/#${route}`);
      await page.waitForLoadState('networkidle');
      expect(new URL(page.url()).hash, route).toBe(`#${route}`);
    }
    await expect.poll(() => page.getByText('0.8.0').first().isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('screenshots', () => {
  it('saves the main screens in light and dark', async () => {
    for (const theme of ['light', 'dark'] as const) {
      const { page, context } = await openPhone(browser(), baseUrl);
      await page.goto('/#/pages/common/login');
      await page.evaluate((th) => localStorage.setItem('theme', th), theme);
      await page.reload();
      await page.waitForLoadState('networkidle');
      await screenshot(page, `login-${theme}`);
      await loggedIn(page, theme);
      for (const [name, route] of [
        ['home', '/'],
        ['market', '/pages/market/market'],
        ['settings', '/pages/setting/setting'],
        ['user-info', '/pages/setting/userInfo'],
        ['register', '/pages/common/register'],
      ]) {
        await page.goto(`/#${route}`);
        await page.waitForLoadState('networkidle');
        await settled(page, route);
        expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
        await screenshot(page, `${name}-${theme}`);
      }
      await context.close();
    }
  });
});
