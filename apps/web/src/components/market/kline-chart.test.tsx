/**
 * Proves the K-line follows only the period it shows: switching period leaves the old period's room and
 * joins the new one's; it says what its candles are drawn from (trades or the index), and beside an
 * option draws the index's own candles from its ticks, live from the ticker.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import { fakeSocket } from '../../realtime/fake-socket.ts';
import { disconnectRealtime } from '../../realtime/socket.ts';
import { fakeServer } from './fake-server.ts';
import { foldTick, KlineChart, tickLabel } from './kline-chart.tsx';

// The test DOM has no canvas: the chart library is left out, as the component does without a canvas.
vi.mock('lightweight-charts', () => ({
  CandlestickSeries: {},
  createChart: () => {
    throw new Error('no canvas');
  },
}));

describe('K-line chart', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    disconnectRealtime();
  });

  it('follows the candles of its one period, and moves to the new period’s room on a switch', async () => {
    const socket = fakeSocket();
    const fetchMock = fakeServer({ '/currency/new_timeshar': [] });
    render(
      <I18nextProvider i18n={i18n}>
        <KlineChart symbol="BTC/USDT" />
      </I18nextProvider>,
    );
    await act(async () => {});
    expect(socket.rooms()).toEqual(['kline:BTC/USDT:15min']);

    // 1m is among the periods in the "more" list beside the four tabs.
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['15m', '1H', '4H', '1D']);
    fireEvent.change(screen.getByRole('combobox', { name: 'More periods' }), { target: { value: '1min' } });
    await act(async () => {});
    expect(socket.rooms()).toEqual(['kline:BTC/USDT:1min']);
    expect(socket.sent.filter((s) => s.event === 'unsubscribe')).toEqual([{ event: 'unsubscribe', payload: { channel: 'kline', symbol: 'BTC/USDT', period: '15min' } }]);
    expect(fetchMock.mock.calls.map(([url]) => new URL(url, 'http://x').searchParams.get('period'))).toEqual(['15min', '1min']);
  });

  it('says the last candle in words, from history and then live', async () => {
    const socket = fakeSocket();
    const candle = { time: 1_767_225_600, open: '50000', high: '50100', low: '49900', close: '50050', volume: '1', amount: '50050' };
    fakeServer({ '/currency/new_timeshar': [candle] });
    render(
      <I18nextProvider i18n={i18n}>
        <KlineChart symbol="BTC/USDT" />
      </I18nextProvider>,
    );
    expect(await screen.findByText('Last candle: open 50000, high 50100, low 49900, close 50050')).toBeTruthy();
    socket.serverSends('kline', { symbol: 'BTC/USDT', period: '15min', openTime: candle.time * 1000, open: '50000', high: '50200', low: '49900', close: '50180' });
    expect(await screen.findByText('Last candle: open 50000, high 50200, low 49900, close 50180')).toBeTruthy();
    // Another period's bar is not this chart's.
    socket.serverSends('kline', { symbol: 'BTC/USDT', period: '1min', openTime: candle.time * 1000, open: '1', high: '1', low: '1', close: '1' });
    expect(screen.queryByText(/close 1$/)).toBeNull();
  });

  it('labels the time axis briefly in local time, so no label is cut on a 360 px axis', () => {
    const at = new Date(2025, 5, 14, 9, 5).getTime() / 1000;
    expect([tickLabel(at, 0), tickLabel(at, 1), tickLabel(at, 2), tickLabel(at, 3), tickLabel(at, 4)]).toEqual(['2025', '2025-06', '06-14', '09:05', '09:05']);
  });

  it('labels its candles: trades on a spot pair, the index on a contract', async () => {
    fakeSocket();
    fakeServer({ '/currency/new_timeshar': [] });
    const { unmount } = render(
      <I18nextProvider i18n={i18n}>
        <KlineChart symbol="BTC/USDT" />
      </I18nextProvider>,
    );
    expect(screen.getByText('Trades (index where none)')).toBeTruthy();
    unmount();
    render(
      <I18nextProvider i18n={i18n}>
        <KlineChart symbol="BTCUSDT" draws="index" />
      </I18nextProvider>,
    );
    expect(screen.getByText('Index price')).toBeTruthy();
  });

  it('beside an option draws the index from its ticks (source=index, short periods, 1 minute first), live from the ticker, not spot trades', async () => {
    const socket = fakeSocket();
    const candle = { time: 1_767_225_600, open: '50000', high: '50100', low: '49900', close: '50050', volume: '0', amount: '0' };
    const fetchMock = fakeServer({ '/currency/new_timeshar': [candle] });
    render(
      <I18nextProvider i18n={i18n}>
        <KlineChart symbol="BTC/USDT" fromTicks />
      </I18nextProvider>,
    );
    expect(await screen.findByText('Last candle: open 50000, high 50100, low 49900, close 50050')).toBeTruthy();
    expect(screen.getByText('Index price')).toBeTruthy();
    expect(Object.fromEntries(new URL(fetchMock.mock.calls[0]![0], 'http://x').searchParams)).toMatchObject({ source: 'index', period: '1min' });
    expect(socket.rooms()).toEqual(['ticker:BTC/USDT']);
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['1m', '5m', '15m', '1H']);
    expect(screen.getByRole('tab', { name: '1m' }).getAttribute('aria-selected')).toBe('true');
    socket.serverSends('ticker', { symbol: 'BTC/USDT', price: '50300', time: (candle.time + 30) * 1000 });
    expect(await screen.findByText('Last candle: open 50000, high 50300, low 49900, close 50300')).toBeTruthy();
  });

  it('folds a tick into its period\'s bar, opens the next bar at a tick, and ignores an older one', () => {
    const bar = { time: 120 as never, open: 10, high: 12, low: 9, close: 11 };
    expect(foldTick(bar, 11.5, 150, 60)).toEqual({ ...bar, close: 11.5 });
    expect(foldTick(bar, 13, 185, 60)).toEqual({ time: 180, open: 13, high: 13, low: 13, close: 13 });
    expect(foldTick(bar, 1, 100, 60)).toBeUndefined();
  });
});
