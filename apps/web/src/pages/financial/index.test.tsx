/**
 * Proves the finance tab through the real route table with the products' calls faked: each product's
 * best offers by their yield (mining by the top of the daily range, dual by APR across call and put),
 * IEO projects not yet ended with their state, each row opening its product; and, with a session, the
 * user's holdings counted from their order lists.
 */
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveToken } from '../../store/store.ts';
import { fakeOkApi } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { project } from '../ieo/fixtures.ts';
import { dualProduct, putProduct } from '../invest/test-support.tsx';
import { product } from '../lockming/test-fixtures.tsx';

const page = <T,>(data: T[], total = data.length) => ({ data, total, page: 1, limit: 10 });

function answers(ieoOrders = 4) {
  return fakeOkApi({
    '/lh/deposit/config': [
      product({ id: 1, name: 'Five days', daily_yield_max: '0.004' }),
      product({ id: 2, name: 'Thirty days', term_days: 30, daily_yield_min: '0.004', daily_yield_max: '0.006' }),
      product({ id: 3, name: 'Cloud', currency: 'BTC', term_days: 90, daily_yield_min: '0.005', daily_yield_max: '0.007' }),
      product({ id: 4, name: 'Low', daily_yield_min: '0.001', daily_yield_max: '0.002' }),
    ],
    '/dual/index': (params: Record<string, string>) =>
      params.type === 'put' ? [putProduct({ apr: '0.5' }), putProduct({ id: 13, apr: '0.9', on_sale: false })] : [dualProduct()],
    '/project': page([project({ id: 1, name: 'Fair token', state: 'in_progress', progress: '25' }), project({ id: 2, name: 'Old token', state: 'ended' })]),
    '/lh/deposit/order': page([], 2),
    '/dual/dual_list': (params: Record<string, string>) => page([], params.status === 'settling' ? 1 : 3),
    '/user/project/order': page([], ieoOrders),
  });
}

describe('finance tab', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the best offer of each product by its yield, and opens each row on its product', async () => {
    answers();
    renderApp('/pages/financial/index');

    const mining = await screen.findByRole('list', { name: 'Lock-up mining' });
    const miningRows = within(mining).getAllByRole('link');
    expect(miningRows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Cloud'),
      expect.stringContaining('Thirty days'),
      expect.stringContaining('Five days'),
    ]);
    expect(miningRows[0]!.textContent).toContain('0.5% – 0.7%');
    expect(miningRows[0]!.textContent).toContain('Today 0.35%');
    expect(miningRows[0]!.getAttribute('href')).toBe('/pages/lockming/buy?id=3');

    // The put at 50 % before the call at 36.5 %; the put off sale is left out.
    const dual = await screen.findByRole('list', { name: 'Structured products' });
    const dualRows = within(dual).getAllByRole('link');
    expect(dualRows.map((row) => row.getAttribute('href'))).toEqual(['/pages/invest/purchase?id=12', '/pages/invest/purchase?id=11']);
    expect(dualRows[0]!.textContent).toContain('50%');
    expect(dualRows[0]!.textContent).toContain('Buy low');

    const ieo = await screen.findByRole('list', { name: 'IEO' });
    const ieoRows = within(ieo).getAllByRole('link');
    expect(ieoRows).toHaveLength(1);
    expect(ieoRows[0]!.textContent).toContain('Fair token');
    expect(ieoRows[0]!.textContent).toContain('In progress');
    expect(ieoRows[0]!.getAttribute('href')).toBe('/pages/ieo/subscribe?id=1');
    expect(screen.queryByRole('heading', { name: 'My holdings' })).toBeNull();
  });

  it('counts the logged-in user holdings from their order lists', async () => {
    saveToken('a-token');
    const api = answers();
    renderApp('/pages/financial/index');

    const holdings = await screen.findByRole('region', { name: 'My holdings' });
    await within(holdings).findByText('2 in progress');
    expect(within(holdings).getByText('4 in progress')).toBeTruthy();
    expect(within(holdings).getByText('4 subscriptions')).toBeTruthy();
    expect(api.of('/dual/dual_list').map((call) => call.params.status).sort()).toEqual(['purchased', 'settling']);
    expect(within(holdings).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/pages/lockming/order', '/pages/invest/mine', '/pages/ieo/order']);
  });

  it('says one subscription in the singular (review 2026-11-27: "IEO · 1 subscriptions")', async () => {
    saveToken('a-token');
    answers(1);
    renderApp('/pages/financial/index');

    const holdings = await screen.findByRole('region', { name: 'My holdings' });
    expect(await within(holdings).findByText('1 subscription')).toBeTruthy();
  });
});
