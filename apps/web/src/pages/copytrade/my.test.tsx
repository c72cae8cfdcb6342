/**
 * Proves my copies: open copies with their trader and figures and Self-hold only after its confirmation
 * (POST /follow/selfHolding with the position's id); closed copies with the profit share and why they
 * closed; the skipped copies with their reason; and a pushed contract event refreshing the list.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSocket } from '../../realtime/fake-socket.ts';
import { disconnectRealtime } from '../../realtime/socket.ts';
import { fakeOkApi } from '../../test/fake-api.ts';
import { copyPosition, openCopy, page, skip, WAIT } from '../follow/test-fixtures.tsx';

const figure = (scope: HTMLElement, label: string) => within(scope).getByText(label).nextElementSibling?.textContent;
const CLOSED = copyPosition({ id: 5002, status: 'closed', close_reason: 'copy', current_price: '66000', profit: '80', profit_share: '7.76', closed_at: '2026-11-25T11:00:00.000Z' });
const HELD = copyPosition({ id: 5003, self_held: true });

function open(query = '') {
  const api = fakeOkApi({
    '/follow/myCopies': (params: Record<string, string>) => page(params.status === 'history' ? [CLOSED] : [copyPosition(), HELD]),
    '/follow/mySkips': page([skip(), skip({ id: 78, reason: 'lots_below_minimum', side: 'long', trader_lots: 1 })]),
    '/follow/selfHolding': { ...copyPosition(), self_held: true },
  });
  return { api, router: openCopy(`/pages/copytrade/my${query}`) };
}

describe('my copies', { timeout: 20_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    disconnectRealtime();
  });

  it('shows an open copy with its trader and figures, and takes it over only after the confirmation', async () => {
    const { api } = open();
    const item = await screen.findByRole('article', { name: 'BTCUSDT 5001' }, WAIT);
    expect(item.textContent).toContain('Copy of Alice');
    expect(figure(item, 'P&L')).toBe('40');
    expect(figure(item, 'Lots')).toBe('4');
    expect(figure(item, 'Margin')).toBe('256');
    expect(figure(item, 'Open price')).toBe('64000');
    expect(figure(item, 'Mark price')).toBe('65000');
    await act(async () => fireEvent.click(within(item).getByRole('button', { name: 'Self-hold 5001' })));
    let dialog = await screen.findByRole('dialog', undefined, WAIT);
    expect(dialog.textContent).toContain('Take over this copy (BTCUSDT, 4 lots)? It becomes your own position: it no longer closes with the trader');
    // What the server does (copy/service.ts selfHold): the share of the profit so far is paid now.
    expect(dialog.textContent).toContain('If it is in profit now, the trader’s agreed share of that profit is paid now, at the current mark price');
    expect(dialog.textContent).not.toContain('shares no profit');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' })));
    expect(api.of('/follow/selfHolding')).toHaveLength(0);
    await act(async () => fireEvent.click(within(item).getByRole('button', { name: 'Self-hold 5001' })));
    dialog = await screen.findByRole('dialog', undefined, WAIT);
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Self-hold' })));
    await vi.waitFor(() => expect(api.of('/follow/selfHolding')[0]?.params).toMatchObject({ transaction_id: '5001' }), WAIT);
    expect(await screen.findByText('The position is now your own', undefined, WAIT)).toBeTruthy();
  });

  it('marks a self-held copy and leads to the contract orders instead of offering Self-hold', async () => {
    open();
    const item = await screen.findByRole('article', { name: 'BTCUSDT 5003' }, WAIT);
    expect(within(item).getByText('Self-held')).toBeTruthy();
    expect(within(item).queryByRole('button', { name: 'Self-hold 5003' })).toBeNull();
    expect(within(item).getByRole('link', { name: 'Contract orders' }).getAttribute('href')).toBe('/pages/transaction/contract_order');
  });

  it('shows a closed copy with its close price, profit share and why it closed', async () => {
    const { router } = open();
    await screen.findByRole('article', { name: 'BTCUSDT 5001' }, WAIT);
    await act(async () => fireEvent.click(screen.getByRole('tab', { name: 'History' })));
    const item = await screen.findByRole('article', { name: 'BTCUSDT 5002' }, WAIT);
    expect(within(item).getByText('Closed with the trader')).toBeTruthy();
    expect(figure(item, 'Close price')).toBe('66000');
    expect(figure(item, 'Profit share')).toBe('7.76 USDT');
    expect(within(item).queryByRole('button')).toBeNull();
    expect(router.state.location.search).toBe('?tab=history');
  });

  it('lists the skipped copies with their reason', async () => {
    const { api } = open('?tab=skipped');
    const first = await screen.findByRole('article', { name: 'ETHUSDT 77' }, WAIT);
    expect(first.textContent).toContain('Your contract balance was too low for the margin and fee');
    expect(first.textContent).toContain('trader opened 3 lots');
    expect(first.textContent).toContain('2 hours ago');
    expect(screen.getByRole('article', { name: 'ETHUSDT 78' }).textContent).toContain('Your multiple gave fewer lots than the minimum');
    expect(api.of('/follow/mySkips')[0]!.params).toMatchObject({ page: '1' });
  });

  it('refreshes the copies when a copy opens (contract_position on the user room)', async () => {
    const socket = fakeSocket();
    const { api } = open();
    await screen.findByRole('article', { name: 'BTCUSDT 5001' }, WAIT);
    const before = api.of('/follow/myCopies').length;
    socket.serverSends('contract_position', copyPosition({ id: 5004 }));
    await vi.waitFor(() => expect(api.of('/follow/myCopies').length).toBeGreaterThan(before), WAIT);
  });
});
