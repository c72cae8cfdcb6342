/**
 * Proves the trade tab's switch: spot, futures and options, each shown in the tab itself for a logged-in
 * user; the futures switch embeds the contract screen (its order form) and remembers itself in the URL.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, quotation } from '../../components/market/fake-server.ts';
import { saveToken } from '../../store/store.ts';
import { fakeOkApi } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

vi.mock('../../components/market/kline-chart.tsx', () => ({ KlineChart: ({ symbol }: { symbol: string }) => <div role="img" aria-label={`Chart ${symbol}`} /> }));

const SETTINGS = {
  symbol_id: 11,
  symbol: 'BTCUSDT',
  kind: 'futures',
  legal_id: 1,
  contract_size: '0.01',
  multiples: [5, 10],
  lots_min: 1,
  lots_max: 100,
  fee_rate: '0.0005',
  overnight_rate: '0.0002',
  spread: '0',
  maintenance_threshold: '50',
  session: null,
  enabled: true,
  scheduled_changes: [],
};
const ACCOUNT = { legal_id: 1, balance: '100', available: '100', frozen: '0', margin_total: '0', profit_total: '0', risk_rate: null };

describe('trade tab', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('embeds the futures order form when the Futures switch is chosen, and keeps it in the URL', async () => {
    saveToken('a-token');
    fakeOkApi({
      '/currency/quotation_new': [
        quotation({ id: 7, symbol: 'BTC/USDT' }),
        quotation({ id: 11, symbol: 'BTCUSDT', kind: 'futures', currency_id: null, legal_id: 1, price: '65000', spot_rules: null }),
      ],
      '/currency/list': [{ id: 1, name: 'USDT', full_name: 'Tether', logo: null, decimals: 6, networks: [] }],
      '/lever/deal': { settings: SETTINGS, mark_price: '65000', tick_id: '1', in_session: true, account: ACCOUNT, positions: { count: 0, long_lots: 0, short_lots: 0 } },
      '/lever/dealall': { data: [], total: 0, page: 1, limit: 10, totals: ACCOUNT },
      '/coin/list': { data: [], total: 0, page: 1, limit: 10 },
    });
    const { router } = renderApp('/pages/transaction/index');
    fireEvent.click(await screen.findByRole('tab', { name: 'Futures' }, { timeout: 5000 }));
    expect(await screen.findByRole('button', { name: 'Open long' }, { timeout: 5000 })).toBeTruthy();
    expect(router.state.location.search).toContain('trade=contract');
    expect(screen.getByRole('button', { name: 'Choose a symbol' }).textContent).toBe('BTCUSDT ▾');
  });

  it('shows a logged-out visitor the pair’s price, chart and book, and leads an order to the login page', async () => {
    const fetchMock = fakeServer({ '/currency/quotation_new': [quotation({ id: 7, symbol: 'BTC/USDT', price: '65000' })] });
    const { router } = renderApp('/pages/transaction/index');
    expect(await screen.findByRole('img', { name: 'Chart BTC/USDT' }, { timeout: 5000 })).toBeTruthy();
    expect(document.querySelector('.spot-header__price')!.textContent).toBe('65000.00');
    expect(screen.getByRole('region', { name: 'Order book' })).toBeTruthy();
    expect(screen.queryByText('Available')).toBeNull();
    fireEvent.change(screen.getByLabelText(/^Price/), { target: { value: '65000' } });
    fireEvent.change(screen.getByLabelText(/^Amount/), { target: { value: '0.1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in to trade' }));
    expect(router.state.location.pathname).toBe('/pages/common/login');
    // No order call went out (the market-maker line under the book is a public read).
    expect(fetchMock.mock.calls.filter(([url]) => url.startsWith('/api/coin/') && !url.startsWith('/api/coin/market_maker'))).toEqual([]);
  });

  it('switches the pair from the title’s picker, searching by name, and keeps it in the URL', async () => {
    fakeServer({
      '/currency/quotation_new': [
        quotation({ id: 7, symbol: 'BTC/USDT', price: '65000' }),
        quotation({ id: 8, symbol: 'ETH/USDT', price: '3200.5' }),
        quotation({ id: 11, symbol: 'ETHUSDT', kind: 'futures', currency_id: null, price: '3201' }),
      ],
    });
    const { router } = renderApp('/pages/transaction/index');
    fireEvent.click(await screen.findByRole('button', { name: 'Choose a pair' }, { timeout: 5000 }));
    fireEvent.change(await screen.findByRole('searchbox', { name: 'Search pairs' }), { target: { value: 'eth' } });
    const pairs = screen.getByRole('list', { name: 'Spot pairs' });
    // Spot pairs only: the ETHUSDT futures contract is not one.
    expect(within(pairs).getAllByRole('button').map((row) => row.querySelector('strong')!.textContent)).toEqual(['ETH']);
    fireEvent.click(within(pairs).getByRole('button'));
    expect(await screen.findByRole('img', { name: 'Chart ETH/USDT' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Choose a pair' }).textContent).toBe('ETH/USDT ▾');
    expect(router.state.location.search).toBe('?trade=spot&symbol=ETH%2FUSDT');
  });
});

