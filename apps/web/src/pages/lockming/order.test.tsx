/**
 * Proves the mining orders screen: an order in progress with its amount, term, days paid, interest
 * paid, next payout, unlock time and payouts; early redemption only after a confirmation showing the
 * penalty the server computes at that moment and what returns; ended orders (status 2) with what
 * returned and the penalty; and "load more" for the next page.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveToken } from '../../store/store.ts';
import { fakeOkApi } from '../../test/fake-api.ts';
import { MiningOrdersPage } from './order.tsx';
import { openAt, order } from './test-fixtures.tsx';

const page = (data: unknown[], total = data.length, page = 1) => ({ data, total, page, limit: 10 });

function open(orders: (params: Record<string, string>) => unknown) {
  saveToken('a-token');
  const api = fakeOkApi({ '/lh/deposit/order': orders, '/lh/deposit/order/cancel': order({ status: 'redeemed', returned: '985.2', penalty: '12' }) });
  openAt('/pages/lockming/order', { path: '/pages/lockming/order', Component: MiningOrdersPage });
  return api;
}

const at = (iso: string) => new Date(Date.parse(iso)).toLocaleString('en');

describe('mining orders', () => {
  // A fixed clock: when an order was locked or ended shows relative to it (spec section 9); payouts and unlock stay dates.
  beforeEach(() => vi.useFakeTimers({ now: Date.parse('2026-11-24T22:07:00Z'), toFake: ['Date'] }));
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows an order in progress: 1000 USDT for 5 days, 1 / 5 days paid, 3.5 USDT interest, next payout, unlock time and its payouts', async () => {
    const api = open(() => page([order()]));
    const card = await screen.findByRole('article', { name: 'USDT lock-up · 5 days' });
    const value = (label: string) => within(card).getByText(label).nextElementSibling?.textContent;
    expect(value('Amount')).toBe('1000 USDT');
    expect(value('Term')).toBe('5 days');
    expect(value('Days paid')).toBe('1 / 5');
    expect(value('Interest paid')).toBe('3.5 USDT');
    expect(value('Locked')).toBe('1 day ago');
    expect(value('Next payout')).toBe(at('2026-11-25T00:00:00Z'));
    expect(value('Unlock time')).toBe(at('2026-11-28T10:00:00Z'));
    expect(within(card).getByText('In progress', { selector: '.mining-status' })).toBeTruthy();
    const payouts = within(card).getByRole('table');
    expect([...payouts.querySelectorAll('tbody td')].map((td) => td.textContent)).toEqual(['2026-11-23', '0.35%', '3.5 USDT']);
    expect(api.of('/lh/deposit/order')[0]!.params).toMatchObject({ page: '1', status: '1' });
  });

  it('redeems early only after a confirmation with the penalty read afresh (12 USDT, 3 days left) and what returns (988 USDT)', async () => {
    let reads = 0;
    // The second read (right before asking) is a day later: one day fewer left, a smaller penalty.
    const api = open(() => page([++reads === 1 ? order() : order({ remaining_days: 3, redeem_penalty: '12' })]));
    const button = await screen.findByRole('button', { name: 'Redeem early' });
    await act(async () => fireEvent.click(button));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(
      'Redeeming 1000 USDT now, with 3 days left, costs a penalty of 12 USDT: 988 USDT returns to your spot account. Interest already paid is kept.',
    );
    expect(api.of('/lh/deposit/order/cancel')).toHaveLength(0);
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Redeem' })));
    await vi.waitFor(() => expect(api.of('/lh/deposit/order/cancel')).toHaveLength(1));
    expect(api.of('/lh/deposit/order/cancel')[0]!.params).toMatchObject({ id: '41' });
    expect(api.of('/lh/deposit/order/cancel')[0]!.params.client_id).toMatch(/^[0-9a-f]{32}$/);
  });

  it('sends nothing when the redemption is not confirmed', async () => {
    const api = open(() => page([order()]));
    const button = await screen.findByRole('button', { name: 'Redeem early' });
    await act(async () => fireEvent.click(button));
    const dialog = await screen.findByRole('dialog');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' })));
    expect(api.of('/lh/deposit/order/cancel')).toHaveLength(0);
  });

  it('shows ended orders (status 2) with what returned and the penalty, and no redemption', async () => {
    const ended = order({ status: 'redeemed', returned: '984', penalty: '16', next_payout_at: null, remaining_days: 0, redeem_penalty: '0', ended_at: Date.parse('2026-11-24T22:00:00Z') });
    const api = open((params) => page(params.status === '2' ? [ended] : []));
    expect(await screen.findByText('No orders in progress')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('tab', { name: 'Ended' })));
    const card = await screen.findByRole('article', { name: 'USDT lock-up · 5 days' });
    const value = (label: string) => within(card).getByText(label).nextElementSibling?.textContent;
    expect(value('Returned')).toBe('984 USDT');
    expect(value('Penalty')).toBe('16 USDT');
    expect(value('Ended')).toBe('7 minutes ago');
    expect(within(card).getByText('Redeemed early')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Redeem early' })).toBeNull();
    expect(api.of('/lh/deposit/order').at(-1)!.params).toMatchObject({ status: '2' });
  });

  it('loads the next page on "load more", then says there is no more', async () => {
    const first = Array.from({ length: 10 }, (_, i) => order({ id: String(100 - i), name: `Order ${100 - i}` }));
    const api = open((params) => (params.page === '2' ? page([order({ id: '1', name: 'Order 1' })], 11, 2) : page(first, 11)));
    const button = await screen.findByRole('button', { name: 'Load more' });
    await act(async () => fireEvent.click(button));
    expect(await screen.findByRole('article', { name: 'Order 1' })).toBeTruthy();
    expect(screen.getByText('No more data')).toBeTruthy();
    expect(api.of('/lh/deposit/order').map((c) => c.params.page)).toEqual(['1', '2']);
  });
});
