/**
 * Proves the item page: an artwork's facts (owner, creator, rarity, collection, transfer history), its
 * player for audio and video, an auction's figures, countdown on the server's clock and bids, the
 * favourite toggle, paying a won auction after a confirmation, opening a box with its animation, and the
 * draw's verification computed in the browser (passing for the published example, failing when tampered).
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveToken } from '../../store/store.ts';
import { fakeApi, fakeOkApi } from '../../test/fake-api.ts';
import { NftArtworkDetailPage } from './artworkDetail.tsx';
import { NftArtworkDetailVideoPage } from './artworkDetail_video.tsx';
import { auction, detail, draw, NOW, openAt, order, page } from './test-fixtures.tsx';

function open(answers: Record<string, unknown>, path = '/pages/nft/artworkDetail?code=NFT-000012', screenPath = '/pages/nft/artworkDetail') {
  saveToken('a-token');
  const api = fakeOkApi({ '/bind_box/getBindBoxQuotationLog': page([]), ...answers });
  const Component = screenPath.endsWith('_video') ? NftArtworkDetailVideoPage : NftArtworkDetailPage;
  const router = openAt(path, { path: screenPath, Component });
  return { api, router };
}

const figure = (label: string) => screen.getByText(label).nextElementSibling?.textContent;
const confirm = async () => {
  const dialog = await screen.findByRole('dialog');
  await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' })));
};

describe('NFT item page', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows the artwork, its owner, creator, rarity, collection, sale and history, and asks by its code', async () => {
    const { api } = open({ '/bind_box/getBoxDetail': detail({ owner: { name: 'an***@example.com', self: false } }) });
    expect(await screen.findByRole('heading', { name: 'Golden Hour' })).toBeTruthy();
    expect(api.of('/bind_box/getBoxDetail')[0]!.params.code).toBe('NFT-000012');
    expect(screen.getByRole('img', { name: 'Cover of Golden Hour' }).getAttribute('src')).toBe('/nft-media/art-12.png');
    expect(figure('Owner')).toBe('an***@example.com');
    expect(figure('Creator')).toBe('Mira Sol');
    expect(figure('Collection')).toBe('Light studies');
    expect(screen.getAllByText('Rare').length).toBeGreaterThan(0);
    expect(figure('Price')).toBe('120 USDT');
    expect(screen.getByRole('link', { name: 'Buy now' }).getAttribute('href')).toBe('/pages/nft/purchase_one?code=NFT-000012');
    const history = screen.getByRole('region', { name: 'Transfer history' });
    expect(within(history).getByText('Minted')).toBeTruthy();
  });

  it('plays audio under its cover with a seekable native player', async () => {
    open({ '/bind_box/getBoxDetail': detail({ media_type: 'audio', media: { kind: 'audio', url: '/nft-media/song.mp3', mime: 'audio/mpeg' } }) });
    const player = await screen.findByLabelText('Audio of Golden Hour');
    expect(player.tagName).toBe('AUDIO');
    expect(player.getAttribute('src')).toBe('/nft-media/song.mp3');
    expect(player.hasAttribute('controls')).toBe(true);
    expect(screen.getByRole('img', { name: 'Cover of Golden Hour' })).toBeTruthy();
  });

  it('plays a video on artworkDetail_video with its cover as poster', async () => {
    open(
      { '/bind_box/getBoxDetail': detail({ media_type: 'video', media: { kind: 'video', url: '/nft-media/clip.mp4', mime: 'video/mp4' } }) },
      '/pages/nft/artworkDetail_video?code=NFT-000012',
      '/pages/nft/artworkDetail_video',
    );
    const player = await screen.findByLabelText('Video of Golden Hour');
    expect(player.tagName).toBe('VIDEO');
    expect(player.getAttribute('src')).toBe('/nft-media/clip.mp4');
    expect(player.getAttribute('poster')).toBe('/nft-media/cover-12.png');
    expect(player.hasAttribute('controls')).toBe(true);
  });

  it("counts an auction down on the server's clock and lists its bids, the leader first", async () => {
    // The device runs 10 minutes behind the server: the countdown follows the server.
    vi.useFakeTimers({ now: NOW - 600_000, toFake: ['Date'] });
    open({
      '/bind_box/getBoxDetail': detail({ code: 'NFT-000013', title: 'Night Tide', listing: auction({ end_at: NOW + 3_600_000 }), server_time: NOW }),
      '/bind_box/getBindBoxQuotationLog': page([
        { id: '2', bidder: 'bo***@example.com', self: false, price: '120', at: NOW - 60_000 },
        { id: '1', bidder: 'an***@example.com', self: true, price: '100', at: NOW - 120_000 },
      ]),
    }, '/pages/nft/artworkDetail?code=NFT-000013');
    expect((await screen.findByRole('timer')).textContent).toBe('Ends in 01:00:00');
    expect(figure('Starting price')).toBe('100 USDT');
    expect(figure('Current bid')).toBe('120 USDT');
    expect(figure('Bid increment')).toBe('5 USDT');
    expect(figure('Margin')).toBe('10 USDT');
    const bids = await screen.findByRole('region', { name: 'Bids' });
    const rows = await within(bids).findAllByRole('listitem');
    expect(rows[0]!.textContent).toContain('bo***@example.com');
    expect(rows[0]!.textContent).toContain('Leading');
    expect(rows[1]!.textContent).toContain('Yours');
    expect(screen.getByRole('link', { name: 'Bid' }).getAttribute('href')).toBe('/pages/nft/purchase_one?code=NFT-000013');
  });

  it('toggles the favourite with collect (code)', async () => {
    const { api } = open({ '/bind_box/getBoxDetail': detail(), '/bind_box/collect': { code: 'NFT-000012', favourite: true } });
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Add to favourites' })));
    await vi.waitFor(() => expect(api.of('/bind_box/collect')).toHaveLength(1));
    expect(api.of('/bind_box/collect')[0]!.params.code).toBe('NFT-000012');
  });

  it('pays a won auction after a confirmation naming what is left to pay (price less the margin)', async () => {
    const { api } = open({
      '/bind_box/getBoxDetail': detail({ code: 'NFT-000013', title: 'Night Tide', listing: auction({ status: 'awaiting_payment' }), my_order: order() }),
      '/bind_box/payNFTOrder': order({ status: 'paid', paid_at: NOW }),
    }, '/pages/nft/artworkDetail?code=NFT-000013');
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Pay now' })));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Pay 140 USDT for Night Tide? Your margin of 10 USDT is returned with it.');
    expect(api.of('/bind_box/payNFTOrder')).toHaveLength(0);
    await confirm();
    await vi.waitFor(() => expect(api.of('/bind_box/payNFTOrder')).toHaveLength(1));
    expect(api.of('/bind_box/payNFTOrder')[0]!.params).toMatchObject({ id: '31' });
    expect(api.of('/bind_box/payNFTOrder')[0]!.params.client_id).toMatch(/^[0-9a-f]{32}$/);
  });

  it('opens the own box with the seed fixed at purchase after a confirmation, shakes it, then shows the artwork drawn', async () => {
    const box = detail({
      code: 'BOX-000001',
      kind: 'box',
      title: 'Harbour box',
      media_type: 'blind_box',
      media: null,
      rarity: null,
      owner: { name: 'Ann', self: true },
      listing: null,
      box: { number: 1, opened: false, series_code: 'SER-000001', user_seed: 'lucky' },
    });
    let opened = false;
    const { api } = open(
      {
        // Asked again after the opening, the box answers opened: the reveal stays on screen.
        '/bind_box/getBoxDetail': () => (opened ? { ...box, box: { ...box.box!, opened: true } } : box),
        '/bind_box/openBlindBox': () => ((opened = true), { box_code: 'BOX-000001', item_code: 'NFT-000012', title: 'Golden Hour', cover: null, media_type: 'image', rarity: 'rare', draw: draw({ server_seed: null }) }),
      },
      '/pages/nft/artworkDetail?code=BOX-000001',
    );
    expect(await screen.findByText('lucky')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Open the box' })));
    expect((await screen.findByRole('dialog')).textContent).toContain('Open box BOX-000001 now? The draw is final.');
    await confirm();
    expect(await screen.findByText('Opening your box…')).toBeTruthy();
    expect(api.of('/bind_box/openBlindBox')[0]!.params).toMatchObject({ code: 'BOX-000001' });
    expect(api.of('/bind_box/openBlindBox')[0]!.params).not.toHaveProperty('user_seed');
    const reveal = await screen.findByRole('dialog', { name: 'You got' }, { timeout: 3000 });
    expect(within(reveal).getByText('Golden Hour')).toBeTruthy();
    expect(within(reveal).getByRole('link', { name: 'View the artwork' }).getAttribute('href')).toBe('/pages/nft/artworkDetail?code=NFT-000012');
  });

  it('offers no field to change the seed of a box at opening (it was fixed at purchase)', async () => {
    open({
      '/bind_box/getBoxDetail': detail({ code: 'BOX-000001', kind: 'box', media: null, owner: { name: 'Ann', self: true }, listing: null, box: { number: 1, opened: false, series_code: 'SER-000001', user_seed: 'lucky' } }),
    }, '/pages/nft/artworkDetail?code=BOX-000001');
    expect(await screen.findByText(/fixed when you bought the box/)).toBeTruthy();
    expect(screen.queryByLabelText('Your seed')).toBeNull();
  });

  it('verifies a revealed draw in the browser: the seed hashes to the published hash and gives item 12 at point 77', async () => {
    open({ '/bind_box/getBoxDetail': detail({ draw: draw() }) });
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Verify in this browser' })));
    const verdict = screen.getByRole('status');
    expect(verdict.textContent).toContain('The draw gives point 77 and item 12');
    expect(verdict.textContent).toContain('Verified: this draw is exactly what the published rules give');
  });

  it('shows a mismatch when the recorded item is not what the seeds give', async () => {
    open({ '/bind_box/getBoxDetail': detail({ draw: draw({ item_id: 13, item_code: 'NFT-000013' }) }) });
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Verify in this browser' })));
    expect(screen.getByRole('status').textContent).toContain('Does not match: contact customer service');
  });

  it('waits for the server seed before a draw can be verified', async () => {
    open({ '/bind_box/getBoxDetail': detail({ draw: draw({ server_seed: null }) }) });
    expect(await screen.findByText('The server seed is revealed once the sale has ended. Come back then to verify this draw.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Verify in this browser' })).toBeNull();
  });

  it('offers the owner a resale of their artwork once its sale is over', async () => {
    open({ '/bind_box/getBoxDetail': detail({ owner: { name: 'Ann', self: true }, listing: { ...detail().listing!, status: 'sold' } }) });
    expect((await screen.findByRole('link', { name: 'Resell' })).getAttribute('href')).toBe('/pages/nft/resell?code=NFT-000012');
  });

  it('goes to the marketplace without a code', async () => {
    open({}, '/pages/nft/artworkDetail');
    expect(await screen.findByText('screen /pages/nft/nft')).toBeTruthy();
  });

  it('says a malformed code names nothing, asks nothing, and leads back to the market (no retry)', async () => {
    const { api, router } = open({}, '/pages/nft/artworkDetail?code=NOPE');
    expect(await screen.findByRole('heading', { name: 'No artwork, box or series has this code' })).toBeTruthy();
    expect(api.of('/bind_box/getBoxDetail')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Back to the NFT market' })));
    expect(router.state.location.pathname).toBe('/pages/nft/nft');
  });

  it('says so when the server knows no item by a well-formed code', async () => {
    saveToken('a-token');
    fakeApi({ '/bind_box/getBoxDetail': { type: 'error', code: 'not_found', message: 'Not found' } });
    openAt('/pages/nft/artworkDetail_video?code=NFT-999999', { path: '/pages/nft/artworkDetail_video', Component: NftArtworkDetailVideoPage });
    expect(await screen.findByRole('heading', { name: 'No artwork, box or series has this code' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the NFT market' }).getAttribute('href')).toBe('/pages/nft/nft');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });
});
