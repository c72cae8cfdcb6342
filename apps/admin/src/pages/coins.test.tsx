/**
 * Proves the coins screen's deposit switch against a faked /api/admin: a network without a deposit
 * address shows its deposits off with the reason and cannot be switched on; one with an address sends
 * the switch; a refusal from the server (deposit_address_required) is shown as its message.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FundsConfig, NetworkConfig } from '../api.ts';
import { fakeAdminApi, ok, renderPage } from '../test/render-page.tsx';
import { CoinsPage, coinsLoader } from './coins.tsx';

const network = (id: number, name: string, deposit_address: string, deposit_enabled: boolean): NetworkConfig => ({
  id,
  network: name,
  deposit_address,
  withdraw_fee: '1',
  withdraw_min: '10',
  deposit_min: '0',
  deposit_enabled,
  withdraw_enabled: true,
});
const CONFIG: FundsConfig = {
  coins: [{ id: 1, name: 'USDT', enabled: true, decimals: 6, networks: [network(11, 'ERC20', '', false), network(12, 'TRC20', 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL', false)] }],
  exchange_fee_rate: '0.002',
  recharge_contact_first: false,
};
const page = () => renderPage({ path: '/coins', url: '/coins', loader: coinsLoader, Component: CoinsPage, role: 'admin' });

describe('coins screen deposit switch', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps deposits off on a network without an address and says why', async () => {
    const api = fakeAdminApi({ 'GET /coins': ok(CONFIG) });
    page();
    const toggle = await screen.findByRole('switch', { name: 'Deposits on USDT ERC20' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(toggle.hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('Add a deposit address first: a network without one takes no deposits')).toBeTruthy();
    await act(async () => fireEvent.click(toggle));
    expect(api.of('POST', '/networks/11')).toHaveLength(0);
  });

  it('switches deposits on where there is an address, and shows the server’s refusal', async () => {
    const api = fakeAdminApi({
      'GET /coins': ok(CONFIG),
      'POST /networks/12': { type: 'error', message: 'A network takes deposits only once it has a deposit address: add the address first' },
    });
    page();
    const toggle = await screen.findByRole('switch', { name: 'Deposits on USDT TRC20' });
    expect(toggle.hasAttribute('disabled')).toBe(false);
    await act(async () => fireEvent.click(toggle));
    await waitFor(() => expect(api.of('POST', '/networks/12')[0]?.body).toMatchObject({ deposit_enabled: true }));
    expect(await screen.findByText('A network takes deposits only once it has a deposit address: add the address first')).toBeTruthy();
  });
});
