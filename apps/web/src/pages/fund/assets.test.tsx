/**
 * Proves the assets tab through the real route table with the wallet list faked: fiat total, figures, the
 * small-balance switch, the contract account's margin in use and unrealised P&L, and accounts no product uses
 * shown only while they hold something.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getState, saveToken, setState } from '../../store/store.ts';
import { answerWith } from '../../test/envelope.ts';
import { fakeOkApi } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

const coin = (currency_id: number, currency: string, balance: string, usdt_value: string) => ({
  currency_id,
  currency,
  logo: null,
  decimals: 8,
  balance,
  available: balance,
  frozen: '0',
  locked: '0',
  margin: '0',
  profit: '0',
  price_usdt: '1',
  usdt_value,
});

const WALLET = {
  total_usdt: '1000.5',
  accounts: [
    { kind: 'spot', field: 'change', id: 2, total_usdt: '1000.5', balance: [coin(1, 'USDT', '1000.123456789', '1000.123456789'), coin(2, 'BTC', '0.000001', '0.3')] },
  ],
};

describe('assets tab', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the total in the chosen fiat and balances truncated to 4 decimals', async () => {
    saveToken('a-token');
    setState({ fiat: { currency_code: 'CNY', rate: '7', saveTime: Date.now() } });
    answerWith({ type: 'ok', message: WALLET });
    renderApp('/pages/fund/assets');

    const total = await screen.findByRole('region', { name: 'Total asset value' });
    expect(await within(total).findByText('7003.50 CNY')).toBeTruthy();
    const spot = screen.getByRole('region', { name: 'Spot account' });
    expect(within(spot).getAllByText('1000.1234').length).toBeGreaterThan(0);
  });

  const RATES = { base: 'USD', updated_at: '2026-11-23T00:00:00.000Z', rates: [{ currency_code: 'USD', rate: '1' }, { currency_code: 'CNY', rate: '7.2' }, { currency_code: 'XAU', rate: '0.0004' }] };
  const HOUR_MS = 60 * 60 * 1000;

  it("values the total at the current rate of the chosen fiat, not the rate saved with the choice", async () => {
    saveToken('a-token');
    setState({ fiat: { currency_code: 'CNY', rate: '7', saveTime: Date.now() - 48 * HOUR_MS } });
    const api = fakeOkApi({ '/wallet/list': WALLET, '/apis/US.json': RATES });
    renderApp('/pages/fund/assets');

    const total = await screen.findByRole('region', { name: 'Total asset value' });
    expect(await within(total).findByText('7203.60 CNY')).toBeTruthy();
    expect(api.of('/apis/US.json')).toHaveLength(1);
    // Kept for the next visit with its time, the spec's 11 currencies only.
    expect(getState().fiats).toEqual([{ currency_code: 'USD', rate: '1' }, { currency_code: 'CNY', rate: '7.2' }]);
    expect(Date.now() - getState().saveFiatsTime).toBeLessThan(60_000);
  });

  it('uses the rates kept in storage for 24 hours, and fetches them again after', async () => {
    saveToken('a-token');
    setState({ fiat: { currency_code: 'CNY', rate: '7', saveTime: 0 }, fiats: [{ currency_code: 'CNY', rate: '7.1' }], saveFiatsTime: Date.now() - 23 * HOUR_MS });
    const fresh = fakeOkApi({ '/wallet/list': WALLET, '/apis/US.json': RATES });
    const first = renderApp('/pages/fund/assets');
    expect(await within(await screen.findByRole('region', { name: 'Total asset value' })).findByText('7103.55 CNY')).toBeTruthy();
    expect(fresh.of('/apis/US.json')).toHaveLength(0);
    first.unmount();

    setState({ saveFiatsTime: Date.now() - 25 * HOUR_MS });
    const stale = fakeOkApi({ '/wallet/list': WALLET, '/apis/US.json': RATES });
    renderApp('/pages/fund/assets');
    expect(await within(await screen.findByRole('region', { name: 'Total asset value' })).findByText('7203.60 CNY')).toBeTruthy();
    expect(stale.of('/apis/US.json')).toHaveLength(1);
  });

  it('hides coins worth less than 1 USDT when the switch is on', async () => {
    saveToken('a-token');
    answerWith({ type: 'ok', message: WALLET });
    renderApp('/pages/fund/assets');

    await screen.findByText('BTC');
    await act(async () => fireEvent.click(screen.getByRole('switch', { name: 'Hide small balances' })));
    expect(screen.queryByText('BTC')).toBeNull();
    expect(screen.getByText('USDT')).toBeTruthy();
  });

  it('shows one account at a time, the spot account first, and keeps the choice when coming back', async () => {
    saveToken('a-token');
    const wallet = {
      ...WALLET,
      accounts: [
        { kind: 'fiat', field: 'legal', id: 1, total_usdt: '0', balance: [coin(1, 'USDT', '0', '0')] },
        ...WALLET.accounts,
        { kind: 'contract', field: 'lever', id: 3, total_usdt: '25', balance: [coin(1, 'USDT', '25', '25')] },
      ],
    };
    fakeOkApi({ '/wallet/list': wallet, '/apis/US.json': RATES });
    const { router } = renderApp('/pages/fund/assets');

    const tabs = await screen.findByRole('tablist', { name: 'Accounts' });
    expect(within(tabs).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Fiat account', 'Spot account', 'Contract account']);
    expect(within(tabs).getByRole('tab', { name: 'Spot account' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('region', { name: 'Spot account' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Contract account' })).toBeNull();

    await act(async () => fireEvent.click(within(tabs).getByRole('tab', { name: 'Contract account' })));
    const contract = screen.getByRole('region', { name: 'Contract account' });
    expect(within(contract).getAllByText('25').length).toBeGreaterThan(0);
    expect(router.state.location.search).toBe('?account=contract');

    // A coin's row opens its movements in that account.
    await act(async () => fireEvent.click(within(contract).getByRole('button', { name: 'USDT records · Contract account' })));
    expect(router.state.location.pathname).toBe('/pages/fund/assets_record');
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ type: 'contract', currency: '1' });
    await act(async () => router.navigate(-1));
    expect((await screen.findByRole('tab', { name: 'Contract account' })).getAttribute('aria-selected')).toBe('true');
  });

  it('counts the margin of open positions in the contract balance and shows their unrealised P&L apart', async () => {
    saveToken('a-token');
    // 868.7 available and 130 margin in use: the balance and the value count both; the P&L of 20 only shows.
    const contract = { ...coin(1, 'USDT', '998.7', '998.7'), available: '868.7', margin: '130', profit: '20' };
    fakeOkApi({
      '/wallet/list': { total_usdt: '998.7', accounts: [...WALLET.accounts, { kind: 'contract', field: 'lever', id: 3, total_usdt: '998.7', balance: [contract] }] },
      '/apis/US.json': RATES,
    });
    renderApp('/pages/fund/assets?account=contract');

    const account = await screen.findByRole('region', { name: 'Contract account' });
    const shown = (label: string) => within(account).getByText(label).nextElementSibling?.textContent;
    expect(shown('Balance')).toBe('998.7');
    expect(shown('Available')).toBe('868.7');
    expect(shown('Margin in use')).toBe('130');
    expect(shown('Unrealised P&L')).toBe('20');
    expect(within(account).getByText(/their unrealised P&L is paid or charged when they close/)).toBeTruthy();
    // The spot account has no positions: no such rows.
    await act(async () => fireEvent.click(screen.getByRole('tab', { name: 'Spot account' })));
    expect(within(screen.getByRole('region', { name: 'Spot account' })).queryByText('Margin in use')).toBeNull();
  });

  it('lists an account no product uses only while it holds something', async () => {
    saveToken('a-token');
    const section = (kind: string, id: number, balance: string) => ({ kind, field: kind, id, total_usdt: balance, balance: [coin(1, 'USDT', balance, balance)] });
    fakeOkApi({
      '/wallet/list': { ...WALLET, accounts: [...WALLET.accounts, section('options', 4, '0'), section('mining', 5, '0'), section('stock', 7, '3'), section('margin', 10, '0')] },
      '/apis/US.json': RATES,
    });
    renderApp('/pages/fund/assets');
    const tabs = await screen.findByRole('tablist', { name: 'Accounts' });
    expect(within(tabs).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Spot account', 'Options account', 'Mining account', 'Stock account']);
  });

  it('opens the transfer screen from its button', async () => {
    saveToken('a-token');
    answerWith({ type: 'ok', message: WALLET });
    const { router } = renderApp('/pages/fund/assets');
    fireEvent.click(await screen.findByRole('button', { name: 'Transfer' }));
    expect(router.state.location.pathname).toBe('/pages/fund/fundTransfer');
  });
});
