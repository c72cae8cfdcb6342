/**
 * Proves my investments: each order's figures and state; a completed order with the index tick it settled
 * on (price, time, number) and its payout, a failed one with its refund; the state tabs asking the server
 * for one state; and "load more" paging by 10.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveToken } from '../../store/store.ts';
import { fakeOkApi } from '../../test/fake-api.ts';
import { dualOrder, putProduct, renderInvest, SETTLE_AT } from './test-support.tsx';

const SETTLED = dualOrder({
  id: '502',
  status: 'success',
  settle_tick: { id: '90210', price: '65000', time: SETTLE_AT - 1_000 },
  payout_currency: 'BTC',
  payout: '0.005035',
  settled_at: SETTLE_AT + 5_000,
});
const FAILED = dualOrder({ id: '503', type: 'put', invest_currency: 'USDT', amount: '300', linked_price: '64000', status: 'fail', payout_currency: 'USDT', payout: '300', settled_at: SETTLE_AT - 86_400_000 });

function open(orders = [dualOrder(), SETTLED, FAILED], total = orders.length) {
  saveToken('a-token');
  const api = fakeOkApi({
    '/dual/dual_list': (params: Record<string, string>) => ({ data: orders, total, page: Number(params.page), limit: 10 }),
    '/dual/index': [putProduct()],
  });
  renderInvest('/pages/invest/mine');
  return api;
}

const figure = (card: HTMLElement, label: string) => within(card).getByText(label).nextElementSibling?.textContent;

describe('my dual investments', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows a purchased order: 0.005 BTC at linked 66000, APR 36.5%, 7 days, maturity and settlement time', async () => {
    open([dualOrder()]);
    const card = await screen.findByRole('article', { name: 'BTC/USDT · Sell high' });
    expect(within(card).getByText('Purchased')).toBeTruthy();
    expect(figure(card, 'Invested')).toBe('0.005 BTC');
    expect(figure(card, 'Linked price')).toBe('66000');
    expect(figure(card, 'APR')).toBe('36.5%');
    expect(figure(card, 'Holding days')).toBe('7 days');
    expect(figure(card, 'Maturity date')).toBe('2026-11-30');
    expect(figure(card, 'Settlement time')).toBe(new Date(SETTLE_AT).toLocaleString('en'));
    expect(within(card).queryByText('Settlement index')).toBeNull();
  });

  it('shows a completed order with its settlement tick (65000, its time, #90210) and 0.005035 BTC paid, and a failed one with its refund', async () => {
    open([SETTLED, FAILED]);
    const [settled, failed] = await screen.findAllByRole('article');
    expect(within(settled!).getByText('Completed')).toBeTruthy();
    expect(figure(settled!, 'Settlement index')).toBe(`65000 at ${new Date(SETTLE_AT - 1_000).toLocaleString('en')} (tick #90210)`);
    expect(figure(settled!, 'Paid out')).toBe('0.005035 BTC');
    expect(within(failed!).getByText('Failed')).toBeTruthy();
    expect(failed!.getAttribute('aria-label')).toBe('BTC/USDT · Buy low');
    expect(figure(failed!, 'Refunded')).toBe('300 USDT');
  });

  it('asks the server for one state when its tab is chosen', async () => {
    const api = open();
    await screen.findAllByRole('article');
    await act(async () => fireEvent.click(screen.getByRole('tab', { name: 'Settling' })));
    await vi.waitFor(() => expect(api.of('/dual/dual_list').some((c) => c.params.status === 'settling')).toBe(true));
    expect(api.of('/dual/dual_list')[0]!.params.status).toBeUndefined();
  });

  it('loads the next page of 10 on "load more", then says there is no more', async () => {
    const page = Array.from({ length: 10 }, (_, i) => dualOrder({ id: String(600 + i) }));
    const api = open(page, 11);
    expect(await screen.findAllByRole('article')).toHaveLength(10);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Load more' })));
    await vi.waitFor(() => expect(api.of('/dual/dual_list').map((c) => c.params.page)).toEqual(['1', '2']));
  });

  it('says so when there are no orders', async () => {
    open([]);
    expect(await screen.findByText('No investments yet')).toBeTruthy();
  });
});
