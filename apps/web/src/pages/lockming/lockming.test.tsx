/**
 * Proves the mining product list: the category from the query string or the tabs (the home shortcuts
 * open lock-up, DeFi and cloud), each product's coin, name, term, daily yield range, today's rate and
 * minimum, a card opening the purchase, and the links to the orders and to how it works.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeOkApi } from '../../test/fake-api.ts';
import { SHORTCUTS } from '../index/shortcuts.ts';
import { LockMiningPage } from './lockming.tsx';
import { openAt, product } from './test-fixtures.tsx';

const PRODUCTS = [
  product(),
  product({ id: 2, category: 'defi', name: 'ETH DeFi pool · 15 days', currency: 'ETH', decimals: 8, term_days: 15, daily_yield_min: '0.0035', daily_yield_max: '0.005', today_rate: '0.004', amount_min: '0.1' }),
  product({ id: 3, category: 'cloud', name: 'BTC cloud mining · 1 day', currency: 'BTC', term_days: 1, daily_yield_min: '0.005', daily_yield_max: '0.005', today_rate: '0.005', amount_min: '0.01' }),
];

const open = (path = '/pages/lockming/lockming') => {
  const api = fakeOkApi({ '/lh/deposit/config': PRODUCTS });
  const router = openAt(path, { path: '/pages/lockming/lockming', Component: LockMiningPage });
  return { api, router };
};

describe('mining product list', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows a lock-up product with its coin, term, yield range 0.3% – 0.4%, today\'s 0.35% and minimum, and opens its purchase', async () => {
    const { router } = open();
    const card = await screen.findByRole('link', { name: /USDT lock-up · 5 days/ });
    expect(card.textContent).toContain('USDT');
    expect(card.textContent).toContain('0.3% – 0.4%');
    expect(within(card).getByText('Term').nextElementSibling?.textContent).toBe('5 days');
    expect(within(card).getByText("Today's rate").nextElementSibling?.textContent).toBe('0.35%');
    expect(within(card).getByText('Minimum amount').nextElementSibling?.textContent).toBe('100 USDT');
    expect(screen.queryByText(/ETH DeFi pool/)).toBeNull();
    await act(async () => fireEvent.click(card));
    expect(router.state.location.pathname + router.state.location.search).toBe('/pages/lockming/buy?id=1');
  });

  it('shows the Demo badge on a demo product\'s card and none on an operator\'s (fairness review 8)', async () => {
    fakeOkApi({ '/lh/deposit/config': [product({ id: 1, name: 'Demo lock-up', demo: true }), product({ id: 4, name: 'Operator lock-up' })] });
    openAt('/pages/lockming/lockming', { path: '/pages/lockming/lockming', Component: LockMiningPage });
    expect(within(await screen.findByRole('link', { name: /Demo lock-up/ })).queryByText('Demo')).not.toBeNull();
    expect(within(screen.getByRole('link', { name: /Operator lock-up/ })).queryByText('Demo')).toBeNull();
  });

  it('opens the category of ?category= and switches by tab, one figure for an equal range and "1 day"', async () => {
    const { router } = open('/pages/lockming/lockming?category=cloud');
    const cloud = await screen.findByRole('link', { name: /BTC cloud mining/ });
    expect(cloud.textContent).toContain('0.5%');
    expect(cloud.textContent).not.toContain('–');
    expect(within(cloud).getByText('Term').nextElementSibling?.textContent).toBe('1 day');
    await act(async () => fireEvent.click(screen.getByRole('tab', { name: 'DeFi mining' })));
    expect(await screen.findByRole('link', { name: /ETH DeFi pool/ })).toBeTruthy();
    expect(router.state.location.search).toBe('?category=defi');
  });

  it('says when a category has no product, and links to the orders and to how it works', async () => {
    fakeOkApi({ '/lh/deposit/config': [PRODUCTS[0]] });
    const router = openAt('/pages/lockming/lockming?category=defi', { path: '/pages/lockming/lockming', Component: LockMiningPage });
    expect(await screen.findByText('No products of this kind yet')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'How it works' })));
    expect(router.state.location.pathname).toBe('/pages/lockming/welcome');
    expect(screen.getByText('screen /pages/lockming/welcome')).toBeTruthy();
  });

  it('is what the home shortcuts mining, DeFi mining and cloud mining open', () => {
    expect(['mining', 'defiMining', 'cloudMining'].map((key) => SHORTCUTS.find((s) => s.key === key)?.path)).toEqual([
      '/pages/lockming/lockming?category=lock',
      '/pages/lockming/lockming?category=defi',
      '/pages/lockming/lockming?category=cloud',
    ]);
  });
});
