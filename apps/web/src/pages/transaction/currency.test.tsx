/**
 * Proves the spot order form's client checks and the order it sends, through the real route table; the
 * percentage shortcuts size buys by the server's freeze rules (fees, market protection at the best ask);
 * the form says it trades from the spot account, with a transfer link.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, MARKET_MAKER_ANSWER, quotation } from '../../components/market/fake-server.ts';
import { fakeSocket } from '../../realtime/fake-socket.ts';
import { disconnectRealtime } from '../../realtime/socket.ts';
import type { SpotOrderItem } from '../../api/spot.ts';
import { saveToken, setState } from '../../store/store.ts';
import { fakeApi } from '../../test/fake-api.ts';
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
  '/apis/US.json': { rates: [{ currency_code: 'CNY', rate: '7.1' }] },
  '/coin/market_maker': MARKET_MAKER_ANSWER,
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
    // The balance comes with its own answer, after the form (the body renders in a transition): awaited.
    expect(await screen.findByText('1000.1234 USDT', undefined, { timeout: 5_000 })).toBeTruthy();
    const book = screen.getByRole('region', { name: 'Order book' });
    expect(book.textContent).toContain('Loading');
    expect(book.textContent).not.toContain('No orders in the book yet');
    act(() => socket.serverSends('depth', { symbol: 'BTC/USDT', bids: [], asks: [], time: 0 }));
    expect(book.textContent).toContain('No orders in the book yet');
  });

  it('says the spot account is used, with a transfer into it of the coin the order spends', async () => {
    await openSpot();
    expect(screen.getByText(/Spot trading uses your spot account/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Transfer funds in' }).getAttribute('href')).toMatch(/\/pages\/fund\/fundTransfer\?to=spot&currency=1$/);
    fireEvent.click(screen.getByRole('button', { name: 'Sell' }));
    expect(screen.getByRole('link', { name: 'Transfer funds in' }).getAttribute('href')).toMatch(/currency=2$/);
  });

  it('says under the book that the platform market maker quotes it, by its back-office account, and nothing of demo traders in production', async () => {
    await openSpot();
    const note = await screen.findByRole('note');
    expect(note.textContent).toBe("The order books are quoted by the platform's market maker (account market-maker): its orders are real and funded by the platform.");
  });

  it('names the demo traders that trade against the market maker on a development start', async () => {
    saveToken('a-token');
    fakeServer({ ...ANSWERS, '/coin/market_maker': { account: 'market-maker', demo_traders: ['Spot demo 1', 'Spot demo 2'] } });
    renderApp('/pages/transaction/currency?symbol=BTC/USDT');
    const note = await screen.findByRole('note', {}, { timeout: 10_000 });
    expect(note.textContent).toContain('Development start: demo traders (Spot demo 1, Spot demo 2) trade against it.');
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

/** A spot order as GET /coin/list answers it. */
const order = (overrides: Partial<SpotOrderItem> & Pick<SpotOrderItem, 'id'>): SpotOrderItem => ({
  symbol: 'BTC/USDT',
  symbol_id: 7,
  currency_id: 2,
  legal_id: 1,
  side: 'buy',
  order_type: 'limit',
  price: '50000',
  quantity: '0.1',
  filled_quantity: '0',
  filled_quote: '0',
  average_price: '0',
  fee: '0',
  fee_currency: 'USDT',
  fee_decimals: 6,
  status: 'open',
  created_at: new Date(Date.now() - 10 * 60_000).toISOString(),
  updated_at: new Date().toISOString(),
  ...overrides,
});

describe('spot figures', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    disconnectRealtime();
  });

  it('shows the last price with the symbol’s decimals and its value in the chosen fiat beside it', async () => {
    setState({ fiat: { currency_code: 'CNY', rate: '7.1', saveTime: 0 } });
    await openSpot();
    const header = document.querySelector('.spot-header')!;
    expect(header.querySelector('.spot-header__price')!.textContent).toBe('50000.00');
    // 50,000 USDT x 7.1.
    expect(await within(header as HTMLElement).findByText('≈ 355000.00 CNY')).toBeTruthy();
  });

  it('shows the order total, price x amount, as both are typed', async () => {
    await openSpot();
    const total = () => screen.getByText('Order total').nextElementSibling!.textContent;
    expect(total()).toBe('- USDT');
    fireEvent.change(screen.getByLabelText(/^Price/), { target: { value: '50000.5' } });
    fireEvent.change(screen.getByLabelText(/^Amount/), { target: { value: '0.01' } });
    expect(total()).toBe('500.005 USDT');
  });

  it('names the tick or the step a price or an amount breaks, and sends nothing', async () => {
    const fetchMock = await openSpot();
    fireEvent.change(screen.getByLabelText(/^Price/), { target: { value: '50000.001' } });
    fireEvent.change(screen.getByLabelText(/^Amount/), { target: { value: '0.1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Buy BTC' }));
    expect(screen.getByRole('alert').textContent).toBe('Price must be a multiple of 0.01');
    fireEvent.change(screen.getByLabelText(/^Price/), { target: { value: '50000' } });
    fireEvent.change(screen.getByLabelText(/^Amount/), { target: { value: '0.0000001' } });
    fireEvent.click(screen.getByRole('button', { name: 'Buy BTC' }));
    expect(screen.getByRole('alert').textContent).toBe('Amount must be a multiple of 0.000001');
    expect(tradeCalls(fetchMock)).toHaveLength(0);
  });

  it('shows the server’s refusal, with the minimum it names, under the form', async () => {
    saveToken('a-token');
    const refusal = 'The order value must be at least 5 USDT';
    fakeApi(
      {
        ...Object.fromEntries(Object.entries(ANSWERS).map(([path, message]) => [path, { type: 'ok', message }])),
        '/coin/trade': { type: 'error', code: 'order_value_too_small', message: refusal },
      },
      { type: 'ok', message: [] },
    );
    renderApp('/pages/transaction/currency?symbol=BTC/USDT');
    fireEvent.click(await screen.findByRole('button', { name: 'Market' }, { timeout: 10_000 }));
    fireEvent.change(screen.getByLabelText(/^Amount/), { target: { value: '0.00001' } });
    fireEvent.click(screen.getByRole('button', { name: 'Buy BTC' }));
    expect((await screen.findByRole('alert')).textContent).toBe(refusal);
  });

  it('shows a market order’s average from its fills, "-" before any fill, and fees in their coin', async () => {
    saveToken('a-token');
    fakeServer({
      ...ANSWERS,
      '/coin/list': {
        data: [
          order({ id: 2, order_type: 'market', price: '50500', quantity: '0.02', filled_quantity: '0.02', filled_quote: '1000.5', average_price: '50025', fee: '2.0010012', status: 'filled' }),
          order({ id: 1 }),
        ],
        total: 2,
        page: 1,
        limit: 10,
      },
    });
    renderApp('/pages/transaction/currency_order');
    const figures = async (id: number) => {
      const row = (await screen.findAllByRole('listitem')).find((item) => item.textContent?.includes(id === 1 ? 'Cancel order' : 'Filled'))!;
      return Object.fromEntries([...row.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling!.textContent]));
    };
    fireEvent.click(await screen.findByRole('tab', { name: 'Order history' }, { timeout: 10_000 }));
    // Figures take the symbol's decimals once the quotations are in.
    await screen.findByText('50025.00');
    // The market buy: price "Market" (never its protection price 50500), average 1000.5 / 0.02, fee rounded up to USDT's 6 decimals.
    expect(await figures(2)).toMatchObject({ Price: 'Market', Amount: '0.020000', 'Average price': '50025.00', Fee: '2.001002 USDT', Time: '10 minutes ago' });
    fireEvent.click(screen.getByRole('tab', { name: 'Open orders' }));
    await screen.findByText('50000.00');
    expect(await figures(1)).toMatchObject({ Price: '50000.00', 'Average price': '-', Fee: '0 USDT' });
  });

  it('pages the order history with "load more" until "no more data"', async () => {
    saveToken('a-token');
    const fetchMock = fakeServer({ ...ANSWERS });
    const page = (n: number) => ({ data: [order({ id: 100 - n, status: 'cancelled' })], total: 11, page: n, limit: 10 });
    fetchMock.mockImplementation(async (url: string) => {
      const parsed = new URL(url, 'http://test');
      const path = parsed.pathname.replace(/^\/api/, '');
      const message = path === '/coin/list' ? page(Number(parsed.searchParams.get('page'))) : ((ANSWERS as Record<string, unknown>)[path] ?? []);
      return new Response(JSON.stringify({ type: 'ok', message }), { status: 200 });
    });
    renderApp('/pages/transaction/currency_order');
    fireEvent.click(await screen.findByRole('button', { name: 'Load more' }, { timeout: 10_000 }));
    expect(await screen.findByText('No more data')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Open orders' })).getAllByRole('listitem')).toHaveLength(2);
  });
});
