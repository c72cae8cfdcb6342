/** Rules of the market screens, shared by every client that lists symbols. */
import { money } from './money.ts';

/** How many symbols the search page's hot search shows. */
export const HOT_SEARCH_MAX = 8;

/**
 * Hot search: the spot pairs most traded in the last 24 h, by turnover in the quote coin (the
 * quotation's `amount`), so a cheap coin's large volume does not outrank a dear one's larger value;
 * pairs with no turnover are not hot; ties keep the symbol's alphabetical order. Futures and stock
 * are left out: their volumes count contracts, not coins.
 * BTC/USDT turnover 58,500,000 (900 BTC), ETH/USDT 16,000,000 (5,000 ETH), DOGE/USDT 0 -> [BTC/USDT, ETH/USDT].
 */
export function hotSymbols<T extends { kind: string; symbol: string; amount: string }>(list: readonly T[], max = HOT_SEARCH_MAX): T[] {
  return list
    .filter((q) => q.kind === 'spot' && money(q.amount).greaterThan(0))
    .sort((a, b) => money(b.amount).comparedTo(a.amount) || a.symbol.localeCompare(b.symbol))
    .slice(0, max);
}
