/**
 * Proves "my NFTs": the held, reselling and sold lists asked by tab, a held artwork offering a resale,
 * a held box offering its opening, a resale showing its review state (and a relist once it ended
 * unsold), and a sale its price.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveToken } from '../../store/store.ts';
import { fakeOkApi } from '../../test/fake-api.ts';
import { NftMinePage } from './mine.tsx';
import { listing, mine, NOW, openAt, page } from './test-fixtures.tsx';

function open(path = '/pages/nft/mine') {
  saveToken('a-token');
  const api = fakeOkApi({
    '/bind_box/getMyNFTs': (params: Record<string, string>) =>
      params.status === 'held'
        ? page([mine(), mine({ code: 'BOX-000002', kind: 'box', title: 'Harbour box', media_type: 'blind_box', rarity: null, artist: null, box: { opened: false, number: 2, series_code: 'SER-000001' } })])
        : params.status === 'reselling'
          ? page([mine({ listing: listing({ status: 'reviewing', resale: true, price: '200' }) }), mine({ code: 'NFT-000014', title: 'Old Pier', listing: listing({ code: 'NFT-000014', status: 'unsold', resale: true }) })])
          : page([mine({ sold: { price: '180', currency: 'USDT', at: NOW, reason: 'resale' } })]),
    '/bind_box/getNFTOrderMessage': { ...page([]), unread: 2 },
  });
  const router = openAt(path, { path: '/pages/nft/mine', Component: NftMinePage });
  return { api, router };
}

describe('my NFTs', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers a resale of a held artwork and the opening of a held box', async () => {
    const { api } = open();
    const list = await screen.findByRole('list', { name: 'Held' });
    expect(api.of('/bind_box/getMyNFTs')[0]!.params.status).toBe('held');
    expect(within(list).getByRole('link', { name: 'Resell' }).getAttribute('href')).toBe('/pages/nft/resell?code=NFT-000012');
    expect(within(list).getByRole('link', { name: 'Open the box' }).getAttribute('href')).toBe('/pages/nft/artworkDetail?code=BOX-000002');
    expect(list.textContent).toContain('Box #2 · Unopened');
    expect((await screen.findByRole('link', { name: 'Messages 2 unread' })).getAttribute('href')).toBe('/pages/nft/purchase?tab=messages');
  });

  it('shows a resale under review, and a relist once one ended unsold', async () => {
    open('/pages/nft/mine?tab=reselling');
    const list = await screen.findByRole('list', { name: 'Reselling' });
    expect(list.textContent).toContain('Under review');
    expect(list.textContent).toContain('200 USDT');
    expect(within(list).getAllByRole('link', { name: 'Relist' })).toHaveLength(1);
    expect(within(list).queryByRole('link', { name: 'Resell' })).toBeNull();
  });

  it('shows what was sold and for how much', async () => {
    open();
    await screen.findByRole('list', { name: 'Held' });
    await act(async () => fireEvent.click(screen.getByRole('tab', { name: 'Sold' })));
    const list = await screen.findByRole('list', { name: 'Sold' });
    expect(list.textContent).toContain('Sold for 180 USDT');
  });
});
