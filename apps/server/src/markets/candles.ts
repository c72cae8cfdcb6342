import { money, toAmountString } from '@fairex/contract';

/** The K-line periods of the spec's market pages, as the client names them. */
export const CANDLE_PERIODS = ['1min', '5min', '15min', '30min', '60min', '4hour', '1day', '1week', '1mon'] as const;
export type CandlePeriod = (typeof CANDLE_PERIODS)[number];

const MINUTE_MS = 60_000;
const FIXED_PERIOD_MS: Partial<Record<CandlePeriod, number>> = {
  '1min': MINUTE_MS,
  '5min': 5 * MINUTE_MS,
  '15min': 15 * MINUTE_MS,
  '30min': 30 * MINUTE_MS,
  '60min': 60 * MINUTE_MS,
  '4hour': 240 * MINUTE_MS,
  '1day': 1440 * MINUTE_MS,
};

/** Start of the period holding `time` (UTC): fixed lengths from the epoch, weeks from Monday, calendar months. */
export function periodStart(time: number, period: CandlePeriod): number {
  const fixed = FIXED_PERIOD_MS[period];
  if (fixed) return Math.floor(time / fixed) * fixed;
  const date = new Date(time);
  if (period === '1mon') return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
  const day = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  const sinceMonday = (date.getUTCDay() + 6) % 7;
  return day - sinceMonday * 1440 * MINUTE_MS;
}

export type Candle = {
  symbol: string;
  period: CandlePeriod;
  openTime: number;
  open: string;
  high: string;
  low: string;
  close: string;
  /** Base quantity traded; zero for a candle built from index ticks only. */
  volume: string;
  /** Quote amount traded. */
  amount: string;
};

/** A candle being built, with whether a trade has reached it. */
export type CandleState = Candle & { traded: boolean };

/**
 * The rule of one price arriving in an open candle: trades, when a bar has any, are its whole story.
 * - An index tick moves a bar that has had no trade yet (quiet markets still draw a line, volume 0).
 * - The first trade starts the bar afresh from the trade: open, high, low and close all become its
 *   price (the index ticks before it are dropped, so a traded bar's open is its first trade and lies in
 *   [low, high]; the review found 24 of 80 traded bars with an open outside their range when only high
 *   and low were reset).
 * - Later trades widen high/low and set close; ticks after a trade change nothing.
 * Examples: ticks 100, 103 then trade 101: O 101 H 101 L 101 C 101 (not O 100). Ticks 100, then trades
 * 101, 99, 100.5: O 101 H 101 L 99 C 100.5, volume the trades'. Ticks 100, 102, 98: O 100 H 102 L 98 C 98.
 * Returns the next state; the input is not changed.
 */
export function foldPrice(candle: CandleState, price: string, quantity: string | undefined): CandleState {
  const isTrade = quantity !== undefined;
  if (!isTrade && candle.traded) return candle;
  const next = isTrade && !candle.traded ? { ...candle, open: price, high: price, low: price, close: price, traded: true } : { ...candle };
  if (money(price).greaterThan(next.high)) next.high = price;
  if (money(price).lessThan(next.low)) next.low = price;
  next.close = price;
  if (isTrade) {
    next.volume = toAmountString(money(next.volume).plus(quantity));
    next.amount = toAmountString(money(next.amount).plus(money(quantity).times(price)));
  }
  return next;
}

/**
 * Folds trades and index ticks into candles of every period by foldPrice: a quiet bar follows the index,
 * a traded bar shows its trades only.
 */
export class CandleBuilder {
  private readonly open = new Map<string, CandleState>();

  constructor(private readonly periods: readonly CandlePeriod[] = CANDLE_PERIODS) {}

  /** Takes up candles still open from before a restart (a candle with volume has had trades). */
  resume(candles: Candle[]) {
    for (const candle of candles) this.open.set(`${candle.symbol}\n${candle.period}`, { ...candle, traded: money(candle.volume).greaterThan(0) });
  }

  trade(symbol: string, price: string, quantity: string, time: number): Candle[] {
    return this.apply(symbol, price, time, quantity);
  }

  tick(symbol: string, price: string, time: number): Candle[] {
    return this.apply(symbol, price, time, undefined);
  }

  private apply(symbol: string, price: string, time: number, quantity: string | undefined): Candle[] {
    const changed: Candle[] = [];
    for (const period of this.periods) {
      const key = `${symbol}\n${period}`;
      const openTime = periodStart(time, period);
      const current = this.open.get(key);
      const fresh = !current || current.openTime !== openTime;
      const base: CandleState = fresh ? { symbol, period, openTime, open: price, high: price, low: price, close: price, volume: '0', amount: '0', traded: false } : current;
      const next = foldPrice(base, price, quantity);
      if (next === base && !fresh) continue;
      this.open.set(key, next);
      const { traded: _traded, ...snapshot } = next;
      changed.push(snapshot);
    }
    return changed;
  }
}
