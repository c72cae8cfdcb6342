import { money, roundTo, toAmountString } from '@fairex/contract';

/**
 * One exchange's last price for a coin. `requestedAt` is when this server sent the request (its own
 * clock): anyone could have asked the exchange the same at that moment, so a price is knowable from
 * then on (an index priced from it is priced no later). `receivedAt` is when the answer came;
 * `sourceTime` is the exchange's own time of that price where its answer gives one (Coinbase `time`,
 * OKX `ts`; Binance's and Kraken's tickers give none).
 */
export type SourceQuote = { source: string; price: string; requestedAt: number; receivedAt: number; sourceTime?: number };

/** Each source's state for a coin, as the back office shows it: live and used, stale (or never answered), or an outlier dropped. */
export type SourceState = { source: string; status: 'live' | 'stale' | 'outlier'; price: string | null; time: number | null };

/** Whether a symbol has an index now, and if not, why (shown to operators; trading answers index_unavailable). */
export type IndexStatus =
  | { available: true; sources: string[]; quotes?: SourceState[] }
  | { available: false; reason: 'not_priced' | 'no_public_source' | 'too_few_sources'; sources: string[]; required: number; quotes?: SourceState[] };

/**
 * The fewest agreeing live sources an index needs. With three, the median is a real middle price that
 * no single source moves by more than the gap between the other two; with two (the old rule) the
 * "median" was their mean, so one wrong source moved the index by half its error (review: 100 and
 * 200 gave 150).
 */
export const INDEX_SOURCES_MIN = 3;

/**
 * A live source further than this fraction from the median of the other live sources is an outlier and
 * is dropped. 3 %: the large USDT venues quote the same coin within a fraction of a percent, and even in
 * fast markets their last prices part by more than a percent or two only for seconds; a band narrower
 * than that real disagreement would drop honest sources exactly when prices move and leave the symbol
 * without an index (the review's 100/101/102 sit 2 % apart and all three must stay). Beyond 3 % a
 * source is not quoting the same market: a stale or broken feed, a wrong pair, or a redirected host.
 */
export const OUTLIER_DEVIATION = '0.03';

/**
 * The median of decimal prices: the middle one of an odd count, the mean of the two middle ones of an
 * even count (decimal arithmetic, never floats). Undefined for none.
 */
export function median(prices: string[]): string | undefined {
  if (prices.length === 0) return undefined;
  const sorted = prices.map((p) => money(p)).sort((a, b) => a.comparedTo(b));
  const middle = Math.floor(sorted.length / 2);
  const value = sorted.length % 2 === 1 ? sorted[middle]! : sorted[middle - 1]!.plus(sorted[middle]!).dividedBy(2);
  return toAmountString(value);
}

/**
 * When a quote's price was true: the exchange's own time where it gave one, but never later than when
 * this server received it (a source cannot stay fresh by stamping its answers in the future).
 */
export function quoteTime(quote: SourceQuote): number {
  return quote.sourceTime === undefined ? quote.receivedAt : Math.min(quote.sourceTime, quote.receivedAt);
}

/** The quotes still live at `now`: a price older than `staleMs` (by quoteTime) drops out. */
export function liveQuotes(quotes: SourceQuote[], now: number, staleMs: number): SourceQuote[] {
  return quotes.filter((q) => now - quoteTime(q) <= staleMs);
}

/**
 * The live quotes that disagree with the rest: each one further than OUTLIER_DEVIATION from the median
 * of the *other* live quotes (its own price does not pull the reference towards itself).
 * Examples: 100, 101, 102, 1,000,000 -> 1,000,000 (others' median 101; 100 is 1.96 % from 102, kept);
 * 100, 103.5, 104 -> 100 (3.6 % below the others' 103.75); 100, 101, 1e6, 1e6 -> all four (no majority).
 */
export function outliers(live: SourceQuote[], deviation: string = OUTLIER_DEVIATION): Set<string> {
  const dropped = new Set<string>();
  if (live.length < 2) return dropped;
  for (const quote of live) {
    const reference = money(median(live.filter((q) => q !== quote).map((q) => q.price))!);
    if (money(quote.price).minus(reference).abs().greaterThan(reference.times(deviation))) dropped.add(quote.source);
  }
  return dropped;
}

/**
 * The index of a coin from its sources' quotes: the median of the live quotes that are not outliers,
 * at the symbol's price decimals, when at least `minSources` remain; otherwise none. `pricedAt` is the
 * oldest request time among the quotes used: the earliest moment that median could have been known
 * (an order accepted at or after it must not open on it, index-freshness.ts tickAfter). The status names
 * the sources used and each known source's state (`expected` lists sources that never answered).
 * Worked examples (INDEX_SOURCES_MIN 3): 100 and 200 -> no index (two live); 100, 101, 102, 1,000,000
 * -> 101 (the outlier dropped); 100, 101, 1,000,000 -> no index (two agree).
 */
export function indexOf(
  quotes: SourceQuote[],
  now: number,
  rules: { staleMs: number; minSources: number; priceDecimals: number; expected?: string[] },
): { price: string; pricedAt: number; status: IndexStatus } | { price: undefined; status: IndexStatus } {
  const live = liveQuotes(quotes, now, rules.staleMs);
  const dropped = outliers(live);
  const used = live.filter((q) => !dropped.has(q.source));
  const sources = used.map((q) => q.source).sort();
  const states = sourceStates(quotes, live, dropped, rules.expected ?? []);
  if (used.length < rules.minSources) return { price: undefined, status: { available: false, reason: 'too_few_sources', sources, required: rules.minSources, quotes: states } };
  const price = toAmountString(roundTo(median(used.map((q) => q.price))!, rules.priceDecimals));
  const pricedAt = Math.min(...used.map((q) => q.requestedAt));
  return { price, pricedAt, status: { available: true, sources, quotes: states } };
}

function sourceStates(quotes: SourceQuote[], live: SourceQuote[], dropped: Set<string>, expected: string[]): SourceState[] {
  const names = [...new Set([...expected, ...quotes.map((q) => q.source)])].sort();
  return names.map((source) => {
    const quote = quotes.find((q) => q.source === source);
    const status = !quote || !live.includes(quote) ? 'stale' : dropped.has(source) ? 'outlier' : 'live';
    return { source, status, price: quote?.price ?? null, time: quote ? quoteTime(quote) : null };
  });
}

/**
 * The coin a symbol's public index follows: BTC for the spot pair BTC/USDT and for the futures symbol
 * BTCUSDT (both quoted in USDT); none for stocks or other quote coins (no public coin source prices them).
 */
export function coinOfSymbol(symbol: string, kind: string | undefined): string | undefined {
  if (kind === 'stock') return undefined;
  return /^([A-Z0-9]+?)\/?USDT$/.exec(symbol)?.[1];
}
