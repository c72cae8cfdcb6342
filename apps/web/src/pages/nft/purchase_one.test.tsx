/**
 * Proves the buy screen: a fixed price bought after a confirmation (with an idempotency key) then the
 * item's page; a blind box bought with the buyer's seed then the box's page; an auction's margin taken
 * after a confirmation; bids checked by the increment rule under the field without a call; a valid bid
 * sent after a confirmation; the server's refusal shown under the field; nothing offered off sale.
 */
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveToken } from '../../store/store.ts';
import { fakeApi, fakeOkApi } from '../../test/fake-api.ts';
import { NftPurchaseOnePage } from './purchase_one.tsx';
import { auction, detail, listing, NOW, openAt, order, page } from './test-fixtures.tsx';

const PATH = '/pages/nft/purchase_one';

function open(answers: Record<string, unknown>, code = 'NFT-000012') {
  saveToken('a-token');
  const api = fakeOkApi({ '/bind_box/getBindBoxQuotationLog': page([]), ...answers });
  const router = openAt(`${PATH}?code=${code}`, { path: PATH, Component: NftPurchaseOnePage });
  return { api, router };
}

const confirm = async (expected: string) => {
  const dialog = await screen.findByRole('dialog');
  expect(dialog.textContent).toContain(expected);
  await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' })));
};
const auctionDetail = (overrides = {}) => detail({ code: 'NFT-000013', title: 'Night Tide', listing: auction(), ...overrides });

describe('NFT buy screen', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('buys a fixed-price artwork after a confirmation, with an idempotency key, then opens its page', async () => {
    const { api, router } = open({ '/bind_box/getBoxDetail': detail(), '/bind_box/buyNFT': order({ code: 'NFT-000012', sale_type: 'normal', status: 'paid', margin: '0' }) });
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Buy now' })));
    expect(api.of('/bind_box/buyNFT')).toHaveLength(0);
    await confirm('Buy Golden Hour for 120 USDT?');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/pages/nft/artworkDetail'));
    expect(router.state.location.search).toBe('?code=NFT-000012');
    expect(api.of('/bind_box/buyNFT')[0]!.params).toMatchObject({ code: 'NFT-000012' });
    expect(api.of('/bind_box/buyNFT')[0]!.params.client_id).toMatch(/^[0-9a-f]{32}$/);
  });

  it('buys one blind box with the seed typed, then opens the box', async () => {
    const series = detail({ code: 'SER-000001', kind: 'series', title: 'Harbour box', media: null, media_type: 'blind_box', listing: listing({ code: 'SER-000001', sale_type: 'blind_box', price: '20', remaining: 3 }) });
    const { api, router } = open({ '/bind_box/getBoxDetail': series, '/bind_box/buyNFT': order({ code: 'BOX-000004', sale_type: 'blind_box', media_type: 'blind_box', status: 'paid' }) }, 'SER-000001');
    fireEvent.change(await screen.findByLabelText('Your seed'), { target: { value: 'my-lucky_seed' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Buy a box' })));
    await confirm('Buy one box of Harbour box for 20 USDT?');
    await vi.waitFor(() => expect(router.state.location.search).toBe('?code=BOX-000004'));
    expect(api.of('/bind_box/buyNFT')[0]!.params).toMatchObject({ code: 'SER-000001', user_seed: 'my-lucky_seed' });
  });

  it('draws a fresh random seed when the seed field is left empty, instead of refusing the purchase', async () => {
    const series = detail({ code: 'SER-000001', kind: 'series', title: 'Harbour box', media: null, media_type: 'blind_box', listing: listing({ code: 'SER-000001', sale_type: 'blind_box', price: '20', remaining: 3 }) });
    const { api } = open({ '/bind_box/getBoxDetail': series, '/bind_box/buyNFT': order({ code: 'BOX-000004', sale_type: 'blind_box', media_type: 'blind_box', status: 'paid' }) }, 'SER-000001');
    const field = (await screen.findByLabelText('Your seed')) as HTMLInputElement;
    fireEvent.change(field, { target: { value: '  ' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Buy a box' })));
    expect(screen.queryByText('Use 1 to 64 letters, digits, - or _')).toBeNull();
    expect(field.value).toMatch(/^[0-9a-f]{16}$/);
    await confirm('Buy one box of Harbour box for 20 USDT?');
    await vi.waitFor(() => expect(api.of('/bind_box/buyNFT')).toHaveLength(1));
    expect(api.of('/bind_box/buyNFT')[0]!.params.user_seed).toBe(field.value);
  });

  it('takes the margin first, after a confirmation saying when it comes back', async () => {
    const { api } = open({ '/bind_box/getBoxDetail': auctionDetail(), '/bind_box/marginNFT': { amount: '10', status: 'held', paid_at: NOW } }, 'NFT-000013');
    expect(await screen.findByText(/Step 1: pay the margin of 10 USDT/)).toBeTruthy();
    expect(screen.queryByLabelText('Your bid')).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Pay the margin' })));
    await confirm('Pay a margin of 10 USDT to bid on Night Tide?');
    await vi.waitFor(() => expect(api.of('/bind_box/marginNFT')).toHaveLength(1));
    expect(api.of('/bind_box/marginNFT')[0]!.params.code).toBe('NFT-000013');
  });

  it('checks a bid by the increment rule under the field without a call: 120 + 5 means at least 125', async () => {
    const { api } = open({ '/bind_box/getBoxDetail': auctionDetail({ my_margin: { amount: '10', status: 'held', paid_at: NOW } }) }, 'NFT-000013');
    const field = await screen.findByLabelText('Your bid');
    expect(field.getAttribute('placeholder')).toBe('At least 125 USDT');
    expect(screen.getByText(/each later bid must beat the current bid by at least the increment of 5 USDT/)).toBeTruthy();
    for (const [value, problem] of [
      ['abc', 'Enter a correct price'],
      ['124.99', 'Your bid must be at least 125 USDT'],
      ['125.0000001', 'USDT takes at most 6 decimals'],
    ]) {
      fireEvent.change(field, { target: { value } });
      await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Place bid' })));
      expect(screen.getByRole('alert').textContent).toBe(problem);
    }
    expect(api.of('/bind_box/auctionNFT')).toHaveLength(0);
  });

  it('sends a bid of 125 after a confirmation', async () => {
    const { api } = open({ '/bind_box/getBoxDetail': auctionDetail({ my_margin: { amount: '10', status: 'held', paid_at: NOW } }), '/bind_box/auctionNFT': auction({ current_bid: '125' }) }, 'NFT-000013');
    fireEvent.change(await screen.findByLabelText('Your bid'), { target: { value: '125' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Place bid' })));
    await confirm('Bid 125 USDT on Night Tide? A bid cannot be withdrawn.');
    await vi.waitFor(() => expect(api.of('/bind_box/auctionNFT')).toHaveLength(1));
    expect(api.of('/bind_box/auctionNFT')[0]!.params).toMatchObject({ code: 'NFT-000013', price: '125' });
  });

  it("shows the server's refusal (a higher bid came first) under the field", async () => {
    saveToken('a-token');
    fakeApi({
      '/bind_box/getBoxDetail': { type: 'ok', message: auctionDetail({ my_margin: { amount: '10', status: 'held', paid_at: NOW } }) },
      '/bind_box/getBindBoxQuotationLog': { type: 'ok', message: page([]) },
      '/currency/user_currency_list': { type: 'ok', message: [] },
      '/bind_box/auctionNFT': { type: 'error', message: 'Your bid must be higher than the current bid', code: 'nft_bid_too_low' },
    });
    openAt(`${PATH}?code=NFT-000013`, { path: PATH, Component: NftPurchaseOnePage });
    fireEvent.change(await screen.findByLabelText('Your bid'), { target: { value: '130' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Place bid' })));
    await confirm('Bid 130 USDT');
    await vi.waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Your bid must be higher than the current bid'));
  });

  it('says a purchase, a margin and a bid draw on the spot account, with its balance, and links a transfer of what it lacks', async () => {
    const coins = (available: string) => [{ id: 1, name: 'USDT', logo: null, decimals: 6, enabled: true, available: { change: available, lever: '500' } }];
    open({ '/bind_box/getBoxDetail': detail(), '/currency/user_currency_list': coins('100') });
    expect(await screen.findByText('Available: 100 USDT')).toBeTruthy();
    expect(screen.getByText(/NFTs and blind boxes are paid from your spot account/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Transfer the missing 20 USDT' }).getAttribute('href')).toBe('/pages/fund/fundTransfer?to=spot&currency=1&amount=20');
    cleanup();
    // The margin of 10 against 4 USDT.
    open({ '/bind_box/getBoxDetail': auctionDetail(), '/currency/user_currency_list': coins('4') }, 'NFT-000013');
    expect(await screen.findByText(/The margin and your bids are held from your spot account/)).toBeTruthy();
    expect((await screen.findByRole('link', { name: 'Transfer the missing 6 USDT' })).getAttribute('href')).toBe('/pages/fund/fundTransfer?to=spot&currency=1&amount=6');
    cleanup();
    // A bid of 130 freezes 130 - 10 = 120 against 100; as the leader at 125 the server frees that bid's 115 first, so 5 is enough.
    const margin = { my_margin: { amount: '10', status: 'held' as const, paid_at: NOW } };
    open({ '/bind_box/getBoxDetail': auctionDetail(margin), '/currency/user_currency_list': coins('100') }, 'NFT-000013');
    fireEvent.change(await screen.findByLabelText('Your bid'), { target: { value: '130' } });
    expect((await screen.findByRole('link', { name: 'Transfer the missing 20 USDT' })).getAttribute('href')).toBe('/pages/fund/fundTransfer?to=spot&currency=1&amount=20');
    cleanup();
    open({ '/bind_box/getBoxDetail': auctionDetail(margin), '/currency/user_currency_list': coins('5'), '/bind_box/getBindBoxQuotationLog': page([{ id: '1', bidder: 'a***n', self: true, price: '125', at: NOW }]) }, 'NFT-000013');
    expect(await screen.findByText('a***n · Yours')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Your bid'), { target: { value: '130' } });
    expect(screen.getByRole('link', { name: 'Transfer funds in' }).getAttribute('href')).toBe('/pages/fund/fundTransfer?to=spot&currency=1');
  });

  it('offers nothing before the start or after the end', async () => {
    open({ '/bind_box/getBoxDetail': detail({ listing: listing({ buy_status: 2, start_at: NOW + 3_600_000 }) }) });
    const button = await screen.findByRole('button', { name: 'Not on sale now' });
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('timer').textContent).toMatch(/^Starts in /);
  });
});
