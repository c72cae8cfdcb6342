// Proves the content back office (/api/admin/content/*) on a real database: admins create, edit and
// delete items with their versions per language, each logged with before and after; support reads but
// cannot write, reviewers cannot even read; what the editor sends is refused with coded errors (English
// required, one version per language, a page by its key); the preview answers the sanitised HTML; the
// site settings keywords are edited (logged), read back by GET /getSetting and followed by the CSP's
// frame-src; and the demo seed writes its items (home's popup among them) once, in all eight languages, marked
// demo, leaving an operator's pages alone.
import { CONTENT_HTML_CHARS_MAX, errorMessage, LANGS, type ErrorCode } from '@fairex/contract';
import { and, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorAuditLog } from '../../src/admin/tables.ts';
import { seedContentDemo } from '../../src/content/demo.ts';
import { news, newsVersions } from '../../src/content/tables.ts';
import { makeOperatorToken } from '../funds/support.ts';
import { call } from '../support/app.ts';
import { writeRoutes } from '../support/routes.ts';
import { admin, adminJson, contentRig, saveItem, titles, type ContentRig } from './support.ts';

let rig: ContentRig;
let support: string;
let reviewer: string;
beforeAll(async () => {
  rig = await contentRig();
  support = await makeOperatorToken(rig.test, 'support');
  reviewer = await makeOperatorToken(rig.test, 'reviewer');
});
afterAll(() => rig.test.close());

const logOf = (target: string) => rig.test.db.select().from(operatorAuditLog).where(eq(operatorAuditLog.target, target)).orderBy(operatorAuditLog.id);
const BASE = () => ({ kind: 'news', status: 'published', publish_at: new Date(rig.clock.now).toISOString(), versions: [{ lang: 'en', title: 'Title', content: '<p>x</p>' }] });

describe('items', () => {
  it('creates, edits and deletes an item with its versions as admin, each logged with before and after', async () => {
    const created = await saveItem(rig, { versions: [{ lang: 'en', title: 'Listing: LTC' }, { lang: 'zh', title: '上线 LTC', content: '<p>现已上线</p>' }] });
    expect(created).toMatchObject({ kind: 'news', c_id: 4, page_key: null, status: 'published', revision: 1, demo: false, visible: true });
    expect(created.versions.map((v) => v.lang)).toEqual(['en', 'zh']);
    const edited = await saveItem(rig, { id: created.id, status: 'draft', sort: 3, versions: [{ lang: 'en', title: 'Listing: LTC/USDT' }] });
    expect(edited).toMatchObject({ id: created.id, status: 'draft', sort: 3, revision: 2, visible: false });
    expect(edited.versions).toEqual([{ lang: 'en', title: 'Listing: LTC/USDT', content: '', image: '' }]);
    const item = await admin(rig, 'GET', '/content/item', { id: created.id });
    expect(item.body.message).toMatchObject({ id: created.id, versions: [{ lang: 'en', title: 'Listing: LTC/USDT' }] });
    const listed = await admin(rig, 'GET', '/content/items', { kind: 'news' });
    expect(listed.body.message.data.find((row: { id: number }) => row.id === created.id)).toMatchObject({ status: 'draft', versions: [{ lang: 'en', title: 'Listing: LTC/USDT', image: '' }] });
    expect((await adminJson(rig, '/content/delete', { id: created.id })).body.message).toEqual({ id: created.id });
    expect((await admin(rig, 'GET', '/content/item', { id: created.id })).body.code).toBe('not_found');
    const log = await logOf(`content:${created.id}`);
    expect(log.map((l) => l.action)).toEqual(['content.create', 'content.edit', 'content.delete']);
    expect(log[1]!.detail).toMatchObject({
      kind: 'news',
      before: { status: 'published', sort: 0, titles: { en: 'Listing: LTC', zh: '上线 LTC' } },
      after: { status: 'draft', sort: 3, titles: { en: 'Listing: LTC/USDT' } },
    });
  });

  it('finds a page by its key: a second save without an id edits the same page', async () => {
    const first = await saveItem(rig, { kind: 'page', page_key: 'aboutus', versions: [{ lang: 'en', title: 'About' }] });
    const second = await saveItem(rig, { kind: 'page', page_key: 'aboutus', versions: [{ lang: 'en', title: 'About us' }, { lang: 'zh', title: '关于我们' }] });
    expect(second).toMatchObject({ id: first.id, kind: 'page', page_key: 'aboutus', c_id: null, revision: 2 });
    expect((await logOf(`content:${first.id}`)).map((l) => l.action)).toEqual(['content.create', 'content.edit']);
    const pages = await admin(rig, 'GET', '/content/items', { kind: 'page' });
    expect(pages.body.message.data.map((p: { page_key: string }) => p.page_key)).toContain('aboutus');
    expect((await call(rig.test.app, '/aboutus', { method: 'GET', lang: 'zh' })).body.message.title).toBe('关于我们');
  });

  it('makes one page of two first saves of it at once', async () => {
    const saves = await Promise.all(['First', 'Second'].map((title) => saveItem(rig, { kind: 'page', page_key: 'operational_compliance', versions: [{ lang: 'en', title }] })));
    expect(saves[0]!.id).toBe(saves[1]!.id);
    const pages = (await admin(rig, 'GET', '/content/items', { kind: 'page' })).body.message.data as { page_key: string; revision: number }[];
    expect(pages.filter((p) => p.page_key === 'operational_compliance')).toMatchObject([{ revision: 2 }]);
  });

  it('refuses what the editor must not send, with the envelope and a coded message', async () => {
    const refused = async (patch: Record<string, unknown>, code: ErrorCode) => {
      const res = await adminJson(rig, '/content/save', { ...BASE(), ...patch });
      expect(res.status, JSON.stringify(patch)).toBeLessThan(500);
      expect(res.body, JSON.stringify(patch)).toMatchObject({ type: 'error', code, message: errorMessage(code, 'en') });
    };
    await refused({ versions: [{ lang: 'zh', title: '只有中文' }] }, 'content_english_required');
    await refused({ versions: [] }, 'content_english_required');
    await refused({ versions: [{ lang: 'en', title: 'A' }, { lang: 'en', title: 'B' }] }, 'parameter_error');
    await refused({ versions: [{ lang: 'en', title: '  ' }] }, 'content_title_required');
    await refused({ versions: [{ lang: 'en', title: 'x'.repeat(121) }] }, 'content_title_required');
    await refused({ versions: [{ lang: 'en', title: 'Long', content: 'x'.repeat(CONTENT_HTML_CHARS_MAX + 1) }] }, 'content_too_long');
    await refused({ versions: [{ lang: 'en', title: 'Image', image: 'https://evil.example/a.png' }] }, 'parameter_error');
    await refused({ versions: [{ lang: 'xx', title: 'Lang' }] }, 'parameter_error');
    await refused({ kind: 'page' }, 'parameter_error');
    await refused({ page_key: 'faq' }, 'parameter_error');
    await refused({ kind: 'page', page_key: 'faq', popup: true }, 'parameter_error');
    await refused({ publish_at: 'tomorrow' }, 'parameter_error');
    await refused({ sort: -1 }, 'parameter_error');
    await refused({ id: 999_999 }, 'not_found');
    const banner = await saveItem(rig, { kind: 'banner' });
    await refused({ id: banner.id }, 'not_found');
    const page = await saveItem(rig, { kind: 'page', page_key: 'faq' });
    await refused({ id: page.id, kind: 'page', page_key: 'contactus' }, 'not_found');
  });

  it('answers the preview with the sanitised HTML', async () => {
    const res = await adminJson(rig, '/content/preview', { content: '<h2 onclick="x()">Hi</h2><script>alert(1)</script><a href="javascript:1">a</a>' });
    expect(res.body.message).toEqual({ content: '<h2>Hi</h2><a>a</a>' });
  });

  it('lets support read the items but not write anything, and keeps reviewers out', async () => {
    const item = await saveItem(rig);
    expect((await admin(rig, 'GET', '/content/items', { kind: 'news' }, support)).body.type).toBe('ok');
    expect((await admin(rig, 'GET', '/content/item', { id: item.id }, support)).body.type).toBe('ok');
    for (const [url, body] of [
      ['/content/save', { ...BASE(), id: item.id }],
      ['/content/delete', { id: item.id }],
      ['/content/preview', { content: '<p>x</p>' }],
      ['/content/settings', { site_name: 'Mine' }],
    ] as const) {
      expect((await adminJson(rig, url, body, support)).body.code, url).toBe('forbidden');
    }
    expect((await admin(rig, 'GET', '/content/settings', {}, support)).body.code).toBe('forbidden');
    expect((await admin(rig, 'GET', '/content/items', { kind: 'news' }, reviewer)).body.code).toBe('forbidden');
    expect((await admin(rig, 'GET', '/content/items', { kind: 'news' }, '')).body.type).toBe('999');
    expect(writeRoutes(rig.test.app, /\/admin\/content\//)).toEqual([
      'POST /api/admin/content/delete',
      'POST /api/admin/content/images',
      'POST /api/admin/content/preview',
      'POST /api/admin/content/save',
      'POST /api/admin/content/settings',
    ]);
  });
});

describe('site settings', () => {
  const setting = (keyword: string) => call(rig.test.app, '/getSetting', { method: 'GET', payload: { keyword } });

  it('answers every public keyword with its default on a fresh site', async () => {
    const expected: Record<string, unknown> = {
      site_name: 'FairEx',
      site_logo: '',
      customer_service_url: '',
      webview_hosts: [],
      app_version: '0.8.0',
      app_version_code: 80,
      android_download_url: '',
      ios_download_url: '',
      recharge_contact_first: false,
    };
    for (const [keyword, value] of Object.entries(expected)) expect((await setting(keyword)).body, keyword).toEqual({ type: 'ok', message: value });
    expect((await setting('upload_url_secret')).body.code).toBe('not_found');
    expect((await setting('wealth_time_zone')).body.code).toBe('not_found');
  });

  it('edits keywords as admin (logged with before and after) and frames the allowed hosts in the CSP', async () => {
    const before = await rig.test.app.inject({ method: 'GET', url: '/api/currency/list' });
    expect(String(before.headers['content-security-policy'])).toContain("frame-src 'self'");
    const res = await adminJson(rig, '/content/settings', {
      site_name: 'FairEx Pro',
      customer_service_url: 'https://chat.example.com/widget?site=1',
      webview_hosts: ['Docs.Example.com'],
      app_version: '0.9.0',
      android_download_url: 'https://example.com/fairex.apk',
    });
    expect(res.body.message).toMatchObject({ site_name: 'FairEx Pro', webview_hosts: ['docs.example.com'], app_version: '0.9.0', app_version_code: 80 });
    expect((await setting('customer_service_url')).body.message).toBe('https://chat.example.com/widget?site=1');
    expect((await setting('webview_hosts')).body.message).toEqual(['docs.example.com']);
    expect((await call(rig.test.app, '/getSiteConfig', { method: 'GET' })).body.message).toMatchObject({ site_name: 'FairEx Pro', customer_service_url: 'https://chat.example.com/widget?site=1' });
    const after = await rig.test.app.inject({ method: 'GET', url: '/api/currency/list' });
    expect(String(after.headers['content-security-policy'])).toContain("frame-src 'self' docs.example.com chat.example.com");
    const [log] = await rig.test.db.select().from(operatorAuditLog).where(and(eq(operatorAuditLog.action, 'site.settings.edit')));
    expect(log!.detail).toMatchObject({ before: { site_name: 'FairEx', webview_hosts: [] }, after: { site_name: 'FairEx Pro', webview_hosts: ['docs.example.com'] } });
    expect((await admin(rig, 'GET', '/content/settings')).body.message).toMatchObject({ site_name: 'FairEx Pro', ios_download_url: '' });
  });

  it('refuses values that could not be shown or would reach the CSP', async () => {
    for (const body of [
      {},
      { site_name: '' },
      { site_logo: 'https://evil.example/logo.png' },
      { customer_service_url: 'javascript:alert(1)' },
      { webview_hosts: ['https://docs.example.com'] },
      { webview_hosts: ["evil.example; script-src *"] },
      { webview_hosts: ['*.example.com'] },
      { app_version: 'latest' },
      { app_version_code: 0 },
      { ios_download_url: 'ftp://example.com/app' },
    ]) {
      expect((await adminJson(rig, '/content/settings', body)).body.code, JSON.stringify(body)).toBe('parameter_error');
    }
  });
});

describe('demo content', () => {
  let fresh: ContentRig;
  beforeAll(async () => {
    fresh = await contentRig();
  });
  afterAll(() => fresh.test.close());

  it('seeds a banner, a welcome popup, two news and the four pages in all eight languages, marked demo, once, and leaves an operator page alone', async () => {
    await saveItem(fresh, { kind: 'page', page_key: 'contactus', versions: [{ lang: 'en', title: 'Our own contact page' }] });
    await seedContentDemo(fresh.test.db, fresh.clock.now);
    await seedContentDemo(fresh.test.db, fresh.clock.now);
    const demo = await fresh.test.db.select().from(news).where(eq(news.demo, true));
    expect(demo.map((n) => n.categoryId ?? n.pageKey).sort()).toEqual([4, 4, 4, 5, 'aboutus', 'faq', 'operational_compliance'].sort() as never);
    const versions = await fresh.test.db.select().from(newsVersions).where(inArray(newsVersions.newsId, demo.map((n) => n.id)));
    for (const item of demo) expect(versions.filter((v) => v.newsId === item.id).map((v) => v.lang).sort(), `item ${item.id}`).toEqual([...LANGS].sort());
    expect(titles((await call(fresh.test.app, '/news/list', { payload: { c_id: 5 }, lang: 'zh' })).body)).toContain('公平交易：每个价格都跟随公开行情');
    expect(titles((await call(fresh.test.app, '/news/list', { payload: { c_id: 5 }, lang: 'fra' })).body)).toContain('Négociez équitablement : chaque prix suit le flux public');
    expect((await call(fresh.test.app, '/contactus', { method: 'GET' })).body.message.title).toBe('Our own contact page');
    expect((await call(fresh.test.app, '/faq', { method: 'GET', lang: 'zh' })).body.message.content).toContain('开发环境的演示内容');
    expect((await call(fresh.test.app, '/faq', { method: 'GET', lang: 'spa' })).body.message).toMatchObject({ lang: 'spa', title: 'Preguntas frecuentes' });
    // Home's popup: the welcome notice, in the reader's language.
    const popup = (await call(fresh.test.app, '/news/index_pop', { method: 'GET', lang: 'jp' })).body.message;
    expect(popup).toMatchObject({ c_id: 4, lang: 'jp', title: 'FairEx デモへようこそ', version: 1 });
    expect(await fresh.test.db.select().from(news).where(like(news.pageKey, 'faq'))).toHaveLength(1);
  });
});
