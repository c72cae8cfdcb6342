/** Proves the market tab and search through the real route table, with the server answers faked per path. */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, quotation } from '../../components/market/fake-server.ts';
import { fakeSocket } from '../../realtime/fake-socket.ts';
import { disconnectRealtime } from '../../realtime/socket.ts';
import { saveToken } from '../../store/store.ts';
import { renderApp } from '../../test/render-app.tsx';

const QUOTATIONS = [
  // 900 BTC traded for 58.5 M USDT, 5,000 ETH for 16 M: BTC/USDT is the more traded by value.
  quotation({ id: 1, symbol: 'BTC/USDT', price: '65000', change: '2.5', volume: '900', amount: '58500000' }),
  quotation({ id: 2, symbol: 'ETH/USDT', price: '3200', change: '-1.25', volume: '5000', amount: '16000000' }),
  quotation({ id: 3, symbol: 'BTCUSDT', kind: 'futures', currency_id: null, price: '65010', change: '0', amount: '99000000' }),
  quotation({ id: 4, symbol: 'LTC/USDT', price: '80.5', change: '0' }),
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
    // Its value in the chosen fiat (USD by default) under the last price.
    expect(btc.querySelector('.symbol-row__note')!.textContent).toBe('≈ 65000.00 USD');
    expect(screen.getByText('-1.25%').className).toContain('change-badge--down');
    // Each price with its symbol's decimals.
    expect(screen.getByRole('button', { name: /LTC.*80\.50/ })).toBeTruthy();
    expect(screen.queryByText('65010.00')).toBeNull();

    fireEvent.click(btc);
    expect(router.state.location.pathname).toBe('/pages/transaction/currency');
    expect(router.state.location.search).toBe('?symbol=BTC%2FUSDT');
  });

  it('says once, under the coins, that the platform market maker quotes their books', async () => {
    fakeServer({ '/currency/quotation_new': QUOTATIONS });
    renderApp('/pages/market/market');
    await screen.findByText('+2.50%');
    expect((await screen.findAllByRole('note')).map((n) => n.textContent)).toEqual([
      "The order books are quoted by the platform's market maker (account market-maker): its orders are real and funded by the platform.",
    ]);
  });

  it('lists futures on their tab and asks a logged-out user to log in for favourites', async () => {
    fakeServer({ '/currency/quotation_new': QUOTATIONS });
    renderApp('/pages/market/market');
    await screen.findByText('+2.50%');
    fireEvent.click(screen.getByRole('tab', { name: 'Futures' }));
    expect(screen.getByText('65010.00')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Favourites' }));
    expect(screen.getByText('Log in to see your favourites')).toBeTruthy();
  });

  it('follows the tickers of the rows it lists, and nothing else, updating their prices live', async () => {
    const socket = fakeSocket();
    fakeServer({ '/currency/quotation_new': QUOTATIONS });
    renderApp('/pages/market/market');
    await screen.findByText('+2.50%');
    expect(socket.rooms()).toEqual(['ticker:BTC/USDT', 'ticker:ETH/USDT', 'ticker:LTC/USDT']);
    socket.serverSends('ticker', { symbol: 'ETH/USDT', price: '3300', time: Date.now() });
    expect(await screen.findByRole('button', { name: /ETH.*3300/ })).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'Futures' }));
    expect(socket.rooms()).toEqual(['ticker:BTCUSDT']);
  });
});

describe('search', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('ranks hot search by 24 h turnover, filters by text, and clears recent views', async () => {
    saveToken('a-token');
    localStorage.setItem('marketRecentViews', JSON.stringify(['BTC/USDT']));
    fakeServer({ '/currency/quotation_new': QUOTATIONS });
    renderApp('/pages/market/search');
    const hot = await screen.findByRole('region', { name: 'Hot search' });
    // Spot pairs by turnover, none without trades; the futures contract is not in it.
    expect([...hot.querySelectorAll('.chip')].map((chip) => chip.textContent)).toEqual(['BTC/USDT', 'ETH/USDT']);
    expect(screen.getByRole('region', { name: 'Recent views' }).textContent).toContain('BTC/USDT');

    fireEvent.click(screen.getByRole('button', { name: 'Clear recent views' }));
    expect(screen.queryByRole('region', { name: 'Recent views' })).toBeNull();
    expect(localStorage.getItem('marketRecentViews')).toBeNull();

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'eth' } });
    await act(async () => {});
    expect(screen.getByRole('button', { name: /ETH.*3200/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /BTC.*65000/ })).toBeNull();
  });

  it('lists matches under coins and futures, labelling each, so BTC/USDT spot and BTCUSDT futures open their own screens', async () => {
    fakeServer({ '/currency/quotation_new': QUOTATIONS });
    const { router } = renderApp('/pages/market/search');
    fireEvent.change(await screen.findByRole('searchbox', { name: 'Search' }), { target: { value: 'btc' } });
    await act(async () => {});
    const coins = screen.getByRole('region', { name: 'Coins' });
    const futures = screen.getByRole('region', { name: 'Futures' });
    expect(screen.queryByRole('region', { name: 'Stock' })).toBeNull();
    expect(within(coins).getByRole('button').textContent).toContain('Spot');
    expect(within(futures).getByRole('button').textContent).toContain('Futures');
    fireEvent.click(within(futures).getByRole('button'));
    expect(router.state.location.pathname).toBe('/pages/transaction/contract');
    expect(router.state.location.search).toBe('?kind=futures&symbol=BTCUSDT');
  });

  it('shows a logged-in user’s favourites before typing, and none to a visitor', async () => {
    saveToken('a-token');
    fakeServer({ '/currency/quotation_new': QUOTATIONS, '/optional/list': [{ id: 9, currency_id: 3, symbol: 'BTCUSDT', price: '65010' }] });
    renderApp('/pages/market/search');
    const favourites = await screen.findByRole('region', { name: 'Favourites' });
    expect(favourites.textContent).toBe('FavouritesBTCUSDTFutures');
  });
});

