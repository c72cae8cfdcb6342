/** Proves deposit step one: choosing a coin lists its networks open for deposits, and a network opens that coin's deposit page. */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveToken } from '../../store/store.ts';
import { fakeOkApi } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

const COINS = [
  { id: 1, name: 'USDT', logo: null, decimals: 6, enabled: true, available: { legal: '0', change: '100', lever: '0', micro: '0' } },
  { id: 2, name: 'BTC', logo: null, decimals: 8, enabled: true, available: { legal: '0', change: '0', lever: '0', micro: '0' } },
  // Disabled by the operator but still held: listed in the records, not offered for deposit.
  { id: 3, name: 'BNB', logo: null, decimals: 8, enabled: false, available: { legal: '0', change: '5', lever: '0', micro: '0' } },
];
const network = (name: string, deposit_enabled = true) => ({ network: name, deposit_enabled, withdraw_enabled: true, withdraw_fee: '1', withdraw_min: '10' });
const INFO: Record<string, unknown> = {
  1: { id: 1, name: 'USDT', logo: null, decimals: 6, network: 'ERC20', contact_first: false, networks: [network('ERC20'), network('TRC20'), network('OMNI', false)] },
  2: { id: 2, name: 'BTC', logo: null, decimals: 8, network: 'BTC', contact_first: false, networks: [network('BTC', false)] },
};

function fake() {
  return fakeOkApi({ '/user/info': null, '/currency/user_currency_list': COINS, '/wallet/get_info': (params: Record<string, string>) => INFO[params.currency!] });
}

describe('deposit: choose a coin and a network', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the chosen coin’s networks open for deposits and opens the deposit page of the one picked', async () => {
    saveToken('a-token');
    const api = fake();
    const { router } = renderApp('/pages/fund/select');
    const usdt = await screen.findByRole('button', { name: 'USDT' });
    // The coin the operator disabled is not offered.
    expect(screen.getByRole('region', { name: 'Choose a coin' }).querySelectorAll('button')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'BNB' })).toBeNull();
    // No coin chosen yet: no networks asked for or shown.
    expect(screen.queryByRole('region', { name: 'Network' })).toBeNull();
    expect(usdt.getAttribute('aria-pressed')).toBe('false');

    fireEvent.click(usdt);
    expect(usdt.getAttribute('aria-pressed')).toBe('true');
    const networks = await screen.findByRole('region', { name: 'Network' });
    await within(networks).findByRole('button', { name: 'ERC20' });
    expect(within(networks).getAllByRole('button').map((button) => button.textContent)).toEqual(['ERC20', 'TRC20']);
    expect(api.of('/wallet/get_info').at(-1)!.params).toMatchObject({ currency: '1' });

    await act(async () => fireEvent.click(within(networks).getByRole('button', { name: 'TRC20' })));
    expect(router.state.location.pathname).toBe('/pages/fund/receive');
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ currency: '1', network: 'TRC20' });
  });

  it('says so when no network of the coin is open for deposits', async () => {
    saveToken('a-token');
    fake();
    renderApp('/pages/fund/select');
    fireEvent.click(await screen.findByRole('button', { name: 'BTC' }));
    const networks = await screen.findByRole('region', { name: 'Network' });
    expect(await within(networks).findByText('No network is open for deposits')).toBeTruthy();
    expect(within(networks).queryAllByRole('button')).toHaveLength(0);
  });

  it('opens the deposit and withdrawal records', async () => {
    saveToken('a-token');
    fake();
    const { router } = renderApp('/pages/fund/select');
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Records' })));
    expect(router.state.location.pathname).toBe('/pages/fund/receive_withdraw_record');
  });
});
