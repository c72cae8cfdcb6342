/**
 * Proves the copy-trading hub: the totals from GET /follow/me, the follows (following and cancelled) with
 * their figures, Edit leading to the form and Cancel follow only after its confirmation, which (as a
 * cancelled card) tells open copies, that close with the trader, from self-held positions, that do not;
 * a pushed contract event refreshes the lists.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSocket } from '../../realtime/fake-socket.ts';
import { disconnectRealtime } from '../../realtime/socket.ts';
import { fakeOkApi } from '../../test/fake-api.ts';
import { copyPosition, follow, me, openCopy, page, WAIT } from '../follow/test-fixtures.tsx';

const figure = (scope: HTMLElement, label: string) => within(scope).getByText(label).nextElementSibling?.textContent;
const CANCELLED = follow({ id: 302, trader_user_id: 22, trader_name: 'Bob', status: 'cancelled', type: 'lots', number: '2', cancelled_at: Date.now(), open_copies: 1, self_held: 1 });
const SELF_HELD_ONLY = follow({ open_copies: 0, self_held: 1, follow_amount: '0' });

function open(path = '/pages/copytrade/copy', following = follow(), selfHeld = 0) {
  const api = fakeOkApi({
    '/follow/me': me({ follower: { following: 1, follow_amount: '240', earnings: '36.5', open_copies: 2, self_held: selfHeld } }),
    '/follow/myFollows': (params: Record<string, string>) => page(params.status === 'cancelled' ? [CANCELLED] : [following]),
    '/follow/cancel': { ...follow(), status: 'cancelled' },
  });
  return { api, router: openCopy(path) };
}

describe('my copy trading', { timeout: 20_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    disconnectRealtime();
  });

  it('shows the totals and each follow with its figures', async () => {
    const { api } = open();
    const totals = await screen.findByRole('region', { name: 'My copy trading totals' }, WAIT);
    await vi.waitFor(() => expect(figure(totals, 'Traders followed')).toBe('1'), WAIT);
    expect(figure(totals, 'Follow amount')).toBe('240 USDT');
    expect(figure(totals, 'Earnings')).toBe('36.5 USDT');
    expect(figure(totals, 'Open copies')).toBe('2');
    expect(within(totals).queryByText('Self-held positions')).toBeNull();
    const card = await screen.findByRole('article', { name: 'Alice' }, WAIT);
    expect(card.textContent).toContain('Fixed multiple 1.5x');
    expect(figure(card, 'Follow amount')).toBe('240 USDT');
    expect(figure(card, 'Earnings')).toBe('36.5 USDT');
    expect(figure(card, 'Profit share paid')).toBe('4.2 USDT');
    expect(figure(card, 'Profit share rate')).toBe('10%');
    expect(figure(card, 'Open copies')).toBe('2');
    expect(figure(card, 'Closed copies')).toBe('5');
    expect(figure(card, 'Skipped')).toBe('1');
    expect(within(card).getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe('/pages/follow/follow?id=21');
    expect(screen.getByRole('link', { name: 'My copies' }).getAttribute('href')).toBe('/pages/copytrade/my');
    expect(screen.getByRole('link', { name: 'Find traders' }).getAttribute('href')).toBe('/pages/follow/index');
    expect(api.of('/follow/myFollows')[0]!.params).toMatchObject({ status: 'following', page: '1' });
  });

  it('counts self-held positions apart from the open copies', async () => {
    open('/pages/copytrade/copy', SELF_HELD_ONLY, 1);
    const totals = await screen.findByRole('region', { name: 'My copy trading totals' }, WAIT);
    await vi.waitFor(() => expect(figure(totals, 'Self-held positions')).toBe('1'), WAIT);
    const card = await screen.findByRole('article', { name: 'Alice' }, WAIT);
    expect(figure(card, 'Open copies')).toBe('0');
    expect(figure(card, 'Self-held positions')).toBe('1');
    expect(figure(card, 'Follow amount')).toBe('0 USDT');
  });

  it('lists cancelled follows under their tab, saying open copies still close with the trader and self-held positions do not', async () => {
    const { api, router } = open();
    await screen.findByRole('article', { name: 'Alice' }, WAIT);
    await act(async () => fireEvent.click(screen.getByRole('tab', { name: 'Cancelled' })));
    const card = await screen.findByRole('article', { name: 'Bob' }, WAIT);
    expect(card.textContent).toContain('Fixed lots 2');
    expect(card.textContent).toContain('1 open copy still closes with the trader’s position.');
    expect(card.textContent).toContain('1 self-held position is your own and stays open until you close it.');
    expect(within(card).queryByRole('button', { name: 'Cancel follow' })).toBeNull();
    expect(router.state.location.search).toBe('?tab=cancelled');
    expect(api.of('/follow/myFollows').at(-1)!.params).toMatchObject({ status: 'cancelled' });
  });

  it('cancels a follow only after its confirmation', async () => {
    const { api } = open();
    const card = await screen.findByRole('article', { name: 'Alice' }, WAIT);
    await act(async () => fireEvent.click(within(card).getByRole('button', { name: 'Cancel follow' })));
    let dialog = await screen.findByRole('dialog', undefined, WAIT);
    expect(dialog.textContent).toContain('Your 2 open copies stay linked and close with their positions');
    expect(dialog.textContent).not.toContain('self-held');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' })));
    expect(api.of('/follow/cancel')).toHaveLength(0);
    await act(async () => fireEvent.click(within(card).getByRole('button', { name: 'Cancel follow' })));
    dialog = await screen.findByRole('dialog', undefined, WAIT);
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel follow' })));
    await vi.waitFor(() => expect(api.of('/follow/cancel')[0]?.params).toMatchObject({ follow_user_id: '21' }), WAIT);
    // The lists and totals are asked again.
    await vi.waitFor(() => expect(api.of('/follow/me').length).toBeGreaterThan(1), WAIT);
  });

  it('tells a follower with only a self-held position that it stays open, not that it closes with the trader', async () => {
    open('/pages/copytrade/copy', SELF_HELD_ONLY, 1);
    const card = await screen.findByRole('article', { name: 'Alice' }, WAIT);
    await act(async () => fireEvent.click(within(card).getByRole('button', { name: 'Cancel follow' })));
    const dialog = await screen.findByRole('dialog', undefined, WAIT);
    expect(dialog.textContent).toContain('Stop following Alice? Their new positions will no longer be copied.');
    expect(dialog.textContent).toContain('Your 1 self-held position is your own: it does not close with theirs and stays open until you close it.');
    expect(dialog.textContent).not.toContain('open cop');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' })));
  });

  it('refreshes the follows and totals when a copy closes (contract_position on the user room)', async () => {
    const socket = fakeSocket();
    const { api } = open();
    await screen.findByRole('article', { name: 'Alice' }, WAIT);
    const before = api.of('/follow/myFollows').length;
    socket.serverSends('contract_position', copyPosition({ status: 'closed', close_reason: 'copy' }));
    await vi.waitFor(() => expect(api.of('/follow/myFollows').length).toBeGreaterThan(before), WAIT);
  });
});
