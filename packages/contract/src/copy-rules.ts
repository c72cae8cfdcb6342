/**
 * Copy trading (spec sections 3, 5 and 9: copy ratio rounding, trader statistics): the rules the server
 * mirrors, shares profit and computes statistics by, and the follow form previews with.
 *
 * Worked examples (a BTC futures symbol: lots 1 to 1,000):
 *  - Ratio rounding: a fixed multiple above 1 that is not a whole number is rounded half-up to two
 *    decimals (1.255 -> 1.26, 2.5 stays 2.5, 3 stays 3); at or below 1 it is kept to four decimals
 *    (0.33333 -> 0.3333). Fixed lots are whole numbers.
 *  - Copied lots: a trader opening 3 lots gives a 1.5x follower floor(3 x 1.5) = 4 lots and a 0.2x follower
 *    floor(0.6) = 0, below the minimum of 1: skipped ("lots_below_minimum"). A fixed-lots follower of 5 gets
 *    5 whatever the trader opens. Either is capped at the symbol's maximum (1,000).
 *  - Profit share at 10 % on a copy closed with the trader: P&L 120, opening fee 1.5, overnight fee 0.5:
 *    net 118, share 11.8 (rounded down to the coin's unit). A copy that lost, or broke even after fees,
 *    shares nothing.
 *  - The same share whatever closed a copy still following its trader (review 2026-11-27): its
 *    follower's liquidation, the account-level settlement of another position, an overnight fee it could
 *    not pay. A follower with 143 holds a copied long of 10 lots x100 at 65,000 (margin 65, fee 6.5) and
 *    an own short alike; at 66,950 the short's close cannot pay its -130, so the copy closes with it
 *    (reason account): P&L 195, net 188.5, share 18.85, paid from the 130 the follower keeps. A share is
 *    paid from what the close leaves the follower, never more: a copied short of 1 lot x5 (fee 0.65)
 *    liquidated at 60,000 with an own long of 10 lots x100 leaves the account 255 short (the insurance
 *    fund pays that); the copy's net 49.35 would owe 4.935 and pays 0.
 *  - Self-hold (review 2026-11-27, money 10: taking a winning copy over dodged the share): the share is
 *    settled at that moment on the profit so far, at the mark then (the tick is cited), and the copy is
 *    the follower's from then on (its later gains or losses share nothing). Long 6 lots x 0.01 BTC opened
 *    at 65,000, mark 66,000: P&L 60, opening fee 3.9, overnight 0: net 56.1, share at 10 % 5.61. At a
 *    mark of 64,000 (a loss) the share is 0, as a losing copy closed with the trader shares nothing.
 *  - Followers counted (fairness 5, "Minor": a follow needs no balance, so empty accounts could inflate
 *    the count): a follow counts among a trader's followers only while it holds funds, that is its
 *    follower has a contract account balance above zero or holds an open copy of the trader
 *    (`followHoldsFunds`). A follow of an account emptied to 0 with no copy open counts again once funded.
 *  - Statistics, from the trader's own closed positions only (copies excluded), net of fees: closed
 *    positions of net +100 (long), -40 (short), +20 (short) on margins 500, 400, 100 give total P&L 80,
 *    total return 80 / 1,000 = 8.00 %, accuracy 2 / 3 = 66.67 %, 2 profitable orders, 1 successful long,
 *    1 successful short, 3 orders.
 */
import { Decimal } from 'decimal.js';
import { profitLoss, type ContractSide } from './contract-rules.ts';
import { isPositive, money, roundTo, sum, toAmountString, truncateTo, type MoneyInput } from './money.ts';

export const COPY_TYPES = ['multiple', 'lots'] as const;
/** Fixed multiple of the trader's lots, or a fixed number of lots per copy. */
export type CopyType = (typeof COPY_TYPES)[number];
export const COPY_FOLLOW_STATUSES = ['following', 'cancelled'] as const;
export type CopyFollowStatus = (typeof COPY_FOLLOW_STATUSES)[number];
export const COPY_TRADER_STATUSES = ['pending', 'approved', 'rejected', 'revoked'] as const;
export type CopyTraderStatus = (typeof COPY_TRADER_STATUSES)[number];
/** Why a follower got no copy of a trader's position. */
export const COPY_SKIP_REASONS = ['insufficient_balance', 'lots_below_minimum', 'trader_closed'] as const;
export type CopySkipReason = (typeof COPY_SKIP_REASONS)[number];
/** Largest fixed multiple and fixed lots the settings may allow; the profit share is at most 50 %. */
export const COPY_RATIO_LIMIT = 100;
export const COPY_LOTS_LIMIT = 1000;
export const COPY_TRADERS_PER_FOLLOWER_LIMIT = 100;
export const COPY_PROFIT_SHARE_MAX = 0.5;
/** Longest reason an operator gives when refusing or revoking a trader. */
export const COPY_REASON_LENGTH_MAX = 200;
/** The agreement pages a trader accepts, by language. */
export const COPY_AGREEMENTS = ['zh', 'en'] as const;
/** How the trader list can be ordered. */
export const COPY_SORTS = ['return', 'profit', 'accuracy', 'followers'] as const;
/** Days of daily P&L a trader's chart shows. */
export const COPY_SERIES_DAYS = 30;
/** Percent figures (return, accuracy) carry two decimals. */
export const COPY_PERCENT_DECIMALS = 2;

/**
 * The follow's number as kept: a multiple above 1 and not whole rounded half-up to 2 decimals, one at or
 * below 1 to 4; lots whole. Null when nothing positive is left (the caller refuses it).
 */
export function normalizeCopyNumber(type: CopyType, input: MoneyInput): string | null {
  const n = money(input);
  if (!n.isFinite() || n.lte(0)) return null;
  if (type === 'lots') return n.isInteger() ? toAmountString(n) : null;
  const kept = n.gt(1) && !n.isInteger() ? n.toDecimalPlaces(2, Decimal.ROUND_HALF_UP) : n.toDecimalPlaces(4, Decimal.ROUND_HALF_UP);
  return kept.gt(0) ? toAmountString(kept) : null;
}

/** Lots a follower's copy opens with, or why there is none. */
export function copyLots(input: { type: CopyType; number: MoneyInput; traderLots: number; lotsMin: number; lotsMax: number }): { lots: number } | { skip: 'lots_below_minimum' } {
  const wanted = input.type === 'lots' ? money(input.number) : money(input.traderLots).times(input.number).floor();
  const lots = Math.min(wanted.toNumber(), input.lotsMax);
  return lots < input.lotsMin ? { skip: 'lots_below_minimum' } : { lots };
}

/** A closed position's net result: P&L less its opening fee and overnight fees. */
export const netProfit = (p: { profit: MoneyInput; fee: MoneyInput; overnightFee: MoneyInput }) => toAmountString(money(p.profit).minus(p.fee).minus(p.overnightFee));

/** The trader's share of a copy closed with the trader: rate x its net profit, rounded down to the coin's unit; 0 without a profit. */
export function profitShare(net: MoneyInput, rate: MoneyInput, decimals: number): string {
  const n = money(net);
  if (n.lte(0) || money(rate).lte(0)) return '0';
  return truncateTo(n.times(rate), decimals);
}

/** The share due when a follower takes a copy over: profitShare of its net result at the mark then. */
export function selfHoldShare(p: { side: ContractSide; openPrice: MoneyInput; markPrice: MoneyInput; lots: MoneyInput; contractSize: MoneyInput; fee: MoneyInput; overnightFee: MoneyInput }, rate: MoneyInput, decimals: number) {
  const profit = profitLoss(p.side, p.openPrice, p.markPrice, p.lots, p.contractSize);
  return { profit, share: profitShare(netProfit({ profit, fee: p.fee, overnightFee: p.overnightFee }), rate, decimals) };
}

/** Whether a follow counts among its trader's followers: its follower holds funds for copying (the repository counts by the same). */
export const followHoldsFunds = (f: { contractBalance: MoneyInput; openCopies: number }) => isPositive(f.contractBalance) || f.openCopies > 0;

/** One day's closed positions of one side, as the statistics query groups them (net of fees). */
export type TraderDay = { day: string; side: 'long' | 'short'; orders: number; wins: number; profit: string; margin: string };

export type TraderFigures = {
  total_profit: string;
  /** Percent of the margin the closed positions committed. */
  total_return: string;
  /** Percent of closed positions that made a net profit. */
  accuracy: string;
  profitable_orders: number;
  long_wins: number;
  short_wins: number;
  total_orders: number;
  /** Positions closed on `yesterday` (the operator's calendar day). */
  yesterday_trades: number;
  /** The last COPY_SERIES_DAYS days up to `today`: each day's net P&L and the running total since the first trade. */
  series: { day: string; profit: string; cumulative: string }[];
};

const percent = (part: MoneyInput, whole: MoneyInput) =>
  money(whole).isZero() ? roundTo(0, COPY_PERCENT_DECIMALS) : roundTo(money(part).dividedBy(whole).times(100), COPY_PERCENT_DECIMALS);

/** The statistics of a trader from their closed own positions grouped by day and side. */
export function traderFigures(days: readonly TraderDay[], today: string, yesterday: string, seriesDays: string[]): TraderFigures {
  const orders = days.reduce((t, d) => t + d.orders, 0);
  const wins = days.reduce((t, d) => t + d.wins, 0);
  const totalProfit = sum(days.map((d) => d.profit));
  const byDay = new Map<string, string>();
  for (const d of days) byDay.set(d.day, toAmountString(money(byDay.get(d.day) ?? 0).plus(d.profit)));
  const first = seriesDays[0] ?? today;
  let running = money(sum(days.filter((d) => d.day < first).map((d) => d.profit)));
  const series = seriesDays.map((day) => {
    const profit = byDay.get(day) ?? '0';
    running = running.plus(profit);
    return { day, profit: toAmountString(profit), cumulative: toAmountString(running) };
  });
  return {
    total_profit: totalProfit,
    total_return: percent(totalProfit, sum(days.map((d) => d.margin))),
    accuracy: percent(wins, orders),
    profitable_orders: wins,
    long_wins: days.filter((d) => d.side === 'long').reduce((t, d) => t + d.wins, 0),
    short_wins: days.filter((d) => d.side === 'short').reduce((t, d) => t + d.wins, 0),
    total_orders: orders,
    yesterday_trades: days.filter((d) => d.day === yesterday).reduce((t, d) => t + d.orders, 0),
    series,
  };
}
