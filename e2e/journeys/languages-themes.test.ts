// Proves every route of spec section 2 in all eight languages and both themes (each language in one theme,
// four languages per theme), logged in as the demo user and then, on the same page, the public routes
// logged out, in chromium against the real server. On each route: the page draws (never left blank or
// loading), no console error, no i18n key left showing, its headings, buttons and labels differ from the
// English ones, and at 360 and 430 px wide nothing sticks out of the viewport, no text is cut or
// wraps in the title bar, and every control writes in the page's font (support/layout.ts says what
// counts). The document language follows the choice and the theme reaches the page. Routes are reached
// the way the app moves between pages (the hash changes, no reload), so the sweep stays quick.
import { deviceLocale, LANGS, OWN_ROUTES, SPEC_ROUTES, type Lang } from '@fairex/contract';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { en } from '../../apps/web/src/i18n/en.ts';
import { enPages } from '../../apps/web/src/i18n/en-pages.ts';
import { PUBLIC_ROUTES } from '../../apps/web/src/public-routes.ts';
import { demoToken } from '../support/api.ts';
import { openPhone, sharedBrowser } from '../support/browser.ts';
import { overflowing } from '../support/layout.ts';

const baseUrl = inject('baseUrl');
const browser = sharedBrowser();
/** The narrowest and the widest phone: a layout that fits both fits between them (it is fluid). */
const WIDTHS = [360, 430];

/** Text that looks like a catalogue key (`funds.kind.margin`): i18next shows the key when a text is missing. */
const KEY_SHAPE = new RegExp(`\\b(?:${Object.keys({ ...en, ...enPages }).join('|')})\\.[a-zA-Z_]+(?:\\.[a-zA-Z_]+)*\\b`);

/** The fixed texts of a screen: headings, buttons, labels, tabs and placeholders. */
const fixedTexts = (page: Page) =>
  page.evaluate(() => {
    const texts = [...document.querySelectorAll('h1, h2, h3, button, label, [role="tab"], .adm-tabs-tab')].map((e) => (e as HTMLElement).innerText.trim());
    const placeholders = [...document.querySelectorAll('input[placeholder], textarea[placeholder]')].map((e) => e.getAttribute('placeholder') ?? '');
    // Words only: a text with digits (a price, a count, an id) would differ between visits anyway.
    return [...texts, ...placeholders].filter((t) => /\p{L}{2,}/u.test(t) && !/\d/.test(t)).join('\n');
  });

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

async function openAs(page: Page, token: string, lang: Lang, theme: 'light' | 'dark') {
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
}

/** Routes whose fixed texts are rightly the same as the English ones in some languages, and why. */
const SAME_AS_ENGLISH: Record<string, Lang[]> = {
  // Its only fixed text is its title, "Collections", a French word too.
  '/pages/nft/components/collection': ['fra'],
};

const english = new Map<string, string>();
const backgrounds = new Map<string, string>();
// Every language once, the themes taking turns (four languages each), English first as the reference.
const COMBINATIONS = (['en', ...LANGS.filter((l) => l !== 'en')] as Lang[]).map((lang, index) => [lang, index % 2 === 0 ? 'light' : 'dark'] as const);

/**
 * Visits each route the way the app moves (the hash changes, no reload) and notes what is wrong: a page
 * left blank or loading, a catalogue key showing, fixed texts left in English, a console error, and at
 * each width what sticks out or is cut.
 */
async function sweep(page: Page, errors: string[], routes: readonly string[], lang: Lang, visit: string): Promise<string[]> {
  const findings: string[] = [];
  // The widths in turn one way and back (360, 430 | 430, 360 | ...): each route opens at the width the
  // last one ended on, so it is checked there without a resize of its own.
  let widths = [...WIDTHS];
  for (const route of routes) {
    const where = `${lang} ${visit} ${route}`;
    await page.evaluate((r) => (location.hash = `#${r}`), route);
    if (!(await drawn(page))) findings.push(`${visit} ${route}: still blank or loading after 15 s (${new URL(page.url()).hash})`);
    const text = await page.locator('#root').innerText();
    expect(text.match(KEY_SHAPE)?.[0], where).toBeUndefined();
    const fixed = await fixedTexts(page);
    if (lang === 'en') english.set(`${visit} ${route}`, fixed);
    else if (fixed !== '' && !SAME_AS_ENGLISH[route]?.includes(lang)) expect(fixed, where).not.toBe(english.get(`${visit} ${route}`));
    expect(errors, where).toEqual([]);
    for (const width of widths) {
      if (page.viewportSize()?.width !== width) {
        await page.setViewportSize({ width, height: 844 });
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      }
      for (const finding of await overflowing(page)) findings.push(`${visit} ${route} at ${width} px: ${finding}`);
    }
    widths = widths.reverse();
  }
  return findings;
}

describe('languages, themes and layout', () => {
  it.each(COMBINATIONS)('shows every route in %s, %s theme, logged in and out, fitting 360 to 430 px', async (lang, theme) => {
    const token = await demoToken(baseUrl);
    const { page, context, errors } = await openPhone(browser(), baseUrl);
    await openAs(page, token, lang, theme);
    const findings = await sweep(page, errors, [...SPEC_ROUTES, ...OWN_ROUTES], lang, 'logged in');
    // The same page, logged out: the public routes as a visitor sees them (log-in prompts where figures were).
    await page.evaluate(() => {
      localStorage.removeItem('token');
      location.hash = '#/';
    });
    await page.reload();
    // Home offers Log in and Sign up: the visitor's view.
    await page.locator('.home-header__auth').waitFor();
    findings.push(...(await sweep(page, errors, PUBLIC_ROUTES, lang, 'logged out')));
    expect(findings).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(deviceLocale(lang));
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
    backgrounds.set(theme, await page.evaluate(() => getComputedStyle(document.body).backgroundColor));
    await context.close();
  });

  it('draws the dark theme differently from the light one', () => {
    expect(backgrounds.get('dark')).toBeDefined();
    expect(backgrounds.get('dark')).not.toBe(backgrounds.get('light'));
  });
});

/**
 * Pages that take a parameter, opened with a wrong one: each leads somewhere useful (the coin picker, a
 * default symbol, or a message with a way on: a wrong id says nothing has it, with a link to its list),
 * never a blank page or an endless spinner. The address each should end on; the same address when the
 * page explains itself in place.
 */
const WRONG_PARAMETER: [string, string | RegExp][] = [
  ['/pages/common/article?id=999999', '/pages/common/article?id=999999'],
  ['/pages/common/webView?id=999999', '/pages/common/webView?id=999999'],
  ['/pages/follow/trader?id=999999', '/pages/follow/trader?id=999999'],
  ['/pages/follow/follow?id=999999', '/pages/follow/follow?id=999999'],
  ['/pages/fund/receive', /^\/pages\/fund\/select/],
  ['/pages/fund/receive?coin=NOPE', /^\/pages\/fund\/select/],
  ['/pages/fund/withdraw?coin=NOPE', '/pages/fund/withdraw?coin=NOPE'],
  ['/pages/ieo/subscribe?id=999999', '/pages/ieo/subscribe?id=999999'],
  ['/pages/invest/purchase?id=999999', '/pages/invest/purchase?id=999999'],
  ['/pages/lockming/buy?id=999999', '/pages/lockming/buy?id=999999'],
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
      // (Polled: a page reached by a redirect may still be drawing its list when the address changes.)
      const controls = () => page.locator('#root :is(a, button, [role="button"], [role="link"], [role="tab"]):visible').count();
      await expect.poll(controls, { message: route, timeout: 15_000 }).toBeGreaterThan(1);
    }
    // The wrong ids' own answers (400, 404) are expected; nothing else may fail.
    expect(errors.filter((e) => !e.startsWith('Failed to load resource'))).toEqual([]);
    await context.close();
  });
});

