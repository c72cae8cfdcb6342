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

/**
 * Folds trades and index ticks into candles of every period. A trade moves prices and adds volume; a
 * tick moves prices only where no trade has happened in that candle yet, so quiet markets still draw
 * a line and traded markets show their own prices.
 */
export class CandleBuilder {
  private readonly open = new Map<string, Candle & { traded: boolean }>();

  constructor(private readonly periods: readonly CandlePeriod[] = CANDLE_PERIODS) {}

  /** Takes up candles still open from before a restart (a candle with volume has had trades). */
  resume(candles: Candle[]) {
    for (const candle of candles) this.open.set(`${candle.symbol}\n${candle.period}`, { ...candle, traded: money(candle.volume).greaterThan(0) });
  }

  trade(symbol: string, price: string, quantity: string, time: number): Candle[] {
    return this.apply(symbol, price, time, quantity, true);
  }

  tick(symbol: string, price: string, time: number): Candle[] {
    return this.apply(symbol, price, time, '0', false);
  }

  private apply(symbol: string, price: string, time: number, quantity: string, isTrade: boolean): Candle[] {
    const changed: Candle[] = [];
    for (const period of this.periods) {
      const key = `${symbol}\n${period}`;
      const openTime = periodStart(time, period);
      let candle = this.open.get(key);
      if (!candle || candle.openTime !== openTime) {
        candle = { symbol, period, openTime, open: price, high: price, low: price, close: price, volume: '0', amount: '0', traded: false };
        this.open.set(key, candle);
      } else if (!isTrade && candle.traded) {
        continue;
      } else if (isTrade && !candle.traded) {
        // The first trade resets the tick-only range: from here on the candle shows traded prices.
        candle.high = price;
        candle.low = price;
      }
      if (money(price).greaterThan(candle.high)) candle.high = price;
      if (money(price).lessThan(candle.low)) candle.low = price;
      candle.close = price;
      if (isTrade) {
        candle.traded = true;
        candle.volume = toAmountString(money(candle.volume).plus(quantity));
        candle.amount = toAmountString(money(candle.amount).plus(money(quantity).times(price)));
      }
      const { traded: _traded, ...snapshot } = candle;
      changed.push(snapshot);
    }
    return changed;
  }
}
