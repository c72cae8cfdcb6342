import { money } from '@fairex/contract';
import { coinOfSymbol, INDEX_SOURCES_MIN, indexOf, type IndexStatus, type SourceQuote } from './index-rules.ts';
import { TICK_INTERVAL_MS, type PriceFeed, type SimulatedSymbol, type Tick } from './price-feed.ts';

/**
 * One exchange's public REST ticker: where to ask for a coin's last price (quoted in USDT) and how to
 * read it from the answer. Shapes as the exchanges document them; test fixtures replay them.
 */
export type SourceAdapter = {
  name: string;
  defaultBaseUrl: string;
  path(coin: string): string;
  /**
   * The last price as a decimal string, with the exchange's own time of it (epoch ms) where the answer
   * has one, or undefined when the answer is not a price for this coin.
   */
  parse(body: any, coin: string): { price: string; time?: number } | undefined;
};

const decimal = (value: unknown): string | undefined => {
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string' || !/^\d+(\.\d+)?$/.test(text) || money(text).isZero()) return undefined;
  return text;
};

/** A price with its time where both read; a time that does not read is left out (the receipt time then counts). */
const quoted = (price: string | undefined, time?: number) => (price === undefined ? undefined : Number.isFinite(time) && time! > 0 ? { price, time } : { price });

/** Binance spot: GET /api/v3/ticker/price?symbol=BTCUSDT -> { symbol, price } (no time: the receipt time counts). */
export const BINANCE: SourceAdapter = {
  name: 'binance',
  defaultBaseUrl: 'https://api.binance.com',
  path: (coin) => `/api/v3/ticker/price?symbol=${coin}USDT`,
  parse: (body, coin) => (body?.symbol === `${coin}USDT` ? quoted(decimal(body.price)) : undefined),
};

/** Coinbase Exchange: GET /products/BTC-USDT/ticker -> { trade_id, price, size, bid, ask, volume, time } (time: ISO 8601 of the last trade). */
export const COINBASE: SourceAdapter = {
  name: 'coinbase',
  defaultBaseUrl: 'https://api.exchange.coinbase.com',
  path: (coin) => `/products/${coin}-USDT/ticker`,
  parse: (body) => quoted(decimal(body?.price), typeof body?.time === 'string' ? Date.parse(body.time) : undefined),
};

/** Kraken spot: GET /0/public/Ticker?pair=XBTUSDT -> { error: [], result: { XBTUSDT: { c: [last price, lot volume], ... } } } (BTC is XBT there; no time). */
export const KRAKEN: SourceAdapter = {
  name: 'kraken',
  defaultBaseUrl: 'https://api.kraken.com',
  path: (coin) => `/0/public/Ticker?pair=${coin === 'BTC' ? 'XBT' : coin}USDT`,
  parse: (body) => {
    if (!Array.isArray(body?.error) || body.error.length > 0 || typeof body.result !== 'object' || body.result === null) return undefined;
    const pairs = Object.values(body.result) as any[];
    return pairs.length === 1 && Array.isArray(pairs[0]?.c) ? quoted(decimal(pairs[0].c[0])) : undefined;
  },
};

/** OKX: GET /api/v5/market/ticker?instId=BTC-USDT -> { code: "0", msg: "", data: [{ instId, last, ts, ... }] } (ts: epoch ms as a string). */
export const OKX: SourceAdapter = {
  name: 'okx',
  defaultBaseUrl: 'https://www.okx.com',
  path: (coin) => `/api/v5/market/ticker?instId=${coin}-USDT`,
  parse: (body, coin) => (body?.code === '0' && body.data?.[0]?.instId === `${coin}-USDT` ? quoted(decimal(body.data[0].last), Number(body.data[0].ts)) : undefined),
};

export const PUBLIC_SOURCES: SourceAdapter[] = [BINANCE, COINBASE, KRAKEN, OKX];

export type PublicFeedOptions = {
  /** Base URL per source name (PRICE_SOURCE_URLS); the exchanges' own by default. */
  baseUrls?: Record<string, string>;
  sources?: SourceAdapter[];
  now?: () => number;
  /** How often every source is asked for every coin. */
  pollMs?: number;
  /** A source whose last good answer for a coin is older than this drops out of that coin's index. */
  staleMs?: number;
  /** Fewer live sources than this: the symbol has no index (price() undefined, trading that needs it pauses). */
  minSources?: number;
  requestTimeoutMs?: number;
  onError?: (error: unknown) => void;
};

export const PUBLIC_FEED_DEFAULTS = { pollMs: 2000, staleMs: 10_000, minSources: INDEX_SOURCES_MIN, requestTimeoutMs: 5000 };

/**
 * The public-market index for coins (PRICE_FEED=public): the median of several large exchanges' last
 * prices, polled over their public REST APIs, with staleness (by the exchange's own time where given)
 * and outlier rules (index-rules.ts: at least INDEX_SOURCES_MIN agreeing live sources). Symbols without a coin source
 * (stocks) have no index in this mode. One tick per second per symbol that has an index, and one as
 * each poll round completes; each tick carries pricedAt, its quotes' oldest request time.
 */
export class PublicIndexFeed implements PriceFeed {
  private readonly symbols = new Map<string, SimulatedSymbol & { coin: string | undefined }>();
  /** Last good quote per coin and source. */
  private readonly quotes = new Map<string, Map<string, SourceQuote>>();
  private readonly prices = new Map<string, string>();
  private readonly listeners = new Set<(tick: Tick) => void>();
  /** Source and coin pairs whose last request failed (a failure is reported once, not every poll). */
  private readonly failing = new Set<string>();
  private readonly sources: SourceAdapter[];
  private readonly rules: typeof PUBLIC_FEED_DEFAULTS;
  private readonly now: () => number;
  private pollTimer: ReturnType<typeof setInterval> | undefined;
  private tickTimer: ReturnType<typeof setInterval> | undefined;

  constructor(symbols: SimulatedSymbol[], private readonly options: PublicFeedOptions = {}) {
    this.sources = options.sources ?? PUBLIC_SOURCES;
    this.now = options.now ?? Date.now;
    this.rules = {
      pollMs: options.pollMs ?? PUBLIC_FEED_DEFAULTS.pollMs,
      staleMs: options.staleMs ?? PUBLIC_FEED_DEFAULTS.staleMs,
      minSources: options.minSources ?? PUBLIC_FEED_DEFAULTS.minSources,
      requestTimeoutMs: options.requestTimeoutMs ?? PUBLIC_FEED_DEFAULTS.requestTimeoutMs,
    };
    for (const s of symbols) this.addSymbol(s);
  }

  addSymbol(spec: SimulatedSymbol) {
    this.symbols.set(spec.symbol, { ...spec, coin: coinOfSymbol(spec.symbol, spec.kind) });
  }

  private coins() {
    return [...new Set([...this.symbols.values()].flatMap((s) => (s.coin ? [s.coin] : [])))];
  }

  /** Asks every source for every coin once; a good answer refreshes that source's quote. */
  async poll() {
    await Promise.all(
      this.coins().flatMap((coin) =>
        this.sources.map(async (source) => {
          const base = this.options.baseUrls?.[source.name] ?? source.defaultBaseUrl;
          // Sent now: anyone could ask the exchange the same from this moment (the quote's pricedAt).
          const requestedAt = this.now();
          try {
            const response = await fetch(`${base}${source.path(coin)}`, { signal: AbortSignal.timeout(this.rules.requestTimeoutMs) });
            if (!response.ok) throw new Error(`${source.name} ${coin}: HTTP ${response.status}`);
            const quote = source.parse(await response.json(), coin);
            if (quote === undefined) throw new Error(`${source.name} ${coin}: no price in the answer`);
            const perSource = this.quotes.get(coin) ?? new Map<string, SourceQuote>();
            perSource.set(source.name, { source: source.name, price: quote.price, requestedAt, receivedAt: this.now(), ...(quote.time === undefined ? {} : { sourceTime: quote.time }) });
            this.quotes.set(coin, perSource);
            this.failing.delete(`${source.name}\n${coin}`);
          } catch (error) {
            if (this.failing.has(`${source.name}\n${coin}`)) return;
            this.failing.add(`${source.name}\n${coin}`);
            this.options.onError?.(error);
          }
        }),
      ),
    );
  }

  private index(symbol: string) {
    const spec = this.symbols.get(symbol);
    if (!spec) return undefined;
    if (!spec.coin) {
      const status: IndexStatus = { available: false, reason: 'no_public_source', sources: [], required: this.rules.minSources };
      return { price: undefined, status };
    }
    const expected = this.sources.map((s) => s.name);
    return indexOf([...(this.quotes.get(spec.coin)?.values() ?? [])], this.now(), { ...this.rules, priceDecimals: spec.priceDecimals, expected });
  }

  /**
   * Emits one tick per symbol that has an index now, priced at its quotes' oldest request time; the
   * timer calls it every second, and a poll round calls it as it completes (round()).
   */
  step(): Tick[] {
    const time = this.now();
    const ticks: Tick[] = [];
    for (const symbol of this.symbols.keys()) {
      const index = this.index(symbol);
      if (index?.price === undefined) continue;
      this.prices.set(symbol, index.price);
      ticks.push({ symbol, price: index.price, time, pricedAt: index.pricedAt });
    }
    for (const tick of ticks) for (const listener of this.listeners) listener(tick);
    return ticks;
  }

  /** The last index emitted, while the symbol still has one (undefined once too few sources are live). */
  price(symbol: string) {
    return this.status(symbol).available ? this.prices.get(symbol) : undefined;
  }

  status(symbol: string): IndexStatus {
    const index = this.index(symbol);
    if (!index) return { available: false, reason: 'no_public_source', sources: [], required: this.rules.minSources };
    return index.status;
  }

  onTick(listener: (tick: Tick) => void) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * One poll round, then a tick at once: an order accepted since the round's requests were sent opens
   * on the first tick priced after it, which is this one, not the next second's (indexFreshMsFor).
   */
  async round(): Promise<Tick[]> {
    await this.poll();
    return this.step();
  }

  start() {
    if (this.pollTimer) return;
    void this.round();
    this.pollTimer = setInterval(() => void this.round(), this.rules.pollMs);
    this.tickTimer = setInterval(() => this.step(), TICK_INTERVAL_MS);
  }

  stop() {
    clearInterval(this.pollTimer);
    clearInterval(this.tickTimer);
    this.pollTimer = undefined;
    this.tickTimer = undefined;
  }
}

/** PRICE_SOURCE_URLS: "binance=http://127.0.0.1:8001,okx=http://..." -> base URL per source name. */
export function parseSourceUrls(text: string | undefined): Record<string, string> {
  const urls: Record<string, string> = {};
  for (const part of (text ?? '').split(',').map((p) => p.trim()).filter(Boolean)) {
    const [name, url] = part.split(/=(.*)/s);
    if (!name || !url || !PUBLIC_SOURCES.some((s) => s.name === name)) throw new Error(`PRICE_SOURCE_URLS: "${part}" is not source=url with a source among ${PUBLIC_SOURCES.map((s) => s.name).join(', ')}`);
    urls[name] = url.replace(/\/$/, '');
  }
  return urls;
}

/** Each source's configured base URL and host, and whether that is the exchange's own (else "custom", set by PRICE_SOURCE_URLS). */
export type SourceHost = { source: string; url: string; host: string; custom: boolean };

/**
 * The hosts the public feed asks, for the back office: a source pointed elsewhere than its exchange's
 * known host (PRICE_SOURCE_URLS) is labelled custom, since whoever runs that host sets its price
 * (fairness review 1b). Examples: binance default -> api.binance.com, not custom;
 * binance=http://127.0.0.1:8001 -> 127.0.0.1:8001, custom.
 */
export function sourceHosts(baseUrls: Record<string, string>, sources: SourceAdapter[] = PUBLIC_SOURCES): SourceHost[] {
  return sources.map((source) => {
    const url = baseUrls[source.name] ?? source.defaultBaseUrl;
    const host = hostOf(url);
    return { source: source.name, url, host, custom: host !== hostOf(source.defaultBaseUrl) || !url.startsWith('https://') };
  });
}

function hostOf(url: string) {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
