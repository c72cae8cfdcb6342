/**
 * Proves the resale screen: the fields' problems under them without a call, an auction needing its
 * increment and margin, the irrevocable confirmation naming price, sale type and days, the call with
 * every field (and an idempotency key), then "reselling"; and an item the viewer cannot resell.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveToken } from '../../store/store.ts';
import { fakeOkApi } from '../../test/fake-api.ts';
import { NftResellPage } from './resell.tsx';
import { detail, listing, openAt } from './test-fixtures.tsx';

const PATH = '/pages/nft/resell';
const OWNED = detail({ owner: { name: 'Ann', self: true }, listing: listing({ status: 'sold' }) });

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
    expect(dialog.textContent).toContain('Resell Golden Hour at 0.5 ETH (Auction) for 3 days? This cannot be undone.');
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
});
