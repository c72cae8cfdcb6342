import { AMOUNT_DECIMALS, Money, money, toAmountString, type MoneyValue } from '@fairex/contract';

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
  const working = workingOf(candle);
  fold(working, runOf(price, quantity, candle.openTime));
  return working.changed ? stateOf(working) : candle;
}

/**
 * Prices arriving in one minute, parsed once for every period: one tick, or trades in time order with
 * what folding them one by one would make of them (first and last price, high and low, the sums of
 * their quantities and quote amounts). Every period starts on a minute, so a candle of any period takes
 * a run whole.
 */
type Run = {
  first: string;
  firstValue: MoneyValue;
  high: string;
  highValue: MoneyValue;
  low: string;
  lowValue: MoneyValue;
  close: string;
  time: number;
  trade?: { quantity: MoneyValue; amount: MoneyValue };
};

function runOf(price: string, quantity: string | undefined, time: number): Run {
  const value = money(price);
  const trade = quantity === undefined ? undefined : { quantity: money(quantity), amount: money(quantity).times(value) };
  return { first: price, firstValue: value, high: price, highValue: value, low: price, lowValue: value, close: price, time, trade };
}

/**
 * Trades in time order as runs, one per minute. Sums are exact below 10^22 with at most 18 decimals (40
 * digits), which is what rounding after each trade (toAmountString) would keep too; a trade whose figures
 * carry more decimals stays a run of its own, so it is rounded exactly as before.
 */
function runsOf(trades: readonly { price: string; quantity: string; time: number }[]): Run[] {
  const runs: Run[] = [];
  let run: Run | undefined;
  let minute = Number.NaN;
  for (const t of trades) {
    const next = runOf(t.price, t.quantity, t.time);
    const exact = next.trade!.quantity.decimalPlaces() <= AMOUNT_DECIMALS && next.trade!.amount.decimalPlaces() <= AMOUNT_DECIMALS;
    const at = periodStart(t.time, '1min');
    if (run && exact && at === minute) {
      if (next.highValue.greaterThan(run.highValue)) {
        run.high = next.high;
        run.highValue = next.highValue;
      }
      if (next.lowValue.lessThan(run.lowValue)) {
        run.low = next.low;
        run.lowValue = next.lowValue;
      }
      run.close = next.close;
      run.trade!.quantity = run.trade!.quantity.plus(next.trade!.quantity);
      run.trade!.amount = run.trade!.amount.plus(next.trade!.amount);
      continue;
    }
    run = next;
    minute = exact ? at : Number.NaN;
    runs.push(run);
  }
  return runs;
}

/**
 * A candle being folded: its bounds as values, and its sums as values once a trade adds to them (else
 * their text stays), turned back into text once all its runs are in.
 */
type Working = CandleState & { highValue: MoneyValue; lowValue: MoneyValue; volumeValue?: MoneyValue; amountValue?: MoneyValue; changed: boolean };

function workingOf(c: CandleState): Working {
  return {
    symbol: c.symbol,
    period: c.period,
    openTime: c.openTime,
    open: c.open,
    high: c.high,
    low: c.low,
    close: c.close,
    volume: c.volume,
    amount: c.amount,
    traded: c.traded,
    highValue: money(c.high),
    lowValue: money(c.low),
    volumeValue: undefined,
    amountValue: undefined,
    changed: false,
  };
}

/** Sums are rounded as toAmountString rounds them. */
const rounded = (x: MoneyValue) => x.toDecimalPlaces(AMOUNT_DECIMALS, Money.ROUND_HALF_UP);

/** foldPrice's rule, for a run, on a working candle (changed in place). */
function fold(w: Working, r: Run) {
  if (!r.trade && w.traded) return;
  if (r.trade && !w.traded) {
    w.open = w.high = w.low = w.close = r.first;
    w.highValue = w.lowValue = r.firstValue;
    w.traded = true;
  }
  if (r.highValue.greaterThan(w.highValue)) {
    w.high = r.high;
    w.highValue = r.highValue;
  }
  if (r.lowValue.lessThan(w.lowValue)) {
    w.low = r.low;
    w.lowValue = r.lowValue;
  }
  w.close = r.close;
  if (r.trade) {
    w.volumeValue = rounded((w.volumeValue ?? money(w.volume)).plus(r.trade.quantity));
    w.amountValue = rounded((w.amountValue ?? money(w.amount)).plus(r.trade.amount));
  }
  w.changed = true;
}

const stateOf = (w: Working): CandleState => ({
  symbol: w.symbol,
  period: w.period,
  openTime: w.openTime,
  open: w.open,
  high: w.high,
  low: w.low,
  close: w.close,
  volume: w.volumeValue ? toAmountString(w.volumeValue) : w.volume,
  amount: w.amountValue ? toAmountString(w.amountValue) : w.amount,
  traded: w.traded,
});

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
    return this.apply(symbol, [runOf(price, quantity, time)]);
  }

  /**
   * A batch of trades in time order (a spot batch's), folded as one trade after the other would fold
   * them; each candle they changed is answered once, as it stands after the last of them (a candle a
   * later trade of the batch closed is answered as it was closed). The trades of each minute are folded
   * into every period at once, and a candle is turned into text once per batch instead of once per trade.
   */
  trades(symbol: string, trades: readonly { price: string; quantity: string; time: number }[]): Candle[] {
    return this.apply(symbol, runsOf(trades));
  }

  tick(symbol: string, price: string, time: number): Candle[] {
    return this.apply(symbol, [runOf(price, undefined, time)]);
  }

  private apply(symbol: string, runs: Run[]): Candle[] {
    const changed: Candle[] = [];
    const finish = (key: string, w: Working, fresh: boolean) => {
      if (!w.changed && !fresh) return;
      const next = stateOf(w);
      this.open.set(key, next);
      const { traded: _traded, ...snapshot } = next;
      changed.push(snapshot);
    };
    for (const period of this.periods) {
      const key = `${symbol}\n${period}`;
      let working: Working | undefined;
      let fresh = false;
      for (const run of runs) {
        const openTime = periodStart(run.time, period);
        if (!working || working.openTime !== openTime) {
          const current = working ? undefined : this.open.get(key);
          if (working) finish(key, working, fresh);
          fresh = !current || current.openTime !== openTime;
          // An index tick on a traded candle changes nothing (not even worth reading its figures).
          if (!fresh && !run.trade && current!.traded && runs.length === 1) {
            working = undefined;
            break;
          }
          const base: CandleState = fresh
            ? { symbol, period, openTime, open: run.first, high: run.first, low: run.first, close: run.first, volume: '0', amount: '0', traded: false }
            : current!;
          working = workingOf(base);
        }
        fold(working, run);
      }
      if (working) finish(key, working, fresh);
    }
    return changed;
  }
}
