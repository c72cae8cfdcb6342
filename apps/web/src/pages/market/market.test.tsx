/** Proves the market tab and search through the real route table, with the server answers faked per path. */
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, quotation } from '../../components/market/fake-server.ts';
import { fakeSocket } from '../../realtime/fake-socket.ts';
import { disconnectRealtime } from '../../realtime/socket.ts';
import { saveToken } from '../../store/store.ts';
import { renderApp } from '../../test/render-app.tsx';

const QUOTATIONS = [
  quotation({ id: 1, symbol: 'BTC/USDT', price: '65000', change: '2.5', volume: '900' }),
  quotation({ id: 2, symbol: 'ETH/USDT', price: '3200', change: '-1.25', volume: '5000' }),
  quotation({ id: 3, symbol: 'BTCUSDT', kind: 'futures', currency_id: null, price: '65010', change: '0' }),
];

describe('market tab', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    disconnectRealtime();
  });

  it('shows the spot rows with their change coloured up or down and opens the spot page on tap', async () => {
    fakeServer({ '/currency/quotation_new': QUOTATIONS });
    const { router } = renderApp('/pages/market/market');
    const btc = await screen.findByRole('button', { name: /BTC.*65000/ });
    expect(screen.getByText('+2.50%').className).toContain('change-badge--up');
    expect(screen.getByText('-1.25%').className).toContain('change-badge--down');
    expect(screen.queryByText('65010')).toBeNull();

    fireEvent.click(btc);
    expect(router.state.location.pathname).toBe('/pages/transaction/currency');
    expect(router.state.location.search).toBe('?symbol=BTC%2FUSDT');
  });

  it('lists futures on their tab and asks a logged-out user to log in for favourites', async () => {
    fakeServer({ '/currency/quotation_new': QUOTATIONS });
    renderApp('/pages/market/market');
    await screen.findByText('+2.50%');
    fireEvent.click(screen.getByRole('tab', { name: 'Futures' }));
    expect(screen.getByText('65010')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Favourites' }));
    expect(screen.getByText('Log in to see your favourites')).toBeTruthy();
  });

  it('follows the tickers of the rows it lists, and nothing else, updating their prices live', async () => {
    const socket = fakeSocket();
    fakeServer({ '/currency/quotation_new': QUOTATIONS });
    renderApp('/pages/market/market');
    await screen.findByText('+2.50%');
    expect(socket.rooms()).toEqual(['ticker:BTC/USDT', 'ticker:ETH/USDT']);
    socket.serverSends('ticker', { symbol: 'ETH/USDT', price: '3300', time: Date.now() });
    expect(await screen.findByRole('button', { name: /ETH.*3300/ })).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'Futures' }));
    expect(socket.rooms()).toEqual(['ticker:BTCUSDT']);
  });
});

describe('search', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('ranks hot search by 24h volume, filters by text, and clears recent views', async () => {
    saveToken('a-token');
    localStorage.setItem('marketRecentViews', JSON.stringify(['BTC/USDT']));
    fakeServer({ '/currency/quotation_new': QUOTATIONS });
    renderApp('/pages/market/search');
    const hot = await screen.findByRole('region', { name: 'Hot search' });
    expect([...hot.querySelectorAll('.chip')].map((chip) => chip.textContent)).toEqual(['ETH/USDT', 'BTC/USDT']);
    expect(screen.getByRole('region', { name: 'Recent views' }).textContent).toContain('BTC/USDT');

    fireEvent.click(screen.getByRole('button', { name: 'Clear recent views' }));
    expect(screen.queryByRole('region', { name: 'Recent views' })).toBeNull();
    expect(localStorage.getItem('marketRecentViews')).toBeNull();

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'eth' } });
    await act(async () => {});
    expect(screen.getByRole('button', { name: /ETH.*3200/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /BTC.*65000/ })).toBeNull();
  });
});
