// Proves the home content calls answer real rows in the reader's language: lists by category, one
// item, and the popup ad (null when operators have set none).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { news } from '../src/content/tables.ts';
import { call, makeTestApp, type TestApp } from './support/app.ts';

let test: TestApp;
beforeAll(async () => {
  test = await makeTestApp();
});
afterAll(async () => {
  await test.close();
});

describe('news and banners', () => {
  it('answers empty lists and no popup before operators write any', async () => {
    const list = await call(test.app, '/news/list', { payload: { c_id: 4 } });
    expect(list.body).toEqual({ type: 'ok', message: { data: [], total: 0, page: 1, limit: 10 } });
    expect((await call(test.app, '/news/index_pop', { method: 'GET' })).body).toEqual({ type: 'ok', message: null });
  });

  it('lists published items of a category in the reader language, newest first', async () => {
    await test.db.insert(news).values([
      { categoryId: 4, lang: 'en', title: 'Older' },
      { categoryId: 4, lang: 'en', title: 'Newer' },
      { categoryId: 4, lang: 'zh', title: '新闻' },
      { categoryId: 4, lang: 'en', title: 'Draft', published: false },
      { categoryId: 5, lang: 'en', title: 'Banner', thumbnail: '/uploads/x.png', popup: true },
    ]);
    const en = await call(test.app, '/news/list', { payload: { c_id: 4 }, lang: 'en' });
    expect(en.body.message.data.map((n: { title: string }) => n.title)).toEqual(['Newer', 'Older']);
    const zh = await call(test.app, '/news/list', { payload: { c_id: 4 }, lang: 'zh' });
    expect(zh.body.message.data.map((n: { title: string }) => n.title)).toEqual(['新闻']);
    const banners = await call(test.app, '/news/list', { payload: { c_id: 5 } });
    expect(banners.body.message.data[0]).toMatchObject({ title: 'Banner', thumbnail: '/uploads/x.png', c_id: 5 });
    const pop = await call(test.app, '/news/index_pop', { method: 'GET', lang: 'en' });
    expect(pop.body.message.title).toBe('Banner');
    const detail = await call(test.app, '/news/detail', { payload: { id: en.body.message.data[0].id } });
    expect(detail.body.message.title).toBe('Newer');
  });

  it('refuses an unknown category and a missing item', async () => {
    expect((await call(test.app, '/news/list', { payload: { c_id: 9 } })).body.code).toBe('parameter_error');
    expect((await call(test.app, '/news/detail', { payload: { id: 99999 } })).body.code).toBe('not_found');
    expect((await call(test.app, '/news/detail', { payload: { id: 'x' } })).body.code).toBe('parameter_error');
  });
});
