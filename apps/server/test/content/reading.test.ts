// Proves what readers get on a real database, items written through the back office: each item in the
// reader's language or else English, only once published and its publish time has come (the app's clock
// moved by the test), in the operator's order, the popup with a version that changes at each save, the
// pages and the menu, and bodies that never carry script however they were stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsArticle, newsPage, popupAd, contentPage, contentMenuEntry } from '@fairex/contract';
import { eq } from 'drizzle-orm';
import { newsVersions } from '../../src/content/tables.ts';
import { call } from '../support/app.ts';
import { contentRig, saveItem, titles, uploadContentImage, type ContentRig } from './support.ts';

let rig: ContentRig;
beforeAll(async () => {
  rig = await contentRig();
});
afterAll(() => rig.test.close());

const list = (c_id: number, lang = 'en', page = 1) => call(rig.test.app, '/news/list', { payload: { c_id, page }, lang });
const at = (offsetMs: number) => new Date(rig.clock.now + offsetMs).toISOString();

describe('news and banners', () => {
  it('answers empty lists, no popup, no pages and an empty menu before operators write any', async () => {
    expect((await list(4)).body).toEqual({ type: 'ok', message: { data: [], total: 0, page: 1, limit: 10 } });
    expect((await call(rig.test.app, '/news/index_pop', { method: 'GET' })).body).toEqual({ type: 'ok', message: null });
    expect((await call(rig.test.app, '/faq', { method: 'GET' })).body).toEqual({ type: 'ok', message: null });
    expect((await call(rig.test.app, '/menu', { method: 'GET' })).body).toEqual({ type: 'ok', message: [] });
  });

  it('gives each reader their language and falls back to English when the item has none in it', async () => {
    const both = await saveItem(rig, {
      versions: [
        { lang: 'en', title: 'Fees lowered', content: '<p>From today.</p>' },
        { lang: 'zh', title: '手续费下调', content: '<p>即日起。</p>' },
      ],
      publish_at: at(-2000),
    });
    await saveItem(rig, { versions: [{ lang: 'en', title: 'Only English' }], publish_at: at(-1000) });
    const zh = await list(4, 'zh');
    expect(() => newsPage.parse(zh.body.message)).not.toThrow();
    expect(zh.body.message.data.map((n: { title: string; lang: string }) => [n.title, n.lang])).toEqual([
      ['Only English', 'en'],
      ['手续费下调', 'zh'],
    ]);
    expect(titles((await list(4, 'th')).body)).toEqual(['Only English', 'Fees lowered']);
    const detail = await call(rig.test.app, '/news/detail', { payload: { id: both.id }, lang: 'zh' });
    expect(() => newsArticle.parse(detail.body.message)).not.toThrow();
    expect(detail.body.message).toMatchObject({ id: both.id, c_id: 4, lang: 'zh', title: '手续费下调', content: '<p>即日起。</p>', summary: '即日起。' });
    expect((await call(rig.test.app, '/news/detail', { payload: { id: both.id }, lang: 'kor' })).body.message).toMatchObject({ lang: 'en', title: 'Fees lowered' });
  });

  it("shows a version's own image, else the English version's", async () => {
    const [english, chinese] = await Promise.all([uploadContentImage(rig.test, rig.op), uploadContentImage(rig.test, rig.op)]).then((r) => r.map((a) => a.message.url as string));
    await saveItem(rig, { kind: 'banner', sort: 50, versions: [{ lang: 'en', title: 'Banner EN', image: english }, { lang: 'zh', title: '横幅' }, { lang: 'jp', title: 'バナー', image: chinese }] });
    const image = async (lang: string) => (await list(5, lang)).body.message.data.find((b: { title: string }) => ['Banner EN', '横幅', 'バナー'].includes(b.title)).image;
    expect(await image('zh')).toBe(english);
    expect(await image('jp')).toBe(chinese);
    expect(await image('th')).toBe(english);
  });

  it('shows a draft to no one and a future item only from its publish time', async () => {
    const draft = await saveItem(rig, { status: 'draft', versions: [{ lang: 'en', title: 'Draft' }] });
    const later = await saveItem(rig, { versions: [{ lang: 'en', title: 'Tomorrow' }], publish_at: at(24 * 3600_000) });
    expect(titles((await list(4)).body)).not.toContain('Draft');
    expect(titles((await list(4)).body)).not.toContain('Tomorrow');
    expect((await call(rig.test.app, '/news/detail', { payload: { id: draft.id } })).body.code).toBe('not_found');
    expect((await call(rig.test.app, '/news/detail', { payload: { id: later.id } })).body.code).toBe('not_found');
    rig.clock.now += 24 * 3600_000;
    expect(titles((await list(4)).body)[0]).toBe('Tomorrow');
    expect((await call(rig.test.app, '/news/detail', { payload: { id: later.id } })).body.message.title).toBe('Tomorrow');
    expect(titles((await list(4)).body)).not.toContain('Draft');
  });

  it('orders by the operator sort (higher first), then the latest publish time, and pages by 10', async () => {
    await saveItem(rig, { kind: 'banner', versions: [{ lang: 'en', title: 'Banner old' }], publish_at: at(-5000) });
    await saveItem(rig, { kind: 'banner', versions: [{ lang: 'en', title: 'Banner new' }], publish_at: at(-1000) });
    await saveItem(rig, { kind: 'banner', sort: 5, versions: [{ lang: 'en', title: 'Banner pinned' }], publish_at: at(-9000) });
    expect(titles((await list(5)).body).filter((title) => title.startsWith('Banner '))).toEqual(['Banner EN', 'Banner pinned', 'Banner new', 'Banner old']);
    for (let i = 0; i < 11; i += 1) await saveItem(rig, { versions: [{ lang: 'en', title: `Bulk ${i}` }], publish_at: at(-60_000 - i) });
    const first = await list(4);
    expect(first.body.message.data).toHaveLength(10);
    const total = first.body.message.total as number;
    const last = await list(4, 'en', Math.ceil(total / 10));
    expect(last.body.message.data).toHaveLength(total % 10 || 10);
  });

  it('shows the popup once per version: saving it again gives a new version', async () => {
    const ad = await saveItem(rig, { popup: true, sort: 100, versions: [{ lang: 'en', title: 'Popup' }, { lang: 'zh', title: '弹窗' }] });
    const first = await call(rig.test.app, '/news/index_pop', { method: 'GET', lang: 'zh' });
    expect(() => popupAd.parse(first.body.message)).not.toThrow();
    expect(first.body.message).toMatchObject({ id: ad.id, title: '弹窗', version: 1 });
    await saveItem(rig, { id: ad.id, popup: true, sort: 100, versions: [{ lang: 'en', title: 'Popup, updated' }] });
    const second = await call(rig.test.app, '/news/index_pop', { method: 'GET', lang: 'zh' });
    expect(second.body.message).toMatchObject({ id: ad.id, title: 'Popup, updated', lang: 'en', version: 2 });
    await saveItem(rig, { id: ad.id, popup: false, versions: [{ lang: 'en', title: 'No longer a popup' }] });
    expect((await call(rig.test.app, '/news/index_pop', { method: 'GET' })).body.message).toBeNull();
  });

  it('refuses an unknown category, a missing item, a page id as an article, and bad ids with the envelope', async () => {
    const page = await saveItem(rig, { kind: 'page', page_key: 'contactus', versions: [{ lang: 'en', title: 'Contact' }] });
    expect((await list(9)).body.code).toBe('parameter_error');
    expect((await call(rig.test.app, '/news/detail', { payload: { id: 99999 } })).body.code).toBe('not_found');
    expect((await call(rig.test.app, '/news/detail', { payload: { id: page.id } })).body.code).toBe('not_found');
    expect((await call(rig.test.app, '/news/detail', { payload: { id: 'x' } })).body.code).toBe('parameter_error');
    expect((await call(rig.test.app, '/news/detail', { payload: { id: 2 ** 31 } })).body.code).toBe('parameter_error');
  });
});

describe('pages and the menu', () => {
  it('answers each page in the reader language or English, and the menu of published pages with their screens', async () => {
    await saveItem(rig, { kind: 'page', page_key: 'faq', sort: 2, versions: [{ lang: 'en', title: 'FAQ', content: '<details><summary>Q</summary><p>A</p></details>' }, { lang: 'jp', title: 'よくある質問' }] });
    await saveItem(rig, { kind: 'page', page_key: 'aboutus', sort: 1, versions: [{ lang: 'en', title: 'About' }] });
    await saveItem(rig, { kind: 'page', page_key: 'operational_compliance', status: 'draft', versions: [{ lang: 'en', title: 'Compliance' }] });
    const faq = await call(rig.test.app, '/faq', { method: 'GET', lang: 'en' });
    expect(() => contentPage.parse(faq.body.message)).not.toThrow();
    expect(faq.body.message).toMatchObject({ key: 'faq', lang: 'en', title: 'FAQ', content: '<details><summary>Q</summary><p>A</p></details>' });
    expect((await call(rig.test.app, '/faq', { method: 'GET', lang: 'jp' })).body.message).toMatchObject({ lang: 'jp', title: 'よくある質問' });
    expect((await call(rig.test.app, '/aboutus', { method: 'GET', lang: 'jp' })).body.message).toMatchObject({ lang: 'en', title: 'About' });
    expect((await call(rig.test.app, '/operational_compliance', { method: 'GET' })).body.message).toBeNull();
    const menu = await call(rig.test.app, '/menu', { method: 'GET', lang: 'jp' });
    expect(() => contentMenuEntry.array().parse(menu.body.message)).not.toThrow();
    expect(menu.body.message).toEqual([
      { key: 'faq', title: 'よくある質問', path: '/pages/common/faq' },
      { key: 'aboutus', title: 'About', path: '/pages/common/aboutus' },
      { key: 'contactus', title: 'Contact', path: '/pages/common/contactus' },
    ]);
  });
});

describe('sanitising', () => {
  const HOSTILE =
    '<p style="color:red" onclick="steal()">Hello<script>alert(1)</script></p>' +
    '<img src="x" onerror="alert(2)"><img src="https://evil.example/x.png">' +
    '<a href="javascript:alert(3)">bad</a><a href="JaVaScRiPt:alert(4)">bad2</a><a href="//evil.example">proto</a>' +
    '<a href="https://example.com" target="_self" onmouseover="x()">ok</a><iframe src="https://evil.example"></iframe>' +
    '<svg onload="alert(5)"></svg><style>p{}</style><form action="https://evil.example"><input></form>';

  const noScript = (html: string) => {
    expect(html).not.toMatch(/<script|onerror|onclick|onload|onmouseover|javascript:|style=|<style|<iframe|<svg|<form|evil\.example/i);
  };

  it('stores and shows no script, event handler, javascript: link, style or foreign image', async () => {
    const { url } = (await uploadContentImage(rig.test, rig.op)).message as { url: string };
    const item = await saveItem(rig, { versions: [{ lang: 'en', title: 'Hostile', content: `${HOSTILE}<img src="${url}" alt="ours">` }] });
    const [stored] = await rig.test.db.select().from(newsVersions).where(eq(newsVersions.newsId, item.id));
    noScript(stored!.content);
    const shown = (await call(rig.test.app, '/news/detail', { payload: { id: item.id } })).body.message.content as string;
    noScript(shown);
    expect(shown).toBe(
      `<p>Hello</p><a>bad</a><a>bad2</a><a>proto</a><a href="https://example.com" target="_blank" rel="noopener noreferrer">ok</a><img src="${url}" alt="ours" />`,
    );
  });

  it('sanitises again when showing, so a row written around the back office cannot run script either', async () => {
    const item = await saveItem(rig, { versions: [{ lang: 'en', title: 'Written around' }] });
    await rig.test.db.update(newsVersions).set({ content: HOSTILE, image: 'javascript:alert(1)' }).where(eq(newsVersions.newsId, item.id));
    const shown = (await call(rig.test.app, '/news/detail', { payload: { id: item.id } })).body.message;
    noScript(shown.content);
    expect(shown.image).toBe('');
    // The script's text is gone with it; inline links run on as they do on screen.
    expect(shown.summary).toBe('Hello badbad2protook');
  });
});
