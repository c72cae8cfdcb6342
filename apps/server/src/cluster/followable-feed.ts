/**
 * The price feed of a process in a cluster. One process leads (the core lease): its feed prices and its
 * ticks are recorded, chained and published (tick-relay.ts). The others follow: their prices are the
 * leader's recorded ticks, told to the same listeners (candles of the symbols they hold, the market
 * maker), so every process sees one index and no second feed draws other prices. A follower that
 * becomes the leader starts its own feed from the last prices it was told.
 */
import type { IndexStatus } from '../markets/index-rules.ts';
import type { PriceFeed, SimulatedSymbol, Tick } from '../markets/price-feed.ts';

export class FollowableFeed implements PriceFeed {
  private leading = false;
  private readonly relayed = new Map<string, string>();
  private readonly listeners = new Set<(tick: Tick) => void>();

  constructor(private readonly inner: PriceFeed) {
    inner.onTick((tick) => {
      if (this.leading) this.tell(tick);
    });
  }

  /** A tick the leader recorded (ignored while this process leads). */
  relay(tick: Tick) {
    if (this.leading) return;
    this.relayed.set(tick.symbol, tick.price);
    this.tell(tick);
  }

  price(symbol: string) {
    return this.leading ? this.inner.price(symbol) : this.relayed.get(symbol);
  }

  status(symbol: string): IndexStatus {
    if (this.leading) return this.inner.status(symbol);
    return this.relayed.has(symbol) ? { available: true, sources: ['cluster leader'] } : { available: false, reason: 'not_priced', sources: [], required: 1 };
  }

  onTick(listener: (tick: Tick) => void) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  addSymbol(spec: SimulatedSymbol, options?: { resetPrice?: boolean }) {
    this.inner.addSymbol(spec, options);
  }

  /** Leads from now on: the feed carries on from the last prices the leader told (a simulation continues them). */
  start() {
    if (this.leading) return;
    this.leading = true;
    this.inner.resume?.(this.relayed);
    this.inner.start();
  }

  stop() {
    this.leading = false;
    this.inner.stop();
  }

  private tell(tick: Tick) {
    for (const listener of this.listeners) listener(tick);
  }
}
