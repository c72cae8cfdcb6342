/**
 * Proves the seconds-option screen: fee and profit previewed by the contract's option rules, the stake
 * checked against the duration's range, the order sent after the confirmation prompt, holding orders
 * counting down in a ring, an order opening on the next tick and a void one refunded, and a result showing
 * its open and close ticks with a check of their public hash chain in the browser, above the nav bar; a
 * stake beyond the options account refused before the prompt with a transfer link; and that the home
 * shortcut "options" opens it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { TICK_CHAIN_GENESIS, tickHash, type OptionOrderView } from '@fairex/contract';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { quotation } from '../../components/market/fake-server.ts';
import { i18n } from '../../i18n/index.ts';
import { saveToken } from '../../store/store.ts';
import { installDesignTokens } from '../../theme/theme.ts';
import { fakeOkApi } from '../../test/fake-api.ts';
import { renderRoutes } from '../../test/render-app.tsx';
import { SHORTCUTS } from '../index/shortcuts.ts';
import { CountdownRing, SecondsOrderPage } from './seconds_order.tsx';

// lightweight-charts draws on a real canvas, which the test DOM does not have; the chart is left out here.
vi.mock('../../components/market/kline-chart.tsx', () => ({ KlineChart: ({ symbol }: { symbol: string }) => <div data-testid="kline">{symbol}</div> }));

const DURATIONS = [
  { seconds: 30, payout_ratio: '0.8', stake_min: '10', stake_max: '10000', fee_rate: '0.001' },
  { seconds: 60, payout_ratio: '0.82', stake_min: '10', stake_max: '20000', fee_rate: '0.001' },
];
const NOW = Date.now();

function order(overrides: Partial<OptionOrderView> = {}): OptionOrderView {
  return {
    id: '9',
    match_id: 1,
    symbol: 'BTC/USDT',
    currency_id: 1,
    currency: 'USDT',
    type: 1,
    seconds: 30,
    number: '100',
    fee: '0.1',
    payout_ratio: '0.8',
    status: 'holding',
    outcome: null,
    payout: null,
    profit: null,
    open: { id: '501', price: '65000.5', time: NOW - 10_000 },
    close: null,
    created_at: NOW - 10_000,
    accepted_at: NOW - 10_500,
    void_reason: null,
    expires_at: NOW + 20_000,
    remaining_ms: 20_000,
    ...overrides,
  };
}

function openPage(answers: Record<string, unknown> = {}) {
  saveToken('a-token');
  const api = fakeOkApi({
    '/currency/quotation_new': [quotation({ id: 1, symbol: 'BTC/USDT', price: '65001.2' })],
    '/microtrade/seconds': DURATIONS,
    '/microtrade/payable_currencies': [{ id: 1, name: 'USDT', decimals: 6, balance: '500' }],
    '/microtrade/lists': { data: [], total: 0, page: 1, limit: 5 },
    '/microtrade/submit': order(),
    ...answers,
  });
  renderRoutes([{ path: '/pages/transaction/seconds_order', Component: SecondsOrderPage }], '/pages/transaction/seconds_order');
  return api;
}

const preview = (label: string) => screen.getAllByText(label).find((node) => node.tagName === 'DT')?.nextElementSibling?.textContent;

describe('seconds options screen', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('previews fee 0.012346 (rounded up) and profit 9.876542 (rounded down) for 12.345678 at 30 s, 0.1 % and ratio 0.8 and shows the balance', async () => {
    openPage();
    fireEvent.change(await screen.findByLabelText('Amount'), { target: { value: '12.345678' } });
    expect(preview('Fee')).toBe('0.012346 USDT');
    expect(preview('Profit if right')).toBe('9.876542 USDT');
    expect(preview('Balance')).toBe('500 USDT');
    fireEvent.click(screen.getByRole('button', { name: '60 s · 82%' }));
    expect(preview('Profit if right')).toBe('10.123455 USDT');
  });

  it('refuses a stake below the duration minimum without sending anything', async () => {
    const api = openPage();
    fireEvent.change(await screen.findByLabelText('Amount'), { target: { value: '5' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Buy up' })));
    expect(screen.getByRole('alert').textContent).toBe('Enter an amount between 10 and 10000');
    expect(api.of('/microtrade/submit')).toHaveLength(0);
  });

  it('refuses a stake and fee beyond the options account before the prompt, and links to a transfer of exactly the missing amount', async () => {
    const api = openPage();
    expect(await screen.findByText(/Seconds options are staked from your options account/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Transfer funds in' }).getAttribute('href')).toBe('/pages/fund/fundTransfer?to=options&currency=1');
    // 500 stake + 0.5 fee against a 500 balance.
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '500' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Buy up' })));
    expect(screen.getByRole('alert').textContent).toBe('Insufficient balance in the options account');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('link', { name: 'Transfer the missing 0.5 USDT' }).getAttribute('href')).toBe('/pages/fund/fundTransfer?to=options&currency=1&amount=0.5');
    expect(api.of('/microtrade/submit')).toHaveLength(0);
  });

  it('sends up (type 1) with the symbol, coin, duration and amount only after the confirmation prompt', async () => {
    const api = openPage();
    fireEvent.change(await screen.findByLabelText('Amount'), { target: { value: '100' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Buy down' })));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Buy Down with 100 USDT on BTC/USDT for 30 s?');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' })));
    await vi.waitFor(() => expect(api.of('/microtrade/submit')).toHaveLength(1));
    expect(api.of('/microtrade/submit')[0]!.params).toMatchObject({ match_id: '1', currency_id: '1', type: '2', seconds: '30', number: '100' });
    expect(api.of('/microtrade/submit')[0]!.params.client_id).toMatch(/^[0-9a-f]{32}$/);
  });

  it('counts a holding order down in a ring and shows a settled result with its open and close ticks', async () => {
    const settled = order({ status: 'settled', outcome: 'win', payout: '180', profit: '79.9', close: { id: '530', price: '65010', time: NOW + 20_000 }, remaining_ms: 0 });
    openPage({
      '/microtrade/lists': { data: [order()], total: 1, page: 1, limit: 5 },
      '/microtrade/get_result': settled,
    });
    expect((await screen.findByRole('timer')).getAttribute('aria-label')).toMatch(/^(20|19) s left$/);
    // No-break spaces: a wrapped row never leaves "s" or "USDT" alone on a line.
    expect(screen.getByRole('button', { name: /Open 65000.5/ }).textContent).toContain('BTC/USDT · 100\u00a0USDT · 30\u00a0s');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Open 65000.5/ })));
    const result = await screen.findByRole('dialog', { name: 'Result' });
    expect(within(result).getByText(/65000.5 · tick #501/)).toBeTruthy();
    expect(within(result).getByText(/65010 · tick #530/)).toBeTruthy();
    expect(within(result).getByText('Win 79.9 USDT')).toBeTruthy();
    expect(within(result).getByTestId('kline').textContent).toBe('BTC/USDT');
  });

  it('opens the result above the sticky nav bar, which hid its heading', () => {
    installDesignTokens(document.documentElement);
    const sheets = ['seconds_order.css', '../../styles/app.css'].map((file) => {
      const style = document.createElement('style');
      style.textContent = fs.readFileSync(path.join(import.meta.dirname, file), 'utf8');
      return document.head.appendChild(style);
    });
    document.body.innerHTML = '<div class="nav-bar"></div><div class="seconds-result"></div>';
    const layer = (selector: string) => Number(getComputedStyle(document.querySelector(selector)!).zIndex);
    expect(layer('.seconds-result')).toBeGreaterThan(layer('.nav-bar'));
    for (const sheet of sheets) sheet.remove();
    document.body.innerHTML = '';
  });

  it('shows an order waiting for its open tick as opening, and a void one as refunded with its reason (no close tick is ever a settle)', async () => {
    const opening = order({ id: '10', status: 'opening', open: null });
    const voided = order({ id: '11', status: 'void', void_reason: 'stale_close', payout: '100.1', profit: '0', remaining_ms: 0 });
    openPage({
      '/microtrade/lists': { data: [opening], total: 1, page: 1, limit: 5 },
      '/microtrade/get_result': voided,
    });
    const row = await screen.findByRole('button', { name: /Opening on the next index tick/ });
    expect(within(row).getByRole('timer')).toBeTruthy();
    await act(async () => fireEvent.click(row));
    const result = await screen.findByRole('dialog', { name: 'Result' });
    expect(within(result).getByText('Void · refunded')).toBeTruthy();
    expect(within(result).getByText('The index was stale at expiry: stake and fee refunded in full')).toBeTruthy();
    expect(within(result).queryByRole('button', { name: 'Check' })).toBeNull();
  });

  it('checks a result\'s ticks in the browser: verified when the public chain from open to close holds, not verified when a price was changed', async () => {
    let prev = TICK_CHAIN_GENESIS;
    const chain = ['65000.5', '65003', '65010'].map((price, i) => {
      const tick = { id: String(501 + i), symbol: 'BTC/USDT', price, time: NOW - 10_000 + i * 1_000 };
      const hash = tickHash(prev, tick);
      const hashed = { ...tick, prev_hash: prev, hash };
      prev = hash;
      return hashed;
    });
    let served = chain;
    const settled = order({ status: 'settled', outcome: 'win', payout: '180', profit: '79.9', open: { id: '501', price: '65000.5', time: chain[0]!.time }, close: { id: '503', price: '65010', time: chain[2]!.time }, remaining_ms: 0 });
    const page = (data: unknown[]) => ({ data, more: false, fresh_ms: 1500, genesis: TICK_CHAIN_GENESIS });
    openPage({
      '/microtrade/lists': { data: [settled], total: 1, page: 1, limit: 5 },
      '/microtrade/get_result': settled,
      '/index/tick': (params: Record<string, string>) => page(served.filter((t) => t.id === params.id)),
      '/index/ticks': () => page(served),
    });
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: /Open 65000.5/ })));
    const result = await screen.findByRole('dialog', { name: 'Result' });
    expect(within(result).getByText('Ticks #501 → #503')).toBeTruthy();
    await act(async () => fireEvent.click(within(result).getByRole('button', { name: 'Check' })));
    expect((await within(result).findByRole('status')).textContent).toBe('Verified');
    // The same result after the middle price was rewritten on the server: the check fails.
    served = chain.map((t) => (t.id === '502' ? { ...t, price: '64000' } : t));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Close' })));
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: /Open 65000.5/ })));
    const again = await screen.findByRole('dialog', { name: 'Result' });
    await act(async () => fireEvent.click(within(again).getByRole('button', { name: 'Check' })));
    expect((await within(again).findByRole('status')).textContent).toBe('Not verified');
  });

  it('pages the history 5 at a time with "load more" and "no more data", each result with when it was placed', async () => {
    const settled = (id: number, placedAgoMs: number) =>
      order({ id: String(id), status: 'settled', outcome: 'lose', payout: '0', profit: '-100', created_at: NOW - placedAgoMs, expires_at: NOW - placedAgoMs + 30_000, remaining_ms: 0 });
    const first = [7 * 60_000, 2 * 3_600_000, 3 * 86_400_000, 4 * 86_400_000, 5 * 86_400_000].map((ago, i) => settled(10 + i, ago));
    const older = settled(20, 40 * 86_400_000);
    const api = openPage({
      '/microtrade/lists': (params: Record<string, string>) =>
        params.status === 'history' ? (params.page === '2' ? { data: [older], total: 6, page: 2, limit: 5 } : { data: first, total: 6, page: 1, limit: 5 }) : { data: [], total: 0, page: 1, limit: 5 },
    });
    fireEvent.click(await screen.findByRole('tab', { name: 'History' }));
    const list = await screen.findByRole('list', { name: 'History' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(5);
    expect(within(list).getByText('7 minutes ago')).toBeTruthy();
    expect(within(list).getByText('2 hours ago')).toBeTruthy();
    expect(within(list).getByText('3 days ago')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Load more' })));
    await vi.waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(6));
    // Past 30 days: the date.
    const date = new Date(NOW - 40 * 86_400_000);
    expect(within(list).getByText(`${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`)).toBeTruthy();
    expect(screen.getByText('No more data')).toBeTruthy();
    expect(api.of('/microtrade/lists').filter((call) => call.params.status === 'history').map((call) => [call.params.page, call.params.limit])).toEqual([
      ['1', '5'],
      ['2', '5'],
    ]);
  });

  it('shows "Settling…" in the ring once the time is up', () => {
    render(
      <I18nextProvider i18n={i18n}>
        <CountdownRing order={order()} now={NOW + 25_000} />
      </I18nextProvider>,
    );
    expect(screen.getByRole('timer').getAttribute('aria-label')).toBe('Settling…');
  });

  it('is what the home shortcut "options" opens', () => {
    expect(SHORTCUTS.find((s) => s.key === 'options')?.path).toBe('/pages/transaction/seconds_order');
  });
});
