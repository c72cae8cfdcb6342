/**
 * Proves the contract positions screen: P&L and the risk rate follow the mark price live (ticker events,
 * by the contract's rules), closing one or several positions and cancelling a pending order go through
 * a confirmation prompt, TP/SL are checked against the side before /lever/setstop, and the history shows
 * why a position closed, a cancelled limit order without the fee, margin and open price it never took, every
 * price with the symbol's decimals, and the total unrealised P&L. A copy of a trader's position that still follows the trader is marked "Copy" and
 * offers Self-hold (after its prompt) instead of Close and TP/SL.
 */
import type { ContractPosition } from '@fairex/contract';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { quotation } from '../../components/market/fake-server.ts';
import { fakeSocket } from '../../realtime/fake-socket.ts';
import { disconnectRealtime } from '../../realtime/socket.ts';
import { saveToken } from '../../store/store.ts';
import { fakeOkApi } from '../../test/fake-api.ts';
import { renderRoutes } from '../../test/render-app.tsx';
import { ContractOrdersPage } from './contract_order.tsx';

const QUOTATIONS = [quotation({ id: 11, symbol: 'BTCUSDT', kind: 'futures', currency_id: null, legal_id: 1, price: '65000', spot_rules: null })];
const SETTINGS = {
  symbol_id: 11,
  symbol: 'BTCUSDT',
  kind: 'futures',
  legal_id: 1,
  contract_size: '0.01',
  multiples: [10],
  lots_min: 1,
  lots_max: 100,
  fee_rate: '0.0005',
  overnight_rate: '0.0002',
  spread: '0',
  maintenance_threshold: '50',
  session: null,
  enabled: true,
};

function position(overrides: Partial<ContractPosition> & Pick<ContractPosition, 'id'>): ContractPosition {
  return {
    symbol_id: 11,
    symbol: 'BTCUSDT',
    currency_id: 11,
    legal_id: 1,
    side: 'long',
    type: 1,
    order_kind: 'market',
    status: 'open',
    share: 2,
    multiple: 10,
    target_price: null,
    open_price: '64000',
    current_price: '65000',
    margin: '128',
    handling_fee: '0.64',
    overnight_fee: '0',
    target_profit_price: null,
    stop_loss_price: null,
    profit: '20',
    liquidation_price: '60800',
    close_reason: null,
    open_tick_id: '1',
    close_tick_id: null,
    copy_trader_id: null,
    self_held: false,
    created_at: '2026-11-23T10:00:00.000Z',
    opened_at: '2026-11-23T10:00:00.000Z',
    closed_at: null,
    ...overrides,
  };
}

const LONG = position({ id: 1 });
const SHORT = position({ id: 2, side: 'short', type: 2, share: 1, open_price: '66000', margin: '66', profit: '10' });
const TOTALS = { legal_id: 1, balance: '1000', available: '806', frozen: '0', margin_total: '194', profit_total: '30', risk_rate: '515.46' };

function openOrders(answers: Record<string, unknown> = {}) {
  saveToken('a-token');
  const api = fakeOkApi({
    '/currency/quotation_new': QUOTATIONS,
    '/lever/deal': { settings: SETTINGS, mark_price: '65000', tick_id: '1', in_session: true, account: TOTALS, positions: { count: 2, long_lots: 2, short_lots: 1 } },
    '/lever/dealall': { data: [LONG, SHORT], total: 2, page: 1, limit: 10, totals: TOTALS },
    '/lever/batch_close': { closed: 1, profit: '20' },
    '/lever/close': null,
    '/lever/setstop': null,
    ...answers,
  });
  renderRoutes([{ path: '/pages/transaction/contract_order', Component: ContractOrdersPage }], '/pages/transaction/contract_order');
  return api;
}

const card = (name: string) => screen.getByRole('listitem', { name });
const figure = (item: HTMLElement, label: string) => within(item).getByText(label).nextElementSibling?.textContent;

describe('contract positions', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    disconnectRealtime();
  });

  it('moves P&L and the risk rate with the mark price when a ticker arrives', async () => {
    const socket = fakeSocket();
    const api = openOrders();
    await screen.findByRole('listitem', { name: 'BTCUSDT 1' });
    await vi.waitFor(() => expect(api.of('/lever/deal')).toHaveLength(1));
    // At 65000: long (65000 - 64000) x 2 x 0.01 = 20; short (66000 - 65000) x 1 x 0.01 = 10; (806 + 194 + 30) / 194 = 530.92 %.
    await vi.waitFor(() => expect(figure(card('BTCUSDT 1'), 'P&L')).toBe('20'));
    expect(figure(card('BTCUSDT 2'), 'P&L')).toBe('10');
    expect(screen.getByLabelText('Risk rate').textContent).toBe('530.92%');
    socket.serverSends('ticker', { symbol: 'BTCUSDT', price: '63000', time: Date.now() });
    // At 63000: long -20, short 30; (806 + 194 + 10) / 194 = 520.61 %.
    await vi.waitFor(() => expect(figure(card('BTCUSDT 1'), 'P&L')).toBe('-20'));
    expect(figure(card('BTCUSDT 1'), 'Mark price')).toBe('63000.00');
    expect(figure(card('BTCUSDT 2'), 'P&L')).toBe('30');
    expect(screen.getByLabelText('Risk rate').textContent).toBe('520.61%');
  });

  it('shows every price with the symbol decimals, the liquidation price rounded toward the mark, and the total unrealised P&L', async () => {
    const stock = quotation({ id: 13, symbol: 'AAPL', kind: 'stock', currency_id: null, legal_id: 1, price: '228.5', price_decimals: 2, spot_rules: null });
    const aaplLong = position({ id: 8, symbol_id: 13, symbol: 'AAPL', currency_id: 13, share: 1, open_price: '228.0428', current_price: '228.5', profit: '0.457', liquidation_price: '45.60856' });
    const aaplShort = position({ id: 9, symbol_id: 13, symbol: 'AAPL', currency_id: 13, side: 'short', type: 2, share: 1, open_price: '229.0571', current_price: '228.5', profit: '0.557', liquidation_price: '410.33999', target_profit_price: '200.125' });
    openOrders({
      '/currency/quotation_new': [...QUOTATIONS, stock],
      '/lever/dealall': { data: [aaplLong, aaplShort], total: 2, page: 1, limit: 10, totals: { ...TOTALS, profit_total: '1.014' } },
    });
    const long = await screen.findByRole('listitem', { name: 'AAPL 8' });
    await vi.waitFor(() => expect(figure(long, 'Open price')).toBe('228.04'));
    expect(figure(long, 'Mark price')).toBe('228.50');
    // A long is liquidated at or below its price, a short at or above: each shown rounded toward the mark.
    expect(figure(long, 'Est. liquidation price')).toBe('45.61');
    const short = card('AAPL 9');
    expect(figure(short, 'Est. liquidation price')).toBe('410.33');
    expect(figure(short, 'Take-profit')).toBe('200.12');
    expect(screen.getAllByText('Unrealised P&L').find((node) => node.tagName === 'DT')?.nextElementSibling?.textContent).toBe('1.014');
  });

  it('shows a cancelled limit order without the fee, margin, open price or P&L it never had', async () => {
    const cancelled = position({ id: 12, status: 'cancelled', order_kind: 'limit', target_price: '90000', open_price: '90000', current_price: null, margin: '180', handling_fee: '0.45', profit: '0' });
    openOrders({ '/lever/my_trade': { data: [cancelled], total: 1, page: 1, limit: 10 } });
    fireEvent.click(await screen.findByRole('tab', { name: 'History' }));
    const item = await screen.findByRole('listitem', { name: 'BTCUSDT 12' });
    expect(figure(item, 'Entrust price')).toBe('90000.00');
    for (const label of ['Handling fee', 'Margin', 'Open price', 'P&L', 'Close price']) expect(within(item).queryByText(label), label).toBeNull();
  });

  it('closes one position only after the confirmation prompt', async () => {
    const api = openOrders();
    await screen.findByRole('listitem', { name: 'BTCUSDT 1' });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Close 1' })));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Close this position (BTCUSDT, 2 lots) at the mark price?')).toBeTruthy();
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' })));
    expect(api.of('/lever/close')).toHaveLength(0);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Close 1' })));
    await act(async () => fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' })));
    await vi.waitFor(() => expect(api.of('/lever/close')).toHaveLength(1));
    expect(api.of('/lever/close')[0]!.params.id).toBe('1');
  });

  it('words one lot and one closed position in the singular', async () => {
    openOrders();
    await screen.findByRole('listitem', { name: 'BTCUSDT 2' });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Close 2' })));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Close this position (BTCUSDT, 1 lot) at the mark price?')).toBeTruthy();
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' })));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Close all' })));
    await act(async () => fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' })));
    expect(await screen.findByText('1 position closed')).toBeTruthy();
  });

  it.each([
    ['Close all', 'Close all your positions at the mark price?', '0'],
    ['Close longs', 'Close all your long positions at the mark price?', '1'],
    ['Close shorts', 'Close all your short positions at the mark price?', '2'],
  ])('sends batch close "%s" after its confirmation prompt', async (button, question, type) => {
    const api = openOrders();
    await screen.findByRole('listitem', { name: 'BTCUSDT 1' });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: button })));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(question)).toBeTruthy();
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' })));
    await vi.waitFor(() => expect(api.of('/lever/batch_close')).toHaveLength(1));
    expect(api.of('/lever/batch_close')[0]!.params.type).toBe(type);
  });

  it('refuses a long stop-loss above the mark and sends valid TP/SL to /lever/setstop', async () => {
    const api = openOrders();
    await screen.findByRole('listitem', { name: 'BTCUSDT 1' });
    fireEvent.click(screen.getByRole('button', { name: 'TP/SL 1' }));
    const form = await screen.findByRole('form', { name: 'TP/SL' });
    fireEvent.change(within(form).getByLabelText('Stop-loss'), { target: { value: '66000' } });
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Save' })));
    expect(within(form).getByRole('alert').textContent).toBe('A long stop-loss must be below the price, a short one above it');
    expect(api.of('/lever/setstop')).toHaveLength(0);
    fireEvent.change(within(form).getByLabelText('Take-profit'), { target: { value: '70000' } });
    fireEvent.change(within(form).getByLabelText('Stop-loss'), { target: { value: '62000' } });
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Save' })));
    await vi.waitFor(() => expect(api.of('/lever/setstop')).toHaveLength(1));
    expect(api.of('/lever/setstop')[0]!.params).toMatchObject({ id: '1', target_profit_price: '70000', stop_loss_price: '62000' });
  });

  it('cancels a pending limit order after the prompt and shows why history positions closed', async () => {
    const pending = position({ id: 3, status: 'pending', order_kind: 'limit', target_price: '60000', open_price: null, current_price: null, profit: '0' });
    const liquidated = position({ id: 4, status: 'closed', close_reason: 'liquidation', current_price: '60800', profit: '-128', close_tick_id: '7', closed_at: '2026-11-23T11:00:00.000Z' });
    const api = openOrders({
      '/lever/my_trade': (params: Record<string, string>) => ({ data: params.status === 'pending' ? [pending] : [liquidated], total: 1, page: 1, limit: 10 }),
    });
    fireEvent.click(await screen.findByRole('tab', { name: 'Pending' }));
    const item = await screen.findByRole('listitem', { name: 'BTCUSDT 3' });
    expect(figure(item, 'Entrust price')).toBe('60000.00');
    await act(async () => fireEvent.click(within(item).getByRole('button', { name: 'Cancel order 3' })));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Cancel this limit order (BTCUSDT, 2 lots)?')).toBeTruthy();
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' })));
    await vi.waitFor(() => expect(api.of('/lever/close')).toHaveLength(1));
    expect(api.of('/lever/close')[0]!.params.id).toBe('3');

    fireEvent.click(screen.getByRole('tab', { name: 'History' }));
    const closed = await screen.findByRole('listitem', { name: 'BTCUSDT 4' });
    expect(within(closed).getByText('Liquidated')).toBeTruthy();
    expect(figure(closed, 'Close price')).toBe('60800.00');
    // Its open and close index ticks, with a check of their public chain in the browser.
    expect(within(closed).getByText('Ticks #1 → #7')).toBeTruthy();
    expect(within(closed).getByRole('button', { name: 'Check' })).toBeTruthy();
    expect(new Set(api.of('/lever/my_trade').map((call) => call.params.status))).toEqual(new Set(['pending', 'history']));
  });

  it('hides Close and TP/SL on a copied position and offers Self-hold after its prompt', async () => {
    const copied = position({ id: 5, copy_trader_id: 21 });
    const held = position({ id: 6, copy_trader_id: 21, self_held: true });
    const api = openOrders({ '/lever/dealall': { data: [copied, held], total: 2, page: 1, limit: 10, totals: TOTALS }, '/follow/selfHolding': { ...copied, self_held: true } });
    const item = await screen.findByRole('listitem', { name: 'BTCUSDT 5' });
    expect(within(item).getByText('Copy')).toBeTruthy();
    expect(within(item).queryByRole('button', { name: 'Close 5' })).toBeNull();
    expect(within(item).queryByRole('button', { name: 'TP/SL 5' })).toBeNull();
    // Taken over: the user's own position, closed by hand.
    const own = card('BTCUSDT 6');
    expect(within(own).getByText('Self-held')).toBeTruthy();
    expect(within(own).getByRole('button', { name: 'Close 6' })).toBeTruthy();
    expect(within(own).queryByRole('button', { name: 'Self-hold 6' })).toBeNull();

    await act(async () => fireEvent.click(within(item).getByRole('button', { name: 'Self-hold 5' })));
    let dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Take over this copy (BTCUSDT, 2 lots)?');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' })));
    expect(api.of('/follow/selfHolding')).toHaveLength(0);
    await act(async () => fireEvent.click(within(item).getByRole('button', { name: 'Self-hold 5' })));
    dialog = await screen.findByRole('dialog');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Self-hold' })));
    await vi.waitFor(() => expect(api.of('/follow/selfHolding')).toHaveLength(1));
    expect(api.of('/follow/selfHolding')[0]!.params.transaction_id).toBe('5');
    expect(api.of('/lever/close')).toHaveLength(0);
  });

  it('labels a copy closed with its trader in the history', async () => {
    const closed = position({ id: 7, status: 'closed', copy_trader_id: 21, close_reason: 'copy', closed_at: '2026-11-23T11:00:00.000Z' });
    openOrders({ '/lever/my_trade': { data: [closed], total: 1, page: 1, limit: 10 } });
    fireEvent.click(await screen.findByRole('tab', { name: 'History' }));
    const item = await screen.findByRole('listitem', { name: 'BTCUSDT 7' });
    expect(within(item).getByText('Closed with the trader')).toBeTruthy();
  });

  it('pages the history 10 at a time with "load more" then "no more data", each close shown as the time since', async () => {
    const now = Date.now();
    const closedAgo = (id: number, agoMs: number) => position({ id, status: 'closed', close_reason: 'user', closed_at: new Date(now - agoMs).toISOString() });
    const first = Array.from({ length: 10 }, (_, i) => closedAgo(100 + i, (i + 1) * 3 * 60_000 + 30_000)); // 3.5, 6.5, 9.5 ... minutes ago
    const api = openOrders({
      '/lever/my_trade': (params: Record<string, string>) =>
        params.page === '2' ? { data: [closedAgo(200, 45 * 86_400_000)], total: 11, page: 2, limit: 10 } : { data: first, total: 11, page: 1, limit: 10 },
    });
    fireEvent.click(await screen.findByRole('tab', { name: 'History' }));
    await screen.findByRole('listitem', { name: 'BTCUSDT 100' });
    expect(figure(card('BTCUSDT 100'), 'Time')).toBe('Just now');
    expect(figure(card('BTCUSDT 101'), 'Time')).toBe('6 minutes ago');
    expect(screen.queryByRole('navigation')).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Load more' })));
    const older = await screen.findByRole('listitem', { name: 'BTCUSDT 200' });
    expect(figure(older, 'Time')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(screen.getByRole('listitem', { name: 'BTCUSDT 100' })).toBeTruthy();
    expect(screen.getByText('No more data')).toBeTruthy();
    expect(api.of('/lever/my_trade').map((call) => call.params.page)).toEqual(['1', '2']);
  });

  it('loads more open positions than fit one page', async () => {
    const first = Array.from({ length: 10 }, (_, i) => position({ id: 300 + i }));
    const api = openOrders({
      '/lever/dealall': (params: Record<string, string>) =>
        params.page === '2' ? { data: [position({ id: 310 })], total: 11, page: 2, limit: 10, totals: TOTALS } : { data: first, total: 11, page: 1, limit: 10, totals: TOTALS },
    });
    await screen.findByRole('listitem', { name: 'BTCUSDT 300' });
    expect(screen.queryByRole('listitem', { name: 'BTCUSDT 310' })).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Load more' })));
    expect(await screen.findByRole('listitem', { name: 'BTCUSDT 310' })).toBeTruthy();
    expect(screen.getByText('No more data')).toBeTruthy();
    expect(api.of('/lever/dealall').map((call) => call.params.page)).toContain('2');
  });

  it('refreshes the positions and tells a liquidation pushed on the user room, with its reason', async () => {
    const socket = fakeSocket();
    const api = openOrders();
    await screen.findByRole('listitem', { name: 'BTCUSDT 1' });
    const before = api.of('/lever/dealall').length;
    socket.serverSends('contract_position', { ...LONG, status: 'closed', close_reason: 'liquidation', current_price: '60000', profit: '-80' });
    expect(await screen.findByText('BTCUSDT · Long · Liquidated · -80')).toBeTruthy();
    await vi.waitFor(() => expect(api.of('/lever/dealall').length).toBeGreaterThan(before));
  });
});

