import { CANDLE_PERIOD_NAMES } from '@fairex/contract/constants';
import type { CandlestickData, IChartApi, ISeriesApi, UTCTimestamp } from 'lightweight-charts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchCandles, type Candle } from '../../api/market.ts';
import { SegmentTabs } from '../segment-tabs.tsx';
import { useMarketEvents } from './use-market-events.ts';

export type Period = (typeof CANDLE_PERIOD_NAMES)[number];
type KlineEvent = { symbol: string; period: string; openTime: number; open: string; high: string; low: string; close: string; volume: string };
type TickerEvent = { symbol: string; price: string | number; time: number };

/** Candles loaded per period switch. */
export const CANDLES_LOADED = 200;
const PERIOD_SECONDS: Record<Period, number> = {
  '1min': 60,
  '5min': 300,
  '15min': 900,
  '30min': 1800,
  '60min': 3600,
  '4hour': 14_400,
  '1day': 86_400,
  '1week': 604_800,
  '1mon': 2_678_400,
};

type Prices = { open: string; high: string; low: string; close: string };

const barOf = (time: number, c: Prices): CandlestickData<UTCTimestamp> => ({
  time: time as UTCTimestamp,
  open: Number(c.open),
  high: Number(c.high),
  low: Number(c.low),
  close: Number(c.close),
});

/** The periods the strip shows as tabs; the others are in a "more" list beside them, so the strip fits 360 px in every language. */
export const PRIMARY_PERIODS: readonly Period[] = ['15min', '60min', '4hour', '1day'];
/** Index candles come in these periods only (the contract's INDEX_CANDLE_PERIODS: built from a day of ticks). */
const INDEX_PERIODS: readonly Period[] = ['1min', '5min', '15min', '30min', '60min'];
const INDEX_PRIMARY_PERIODS: readonly Period[] = ['1min', '5min', '15min', '60min'];

/**
 * Folds an index tick into the bars of a period (seconds long): the bar of its period moves, or a new bar
 * opens at the tick. Examples (60 s): bars ending with 120 O10 H12 L9 C11, tick 11.5 at 150 s -> that bar
 * C11.5; tick 13 at 185 s -> new bar 180 O13 H13 L13 C13; a tick older than the last bar changes nothing.
 */
export function foldTick(last: CandlestickData<UTCTimestamp> | undefined, price: number, timeSeconds: number, periodSeconds: number): CandlestickData<UTCTimestamp> | undefined {
  const time = (Math.floor(timeSeconds / periodSeconds) * periodSeconds) as UTCTimestamp;
  if (last && time < last.time) return undefined;
  if (last && time === last.time) return { ...last, high: Math.max(last.high, price), low: Math.min(last.low, price), close: price };
  return { time, open: price, high: price, low: price, close: price };
}

/** lightweight-charts' tick mark kinds (TickMarkType): year, month, day of month, time, time with seconds. */
const TICK_YEAR = 0;
const TICK_MONTH = 1;
const TICK_DAY = 2;

const two = (n: number) => String(n).padStart(2, '0');

/**
 * A time-axis label, short enough that a 360 px axis never cuts one: in the reader's local time, a year
 * as "2025", a month as "2025-06", a day as "06-14", a time as "14:05". (The library's own labels are
 * UTC and longer, such as "14 Jun '25".)
 */
export function tickLabel(timeSeconds: number, tickType: number): string {
  const at = new Date(timeSeconds * 1000);
  if (tickType === TICK_YEAR) return String(at.getFullYear());
  if (tickType === TICK_MONTH) return `${at.getFullYear()}-${two(at.getMonth() + 1)}`;
  if (tickType === TICK_DAY) return `${two(at.getMonth() + 1)}-${two(at.getDate())}`;
  return `${two(at.getHours())}:${two(at.getMinutes())}`;
}

/** The chart takes colours as values, so it reads them from the theme's CSS variables. */
function cssVariable(name: string) {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || undefined;
}

/**
 * Candles of one symbol (lightweight-charts, attribution logo kept on): history from new_timeshar for
 * the chosen period, then live 'kline' events from that period's room. The chart library is the page's
 * heaviest piece, so it loads on its own after the page shows, into a frame already laid out (its
 * height fixed by CSS): nothing below the chart moves when it arrives.
 * `draws` names what the candles are (a small label on the chart): 'trades' (a spot pair's stored bars,
 * the index where a bar has no trade) or 'index' (a futures or stock symbol's stored bars, built from
 * the index only). `fromTicks`: the index's own candles from its ticks, live from the ticker room (the
 * chart beside a seconds option, whose result is decided by the index, not by spot trades).
 */
export function KlineChart({ symbol, priceDecimals = 2, draws = 'trades', fromTicks = false }: { symbol: string; priceDecimals?: number; draws?: 'trades' | 'index'; fromTicks?: boolean }) {
  const { t } = useTranslation();
  // Beside an option (seconds long) the shortest period; a 15-minute bar could not show a 30-second trade.
  const [period, setPeriod] = useState<Period>(fromTicks ? '1min' : '15min');
  const periods = fromTicks ? INDEX_PERIODS : CANDLE_PERIOD_NAMES;
  const primary = fromTicks ? INDEX_PRIMARY_PERIODS : PRIMARY_PERIODS;
  const container = useRef<HTMLDivElement>(null);
  const series = useRef<ISeriesApi<'Candlestick'> | null>(null);
  const lastTime = useRef(0);
  /** The bars shown, kept for the chart if it arrives after them. */
  const bars = useRef<CandlestickData<UTCTimestamp>[]>([]);
  // The last bar in words: the canvas has no text of its own for screen readers (or tests).
  const [last, setLast] = useState<Prices | null>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let chart: IChartApi | undefined;
    let disposed = false;
    // The chart takes whole pixels; sized by hand from the frame rather than with autoSize, whose observer
    // compares the frame's fractional size with the chart's whole one and so resizes (and repaints) it once
    // more at its start, for nothing.
    const frameSize = () => {
      const rect = element.getBoundingClientRect();
      return { width: Math.floor(rect.width), height: Math.floor(rect.height) };
    };
    let size = frameSize();
    // (Without ResizeObserver, a very old browser, the chart keeps its first size.)
    const resized =
      typeof ResizeObserver === 'function'
        ? new ResizeObserver(() => {
            const next = frameSize();
            if (next.width === size.width && next.height === size.height) return;
            size = next;
            chart?.resize(next.width, next.height);
          })
        : undefined;
    // Each step in a task of its own (the library's evaluation, the chart, the series with its bars), so
    // none holds the main thread long while the page is starting.
    const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
    import('lightweight-charts').then(
      async ({ createChart, CandlestickSeries }) => {
        await nextTask();
        if (disposed) return;
        try {
          size = frameSize();
          chart = createChart(element, {
            autoSize: false,
            width: size.width,
            height: size.height,
            layout: { background: { color: 'transparent' }, textColor: cssVariable('--color-text-2'), attributionLogo: true },
            grid: { vertLines: { color: cssVariable('--color-border') }, horzLines: { color: cssVariable('--color-border') } },
            timeScale: { timeVisible: true, secondsVisible: false, tickMarkFormatter: (time: number, tickType: number) => tickLabel(time, tickType) },
            localization: { timeFormatter: (time: number) => new Date(time * 1000).toLocaleString([], { hour12: false }) },
          });
        } catch {
          return; // No canvas (a test DOM): the rest of the page works without the chart.
        }
        resized?.observe(element);
        await nextTask();
        if (disposed) return;
        const up = cssVariable('--color-up');
        const down = cssVariable('--color-down');
        series.current = chart.addSeries(CandlestickSeries, {
          upColor: up,
          downColor: down,
          wickUpColor: up,
          wickDownColor: down,
          borderVisible: false,
          // The price axis with the symbol's own decimals.
          priceFormat: { type: 'price', precision: priceDecimals, minMove: 10 ** -priceDecimals },
        });
        series.current.setData(bars.current);
      },
      () => undefined, // The chart's file did not arrive: the rest of the page works without it.
    );
    return () => {
      disposed = true;
      resized?.disconnect();
      series.current = null;
      chart?.remove();
    };
    // The chart is made once per page; a symbol's decimals do not change while it shows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    let stale = false;
    const to = Math.floor(Date.now() / 1000);
    const from = to - PERIOD_SECONDS[period] * CANDLES_LOADED;
    lastTime.current = 0;
    bars.current = [];
    series.current?.setData([]);
    setLast(null);
    fetchCandles(symbol, period, from, to, fromTicks ? 'index' : 'trades').then(
      (candles: Candle[]) => {
        if (stale) return;
        lastTime.current = candles.at(-1)?.time ?? 0;
        setLast(candles.at(-1) ?? null);
        bars.current = candles.map((c) => barOf(c.time, c));
        series.current?.setData(bars.current);
      },
      () => undefined,
    );
    return () => {
      stale = true;
    };
  }, [symbol, period, fromTicks]);

  // Index candles move with each recorded index tick (the ticker room), folded into the period's bar.
  useMarketEvents<TickerEvent>(fromTicks ? [{ channel: 'ticker', symbol }] : [], 'ticker', (tick) => {
    if (tick.symbol !== symbol) return;
    const bar = foldTick(bars.current.at(-1), Number(tick.price), tick.time / 1000, PERIOD_SECONDS[period]);
    if (!bar) return;
    if (bars.current.at(-1)?.time === bar.time) bars.current[bars.current.length - 1] = bar;
    else bars.current.push(bar);
    series.current?.update(bar);
    lastTime.current = bar.time;
    setLast({ open: String(bar.open), high: String(bar.high), low: String(bar.low), close: String(bar.close) });
  });

  // The chart's one period only: switching period leaves the old room and joins the new one.
  useMarketEvents<KlineEvent>(fromTicks ? [] : [{ channel: 'kline', symbol, period }], 'kline', (candle) => {
    if (candle.symbol !== symbol || candle.period !== period) return;
    const time = Math.floor(candle.openTime / 1000);
    if (time < lastTime.current) return; // an older bar than the chart's last cannot be updated
    const bar = barOf(time, candle);
    if (bars.current.at(-1)?.time === bar.time) bars.current[bars.current.length - 1] = bar;
    else bars.current.push(bar);
    series.current?.update(bar);
    lastTime.current = time;
    setLast(candle);
  });

  return (
    <section className="kline" aria-label={t('market.chart')}>
      <div className="kline__periods">
        <SegmentTabs
          label={t('market.periods')}
          variant="pill"
          options={primary.map((value) => ({ value, label: t(`market.period${value}`) }))}
          value={period}
          onChange={setPeriod}
        />
        <select
          className={`kline__more ${primary.includes(period) ? '' : 'kline__more--chosen'}`}
          aria-label={t('market.morePeriods')}
          value={primary.includes(period) ? '' : period}
          onChange={(event) => event.target.value && setPeriod(event.target.value as Period)}
        >
          <option value="" disabled>
            ⋯
          </option>
          {periods.filter((value) => !primary.includes(value)).map((value) => (
            <option key={value} value={value}>
              {t(`market.period${value}`)}
            </option>
          ))}
        </select>
      </div>
      <p className="kline__source">{t(draws === 'index' || fromTicks ? 'feed.chartIndex' : 'feed.chartTrades')}</p>
      <div className="kline__chart" ref={container} />
      {last && <p className="visually-hidden">{t('market.lastCandle', { open: last.open, high: last.high, low: last.low, close: last.close })}</p>}
    </section>
  );
}
