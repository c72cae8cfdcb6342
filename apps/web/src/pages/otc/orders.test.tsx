/**
 * Proves "my orders": open orders first (status=open), ended ones on their tab (status=ended, kept in the
 * query string), each with the user's side, state, amounts and counterparty, opening its order screen;
 * and "load more" for the next page.
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeOkApi } from '../../test/fake-api.ts';
import { openOtc, order, page, WAIT } from './test-fixtures.tsx';

function open(orders: (params: Record<string, string>) => unknown, query = '?tab=orders') {
  const api = fakeOkApi({ '/otc/orders': orders, '/otc/order': order(), '/otc/order/messages': { messages: [], has_more: false } });
  return { api, router: openOtc(query) };
}

describe('OTC my orders', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists open orders with side, state, amounts and counterparty, and opens one', async () => {
    const now = Date.now();
    const { api, router } = open((params) =>
      page(params.status === 'open' ? [order({ created_at: now - 12 * 60_000 }), order({ id: '9002', role: 'seller', status: 'paid', counterparty: { name: 'bob', merchant: null }, created_at: now - 60_000 })] : []),
    );
    const buy = await screen.findByRole('link', { name: 'Buy USDT, order 9001' }, WAIT);
    expect(buy.textContent).toContain('Awaiting payment');
    expect(buy.textContent).toContain('100 CNY');
    expect(buy.textContent).toContain('13.831258 USDT');
    expect(buy.textContent).toContain('at 7.23 CNY');
    expect(buy.textContent).toContain('Lucky Trader');
    const sell = screen.getByRole('link', { name: 'Sell USDT, order 9002' });
    expect(sell.textContent).toContain('Paid, awaiting release');
    // When each was placed, by the spec section 9 rule.
    expect(buy.textContent).toContain('12 minutes ago');
    expect(sell.textContent).toContain('Just now');
    expect(api.of('/otc/orders')[0]!.params).toMatchObject({ status: 'open', page: '1' });
    await act(async () => fireEvent.click(buy));
    expect(router.state.location.search).toBe('?order=9001');
    expect(await screen.findByRole('region', { name: 'Order 9001' }, WAIT)).toBeTruthy();
  });

  it('shows ended orders on their tab, and says when there are none', async () => {
    const { api, router } = open((params) => page(params.status === 'ended' ? [order({ status: 'released', released_by: 'seller', released_at: Date.now() })] : []));
    expect(await screen.findByText('No open orders', undefined, WAIT)).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('tab', { name: 'Ended' })));
    expect((await screen.findByRole('link', { name: 'Buy USDT, order 9001' }, WAIT)).textContent).toContain('Completed');
    expect(router.state.location.search).toContain('status=ended');
    expect(api.of('/otc/orders').at(-1)!.params).toMatchObject({ status: 'ended' });
  });

  it('loads the next page on "load more"', async () => {
    const first = Array.from({ length: 10 }, (_, i) => order({ id: String(200 - i) }));
    const { api } = open((params) => (params.page === '2' ? page([order({ id: '5' })], 11, 2) : page(first, 11)));
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Load more' }, WAIT)));
    expect(await screen.findByRole('link', { name: 'Buy USDT, order 5' }, WAIT)).toBeTruthy();
    expect(screen.getByText('No more data')).toBeTruthy();
    expect(api.of('/otc/orders').map((c) => c.params.page)).toEqual(['1', '2']);
  });
});
