/**
 * Proves the dual product list: call ("sell high") and put ("buy low") tabs and the underlying-coin
 * filter asked of the server through the query string, each product's figures and the index price, a
 * tap opening its purchase screen, and the links to my investments and help.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeOkApi } from '../../test/fake-api.ts';
import { dualProduct, putProduct, renderInvest } from './test-support.tsx';

const ETH_CALL = dualProduct({ id: 21, symbol: 'ETH/USDT', currency_id: 3, currency: 'ETH', invest_currency: 'ETH', linked_price: '3300', per_price: '0.01', index_price: null });

function open(path = '/pages/invest/invest', products = [dualProduct(), ETH_CALL]) {
  const api = fakeOkApi({
    '/dual/index': (params: Record<string, string>) => {
      const typed = params.type === 'put' ? [putProduct()] : products;
      return params.currency_id ? typed.filter((p) => String(p.currency_id) === params.currency_id) : typed;
    },
    '/dual/detail': dualProduct(),
  });
  const router = renderInvest(path);
  return { api, router };
}

describe('dual investment list', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows each call product: linked price 66000 USDT, APR 36.5%, 7 days, maturity, 95 of 100 shares left, 0.001 BTC a share, and the index price', async () => {
    open();
    const row = await screen.findByRole('link', { name: /66000 USDT/ });
    expect(within(row).getByLabelText('APR').textContent).toBe('36.5%');
    expect(row.textContent).toContain('7 days');
    expect(row.textContent).toContain('2026-11-30');
    expect(row.textContent).toContain('95 of 100');
    expect(row.textContent).toContain('0.001 BTC');
    expect(within(row).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('5');
    expect(screen.getByText('BTC/USDT index').nextElementSibling?.textContent).toBe('65000.5');
    expect(screen.getByText('ETH/USDT index').nextElementSibling?.textContent).toBe('waiting for the index');
    expect(screen.getByRole('tab', { name: 'Sell high' }).getAttribute('aria-selected')).toBe('true');
  });

  it('shows the Demo badge on a demo product\'s card and none on an operator\'s (fairness review 8)', async () => {
    open('/pages/invest/invest', [dualProduct({ demo: true }), ETH_CALL]);
    expect(within(await screen.findByRole('link', { name: /66000 USDT/ })).queryByText('Demo')).not.toBeNull();
    expect(within(screen.getByRole('link', { name: /3300/ })).queryByText('Demo')).toBeNull();
  });

  it('opens the purchase screen of a tapped product', async () => {
    const { router } = open();
    await act(async () => fireEvent.click(await screen.findByRole('link', { name: /66000 USDT/ })));
    expect(router.state.location.pathname + router.state.location.search).toBe('/pages/invest/purchase?id=11');
    expect(await screen.findByText('BTC/USDT · Sell high')).toBeTruthy();
  });

  it('asks for put products on "Buy low" and for one coin when it is chosen, keeping both in the query string', async () => {
    const { api, router } = open();
    await screen.findByRole('link', { name: /66000 USDT/ });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'ETH' })));
    await screen.findByRole('link', { name: /3300 USDT/ });
    expect(screen.queryByRole('link', { name: /66000 USDT/ })).toBeNull();
    expect(api.of('/dual/index').some((c) => c.params.currency_id === '3' && c.params.type === 'call')).toBe(true);
    expect(router.state.location.search).toBe('?currency_id=3');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'All coins' })));
    await act(async () => fireEvent.click(screen.getByRole('tab', { name: 'Buy low' })));
    await screen.findByRole('link', { name: /64000 USDT/ });
    expect(router.state.location.search).toBe('?type=put');
    expect(api.of('/dual/index').some((c) => c.params.type === 'put' && c.params.currency_id === undefined)).toBe(true);
  });

  it('says when nothing is on offer, marks a sold-out product, and links to my investments and help', async () => {
    open('/pages/invest/invest?type=call', []);
    expect(await screen.findByText('No products on offer right now')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'My investments' }).getAttribute('href')).toBe('/pages/invest/mine');
    expect(screen.getByRole('link', { name: 'How it works' }).getAttribute('href')).toBe('/pages/invest/help');
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
    open('/pages/invest/invest', [dualProduct({ on_sale: false, remaining_shares: 0, sold_shares: 100, progress: '100' })]);
    expect((await screen.findByRole('link', { name: /66000 USDT/ })).textContent).toContain('Sold out');
  });
});
