// Proves every route of spec section 2 fits a phone: in each of the eight languages (the themes taking
// turns), logged in as the demo user, at 360, 390 and 430 px wide, no element sticks out of the viewport and
// no text is cut (support/layout.ts says what counts). Routes are reached the way the app moves between
// pages (the hash changes, no reload), so the sweep stays quick.
import { LANGS, SPEC_ROUTES, type Lang } from '@fairex/contract';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { demoToken } from '../support/api.ts';
import { openPhone, sharedBrowser } from '../support/browser.ts';
import { overflowing } from '../support/layout.ts';

const baseUrl = inject('baseUrl');
const browser = sharedBrowser();
const WIDTHS = [360, 390, 430];

/**
 * Whether the page has drawn its data (something shows and nothing says it is loading) within 15 s: a
 * page left blank or spinning is a finding of its own.
 */
async function drawn(page: Page): Promise<boolean> {
  const ready = await page
    .waitForFunction(() => {
      const root = document.getElementById('root');
      return !!root && root.innerText.trim() !== '' && root.querySelectorAll('[role="status"], .adm-skeleton').length === 0;
    }, undefined, { timeout: 15_000 })
    .then(() => true, () => false);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return ready;
}

describe('every route fits a phone', () => {
  it.each(LANGS.map((lang, index) => [lang, index % 2 === 0 ? 'light' : 'dark'] as const))('in %s, %s theme', async (lang: Lang, theme) => {
    const token = await demoToken(baseUrl);
    const { page, context } = await openPhone(browser(), baseUrl);
    await page.goto('/');
    await page.evaluate(
      ([t, l, th]) => {
        localStorage.setItem('token', t!);
        localStorage.setItem('lang', l!);
        localStorage.setItem('theme', th!);
      },
      [token, lang, theme],
    );
    await page.reload();
    const findings: string[] = [];
    for (const route of SPEC_ROUTES) {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.evaluate((r) => (location.hash = `#${r}`), route);
      if (!(await drawn(page))) findings.push(`${route}: still blank or loading after 15 s (${new URL(page.url()).hash})`);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 844 });
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
        for (const finding of await overflowing(page)) findings.push(`${route} at ${width} px: ${finding}`);
      }
    }
    await context.close();
    expect(findings).toEqual([]);
  });
});

/**
 * Pages that take a parameter, opened with a wrong one: each leads somewhere useful (its list, the coin
 * picker, a default symbol, or a message with a way on), never a blank page or an endless spinner. The
 * address each should end on; the same address when the page explains itself in place.
 */
const WRONG_PARAMETER: [string, string | RegExp][] = [
  ['/pages/common/article?id=999999', '/pages/common/article?id=999999'],
  ['/pages/common/webView?id=999999', '/pages/common/webView?id=999999'],
  ['/pages/follow/trader?id=999999', '/pages/follow/index'],
  ['/pages/follow/follow?id=999999', '/pages/follow/index'],
  ['/pages/fund/receive', /^\/pages\/fund\/select/],
  ['/pages/fund/receive?coin=NOPE', /^\/pages\/fund\/select/],
  ['/pages/fund/withdraw?coin=NOPE', '/pages/fund/withdraw?coin=NOPE'],
  ['/pages/ieo/subscribe?id=999999', '/pages/ieo/ieo'],
  ['/pages/invest/purchase?id=999999', '/pages/invest/invest'],
  ['/pages/lockming/buy?id=999999', '/pages/lockming/lockming'],
  ['/pages/nft/artistDetail?id=999999', '/pages/nft/components/artist'],
  ['/pages/nft/artworkDetail?id=999999', '/pages/nft/nft'],
  ['/pages/nft/purchase_one?id=999999', '/pages/nft/nft'],
  ['/pages/nft/resell?id=999999', '/pages/nft/nft'],
  ['/pages/otc/otc?view=order&id=999999', '/pages/otc/otc?view=order&id=999999'],
  ['/pages/transaction/contract?symbol=NOPE', '/pages/transaction/contract?symbol=NOPE'],
  ['/pages/transaction/currency?symbol=NOPE', '/pages/transaction/currency?symbol=NOPE'],
  ['/pages/transaction/seconds_order?symbol=NOPE', '/pages/transaction/seconds_order?symbol=NOPE'],
];

describe('a page opened with a wrong parameter', () => {
  it('leads somewhere useful, never to a blank page or an endless spinner', async () => {
    const token = await demoToken(baseUrl);
    const { page, context, errors } = await openPhone(browser(), baseUrl);
    await page.goto('/');
    await page.evaluate((t) => localStorage.setItem('token', t), token);
    await page.reload();
    for (const [route, lands] of WRONG_PARAMETER) {
      await page.evaluate((r) => (location.hash = `#${r}`), route);
      expect(await drawn(page), route).toBe(true);
      const address = () => new URL(page.url()).hash.slice(1);
      if (typeof lands === 'string') await expect.poll(address, { message: route, timeout: 15_000 }).toBe(lands);
      else await expect.poll(address, { message: route, timeout: 15_000 }).toMatch(lands);
      expect(await drawn(page), route).toBe(true);
      // Whatever it shows offers a way on: a link or a button besides the title bar's back arrow.
      expect(await page.locator('#root :is(a, button, [role="button"], [role="link"], [role="tab"]):visible').count(), route).toBeGreaterThan(1);
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});

