/** Display helpers for market figures; values stay strings from the server. */
import { formatCount } from '@fairex/contract/format';
import { displayBalance, money, Money } from '@fairex/contract/money';

/** A price or quantity with exactly the symbol's decimals, so a column lines up (65079.5 -> 65079.50). */
export function withDecimals(value: string, decimals: number): string {
  const amount = money(value);
  return amount.isFinite() ? amount.toFixed(decimals, Money.ROUND_DOWN) : value;
}

/** "up", "down" or "flat" for a percent-change string such as "-1.25". */
export function trendOf(change: string): 'up' | 'down' | 'flat' {
  const value = Number(change);
  if (!Number.isFinite(value) || value === 0) return 'flat';
  return value > 0 ? 'up' : 'down';
}

/** "+1.25%" / "-0.40%" / "0.00%". */
export function formatChange(change: string): string {
  const value = Number(change);
  if (!Number.isFinite(value)) return '--';
  return `${value > 0 ? '+' : ''}${value.toFixed(2)}%`;
}

/** The spec's short number form (above 1e6 in M, above 1e3 in K, one decimal); smaller volumes truncated to 4 decimals. */
export const formatVolume = (volume: string): string => (money(volume).abs().greaterThan(1e3) ? formatCount(volume) : displayBalance(volume));

/** Base and quote coin of "BTC/USDT". */
export function coinsOf(symbol: string): { base: string; quote: string } {
  const [base = symbol, quote = ''] = symbol.split('/');
  return { base, quote };
}

export const timeOf = (ms: number) => new Date(ms).toLocaleTimeString([], { hour12: false });
