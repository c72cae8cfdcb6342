/**
 * Proves the Market maker screen's demo spot traders switch against a faked /api/admin: it shows the
 * saved state, sends POST /spot/demo-trading on a change and shows the answer; without demo traders
 * (a production start) the switch is not shown.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MarketMakerView } from '../api.ts';
import { fakeAdminApi, ok, renderPage } from '../test/render-page.tsx';
import { MarketMakerPage, marketMakerLoader } from './market-maker.tsx';

const VIEW: MarketMakerView = {
  settings: { levels: 10, spread_bps: 10, step_bps: 5, level_value: '2000', requote_bps: 2, inventory_min_value: '0', inventory_max_value: '1000000' },
  account: { user_id: 5, account: 'market-maker', balances: [] },
};
const page = () => renderPage({ path: '/market-maker', url: '/market-maker', loader: marketMakerLoader, Component: MarketMakerPage, role: 'admin' });

describe('market maker screen', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('switches the demo spot traders off and shows the saved state', async () => {
    const api = fakeAdminApi({
      'GET /market-maker': ok(VIEW),
      'GET /spot/demo-trading': ok({ enabled: true, traders: 3 }),
      'POST /spot/demo-trading': (call) => ok({ enabled: call.body?.enabled, traders: 3 }),
    });
    page();
    const toggle = await screen.findByRole('switch', { name: 'Demo spot traders place orders' });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    await act(async () => fireEvent.click(toggle));
    await waitFor(() => expect(api.of('POST', '/spot/demo-trading')[0]?.body).toMatchObject({ enabled: false }));
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'));
  });

  it('shows no switch when no demo traders were seeded', async () => {
    fakeAdminApi({ 'GET /market-maker': ok(VIEW), 'GET /spot/demo-trading': ok({ enabled: true, traders: 0 }) });
    page();
    await screen.findByText('Market maker account');
    expect(screen.queryByRole('switch')).toBeNull();
  });
});
