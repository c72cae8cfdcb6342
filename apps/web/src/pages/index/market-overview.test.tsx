/**
 * Proves home's market overview through the real route table, with the quotation list faked: the top
 * pairs show their last price in the symbol's decimals and their change; Gainers lists only the risers
 * and Losers only the fallers, by 24 h change, and Volume every symbol by turnover; a row opens its trade
 * page (spot or futures, as the market list does); and a ticker moves a price live.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, quotation } from '../../components/market/fake-server.ts';
import { fakeSocket } from '../../realtime/fake-socket.ts';
import { disconnectRealtime } from '../../realtime/socket.ts';
import { renderApp } from '../../test/render-app.tsx';

const WAIT = { timeout: 5000 };
const QUOTATIONS = [
  quotation({ id: 1, symbol: 'BTC/USDT', price: '65000.5', change: '2.5', amount: '900000', price_decimals: 2 }),
  quotation({ id: 2, symbol: 'ETH/USDT', price: '3200', change: '-1.25', amount: '5000000', price_decimals: 2 }),
  quotation({ id: 3, symbol: 'LTC/USDT', price: '85.1234', change: '0.4', amount: '100', price_decimals: 4 }),
  quotation({ id: 4, symbol: 'BTCUSDT', kind: 'futures', currency_id: null, price: '65010', change: '4.1', amount: '0', price_decimals: 1 }),
];

/** The pair names of the ranking's rows, top first. */
async function rankingOrder(tab: string) {
  const overview = within(await screen.findByRole('region', { name: 'Markets' }, WAIT));
  fireEvent.click(await overview.findByRole('tab', { name: tab }, WAIT));
  const list = overview.getByRole('list', { name: tab });
  return within(list)
    .getAllByRole('button')
    .map((row) => row.querySelector('.symbol-row__name strong')?.textContent ?? '');
}

describe('home market overview', { timeout: 20_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    disconnectRealtime();
  });

  it('shows the top pairs with their own decimals, value in the chosen fiat and coloured change', async () => {
    fakeServer({ '/currency/quotation_new': QUOTATIONS });
    renderApp('/');
    const pairs = within(await screen.findByRole('list', { name: 'Top pairs' }, WAIT));
    const buttons = pairs.getAllByRole('button');
    // USD by default, one USDT counting as one dollar.
    expect(buttons.map((b) => b.textContent)).toEqual(['BTC/USDT65000.50≈ 65000.50 USD+2.50%', 'ETH/USDT3200.00≈ 3200.00 USD-1.25%', 'LTC/USDT85.1234≈ 85.12 USD+0.40%']);
    expect(pairs.getByText('-1.25%').className).toContain('market-overview--down');
    expect(pairs.getByText('+2.50%').className).toContain('market-overview--up');
    // The rankings' rows carry the same fiat value under their price.
    const ranking = within(screen.getByRole('list', { name: 'Gainers' }));
    expect(ranking.getAllByText('≈ 65010.00 USD').length).toBe(1);
  });

  it('lists only risers under Gainers and only fallers under Losers, by 24 h change, and all by 24 h turnover under Volume', async () => {
    fakeServer({ '/currency/quotation_new': [...QUOTATIONS, quotation({ id: 5, symbol: 'DOGE/USDT', change: '0', amount: '50' }), quotation({ id: 6, symbol: 'XRP/USDT', change: '-3', amount: '10' })] });
    renderApp('/');
    expect(await rankingOrder('Gainers')).toEqual(['BTCUSDT', 'BTC', 'LTC']);
    expect(await rankingOrder('Losers')).toEqual(['XRP', 'ETH']);
    expect(await rankingOrder('Volume')).toEqual(['ETH', 'BTC', 'LTC', 'DOGE', 'XRP', 'BTCUSDT']);
  });

  it('says so when nothing has fallen', async () => {
    fakeServer({ '/currency/quotation_new': QUOTATIONS.filter((q) => q.change !== '-1.25') });
    renderApp('/');
    const overview = within(await screen.findByRole('region', { name: 'Markets' }, WAIT));
    fireEvent.click(await overview.findByRole('tab', { name: 'Losers' }, WAIT));
    expect(overview.getByText('No symbol has fallen in the last 24 hours')).toBeTruthy();
    expect(overview.queryByRole('list', { name: 'Losers' })).toBeNull();
  });

  it('opens a spot row on the spot trade page and a futures row on the contract page', async () => {
    fakeServer({ '/currency/quotation_new': QUOTATIONS });
    const { router } = renderApp('/');
    const overview = within(await screen.findByRole('region', { name: 'Markets' }, WAIT));
    const gainers = within(await overview.findByRole('list', { name: 'Gainers' }, WAIT));
    fireEvent.click(gainers.getByRole('button', { name: /^BTCUSDT/ }));
    expect(router.state.location).toMatchObject({ pathname: '/pages/transaction/contract', search: '?kind=futures&symbol=BTCUSDT' });

    await act(async () => router.navigate('/'));
    const again = within(await screen.findByRole('region', { name: 'Markets' }, WAIT));
    fireEvent.click(await again.findByRole('tab', { name: 'Losers' }, WAIT));
    fireEvent.click(within(await again.findByRole('list', { name: 'Losers' }, WAIT)).getByRole('button', { name: /^ETH/ }));
    expect(router.state.location).toMatchObject({ pathname: '/pages/transaction/currency', search: '?symbol=ETH%2FUSDT' });
  });

  it('moves a price live from its ticker room', async () => {
    const socket = fakeSocket();
    fakeServer({ '/currency/quotation_new': QUOTATIONS });
    renderApp('/');
    await screen.findByRole('list', { name: 'Top pairs' }, WAIT);
    expect(socket.rooms()).toEqual(expect.arrayContaining(['ticker:BTC/USDT', 'ticker:ETH/USDT', 'ticker:LTC/USDT', 'ticker:BTCUSDT']));
    act(() => socket.serverSends('ticker', { symbol: 'ETH/USDT', price: '3300', time: Date.now() }));
    expect(await within(screen.getByRole('list', { name: 'Top pairs' })).findByText('3300.00', {}, WAIT)).toBeTruthy();
  });
});
