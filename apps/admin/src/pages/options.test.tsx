/**
 * Proves the back office's option exposure limits against a faked /api/admin (issue 22, fairness 1d):
 * one row and one edit per symbol, with the open stake up and down shown, and a form of two limits
 * (all users', one user's) that sends no direction, so an operator cannot limit one side only.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OptionsOverview } from '../api.ts';
import { fakeAdminApi, ok, renderPage } from '../test/render-page.tsx';
import { OptionsPage, optionsLoader } from './options.tsx';

const OVERVIEW: OptionsOverview = {
  durations: [],
  exposure: [{ symbol_id: 2, symbol: 'ETH/USDT', stake_max: '100000', user_stake_max: '50000', open_up: '30', open_down: '10', open_stake: '40', open_orders: 2 }],
  pool: { currency: 'USDT', balance: '10000000' },
  stake_coin: 'USDT',
};
const page = () => renderPage({ path: '/options', url: '/options', loader: optionsLoader, Component: OptionsPage, role: 'admin' });

describe('option exposure limits', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('edits the two limits of a symbol, the same for both directions, and sends no direction', async () => {
    const api = fakeAdminApi({
      'GET /options': ok(OVERVIEW),
      'GET /options/orders': ok({ data: [], total: 0, page: 1, limit: 10 }),
      'POST /options/exposure': (call) => ok(call.body),
    });
    page();
    const edit = await screen.findByRole('button', { name: 'Exposure limits of ETH/USDT' });
    expect(screen.getAllByText('Edit')).toHaveLength(1);
    const row = edit.closest('tr')!;
    expect(within(row).getAllByRole('cell').map((c) => c.textContent)).toEqual(['ETH/USDT', '30', '10', '40', '2', '100000', '50000', 'Edit']);
    await act(async () => fireEvent.click(edit));
    const dialog = await screen.findByRole('dialog', { name: 'Exposure limits of ETH/USDT' });
    fireEvent.change(within(dialog).getByLabelText('Max open stake'), { target: { value: '150' } });
    fireEvent.change(within(dialog).getByLabelText('Max open stake per user'), { target: { value: '120' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Save' })));
    await waitFor(() => expect(api.of('POST', '/options/exposure')[0]?.body).toEqual({ symbol_id: 2, stake_max: '150', user_stake_max: '120', lang: 'en' }));
  }, 20_000);
});
