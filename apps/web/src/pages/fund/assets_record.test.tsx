/**
 * Proves the records screens: filters and the account in the address become /wallet/legal_log parameters,
 * pages load 10 at a time with "load more" until "no more data", times as spec section 9 says; the contract
 * account's figures include the margin in use and the unrealised P&L.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveToken } from '../../store/store.ts';
import { fakeOkApi } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

const COINS = [
  { id: 1, name: 'USDT', logo: null, decimals: 6, enabled: true, available: { change: '100' } },
  { id: 2, name: 'BTC', logo: null, decimals: 8, enabled: true, available: { change: '0.5' } },
];
const TOTAL = 12;

/** 12 movements, 10 a page: deposits in, withdrawal requests out. */
function bills(params: Record<string, string>) {
  const page = Number(params.page);
  const count = page === 1 ? 10 : TOTAL - 10;
  const data = Array.from({ length: count }, (_, i) => {
    const n = (page - 1) * 10 + i + 1;
    const out = n % 2 === 0;
    return {
      id: 100 - n,
      type: out ? 'withdraw_request' : 'deposit',
      memo: null,
      currency: 'USDT',
      account_type: 'change',
      bucket: 'available',
      amount: out ? `-${n}` : `${n}`,
      balance_after: `${1000 + n}`,
      created_at: new Date(Date.now() - 2 * 60 * 60 * 1000 - 1000).toISOString(),
    };
  });
  return { data, total: TOTAL, page, limit: 10 };
}

const DETAIL = { kind: 'spot', field: 'change', currency_id: 2, currency: 'BTC', logo: null, decimals: 8, balance: '0.5', available: '0.4', frozen: '0.1', locked: '0', price_usdt: '1', usdt_value: '1' };

describe('records', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists all movements with signs, balance after and paging, and sends the filters', async () => {
    saveToken('a-token');
    const api = fakeOkApi({ '/currency/user_currency_list': COINS, '/wallet/legal_log': bills });
    renderApp('/pages/fund/assets_all_record');
    const list = await screen.findByRole('region', { name: 'All records' });
    expect(await within(list).findAllByRole('listitem')).toHaveLength(10);
    expect(within(list).getAllByText('2 hours ago')).toHaveLength(10);
    expect(within(list).getByText('+1 USDT').className).toBe('funds-up');
    expect(within(list).getByText('-2 USDT').className).toBe('funds-down');
    expect(within(list).getAllByText('Withdrawal requested')).toHaveLength(5);
    expect(within(list).getByText('Balance after: 1001')).toBeTruthy();
    expect(api.of('/wallet/legal_log')[0]!.params).toMatchObject({ type: '', currency: '', page: '1' });

    await act(async () => fireEvent.click(within(list).getByRole('button', { name: 'Load more' })));
    await vi.waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(12));
    expect(api.of('/wallet/legal_log')[1]!.params).toMatchObject({ page: '2' });
    expect(within(list).getByText('No more data')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Account'), { target: { value: 'contract' } });
    fireEvent.change(screen.getByLabelText('Coin'), { target: { value: '2' } });
    await vi.waitFor(() => expect(api.of('/wallet/legal_log').at(-1)!.params).toMatchObject({ type: 'contract', currency: '2', page: '1' }));
  });

  it('shows one account: its figures from /wallet/detail and its movements only', async () => {
    saveToken('a-token');
    const api = fakeOkApi({ '/currency/user_currency_list': COINS, '/wallet/legal_log': bills, '/wallet/detail': DETAIL });
    renderApp('/pages/fund/assets_record?type=spot&currency=2');
    const figures = await screen.findByRole('region', { name: 'BTC records · Spot account' });
    await vi.waitFor(() => expect(within(figures).getByText('0.4')).toBeTruthy());
    expect(api.of('/wallet/detail')[0]!.params).toMatchObject({ currency: '2', type: 'spot' });
    await screen.findByRole('region', { name: 'Movements' });
    expect(api.of('/wallet/legal_log')[0]!.params).toMatchObject({ type: 'spot', currency: '2', page: '1' });

    fireEvent.change(screen.getByLabelText('Account'), { target: { value: 'fiat' } });
    await vi.waitFor(() => expect(api.of('/wallet/legal_log').at(-1)!.params).toMatchObject({ type: 'fiat', currency: '2' }));
    expect(api.of('/wallet/detail').at(-1)!.params).toMatchObject({ currency: '2', type: 'fiat' });
  });

  it('shows the contract account with the margin in use in its balance and the unrealised P&L apart', async () => {
    saveToken('a-token');
    const contract = { ...DETAIL, kind: 'contract', field: 'lever', currency_id: 1, currency: 'USDT', balance: '998.7', available: '868.7', frozen: '0', margin: '130', profit: '-4.5' };
    fakeOkApi({ '/currency/user_currency_list': COINS, '/wallet/legal_log': bills, '/wallet/detail': contract });
    renderApp('/pages/fund/assets_record?type=contract&currency=1');
    const figures = await screen.findByRole('region', { name: 'USDT records · Contract account' });
    const shown = (label: string) => within(figures).getByText(label).nextElementSibling?.textContent;
    await vi.waitFor(() => expect(shown('Balance')).toBe('998.7'));
    expect(shown('Margin in use')).toBe('130');
    expect(shown('Unrealised P&L')).toBe('-4.5');
  });

  it('is reached from an account row of the assets page, and all records from its header', async () => {
    saveToken('a-token');
    const wallet = {
      total_usdt: '100',
      accounts: [
        {
          kind: 'spot',
          field: 'change',
          id: 2,
          total_usdt: '100',
          balance: [{ currency_id: 1, currency: 'USDT', logo: null, decimals: 6, balance: '100', available: '100', frozen: '0', locked: '0', price_usdt: '1', usdt_value: '100' }],
        },
      ],
    };
    fakeOkApi({ '/wallet/list': wallet, '/currency/user_currency_list': COINS, '/wallet/legal_log': bills, '/wallet/detail': DETAIL });
    const { router } = renderApp('/pages/fund/assets');
    // The lazy tab page arrives first; a cheap query waits for it (role queries over the whole tab bar are slow).
    await vi.waitFor(() => expect(document.querySelector('.funds-coin')).not.toBeNull(), { timeout: 5000 });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'USDT records · Spot account' })));
    expect(router.state.location.pathname).toBe('/pages/fund/assets_record');
    expect(router.state.location.search).toBe('?type=spot&currency=1');
    await act(async () => router.navigate('/pages/fund/assets'));
    await vi.waitFor(() => expect(document.querySelector('.funds-coin')).not.toBeNull(), { timeout: 5000 });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'All records' })));
    expect(router.state.location.pathname).toBe('/pages/fund/assets_all_record');
  }, 15_000);
});
