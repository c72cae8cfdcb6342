/**
 * Proves the marketplace: listings in a grid with their sale type, state and price (an auction's current
 * bid), the filters sent as getBoxList's parameters, the keyword sent on search, "load more" asking the
 * next page, and the artists and collections sections; browsing needs no session.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession } from '../../store/store.ts';
import { fakeOkApi } from '../../test/fake-api.ts';
import { NftNftPage } from './nft.tsx';
import { NftUviewPage } from './uview.tsx';
import { auction, listing, openAt, page } from './test-fixtures.tsx';

const COINS = [
  { id: 1, name: 'USDT', decimals: 6 },
  { id: 3, name: 'ETH', decimals: 8 },
];

function open(path = '/pages/nft/nft', boxes: (params: Record<string, string>) => unknown = () => page([listing(), auction()], 2)) {
  clearSession();
  const api = fakeOkApi({
    '/bind_box/getBoxList': boxes,
    '/bind_box/getNftCurrency': COINS,
    '/bind_box/getArtist': page([{ uid: 3, name: 'Mira Sol', bio: '', avatar: null, works: 4 }]),
    '/bind_box/getCollection': [{ id: 2, name: 'Light studies', description: 'Dawn and dusk', cover: null, items: 6 }],
  });
  const route = path.startsWith('/uview') ? { path: '/uview-ui/nft/nft', Component: NftUviewPage } : { path: '/pages/nft/nft', Component: NftNftPage };
  openAt(path, route);
  return api;
}

describe('NFT marketplace', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows each listing's title, sale type, state and price, an auction at its current bid, opening its page", async () => {
    open();
    const grid = await screen.findByRole('list', { name: 'Artworks' });
    const [fixed, bid] = within(grid).getAllByRole('link');
    expect(fixed!.getAttribute('href')).toBe('/pages/nft/artworkDetail?code=NFT-000012');
    expect(fixed!.textContent).toContain('Fixed price');
    expect(fixed!.textContent).toContain('On sale');
    expect(fixed!.textContent).toContain('120 USDT');
    expect(bid!.textContent).toContain('Current bid');
    expect(bid!.textContent).toContain('120 USDT');
  });

  it('sends the filters chosen (coin, sale type, status, media type) and the keyword searched', async () => {
    const api = open();
    await screen.findByRole('list', { name: 'Artworks' });
    await vi.waitFor(() => expect(screen.getByRole('option', { name: 'ETH' })).toBeTruthy());
    fireEvent.change(screen.getByLabelText('Coin'), { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText('Sale type'), { target: { value: 'auction' } });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText('Media type'), { target: { value: 'video' } });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search artworks' }), { target: { value: 'tide' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Search' })));
    await vi.waitFor(() => expect(api.of('/bind_box/getBoxList').at(-1)!.params).toMatchObject({ currency: '3', sale_type: 'auction', status: '1', media_type: 'video', keyword: 'tide', page: '1' }));
  });

  it('asks the next page with "load more" and appends it', async () => {
    const api = open('/pages/nft/nft', (params) => (params.page === '2' ? page([listing({ id: 9, code: 'NFT-000020', title: 'Second page' })], 11, 2) : page(Array.from({ length: 10 }, (_, i) => listing({ id: i + 1, code: `NFT-0000${10 + i}` })), 11)));
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Load more' })));
    expect(await screen.findByText('Second page')).toBeTruthy();
    expect(api.of('/bind_box/getBoxList').at(-1)!.params.page).toBe('2');
    expect(within(screen.getByRole('list', { name: 'Artworks' })).getAllByRole('listitem')).toHaveLength(11);
  });

  it('lists the artists and the collections in their sections', async () => {
    open('/pages/nft/nft?tab=artists');
    const artists = await screen.findByRole('list', { name: 'Artists' });
    expect(within(artists).getByRole('link').getAttribute('href')).toBe('/pages/nft/artistDetail?uid=3');
    expect(artists.textContent).toContain('4 works');
    await act(async () => fireEvent.click(screen.getByRole('tab', { name: 'Collections' })));
    const collections = await screen.findByRole('list', { name: 'Collections' });
    expect(within(collections).getByRole('link').getAttribute('href')).toBe('/pages/nft/components/artwork?collection=2');
    expect(collections.textContent).toContain('6 items');
  });

  it('shows the Demo badge on demo listings, artists and collections, and none on an operator\'s (fairness review 8)', async () => {
    clearSession();
    fakeOkApi({
      '/bind_box/getBoxList': page([listing({ demo: true }), auction()], 2),
      '/bind_box/getNftCurrency': COINS,
      '/bind_box/getArtist': page([
        { uid: 3, name: 'Mira Sol', bio: '', avatar: null, works: 4, demo: true },
        { uid: 4, name: 'Operator Artist', bio: '', avatar: null, works: 1, demo: false },
      ]),
      '/bind_box/getCollection': [
        { id: 2, name: 'Light studies', description: '', cover: null, items: 6, demo: true },
        { id: 5, name: 'Operator shelf', description: '', cover: null, items: 1, demo: false },
      ],
    });
    openAt('/pages/nft/nft', { path: '/pages/nft/nft', Component: NftNftPage });
    const badge = (name: RegExp) => within(screen.getByRole('link', { name })).queryByText('Demo');
    await screen.findByRole('link', { name: /Golden Hour/ });
    expect([badge(/Golden Hour/), badge(/Night Tide/)].map((b) => b !== null)).toEqual([true, false]);
    await act(async () => fireEvent.click(screen.getByRole('tab', { name: 'Artists' })));
    await screen.findByRole('list', { name: 'Artists' });
    expect([badge(/Mira Sol/), badge(/Operator Artist/)].map((b) => b !== null)).toEqual([true, false]);
    await act(async () => fireEvent.click(screen.getByRole('tab', { name: 'Collections' })));
    await screen.findByRole('list', { name: 'Collections' });
    expect([badge(/Light studies/), badge(/Operator shelf/)].map((b) => b !== null)).toEqual([true, false]);
  });

  it('is the same marketplace on /uview-ui/nft/nft', async () => {
    open('/uview-ui/nft/nft');
    expect(await screen.findByRole('list', { name: 'Artworks' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'My NFTs' }).getAttribute('href')).toBe('/pages/nft/mine');
  });
});
