import { money, roundTo, toAmountString } from '@fairex/contract';

/** One exchange's last price for a coin, and when this server received it (epoch ms, its own clock). */
export type SourceQuote = { source: string; price: string; receivedAt: number };

/** Whether a symbol has an index now, and if not, why (shown to operators; trading answers index_unavailable). */
export type IndexStatus =
  | { available: true; sources: string[] }
  | { available: false; reason: 'not_priced' | 'no_public_source' | 'too_few_sources'; sources: string[]; required: number };

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

/** The quotes still live at `now`: a source silent for more than `staleMs` drops out. */
export function liveQuotes(quotes: SourceQuote[], now: number, staleMs: number): SourceQuote[] {
  return quotes.filter((q) => now - q.receivedAt <= staleMs);
}

/**
 * The index of a coin from its sources' quotes: the median of the live ones, at the symbol's price
 * decimals, when at least `minSources` are live; otherwise none, with the live sources named.
 */
export function indexOf(
  quotes: SourceQuote[],
  now: number,
  rules: { staleMs: number; minSources: number; priceDecimals: number },
): { price: string; status: IndexStatus } | { price: undefined; status: IndexStatus } {
  const live = liveQuotes(quotes, now, rules.staleMs);
  const sources = live.map((q) => q.source).sort();
  if (live.length < rules.minSources) return { price: undefined, status: { available: false, reason: 'too_few_sources', sources, required: rules.minSources } };
  const price = toAmountString(roundTo(median(live.map((q) => q.price))!, rules.priceDecimals));
  return { price, status: { available: true, sources } };
}

/**
 * The coin a symbol's public index follows: BTC for the spot pair BTC/USDT and for the futures symbol
 * BTCUSDT (both quoted in USDT); none for stocks or other quote coins (no public coin source prices them).
 */
export function coinOfSymbol(symbol: string, kind: string | undefined): string | undefined {
  if (kind === 'stock') return undefined;
  return /^([A-Z0-9]+?)\/?USDT$/.exec(symbol)?.[1];
}
