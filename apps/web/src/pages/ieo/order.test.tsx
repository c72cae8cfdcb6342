/**
 * Proves the user's IEO records: each subscription with its project, quantity, price and payment; its
 * status (pending until the end, being allocated after it, allocated and locked until a date, released)
 * and, once allocated, what it got, was charged and had refunded; "load more" pages them.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveToken } from '../../store/store.ts';
import { fakeOkApi } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { order } from './fixtures.ts';

const page = (data: ReturnType<typeof order>[], total = data.length, pageNo = 1) => ({ data, total, page: pageNo, limit: 10 });
const figure = (item: HTMLElement, label: string) => within(item).getByText(label).nextElementSibling?.textContent;

describe('IEO records', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows pending, being allocated, locked until a date and released subscriptions with their allocation results', async () => {
    saveToken('a-token');
    const unlockAt = Date.parse('2026-12-30T08:00:00Z');
    fakeOkApi({
      '/user/project/order': page([
        order({ id: '4' }),
        order({ id: '3', state: 'ended' }),
        order({ id: '2', status: 'allocated', state: 'ended', amount: '700', paid: '35', allocated: '466', charged: '23.3', refunded: '11.7', unlock_at: unlockAt }),
        order({ id: '1', status: 'released', state: 'ended', amount: '1', paid: '0.05', allocated: '0', charged: '0', refunded: '0.05' }),
      ]),
    });
    renderApp('/pages/ieo/order');
    const list = await screen.findByRole('list', { name: 'Subscription records' });
    const [pending, allocating, locked, released] = within(list).getAllByRole('listitem');
    expect(within(pending!).getByText('Pending until the end of the subscription')).toBeTruthy();
    expect(figure(pending!, 'Applied for')).toBe('1000 FAIR');
    expect(figure(pending!, 'Paid')).toBe('50 USDT');
    expect(within(pending!).queryByText('Allocated')).toBeNull();
    expect(within(allocating!).getByText('Being allocated')).toBeTruthy();
    expect(within(locked!).getByText(/^Allocated, locked until /)).toBeTruthy();
    expect(figure(locked!, 'Allocated')).toBe('466 FAIR');
    expect(figure(locked!, 'Charged')).toBe('23.3 USDT');
    expect(figure(locked!, 'Refunded')).toBe('11.7 USDT');
    expect(within(released!).getByText('Released')).toBeTruthy();
    expect(figure(released!, 'Refunded')).toBe('0.05 USDT');
  });

  it('pages with "load more" and says when there is none', async () => {
    saveToken('a-token');
    const first = Array.from({ length: 10 }, (_, i) => order({ id: String(20 - i) }));
    const api = fakeOkApi({ '/user/project/order': (params: Record<string, string>) => (params.page === '2' ? page([order({ id: '10', amount: '12' })], 11, 2) : page(first, 11)) });
    renderApp('/pages/ieo/order');
    await screen.findByRole('list', { name: 'Subscription records' });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Load more' })));
    expect(await screen.findByText('12 FAIR')).toBeTruthy();
    expect(screen.getByText('No more data')).toBeTruthy();
    expect(api.of('/user/project/order').map((c) => c.params.page)).toEqual(['1', '2']);
  });

  it('says so when the user has no subscription yet', async () => {
    saveToken('a-token');
    fakeOkApi({ '/user/project/order': page([]) });
    renderApp('/pages/ieo/order');
    expect(await screen.findByText('No subscriptions yet')).toBeTruthy();
  });
});
