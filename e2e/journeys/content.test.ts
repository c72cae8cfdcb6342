// Proves the operator's publishing side in chromium against the real server: an admin writes a banner
// (with an uploaded image) and a news article in English and Chinese in the back office, sees the live
// preview drop a script, and publishes them; a reader then gets the English versions in English and the
// Chinese ones in Chinese, on home and in the articles, the banner leading to its article, with no CSP
// violation (content images are the site's own).
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { openDesktop, operatorLogin } from '../support/back-office.ts';
import { openPhone, screenshot, sharedBrowser } from '../support/browser.ts';
import { PNG } from '../support/funds.ts';
import { go, hashOf, settled } from '../support/pages.ts';

const baseUrl = inject('baseUrl');
const browser = sharedBrowser();

const stamp = Date.now().toString(36);
const BANNER = { en: `Spring campaign ${stamp}`, zh: `春季活动 ${stamp}` };
const NEWS = { en: `Listing LTC ${stamp}`, zh: `上线 LTC ${stamp}` };

/** The editor's tab panel of one language (antd keeps every language's fields mounted). */
const panel = (page: Page, language: string) => page.getByRole('dialog').getByRole('tabpanel', { name: language });

/** Picks an option of the editor's antd Select named by its aria-label. */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('dialog').getByRole('combobox', { name: label }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: new RegExp(`^${option}$`) }).click();
  await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
}

/** Fills one language's title and text in the open editor. */
async function writeVersion(page: Page, language: string, title: string, html: string) {
  await page.getByRole('dialog').getByRole('tab', { name: language }).click();
  await panel(page, language).getByLabel(`Title (${language})`).fill(title);
  await panel(page, language).getByLabel(`Text (HTML) (${language})`).fill(html);
}

/** Saves the open editor, published, placed first (order 100). */
async function publish(page: Page) {
  await choose(page, 'State', 'Published');
  await page.getByRole('dialog').getByLabel('Order').fill('100');
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
}

/** Reads the user app in a language (as the settings language sheet stores it); the page must log no error. */
async function asReader(lang: 'en' | 'zh', read: (page: Page) => Promise<void>) {
  const { context, page, errors } = await openPhone(browser(), baseUrl);
  try {
    await page.goto('/');
    await page.evaluate((l) => localStorage.setItem('lang', l), lang);
    await page.reload();
    await read(page);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}

describe('content', () => {
  it('publishes a banner and a news article in two languages, and each reader gets their own', async () => {
    const office = await openDesktop(browser(), baseUrl);
    try {
      const page = office.page;
      await operatorLogin(page);
      await page.getByRole('menuitem', { name: 'Content' }).click();
      await page.getByRole('heading', { name: 'Content' }).waitFor();

      // A banner with an image in its English version, and a Chinese version.
      await page.getByRole('tab', { name: 'Banners' }).click();
      await page.getByRole('button', { name: 'Add a banner' }).click();
      await page.getByRole('dialog', { name: 'New banner' }).waitFor();
      await writeVersion(page, 'English', BANNER.en, '<p>Lower fees all spring.</p>');
      await panel(page, 'English').locator('input[type=file]').first().setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: Buffer.from(PNG) });
      await panel(page, 'English').getByRole('img', { name: 'Image (English)' }).waitFor();
      await writeVersion(page, '简体中文', BANNER.zh, '<p>整个春季手续费更低。</p>');
      await publish(page);
      await page.getByRole('cell', { name: new RegExp(BANNER.en) }).waitFor();

      // A news article in both languages; the preview shows what readers get, without the script.
      await page.getByRole('tab', { name: 'News' }).click();
      await page.getByRole('button', { name: 'Add news' }).click();
      await page.getByRole('dialog', { name: 'New news' }).waitFor();
      await writeVersion(page, 'English', NEWS.en, '<h2>LTC/USDT opens</h2><p>Trade it now.</p><script>alert(1)</script><img src="x" onerror="alert(2)">');
      const preview = panel(page, 'English').getByRole('region', { name: 'Preview (as readers get it)' });
      await expect.poll(() => preview.innerHTML()).toContain('<h2>LTC/USDT opens</h2><p>Trade it now.</p>');
      expect(await preview.innerHTML()).not.toMatch(/script|onerror/);
      await writeVersion(page, '简体中文', NEWS.zh, '<h2>LTC/USDT 上线</h2><p>现在即可交易。</p>');
      await publish(page);
      await page.getByRole('cell', { name: new RegExp(NEWS.en) }).waitFor();
      await screenshot(page, 'admin-content');
      expect(office.errors).toEqual([]);
    } finally {
      await office.context.close();
    }

    // An English reader: the banner in English leads to its article; the news article reads in English.
    await asReader('en', async (page) => {
      const banner = page.getByRole('img', { name: BANNER.en }).first();
      await banner.waitFor();
      expect(await banner.getAttribute('src')).toMatch(/^\/content-images\/[a-f0-9]{32}\.png$/);
      await banner.click();
      await page.getByRole('article', { name: BANNER.en }).waitFor();
      expect(hashOf(page)).toMatch(/^#\/pages\/common\/article\?id=\d+$/);
      await go(page, '/');
      await page.getByRole('link', { name: new RegExp(NEWS.en) }).click();
      const article = page.getByRole('article', { name: NEWS.en });
      await article.getByRole('heading', { name: 'LTC/USDT opens' }).waitFor();
      expect(await article.innerHTML()).not.toMatch(/script|onerror/);
      await screenshot(page, 'content-article-en');
    });

    // A Chinese reader gets the Chinese versions (the banner keeps its English image), on home and in the news list.
    await asReader('zh', async (page) => {
      await page.getByRole('img', { name: BANNER.zh }).first().waitFor();
      expect(await page.getByRole('img', { name: BANNER.en }).count()).toBe(0);
      await go(page, '/pages/common/article');
      await settled(page);
      await page.getByRole('link', { name: new RegExp(NEWS.zh) }).click();
      await page.getByRole('article', { name: NEWS.zh }).getByRole('heading', { name: 'LTC/USDT 上线' }).waitFor();
      expect(await page.getByText('以英文显示').count()).toBe(0);
      await screenshot(page, 'content-article-zh');
    });
  });
});
