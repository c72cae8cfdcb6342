import { money, toAmountString } from '@fairex/contract';
import type { Db } from '../db/client.ts';
import type { EventBus } from '../events/bus.ts';
import { CandleBuilder, type Candle } from './candles.ts';
import { SimulatedPriceFeed, type PriceFeed, type SimulatedSymbol } from './price-feed.ts';
import type { TickStore } from './ticks.ts';
import { candlesBetween, dayStats, indexCandlesBetween, lastCloses, listAllSymbols, listSymbols, openCandles, saveCandles, type MarketSymbol } from './repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Keeps the index price of every symbol from the feed, folds ticks into candles, saves them once per
 * feed step, and publishes kline events, and ticker events once a tick is recorded. The only source of prices is the feed.
 */
export class Markets {
  private readonly builder = new CandleBuilder();
  /** Candle updates not saved yet, the latest per candle (one upsert cannot touch a row twice). */
  private readonly pending = new Map<string, Candle>();
  private flushing: Promise<void> | undefined;
  /** Symbol ids by name of everything the feed may price (candles are saved under them). */
  private readonly ids: Map<string, number>;
  /** Symbols the feed has moved in this process (their start price is then history). */
  private readonly ticked = new Set<string>();
  /**
   * Whether this process builds the symbol's candles (cluster: the holder of a spot symbol's book, which
   * sees its trades, and the core for the others); every symbol when alone. Set by app.ts.
   */
  owns: (symbol: string) => boolean = () => true;

  private constructor(
    private readonly db: Db,
    readonly feed: PriceFeed,
    /** The enabled symbols, in display order; replaced by reload() after a back-office edit. */
    private symbols: MarketSymbol[],
    private readonly bus: EventBus,
    private readonly onError: (error: unknown) => void,
    private readonly now: () => number,
  ) {
    this.ids = new Map(symbols.map((s) => [s.symbol, s.id]));
    feed.onTick((tick) => {
      this.ticked.add(tick.symbol);
      if (!this.owns(tick.symbol)) return;
      for (const candle of this.builder.tick(tick.symbol, tick.price, tick.time)) {
        this.queue(candle);
        this.bus.emit('kline', candle);
      }
    });
  }

  /**
   * Loads the symbols and starts the feed where each symbol's last close left off: the offline
   * simulation by default, or the one `createFeed` makes (PRICE_FEED=public: markets/public-feed.ts).
   */
  static async open(
    db: Db,
    bus: EventBus,
    options: { seed: number | undefined; onError: (error: unknown) => void; createFeed?: (symbols: SimulatedSymbol[]) => PriceFeed; now?: () => number },
  ) {
    const symbols = await listSymbols(db);
    const closes = await lastCloses(db);
    const specs = symbols.map((s) => ({
      symbol: s.symbol,
      kind: s.kind,
      startPrice: closes.get(s.id) ?? s.startPrice,
      volatility: s.volatility,
      priceDecimals: s.priceDecimals,
    }));
    const feed = options.createFeed ? options.createFeed(specs) : new SimulatedPriceFeed(specs, options.seed, options.now);
    const markets = new Markets(db, feed, symbols, bus, options.onError, options.now ?? Date.now);
    markets.builder.resume(await openCandles(db, markets.now()));
    return markets;
  }

  /** This process builds the symbol's candles from now on (cluster: it took the symbol over): it carries on with the ones saved. */
  async adopt(symbol: string) {
    await this.settled();
    this.builder.resume((await openCandles(this.db, this.now())).filter((c) => c.symbol === symbol));
  }

  /** Keeps a candle update for the next save; the save starts after the current turn's updates are in. */
  private queue(candle: Candle) {
    this.pending.set(`${candle.symbol}\n${candle.period}\n${candle.openTime}`, candle);
    this.flushing ??= Promise.resolve().then(() => this.flush());
  }

  /** Saves until nothing is pending, so updates that arrive during a save are not left behind. */
  private async flush() {
    try {
      while (this.pending.size > 0) {
        const batch = [...this.pending.values()];
        this.pending.clear();
        try {
          await saveCandles(this.db, this.ids, batch);
        } catch (error) {
          this.onError(error);
        }
      }
    } finally {
      this.flushing = undefined;
    }
  }

  /** A spot trade: moves the symbol's candles and adds volume, saved with the next flush. */
  recordTrade(symbol: string, price: string, quantity: string, time: number) {
    this.recordTrades(symbol, [{ price, quantity, time }]);
  }

  /** A spot batch's trades in time order: each candle they moved is published and saved once, as it stands after them. */
  recordTrades(symbol: string, trades: readonly { price: string; quantity: string; time: number }[]) {
    if (trades.length === 0) return;
    for (const candle of this.builder.trades(symbol, trades)) {
      this.queue(candle);
      this.bus.emit('kline', candle);
    }
  }

  /** Waits for candles already handed to the database (tests and shutdown). */
  async settled() {
    await this.flushing;
  }

  /**
   * Takes the symbols' current rows after a back-office edit, without a restart: newly enabled ones
   * start being priced (from their last close, else their start price), volatility edits reach the
   * model, and disabled ones leave the lists. The feed keeps pricing a disabled symbol so its index
   * stays continuous should it be enabled again.
   */
  async reload(options: { resetPriceOf?: string } = {}) {
    const all = await listAllSymbols(this.db);
    const closes = await lastCloses(this.db);
    for (const s of all) {
      this.ids.set(s.symbol, s.id);
      const known = this.feed.price(s.symbol) !== undefined;
      const reset = options.resetPriceOf === s.symbol;
      if (!s.enabled && !known) continue;
      this.feed.addSymbol(
        { symbol: s.symbol, kind: s.kind, startPrice: reset ? s.startPrice : (closes.get(s.id) ?? s.startPrice), volatility: s.volatility, priceDecimals: s.priceDecimals },
        { resetPrice: reset },
      );
    }
    this.symbols = all.filter((s) => s.enabled);
  }

  /**
   * Publishes each index tick as `ticker` (with its id) once the tick store has recorded it, never
   * before: a client then never sees a price newer than the one an order can open or settle on.
   */
  publishRecordedTicks(ticks: TickStore, when: () => boolean = () => true) {
    // In a cluster only the core's process publishes (realtime's Redis adapter carries it to every client).
    return ticks.onTick((tick) => when() && this.bus.emit('ticker', { id: tick.id, symbol: tick.symbol, price: tick.price, time: tick.time }));
  }

  /** The id in market_symbols of a symbol the feed may price (index ticks are stored under it). */
  symbolId(name: string): number | undefined {
    return this.ids.get(name);
  }

  /** Whether the feed moved this symbol since the process started (see symbolHasActivity for the rest). */
  hasTicked(symbol: string) {
    return this.ticked.has(symbol);
  }

  /** The enabled symbols' names, in display order. */
  symbolNames(): string[] {
    return this.symbols.map((s) => s.symbol);
  }

  symbolByName(name: string) {
    return this.symbols.find((s) => s.symbol === name);
  }

  /**
   * GET /currency/quotation_new: every symbol with its index price and 24-hour figures. A symbol without
   * an index now (a public feed with too few agreeing sources, a stock on the public feed) answers price,
   * change, high and low null: never the configured start price, which is the operator's number and not
   * a market price (fairness review 1d).
   */
  async quotations(now = Date.now()) {
    const stats = await dayStats(this.db, now - DAY_MS);
    return this.symbols.map((s) => {
      const price = this.feed.price(s.symbol) ?? null;
      const day = stats.get(s.id);
      const open = day ? money(day.open) : price === null ? undefined : money(price);
      return {
        id: s.id,
        symbol: s.symbol,
        kind: s.kind,
        currency_id: s.baseCurrencyId,
        legal_id: s.quoteCurrencyId,
        price,
        change: price === null || open === undefined ? null : open.isZero() ? '0' : money(price).minus(open).dividedBy(open).times(100).toFixed(2),
        high: price === null ? null : toAmountString(day?.high ?? price),
        low: price === null ? null : toAmountString(day?.low ?? price),
        volume: toAmountString(day?.volume ?? '0'),
        amount: toAmountString(day?.amount ?? '0'),
        price_decimals: s.priceDecimals,
        quantity_decimals: s.quantityDecimals,
      };
    });
  }

  candles(symbol: MarketSymbol, period: Parameters<typeof candlesBetween>[2], fromMs: number, toMs: number) {
    return candlesBetween(this.db, symbol.id, period, fromMs, toMs);
  }

  /** The index's own candles from its recorded ticks (the prices options settle on), `periodMs` long. */
  indexCandles(symbol: MarketSymbol, periodMs: number, fromMs: number, toMs: number) {
    return indexCandlesBetween(this.db, symbol.id, periodMs, fromMs, toMs);
  }

  start() {
    this.feed.start();
  }

  async stop() {
    this.feed.stop();
    await this.settled();
  }
}
