/**
 * Proves the contract order form: margin and fee previewed by the contract's rules (spread, contract size,
 * leverage, rounded up to the coin's unit), the client checks (lots, TP/SL sides, session), and the
 * order it sends after the confirmation prompt; and that the home shortcuts open the right kind.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ContractDeal } from '../../api/contracts.ts';
import { quotation } from '../../components/market/fake-server.ts';
import { SHORTCUTS } from '../index/shortcuts.ts';
import { saveToken } from '../../store/store.ts';
import { fakeOkApi } from '../../test/fake-api.ts';
import { renderRoutes } from '../../test/render-app.tsx';
import { ContractPage, StockPage } from './contract.tsx';

// lightweight-charts draws on a real canvas, which the test DOM does not have; the chart is left out here.
vi.mock('../../components/market/kline-chart.tsx', () => ({ KlineChart: () => null }));

const QUOTATIONS = [
  quotation({ id: 11, symbol: 'BTCUSDT', kind: 'futures', currency_id: null, legal_id: 1, price: '65000', price_decimals: 1, quantity_decimals: 0, spot_rules: null }),
  quotation({ id: 13, symbol: 'AAPL', kind: 'stock', currency_id: null, legal_id: 1, price: '228', quantity_decimals: 0, spot_rules: null }),
];
const CURRENCIES = [{ id: 1, name: 'USDT', full_name: 'Tether', logo: null, decimals: 6, networks: [] }];

function deal(symbolId: number, overrides: Partial<ContractDeal> = {}): ContractDeal {
  return {
    settings: {
      symbol_id: symbolId,
      symbol: symbolId === 11 ? 'BTCUSDT' : 'AAPL',
      kind: symbolId === 11 ? 'futures' : 'stock',
      legal_id: 1,
      contract_size: '0.01',
      multiples: [5, 10, 20],
      lots_min: 1,
      lots_max: 100,
      fee_rate: '0.0005',
      overnight_rate: '0.0002',
      spread: '0.5',
      maintenance_threshold: '50',
      session: symbolId === 11 ? null : { open: '09:30', close: '16:00', weekdays: [1, 2, 3, 4, 5], time_zone: 'America/New_York' },
      enabled: true,
      scheduled_changes: [],
    },
    mark_price: '65000',
    tick_id: '1',
    in_session: true,
    account: { legal_id: 1, balance: '1000', available: '1000', frozen: '0', margin_total: '0', profit_total: '0', risk_rate: null },
    positions: { count: 0, long_lots: 0, short_lots: 0 },
    ...overrides,
  };
}

const EMPTY_POSITIONS = { data: [], total: 0, page: 1, limit: 10, totals: deal(11).account };

function openContract(path: string, answers: Record<string, unknown> = {}) {
  saveToken('a-token');
  const api = fakeOkApi({
    '/currency/quotation_new': QUOTATIONS,
    '/currency/list': CURRENCIES,
    '/lever/deal': (params: Record<string, string>) => deal(Number(params.currency_id)),
    '/lever/dealall': EMPTY_POSITIONS,
    '/lever/submit': { id: 5 },
    ...answers,
  });
  renderRoutes(
    [
      { path: '/pages/transaction/contract', Component: ContractPage },
      { path: '/pages/transaction/index2', Component: StockPage },
    ],
    path,
  );
  return api;
}

const preview = (label: string) => {
  const term = screen.getAllByText(label).find((node) => node.tagName === 'DT');
  return term?.nextElementSibling?.textContent;
};

describe('contract order form', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('previews margin and fee by the contract rules (mark plus spread, size, leverage) when lots and leverage are chosen', async () => {
    openContract('/pages/transaction/contract?kind=futures');
    fireEvent.change(await screen.findByLabelText('Lots'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: '10x' }));
    // Long at 65000 + 0.5 spread: notional 65000.5 x 2 x 0.01 = 1300.01; margin / 10 = 130.001; fee x 0.0005 = 0.650005.
    expect(preview('Margin')).toBe('130.001 USDT');
    expect(preview('Handling fee')).toBe('0.650005 USDT');
    expect(preview('Available')).toBe('1000 USDT');
    // A short opens at the mark less the spread: 64999.5 x 2 x 0.01 / 10 = 129.999.
    fireEvent.click(screen.getByRole('button', { name: 'Short' }));
    expect(preview('Margin')).toBe('129.999 USDT');
  });

  it('refuses a long take-profit below the mark and accepts one between the mark and the mark plus spread, as the server does', async () => {
    const api = openContract('/pages/transaction/contract?kind=futures');
    fireEvent.change(await screen.findByLabelText('Lots'), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText('Take-profit'), { target: { value: '60000' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Open long' })));
    expect(screen.getByRole('alert').textContent).toBe('A long take-profit must be above the price, a short one below it');
    expect(api.of('/lever/submit')).toHaveLength(0);
    // As the server checks a market order: against the mark (65000), not the open price with the spread (65000.5).
    fireEvent.change(screen.getByLabelText('Take-profit'), { target: { value: '65000.3' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Open long' })));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });

  it('shows an operator change of the maintenance threshold coming, with the value now, the new value and from when', async () => {
    const at = '2026-11-28T10:00:00.000Z';
    const settings = { ...deal(11).settings, scheduled_changes: [{ field: 'maintenance_threshold' as const, value: '99.99', effective_at: at }] };
    openContract('/pages/transaction/contract?kind=futures', { '/lever/deal': deal(11, { settings }) });
    const note = await screen.findByRole('note', { name: "Upcoming changes to this market's settings" });
    expect(within(note).getByRole('listitem').textContent).toBe(`Maintenance threshold: 50% → 99.99% from ${new Date(at).toLocaleString('en-US')}`);
  });

  it('refuses lots outside the symbol limits and an order beyond the available balance', async () => {
    const api = openContract('/pages/transaction/contract?kind=futures');
    fireEvent.change(await screen.findByLabelText('Lots'), { target: { value: '101' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Open long' })));
    expect(screen.getByRole('alert').textContent).toBe('Lots must be between 1 and 100');
    // 100 lots at 5x: margin 13000.1 > 1000 available.
    fireEvent.change(screen.getByLabelText('Lots'), { target: { value: '100' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Open long' })));
    expect(screen.getByRole('alert').textContent).toBe('Insufficient balance in the contract account');
    expect(api.of('/lever/submit')).toHaveLength(0);
  });

  it('says the contract account is used and links a new user to a transfer into it, then to exactly the missing amount', async () => {
    const empty = { legal_id: 1, balance: '0', available: '0', frozen: '0', margin_total: '0', profit_total: '0', risk_rate: null };
    const api = openContract('/pages/transaction/contract?kind=futures', { '/lever/deal': deal(11, { account: empty }) });
    expect(await screen.findByText(/Futures and stocks trade from your contract account/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Transfer funds in' }).getAttribute('href')).toBe('/pages/fund/fundTransfer?to=contract&currency=1');
    expect(preview('Available')).toBe('0 USDT');
    // 2 lots at 5x: margin 260.002 and fee 0.650005, all of it missing.
    fireEvent.change(screen.getByLabelText('Lots'), { target: { value: '2' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Open long' })));
    expect(screen.getByRole('alert').textContent).toBe('Insufficient balance in the contract account');
    const link = screen.getByRole('link', { name: 'Transfer the missing 260.652005 USDT' });
    expect(link.getAttribute('href')).toBe('/pages/fund/fundTransfer?to=contract&currency=1&amount=260.652005');
    expect(api.of('/lever/submit')).toHaveLength(0);
  });

  it('sends a limit short with leverage and TP/SL after the confirmation prompt', async () => {
    const api = openContract('/pages/transaction/contract?kind=futures&symbol=BTCUSDT');
    fireEvent.click(await screen.findByRole('button', { name: 'Short' }));
    fireEvent.click(screen.getByRole('button', { name: 'Limit' }));
    fireEvent.change(screen.getByLabelText('Price'), { target: { value: '66000' } });
    fireEvent.change(screen.getByLabelText('Lots'), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: '20x' }));
    fireEvent.change(screen.getByLabelText('Take-profit'), { target: { value: '60000' } });
    fireEvent.change(screen.getByLabelText('Stop-loss'), { target: { value: '70000' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Open short' })));
    const dialog = await screen.findByRole('dialog');
    // 66000 x 3 x 0.01 = 1980: margin 99, fee 0.99.
    expect(within(dialog).getByText('Short 3 lots of BTCUSDT at 20x: margin 99 USDT, handling fee 0.99 USDT.')).toBeTruthy();
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' })));
    await vi.waitFor(() => expect(api.of('/lever/submit')).toHaveLength(1));
    const { client_id, lang, ...sent } = api.of('/lever/submit')[0]!.params;
    expect([client_id?.length, lang]).toEqual([32, 'en']);
    expect(sent).toEqual({
      currency_id: '11',
      legal_id: '1',
      share: '3',
      multiple: '20',
      type: '2',
      status: '0',
      target_price: '66000',
      target_profit_price: '60000',
      stop_loss_price: '70000',
    });
  });

  it('says a stock is outside its session and refuses the order', async () => {
    const api = openContract('/pages/transaction/contract?kind=stock', {
      '/lever/deal': deal(13, { in_session: false, mark_price: '228' }),
    });
    expect(await screen.findByText('Outside trading hours (09:30 to 16:00, America/New_York): orders are not accepted now.')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Stock' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.change(screen.getByLabelText('Lots'), { target: { value: '1' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Open long' })));
    expect(screen.getByRole('alert').textContent).toBe('This symbol is outside its trading session');
    expect(api.of('/lever/submit')).toHaveLength(0);
    expect(api.of('/lever/deal')[0]!.params).toMatchObject({ currency_id: '13', legal_id: '1' });
  });

  it('opens the contract screen of the right kind from the futures and stock home shortcuts', () => {
    const path = (key: string) => SHORTCUTS.find((s) => s.key === key)?.path;
    expect(path('futures')).toBe('/pages/transaction/contract?kind=futures');
    expect(path('stock')).toBe('/pages/transaction/contract?kind=stock');
  });

  it('opens the stock trade screen on /pages/transaction/index2, titled Stock, and switches to futures (titled Futures) on the kind tabs', async () => {
    const api = openContract('/pages/transaction/index2');
    expect((await screen.findByRole('tab', { name: 'Stock' })).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Stock');
    expect(await screen.findByRole('button', { name: 'Choose a symbol' })).toHaveProperty('textContent', 'AAPL ▾');
    await vi.waitFor(() => expect(api.of('/lever/deal')[0]?.params).toMatchObject({ currency_id: '13' }));
    fireEvent.click(screen.getByRole('tab', { name: 'Futures' }));
    expect((await screen.findByRole('button', { name: 'Choose a symbol' })).textContent).toBe('BTCUSDT ▾');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Futures');
  });
});

