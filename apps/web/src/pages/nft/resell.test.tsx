/**
 * Proves the resale screen: the fields' problems under them without a call, an auction needing its
 * increment and margin, the platform's fee rate and the net proceeds (by the contract's rounding) before
 * the irrevocable confirmation naming price, sale type, days, fee and proceeds, the call with every field
 * (and an idempotency key), then "reselling"; an item the viewer cannot resell; a code naming nothing.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveToken } from '../../store/store.ts';
import { fakeOkApi } from '../../test/fake-api.ts';
import { NftResellPage } from './resell.tsx';
import { detail, listing, openAt } from './test-fixtures.tsx';

const PATH = '/pages/nft/resell';
const OWNED = detail({ owner: { name: 'Ann', self: true }, listing: listing({ status: 'sold' }), resale_fee_ratio: '0.025' });

function open(item = OWNED) {
  saveToken('a-token');
  const api = fakeOkApi({
    '/bind_box/getBoxDetail': item,
    '/bind_box/getNftCurrency': [
      { id: 1, name: 'USDT', decimals: 6 },
      { id: 3, name: 'ETH', decimals: 8 },
    ],
    '/bind_box/resellNFT': listing({ status: 'reviewing', resale: true }),
  });
  const router = openAt(`${PATH}?code=NFT-000012`, { path: PATH, Component: NftResellPage });
  return { api, router };
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const figure = (label: string) => screen.getByText(label).nextElementSibling?.textContent;
const submit = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Submit for review' })));

describe('NFT resale', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows each problem under its field and sends nothing', async () => {
    const { api } = open();
    await screen.findByLabelText('Price');
    type('Price', '0');
    type('Days on sale', '31');
    await submit();
    const alerts = screen.getAllByRole('alert').map((alert) => alert.textContent);
    expect(alerts).toEqual(['Enter a correct price', 'Enter a whole number of days from 1 to 30']);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Auction' })));
    type('Starting price', '100');
    type('Days on sale', '3');
    await submit();
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(['Enter a correct price', 'Enter a correct price']);
    expect(api.of('/bind_box/resellNFT')).toHaveLength(0);
  });

  it('shows the fee rate and what the seller receives as the price is typed, and both in the confirmation', async () => {
    const { api } = open();
    await screen.findByLabelText('Price');
    expect(figure('Platform fee')).toBe('2.5%');
    expect(figure('You receive')).toBe('--');
    // 99.99 x (1 - 2.5 %) = 97.49025, the seller's share rounded down to the coin's unit; the fee is the rest.
    type('Price', '99.99');
    expect(figure('You receive')).toBe('97.49025 USDT');
    type('Days on sale', '1');
    await submit();
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Resell Golden Hour at 99.99 USDT (Fixed price) for 1 day? The platform keeps 2.49975 USDT (2.5%) and you receive 97.49025 USDT. This cannot be undone.');
    expect(api.of('/bind_box/resellNFT')).toHaveLength(0);
  });

  it('resells by auction after an irrevocable confirmation, then shows the items reselling', async () => {
    const { api, router } = open();
    await screen.findByLabelText('Price');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Auction' })));
    type('Coin', '3');
    type('Starting price', '0.5');
    type('Bid increment', '0.05');
    type('Margin', '0.1');
    type('Days on sale', '3');
    await submit();
    const dialog = await screen.findByRole('dialog');
    expect(figure('You receive at least (if it sells)')).toBe('0.4875 ETH');
    expect(dialog.textContent).toContain('Resell Golden Hour by auction from 0.5 ETH for 3 days? The platform keeps 2.5% of the final price: at least 0.4875 ETH comes to you if it sells. This cannot be undone.');
    expect(api.of('/bind_box/resellNFT')).toHaveLength(0);
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' })));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/pages/nft/mine'));
    expect(router.state.location.search).toBe('?tab=reselling');
    expect(api.of('/bind_box/resellNFT')[0]!.params).toMatchObject({ code: 'NFT-000012', sale_type: 'auction', price: '0.5', increment: '0.05', margin: '0.1', times: '3', currency_id: '3' });
    expect(api.of('/bind_box/resellNFT')[0]!.params.client_id).toMatch(/^[0-9a-f]{32}$/);
  });

  it("refuses an item that is someone else's or already under review", async () => {
    open(detail({ owner: { name: 'bo***', self: false } }));
    expect(await screen.findByText('This item cannot be resold now')).toBeTruthy();
  });

  it('says a code that names nothing so, with the way back to the market', async () => {
    saveToken('a-token');
    const api = fakeOkApi({});
    openAt(`${PATH}?code=box-1`, { path: PATH, Component: NftResellPage });
    expect(await screen.findByRole('heading', { name: 'No artwork, box or series has this code' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the NFT market' }).getAttribute('href')).toBe('/pages/nft/nft');
    expect(api.of('/bind_box/getBoxDetail')).toHaveLength(0);
  });
});
