/**
 * Proves the article screen: an article in the reader's language (or English, said so) with its
 * sanitised HTML as the server answers it; the news list when no id is given, 10 a page with "load
 * more"; and an id that names nothing readers may see leads to that list instead of a spinner.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadLanguage } from '../../i18n/index.ts';
import { setState } from '../../store/store.ts';
import { fakeApi, fakeOkApi } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { article, newsItem, newsPage } from './content-fixtures.ts';

describe('article', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await i18n.changeLanguage('en');
  });

  it('shows the article of ?id= with its title, date and HTML', async () => {
    const api = fakeOkApi({ '/news/detail': article({ image: '/content-images/0123456789abcdef0123456789abcdef.png' }) });
    renderApp('/pages/common/article?id=1');
    const card = await screen.findByRole('article', { name: 'Fees lowered' });
    expect(within(card).getByRole('heading', { name: 'Lower fees' })).toBeTruthy();
    expect(card.querySelector('strong')?.textContent).toBe('today');
    expect(card.querySelector('img')?.getAttribute('src')).toBe('/content-images/0123456789abcdef0123456789abcdef.png');
    expect(within(card).getByText(/^Published /)).toBeTruthy();
    expect(api.of('/news/detail')[0]!.params).toMatchObject({ id: '1', lang: 'en' });
    expect(screen.queryByText(/Shown in English/)).toBeNull();
  });

  it("says so when the reader's language has no version and English is shown", async () => {
    await loadLanguage('zh');
    setState({ lang: 'zh' });
    await i18n.changeLanguage('zh');
    fakeOkApi({ '/news/detail': article({ lang: 'en' }) });
    renderApp('/pages/common/article?id=1');
    expect(await screen.findByText('以英文显示：此内容暂无您所用语言的版本。')).toBeTruthy();
  });

  it('says an id names nothing, with a link to the news list', async () => {
    fakeApi({
      '/news/detail': { type: 'error', code: 'not_found', message: 'Not found' },
      '/news/list': { type: 'ok', message: newsPage([newsItem()]) },
    });
    const { router } = renderApp('/pages/common/article?id=99');
    expect(await screen.findByText('This article is not available: it may have been removed or not published yet.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'All news' })));
    expect(router.state.location.pathname).toBe('/pages/common/article');
    expect(router.state.location.search).toBe('');
    expect(await screen.findByRole('link', { name: /Fees lowered/ })).toBeTruthy();
  });

  it('shows when each news item was published by the spec section 9 rule', async () => {
    const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
    fakeOkApi({
      '/news/list': newsPage([
        newsItem({ id: 1, title: 'Fresh', published_at: ago(2 * 60_000) }),
        newsItem({ id: 2, title: 'Hours', published_at: ago(5 * 3_600_000 + 60_000) }),
        newsItem({ id: 3, title: 'Old', published_at: '2026-01-15T12:00:00.000Z' }),
      ]),
    });
    renderApp('/pages/common/article');
    const list = await screen.findByRole('list', { name: 'News' });
    expect(within(list).getByRole('link', { name: /Fresh/ }).textContent).toContain('Just now');
    expect(within(list).getByRole('link', { name: /Hours/ }).textContent).toContain('5 hours ago');
    expect(within(list).getByRole('link', { name: /Old/ }).textContent).toContain('2026-01-15');
  });

  it('is the news list without an id: 10 a page, more on demand, each opening its article', async () => {
    const first = Array.from({ length: 10 }, (_, i) => newsItem({ id: i + 1, title: `News ${i + 1}` }));
    const api = fakeOkApi({
      '/news/list': (params: Record<string, string>) => (params.page === '2' ? newsPage([newsItem({ id: 11, title: 'News 11' })], 2, 11) : newsPage(first, 1, 11)),
      '/news/detail': article({ id: 3, title: 'News 3' }),
    });
    const { router } = renderApp('/pages/common/article');
    const list = await screen.findByRole('list', { name: 'News' });
    expect(within(list).getAllByRole('link')).toHaveLength(10);
    expect(api.of('/news/list')[0]!.params).toMatchObject({ c_id: '4', page: '1' });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Load more' })));
    expect(await within(list).findByRole('link', { name: /News 11/ })).toBeTruthy();
    expect(screen.getByText('No more data')).toBeTruthy();
    await act(async () => fireEvent.click(within(list).getByRole('link', { name: /News 3\b/ })));
    expect(router.state.location.search).toBe('?id=3');
    expect(await screen.findByRole('article', { name: 'News 3' })).toBeTruthy();
  });
});
