import { money, roundTo, toAmountString } from '@fairex/contract';
import type { IndexStatus } from './index-rules.ts';
import { normal, randomSource } from './random.ts';

/**
 * One index price observation. Prices are decimal strings; time is epoch milliseconds. `pricedAt`: the
 * earliest moment the price could have been known, where before `time` (the public feed: its quotes'
 * oldest request time); absent means `time` (the simulation draws its price as it ticks).
 */
export type Tick = { symbol: string; price: string; time: number; pricedAt?: number };

/**
 * Where index prices come from. Everything that settles or values (contracts, options, dual
 * investment, valuations) reads this and nothing else, so no setting can move a user's outcome.
 */
export interface PriceFeed {
  /** The latest index price, or undefined before the first tick. */
  price(symbol: string): string | undefined;
  /** Whether the symbol has an index now, and if not why (a public source gone quiet); trading that needs it answers index_unavailable. */
  status(symbol: string): IndexStatus;
  onTick(listener: (tick: Tick) => void): () => void;
  /**
   * Starts pricing a symbol the operator added or enabled (at its start price), or takes new model
   * parameters for one already priced, keeping its price unless `resetPrice` (a start price edited
   * before the symbol ever ticked or traded).
   */
  addSymbol(spec: SimulatedSymbol, options?: { resetPrice?: boolean }): void;
  /** Carries on from these prices (a process taking over the feed in a cluster: cluster/followable-feed.ts); a feed with its own source ignores them. */
  resume?(prices: ReadonlyMap<string, string>): void;
  start(): void;
  stop(): void;
}

export type SimulatedSymbol = {
  symbol: string;
  startPrice: string;
  /** Annualised volatility, e.g. 0.6 for 60 %. */
  volatility: number;
  priceDecimals: number;
  /** The symbol's kind (spot, futures, stock): the public feed prices coins only. */
  kind?: string;
};

const SECONDS_PER_YEAR = 365 * 24 * 60 * 60;
export const TICK_INTERVAL_MS = 1000;

/**
 * The default offline provider: a geometric random walk per symbol, one tick per second, so the app is
 * alive without a network. Its randomness is node:crypto's, fresh at every start, unless a test or a
 * benchmark sets MARKET_SEED to replay a run (markets/random.ts): a known seed would let anyone predict
 * every tick (money review 2). The random factor is a float by nature; the price itself is kept and
 * rounded as a decimal.
 */
export class SimulatedPriceFeed implements PriceFeed {
  private readonly prices = new Map<string, string>();
  private readonly symbols = new Map<string, SimulatedSymbol>();
  private readonly listeners = new Set<(tick: Tick) => void>();
  private readonly random: () => number;
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(symbols: SimulatedSymbol[], seed: number | undefined, private readonly now: () => number = Date.now) {
    this.random = randomSource(seed);
    for (const s of symbols) this.addSymbol(s);
  }

  addSymbol(spec: SimulatedSymbol, options: { resetPrice?: boolean } = {}) {
    this.symbols.set(spec.symbol, spec);
    if (options.resetPrice || !this.prices.has(spec.symbol)) this.prices.set(spec.symbol, roundTo(spec.startPrice, spec.priceDecimals));
  }

  price(symbol: string) {
    return this.prices.get(symbol);
  }

  resume(prices: ReadonlyMap<string, string>) {
    for (const [symbol, price] of prices) if (this.symbols.has(symbol)) this.prices.set(symbol, price);
  }

  status(symbol: string): IndexStatus {
    return this.prices.has(symbol) ? { available: true, sources: ['simulation'] } : { available: false, reason: 'not_priced', sources: [], required: 1 };
  }

  onTick(listener: (tick: Tick) => void) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Advances every symbol by one interval and notifies listeners; the timer calls it every second. */
  step(): Tick[] {
    const time = this.now();
    const dt = TICK_INTERVAL_MS / 1000 / SECONDS_PER_YEAR;
    const ticks: Tick[] = [];
    for (const spec of this.symbols.values()) {
      const sigma = spec.volatility;
      const factor = Math.exp(sigma * Math.sqrt(dt) * normal(this.random) - (sigma * sigma * dt) / 2);
      const minimum = money(1).dividedBy(money(10).pow(spec.priceDecimals));
      let next = money(this.prices.get(spec.symbol)!).times(factor.toFixed(12));
      if (next.lessThan(minimum)) next = minimum;
      const price = toAmountString(roundTo(next, spec.priceDecimals));
      this.prices.set(spec.symbol, price);
      ticks.push({ symbol: spec.symbol, price, time });
    }
    for (const tick of ticks) for (const listener of this.listeners) listener(tick);
    return ticks;
  }

  start() {
    this.timer ??= setInterval(() => this.step(), TICK_INTERVAL_MS);
  }

  stop() {
    clearInterval(this.timer);
    this.timer = undefined;
  }
}
