/**
 * Proves home's content: banners (with or without an image) and the news open their articles, the news
 * section leads to the whole list, and the popup ad shows once per version: not again after a reload,
 * again once the operator saved a new version.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeOkApi } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { newsItem, newsPage, popup } from '../common/content-fixtures.ts';

const WAIT = { timeout: 5000 };
const IMAGE = '/content-images/0123456789abcdef0123456789abcdef.png';

function openHome(ad: unknown = null) {
  return fakeOkApi({
    '/news/list': (params: Record<string, string>) =>
      params.c_id === '5'
        ? newsPage([newsItem({ id: 21, c_id: 5, title: 'Picture banner', image: IMAGE }), newsItem({ id: 22, c_id: 5, title: 'Text banner' })])
        : newsPage([newsItem({ id: 31, title: 'Listing: LTC' })]),
    '/news/index_pop': ad,
  });
}

describe('home content', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('opens the article of a banner, with or without its image', async () => {
    openHome();
    const { router } = renderApp('/');
    const banners = within(await screen.findByRole('region', { name: 'Banners' }, WAIT));
    const picture = await banners.findByRole('img', { name: 'Picture banner' }, WAIT);
    expect(picture.getAttribute('src')).toBe(IMAGE);
    await act(async () => fireEvent.click(picture.closest('button')!));
    expect(router.state.location).toMatchObject({ pathname: '/pages/common/article', search: '?id=21' });
    await act(async () => router.navigate('/'));
    const text = within(await screen.findByRole('region', { name: 'Banners' }, WAIT));
    await act(async () => fireEvent.click((await text.findAllByText('Text banner', undefined, WAIT))[0]!.closest('button')!));
    expect(router.state.location.search).toBe('?id=22');
  });

  it('lists the news, each opening its article, and leads to all news', async () => {
    openHome();
    const { router } = renderApp('/');
    const news = within(await screen.findByRole('region', { name: 'News' }, WAIT));
    expect((await news.findByRole('link', { name: /Listing: LTC/ }, WAIT)).getAttribute('href')).toBe('/pages/common/article?id=31');
    await act(async () => fireEvent.click(news.getByRole('link', { name: 'More news' })));
    expect(router.state.location).toMatchObject({ pathname: '/pages/common/article', search: '' });
  });

  it('shows the popup once per version, and opens its article', async () => {
    openHome(popup({ version: 1 }));
    const first = renderApp('/');
    const dialog = await screen.findByRole('dialog', { name: 'Notice' }, WAIT);
    expect(within(dialog).getByRole('heading', { name: 'Welcome offer' })).toBeTruthy();
    first.unmount();

    // A reload: the same version stays closed.
    renderApp('/');
    await screen.findByRole('region', { name: 'News' }, WAIT);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog', { name: 'Notice' })).toBeNull();
    vi.unstubAllGlobals();
    document.body.innerHTML = '';

    // The operator saved it again: the new version shows once more.
    openHome(popup({ version: 2 }));
    const { router } = renderApp('/');
    const again = await screen.findByRole('dialog', { name: 'Notice' }, WAIT);
    await act(async () => fireEvent.click(within(again).getByRole('button', { name: 'View details' })));
    expect(router.state.location).toMatchObject({ pathname: '/pages/common/article', search: '?id=7' });
  });
});
