// Proves the funds, identity, settings, market, spot, contract, options and wealth screens in all eight languages and both themes
// (each language in one theme, four languages per theme), in chromium against the real server: each screen renders without a console error or an i18n key left
// showing, its headings, buttons and labels differ from the English ones, the document language follows
// the choice, and the theme reaches the page (its background changes).
import { deviceLocale, LANGS, type Lang } from '@fairex/contract';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { en } from '../../apps/web/src/i18n/en.ts';
import { demoToken } from '../support/api.ts';
import { openPhone, sharedBrowser } from '../support/browser.ts';
import { settled } from '../support/pages.ts';

const baseUrl = inject('baseUrl');
const browser = sharedBrowser();

/** The screens of the funds, identity, markets, contracts and wealth issues. */
const ROUTES = [
  '/pages/fund/assets',
  '/pages/fund/select',
  '/pages/fund/receive_withdraw_record',
  '/pages/fund/withdraw',
  '/pages/fund/assets_record',
  '/pages/fund/assets_all_record',
  '/pages/fund/transfer',
  '/pages/fund/fundTransfer',
  '/pages/fund/transfer_history',
  '/pages/setting/setting',
  '/pages/setting/bill',
  '/pages/setting/real',
  '/pages/setting/real_mark',
  '/pages/setting/wallet',
  '/pages/setting/addWallet',
  '/pages/setting/security',
  '/pages/setting/password',
  '/pages/setting/payPassword',
  '/pages/setting/bank',
  '/pages/setting/bank_international',
  '/pages/market/market',
  '/pages/market/search',
  '/pages/transaction/index',
  '/pages/transaction/currency',
  '/pages/transaction/currency_order',
  '/pages/transaction/contract',
  '/pages/transaction/contract_order',
  '/pages/transaction/index2',
  '/pages/transaction/seconds_order',
  '/pages/financial/index',
  '/pages/lockming/lockming',
  '/pages/lockming/order',
  '/pages/lockming/welcome',
  '/pages/ieo/ieo',
  '/pages/ieo/order',
  '/pages/invest/invest',
  '/pages/invest/mine',
  '/pages/invest/help',
];

/** Text that looks like a catalogue key (`funds.kind.margin`): i18next shows the key when a text is missing. */
const KEY_SHAPE = new RegExp(`\\b(?:${Object.keys(en).join('|')})\\.[a-zA-Z_]+(?:\\.[a-zA-Z_]+)*\\b`);

/** The fixed texts of a screen: headings, buttons, labels, tabs and placeholders. */
const fixedTexts = (page: Page) =>
  page.evaluate(() => {
    const texts = [...document.querySelectorAll('h1, h2, h3, button, label, [role="tab"], .adm-tabs-tab')].map((e) => (e as HTMLElement).innerText.trim());
    const placeholders = [...document.querySelectorAll('input[placeholder], textarea[placeholder]')].map((e) => e.getAttribute('placeholder') ?? '');
    // Words only: a text with digits (a price, a count, an id) would differ between visits anyway.
    return [...texts, ...placeholders].filter((t) => /\p{L}{2,}/u.test(t) && !/\d/.test(t)).join('\n');
  });

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

const english = new Map<string, string>();
const backgrounds = new Map<string, string>();
// Every language once, the themes taking turns (four languages each), English first as the reference.
const COMBINATIONS = (['en', ...LANGS.filter((l) => l !== 'en')] as Lang[]).map((lang, index) => [lang, index % 2 === 0 ? 'light' : 'dark'] as const);

describe('languages and themes', () => {
  it.each(COMBINATIONS)('renders the funds and markets screens in %s, %s theme', async (lang, theme) => {
    const token = await demoToken(baseUrl);
    const { page, context, errors } = await openPhone(browser(), baseUrl);
    await openAs(page, token, lang, theme);
    for (const route of ROUTES) {
      const where = `${lang} ${theme} ${route}`;
      await page.goto(`/#${route}`);
      await settled(page, where);
      const text = await page.locator('#root').innerText();
      expect(text.match(KEY_SHAPE)?.[0], where).toBeUndefined();
      const fixed = await fixedTexts(page);
      if (lang === 'en') english.set(route, fixed);
      else if (fixed !== '') expect(fixed, where).not.toBe(english.get(route));
      expect(errors, where).toEqual([]);
    }
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
