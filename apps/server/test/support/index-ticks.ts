/**
 * A recorded index the test drives: a scripted feed (the price and time the test chooses, nothing
 * random) under the real tick store, so ticks are still recorded rows with ids.
 */
import { DEFAULT_LIMITS } from '../../src/limits.ts';
import { SimulatedPriceFeed, type Tick } from '../../src/markets/price-feed.ts';
import { IndexTickStore, type RecordedTick } from '../../src/markets/ticks.ts';
import type { TestApp } from './app.ts';

/** A feed whose ticks the test emits. */
export class ScriptedFeed extends SimulatedPriceFeed {
  private readonly scripted = new Map<string, string>();
  private readonly scriptedListeners = new Set<(tick: Tick) => void>();

  constructor(symbols: string[]) {
    super(
      symbols.map((symbol) => ({ symbol, startPrice: '1', volatility: 0.1, priceDecimals: 2 })),
      1,
    );
  }
  override price(symbol: string) {
    return this.scripted.get(symbol);
  }
  override onTick(listener: (tick: Tick) => void) {
    this.scriptedListeners.add(listener);
    return () => this.scriptedListeners.delete(listener);
  }
  override start() {}
  emit(tick: Tick) {
    this.scripted.set(tick.symbol, tick.price);
    for (const listener of this.scriptedListeners) listener(tick);
  }
}

/** The BTC/USDT and ETH/USDT index on a scripted feed; the store's errors go to `onError`. */
export function scriptedIndex(test: TestApp, onError: (error: unknown) => void) {
  const feed = new ScriptedFeed(['BTC/USDT', 'ETH/USDT']);
  const store = new IndexTickStore(test.db, feed, (symbol) => test.ctx.markets.symbolId(symbol), DEFAULT_LIMITS, onError);
  return {
    feed,
    store,
    /** Emits one index tick (priced at `pricedAt` where given: the public feed's quotes requested earlier) and waits until it is recorded; answers the recorded tick. */
    async tick(symbol: string, price: string, time: number, pricedAt?: number): Promise<RecordedTick> {
      feed.emit({ symbol, price, time, ...(pricedAt === undefined ? {} : { pricedAt }) });
      await store.flush();
      const recorded = store.latest(symbol);
      if (!recorded || recorded.time !== time) throw new Error(`tick ${symbol} ${price} at ${time} not recorded`);
      return recorded;
    },
  };
}
