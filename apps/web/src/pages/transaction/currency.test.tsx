/**
 * Proves the spot order form's client checks and the order it sends, through the real route table; the
 * percentage shortcuts size buys by the server's freeze rules (fees, market protection at the best ask).
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, quotation } from '../../components/market/fake-server.ts';
import { fakeSocket } from '../../realtime/fake-socket.ts';
import { disconnectRealtime } from '../../realtime/socket.ts';
import { saveToken } from '../../store/store.ts';
import { renderApp } from '../../test/render-app.tsx';

// lightweight-charts draws on a real canvas, which the test DOM does not have; the chart is left out here.
vi.mock('../../components/market/kline-chart.tsx', () => ({ KlineChart: () => null }));

const ANSWERS = {
  '/currency/quotation_new': [quotation({ id: 7, symbol: 'BTC/USDT', currency_id: 2, legal_id: 1, price: '50000' })],
  '/currency/user_currency_list': [
    { id: 1, name: 'USDT', available: { change: '1000.123456', legal: '0' } },
    { id: 2, name: 'BTC', available: { change: '0.5', legal: '0' } },
  ],
  '/coin/list': { data: [], total: 0, page: 1, limit: 10 },
  '/coin/trade': { id: 1 },
};

async function openSpot() {
  saveToken('a-token');
  const fetchMock = fakeServer(ANSWERS);
  renderApp('/pages/transaction/currency?symbol=BTC/USDT');
  // The first test loads the lazy page cold, which takes more than the default second on a busy machine.
  await screen.findByRole('button', { name: 'Buy BTC' }, { timeout: 10_000 });
  await act(async () => {});
  return fetchMock;
}

const tradeCalls = (fetchMock: ReturnType<typeof fakeServer>) => fetchMock.mock.calls.filter(([url]) => url.startsWith('/api/coin/trade'));

describe('spot trade', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    disconnectRealtime();
  });

  it('shows the available balance truncated to 4 decimals, the book loading until its first snapshot, then empty when it is', async () => {
    const socket = fakeSocket();
    await openSpot();
    expect(screen.getByText('1000.1234 USDT')).toBeTruthy();
    const book = screen.getByRole('region', { name: 'Order book' });
    expect(book.textContent).toContain('Loading');
    expect(book.textContent).not.toContain('No orders in the book yet');
    act(() => socket.serverSends('depth', { symbol: 'BTC/USDT', bids: [], asks: [], time: 0 }));
    expect(book.textContent).toContain('No orders in the book yet');
  });

  it('refuses a limit order without an entrust price and sends nothing', async () => {
    const fetchMock = await openSpot();
    fireEvent.change(screen.getByLabelText(/^Amount/), { target: { value: '0.1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Buy BTC' }));
    expect(screen.getByRole('alert').textContent).toBe('Please enter the entrust price');
    expect(tradeCalls(fetchMock)).toHaveLength(0);
  });

  it('fills the amount from a share of the balance and sends a market sell without a price', async () => {
    const fetchMock = await openSpot();
    fireEvent.click(screen.getByRole('button', { name: 'Sell' }));
    fireEvent.click(screen.getByRole('button', { name: 'Market' }));
    fireEvent.click(screen.getByRole('button', { name: '50% of available' }));
    expect((screen.getByLabelText(/^Amount/) as HTMLInputElement).value).toBe('0.25');
    fireEvent.click(screen.getByRole('button', { name: 'Sell BTC' }));
    await act(async () => {});
    const [call] = tradeCalls(fetchMock);
    const body = new URLSearchParams(String(call?.[1]?.body));
    const { client_id, ...order } = Object.fromEntries([...body].filter(([key]) => key !== 'lang'));
    expect(order).toEqual({ amount: '0.25', target_price: '', currency_id: '2', legal_id: '1', type: 'sell' });
    // Each order carries its idempotency key, so a resend cannot place it twice.
    expect(client_id).toMatch(/^[0-9a-f]{32}$/);
  });

  it('fills 100 % of a limit buy with the most the balance affords after the higher fee rate', async () => {
    const fetchMock = await openSpot();
    fireEvent.change(screen.getByLabelText(/^Price/), { target: { value: '50000' } });
    fireEvent.click(screen.getByRole('button', { name: '100% of available' }));
    // 1000.123456 / (50000 x 1.002) = 0.0199625..., to the 6 decimals of a BTC lot; without the fee it would be 0.020002.
    expect((screen.getByLabelText(/^Amount/) as HTMLInputElement).value).toBe('0.019962');
    fireEvent.click(screen.getByRole('button', { name: 'Buy BTC' }));
    await act(async () => {});
    const body = new URLSearchParams(String(tradeCalls(fetchMock)[0]?.[1]?.body));
    expect([body.get('amount'), body.get('target_price'), body.get('type')]).toEqual(['0.019962', '50000', 'buy']);
  });

  it('fills 100 % of a market buy at the protection price of the best ask, plus the taker fee', async () => {
    const socket = fakeSocket();
    await openSpot();
    fireEvent.click(screen.getByRole('button', { name: 'Market' }));
    socket.serverSends('depth', {
      symbol: 'BTC/USDT',
      bids: [['49900', '1']],
      asks: [
        ['50000', '0.01'],
        ['50100', '0.02'],
      ],
      time: 0,
    });
    fireEvent.click(screen.getByRole('button', { name: '100% of available' }));
    // Protected at the best ask 50000 + 1 % = 50500, x 1.002 = 50601 per BTC; both asks lie within it.
    expect((screen.getByLabelText(/^Amount/) as HTMLInputElement).value).toBe('0.019764');
    fireEvent.click(screen.getByRole('button', { name: '25% of available' }));
    expect((screen.getByLabelText(/^Amount/) as HTMLInputElement).value).toBe('0.004941');
  });

  it('follows the symbol’s ticker and book only, and shows the book and the latest trades as soon as the snapshot comes', async () => {
    const socket = fakeSocket();
    await openSpot();
    expect(socket.rooms()).toEqual(['book:BTC/USDT', 'ticker:BTC/USDT']);
    const time = Date.UTC(2026, 0, 1, 12, 0, 0);
    socket.serverSends('depth', { symbol: 'BTC/USDT', bids: [['49990', '0.5']], asks: [['50010', '0.2'], ['50020', '1']], time });
    socket.serverSends('trades', {
      symbol: 'BTC/USDT',
      trades: [
        { symbol: 'BTC/USDT', id: 12, price: '50001', quantity: '0.1', side: 'buy', time },
        { symbol: 'BTC/USDT', id: 11, price: '49999', quantity: '0.3', side: 'sell', time },
      ],
    });
    expect(within(screen.getByRole('list', { name: 'Asks' })).getAllByRole('listitem')).toHaveLength(2);
    // Figures carry the symbol's decimals (2 for prices, 6 for quantities), so the columns line up.
    const bid = within(screen.getByRole('list', { name: 'Bids' })).getByRole('button');
    expect([...bid.querySelectorAll('span')].map((span) => span.textContent)).toEqual(['49990.00', '0.500000']);
    const trades = () => within(screen.getByRole('region', { name: 'Recent trades' })).getAllByRole('listitem').map((row) => row.textContent);
    expect(trades()).toHaveLength(2);
    expect(trades()[0]).toContain('50001.00');

    // A live trade goes on top; one the snapshot already held is not shown twice.
    socket.serverSends('trade', { symbol: 'BTC/USDT', id: 13, price: '50005', quantity: '0.2', side: 'buy', time });
    socket.serverSends('trade', { symbol: 'BTC/USDT', id: 12, price: '50001', quantity: '0.1', side: 'buy', time });
    expect(trades()).toHaveLength(3);
    expect(trades()[0]).toContain('50005');
  });

  it('reloads the open orders when the server sends an update of an own order', async () => {
    const socket = fakeSocket();
    const fetchMock = await openSpot();
    const orderLists = () => fetchMock.mock.calls.filter(([url]) => url.startsWith('/api/coin/list')).length;
    const before = orderLists();
    socket.serverSends('order', { id: 5, symbol: 'BTC/USDT', status: 'filled' });
    await act(async () => {});
    expect(orderLists()).toBeGreaterThan(before);
  });

  it('reloads the open orders when the socket joins the user room, since updates sent before were missed', async () => {
    const socket = fakeSocket();
    const fetchMock = await openSpot();
    const orderLists = () => fetchMock.mock.calls.filter(([url]) => url.startsWith('/api/coin/list')).length;
    const before = orderLists();
    socket.serverSends('authenticated', { user_id: 1 });
    await act(async () => {});
    expect(orderLists()).toBeGreaterThan(before);
  });
});
