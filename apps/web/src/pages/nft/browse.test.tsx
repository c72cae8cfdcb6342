/**
 * Proves the catalogue's sub-screens: an artist's page with their works, a collection's artworks under
 * its name, the search screen keeping its keyword in the address, the favourites list (titled so, its
 * empty state no search's), and an unknown artist's clear not-found state.
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveToken } from '../../store/store.ts';
import { fakeApi, fakeOkApi } from '../../test/fake-api.ts';
import { NftArtistDetailPage } from './artistDetail.tsx';
import { NftComponentsArtworkPage } from './components/artwork.tsx';
import { NftComponentsSearchPage } from './components/search.tsx';
import { NftMyNftPage } from './myNft.tsx';
import { listing, openAt, page } from './test-fixtures.tsx';

const ARTIST = { uid: 3, name: 'Mira Sol', bio: 'Paints harbours at dusk.', avatar: null, works: 1 };

function api() {
  saveToken('a-token');
  return fakeOkApi({
    '/bind_box/getBoxList': page([listing()]),
    '/bind_box/getArtistDetail': { artist: ARTIST, listings: [listing()] },
    '/bind_box/getCollection': [{ id: 2, name: 'Light studies', description: 'Dawn and dusk', cover: null, items: 1 }],
    '/bind_box/getNftCurrency': [{ id: 1, name: 'USDT', decimals: 6 }],
  });
}

describe('NFT catalogue screens', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows an artist's name, biography and works, asking by uid", async () => {
    const calls = api();
    openAt('/pages/nft/artistDetail?uid=3', { path: '/pages/nft/artistDetail', Component: NftArtistDetailPage });
    expect(await screen.findByText('Paints harbours at dusk.')).toBeTruthy();
    expect(calls.of('/bind_box/getArtistDetail')[0]!.params.uid).toBe('3');
    await screen.findByRole('list', { name: 'Artworks' });
    expect(calls.of('/bind_box/getBoxList')[0]!.params.artist).toBe('3');
  });

  it('goes to the artists without a uid', async () => {
    api();
    openAt('/pages/nft/artistDetail', { path: '/pages/nft/artistDetail', Component: NftArtistDetailPage });
    expect(await screen.findByText('screen /pages/nft/components/artist')).toBeTruthy();
  });

  it("shows a collection's artworks under its name", async () => {
    const calls = api();
    openAt('/pages/nft/components/artwork?collection=2', { path: '/pages/nft/components/artwork', Component: NftComponentsArtworkPage });
    expect(await screen.findByRole('heading', { name: 'Light studies' })).toBeTruthy();
    await screen.findByRole('list', { name: 'Artworks' });
    expect(calls.of('/bind_box/getBoxList')[0]!.params.collection).toBe('2');
  });

  it('keeps the search in the address and sends it with the filters', async () => {
    const calls = api();
    const router = openAt('/pages/nft/components/search?keyword=harbour', { path: '/pages/nft/components/search', Component: NftComponentsSearchPage });
    await screen.findByRole('list', { name: 'Artworks' });
    expect(calls.of('/bind_box/getBoxList')[0]!.params.keyword).toBe('harbour');
    fireEvent.change(screen.getByLabelText('Sale type'), { target: { value: 'blind_box' } });
    await vi.waitFor(() => expect(router.state.location.search).toBe('?keyword=harbour&sale_type=blind_box'));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search artworks' }), { target: { value: 'dusk' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Search' })));
    await vi.waitFor(() => expect(calls.of('/bind_box/getBoxList').at(-1)!.params).toMatchObject({ keyword: 'dusk', sale_type: 'blind_box' }));
  });

  it('lists the favourites with favourite=1', async () => {
    const calls = api();
    openAt('/pages/nft/myNft', { path: '/pages/nft/myNft', Component: NftMyNftPage });
    await screen.findByRole('list', { name: 'Favourites' });
    expect(calls.of('/bind_box/getBoxList')[0]!.params.favourite).toBe('1');
    expect(screen.getByRole('heading', { name: 'Favourites' })).toBeTruthy();
  });

  it('says no favourites yet, not that no artwork matches a search', async () => {
    saveToken('a-token');
    fakeOkApi({ '/bind_box/getBoxList': page([]) });
    openAt('/pages/nft/myNft', { path: '/pages/nft/myNft', Component: NftMyNftPage });
    expect(await screen.findByText('No favourites yet: tap ♡ on an artwork to keep it here')).toBeTruthy();
    expect(screen.queryByText('No artworks match')).toBeNull();
  });

  it('says an unknown artist does not exist, with a link to all artists', async () => {
    saveToken('a-token');
    fakeApi({ '/bind_box/getArtistDetail': { type: 'error', code: 'not_found', message: 'Not found' } });
    openAt('/pages/nft/artistDetail?uid=999', { path: '/pages/nft/artistDetail', Component: NftArtistDetailPage });
    expect(await screen.findByRole('heading', { name: 'This artist does not exist' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All artists' }).getAttribute('href')).toBe('/pages/nft/components/artist');
  });
});
