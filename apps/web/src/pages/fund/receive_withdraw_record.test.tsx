/**
 * Proves the deposit and withdrawal records: the tab follows the address (?tab=withdraw opens the
 * withdrawals), a withdrawal shows where it went (address or card), its fee and the amount received,
 * times read as spec section 9 says, and the list pages with "load more" until "no more data".
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveToken } from '../../store/store.ts';
import { fakeOkApi } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

const MINUTE = 60_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const withdrawal = (id: number, rest: Record<string, unknown>) => ({
  id,
  currency: 'USDT',
  network: 'TRC20',
  number: '20',
  fee: '0.5',
  arrival: '19.5',
  destination_type: 'address',
  destination: { name: 'Cold', address: 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL', network: 'TRC20' },
  status: 'pending',
  reason: null,
  created_at: ago(2 * MINUTE),
  ...rest,
});
const FIRST = [
  withdrawal(12, {}),
  withdrawal(11, {
    destination_type: 'bank',
    destination: { bank_name: 'ICBC', bank_account: '6222020200112233445', real_name: 'Li Lei' },
    number: '100',
    fee: '1',
    arrival: '99',
    status: 'rejected',
    reason: 'Name mismatch',
    created_at: ago(3 * 60 * MINUTE),
  }),
];
const SECOND = [withdrawal(3, { created_at: ago(40 * 24 * 60 * MINUTE) })];

function fake() {
  return fakeOkApi({
    '/user/info': null,
    '/recharge/log': { data: [{ id: 1, currency: 'USDT', network: 'TRC20', amount: '250', status: 'confirmed', reason: null, created_at: ago(10 * MINUTE) }], total: 1, page: 1, limit: 10 },
    '/user/withdraw/list': (params: Record<string, string>) =>
      params.page === '2' ? { data: SECOND, total: 11, page: 2, limit: 10 } : { data: FIRST, total: 11, page: 1, limit: 10 },
  });
}

describe('deposit and withdrawal records', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('opens the withdrawals tab from the address and shows each one’s destination, fee and amount received', async () => {
    saveToken('a-token');
    fake();
    renderApp('/pages/fund/receive_withdraw_record?tab=withdraw');
    const list = await screen.findByRole('list', { name: 'Withdraw' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first!).getByText('Cold · TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL')).toBeTruthy();
    expect(within(first!).getByText('0.5 USDT')).toBeTruthy();
    expect(within(first!).getByText('19.5 USDT')).toBeTruthy();
    expect(within(first!).getByText('Just now')).toBeTruthy();
    expect(within(second!).getByText('ICBC · **** 3445')).toBeTruthy();
    expect(within(second!).getByText('99 USDT')).toBeTruthy();
    expect(within(second!).getByText('3 hours ago')).toBeTruthy();
    expect(within(second!).getByText('Reason: Name mismatch')).toBeTruthy();
    expect(within(second!).queryByText(/6222020200112233445/)).toBeNull();
  });

  it('pages with "load more" until "no more data", old times as their date', async () => {
    saveToken('a-token');
    fake();
    renderApp('/pages/fund/receive_withdraw_record?tab=withdraw');
    await screen.findByRole('list', { name: 'Withdraw' });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Load more' })));
    expect(await screen.findByText('No more data')).toBeTruthy();
    const rows = within(screen.getByRole('list', { name: 'Withdraw' })).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(within(rows[2]!).getByText(/^\d{4}-\d{2}-\d{2}$/)).toBeTruthy();
  });

  it('opens on deposits by default and switches tab in the address', async () => {
    saveToken('a-token');
    fake();
    const { router } = renderApp('/pages/fund/receive_withdraw_record');
    const deposits = await screen.findByRole('list', { name: 'Deposit' });
    expect(within(deposits).getByText('10 minutes ago')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Withdraw' }));
    await vi.waitFor(() => expect(router.state.location.search).toBe('?tab=withdraw'));
    expect(await screen.findByRole('list', { name: 'Withdraw' })).toBeTruthy();
  });
});
