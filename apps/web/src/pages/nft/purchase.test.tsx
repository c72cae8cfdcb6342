/**
 * Proves the NFT records: won auctions to pay (paid after a confirmation), every purchase with its
 * state, the user's bids (leading or not), and the messages rendered in the reader's language from
 * their figures, an unread one marked read with readNFTOrderMessage.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveToken } from '../../store/store.ts';
import { fakeOkApi } from '../../test/fake-api.ts';
import { NftPurchasePage } from './purchase.tsx';
import { message, NOW, openAt, order, page } from './test-fixtures.tsx';

function open(path: string) {
  saveToken('a-token');
  const api = fakeOkApi({
    '/bind_box/getNeedPayNFTOrder': (params: Record<string, string>) =>
      params.status === 'unpaid' ? page([order()]) : page([order({ status: 'paid', paid_at: NOW }), order({ id: 30, code: 'NFT-000012', title: 'Golden Hour', sale_type: 'normal', status: 'paid', paid_at: NOW })]),
    '/bind_box/payNFTOrder': order({ status: 'paid' }),
    '/bind_box/getMyBindBoxQuotationLog': page([
      { id: '4', listing_id: 6, code: 'NFT-000013', title: 'Night Tide', cover: null, media_type: 'image', currency: 'USDT', price: '150', at: NOW, leading: true, status: 'on_sale', end_at: NOW + 60_000 },
    ]),
    '/bind_box/getNFTOrderMessage': { ...page([message(), message({ id: 7, kind: 'margin_returned', figures: { margin: '10', currency: 'USDT' }, read: true })]), unread: 1 },
    '/bind_box/readNFTOrderMessage': { id: 8, read: true },
  });
  openAt(path, { path: '/pages/nft/purchase', Component: NftPurchasePage });
  return api;
}

describe('NFT records', () => {
  // Read three hours after the fixtures' paid, bid and message times: each shows as "3 hours ago" (spec section 9).
  beforeEach(() => vi.useFakeTimers({ now: NOW + 3 * 3_600_000, toFake: ['Date'] }));
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('pays a won auction from the list after a confirmation', async () => {
    const api = open('/pages/nft/purchase');
    const list = await screen.findByRole('list', { name: 'To pay' });
    expect(api.of('/bind_box/getNeedPayNFTOrder')[0]!.params.status).toBe('unpaid');
    expect(list.textContent).toContain('140 USDT');
    await act(async () => fireEvent.click(within(list).getByRole('button', { name: 'Pay now' })));
    const dialog = await screen.findByRole('dialog');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' })));
    await vi.waitFor(() => expect(api.of('/bind_box/payNFTOrder')[0]!.params.id).toBe('31'));
  });

  it('lists every purchase with its state', async () => {
    const api = open('/pages/nft/purchase?tab=purchases');
    const list = await screen.findByRole('list', { name: 'Purchases' });
    expect(api.of('/bind_box/getNeedPayNFTOrder')[0]!.params.status).toBe('all');
    expect(within(list).getAllByText('Paid')).toHaveLength(2);
    expect(within(list).getAllByText('3 hours ago')).toHaveLength(2);
    expect(list.textContent).toContain('Fixed price');
  });

  it("lists the user's bids, the leading one marked", async () => {
    open('/pages/nft/purchase?tab=bids');
    const list = await screen.findByRole('list', { name: 'My bids' });
    expect(list.textContent).toContain('Bid 150 USDT · 3 hours ago');
    expect(list.textContent).toContain('Leading');
  });

  it('writes each message from its kind and figures, and marks an unread one read', async () => {
    const api = open('/pages/nft/purchase?tab=messages');
    const list = await screen.findByRole('list', { name: 'Messages' });
    expect(list.textContent).toContain('You won Night Tide at 150 USDT. Pay by');
    expect(list.textContent).toContain('Your margin of 10 USDT for Night Tide was returned.');
    expect(screen.getByText('1 unread')).toBeTruthy();
    expect(within(list).getAllByText('3 hours ago')).toHaveLength(2);
    await act(async () => fireEvent.click(within(list).getByRole('button', { name: 'Mark as read' })));
    await vi.waitFor(() => expect(api.of('/bind_box/readNFTOrderMessage')[0]!.params.id).toBe('8'));
  });
});
