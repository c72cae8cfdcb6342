/**
 * The public transparency page's answer (GET /api/transparency): the ledger audit's last run, the proof
 * of liabilities roots, the index feed's sources and freshness, the tick-chain heads, the insurance
 * fund, the market maker and the operator log's daily heads, each computed from stored rows at the time
 * of asking. The feed's live sources are the core process's memory (the route is a core route in a
 * cluster: cluster/wiring.ts); everything else is read from the database.
 */
import {
  DAY_MS,
  TRANSPARENCY_DAYS_DEFAULT,
  TRANSPARENCY_INSURANCE_DAYS,
  TRANSPARENCY_LOG_HEADS_MAX,
  TRANSPARENCY_TICK_DAYS,
  type TransparencyAnswer,
  type TransparencyFeedSymbol,
  utcDay,
} from '@fairex/contract';
import { recentHeads } from '../admin/operator-log-chain.ts';
import type { AppContext } from '../app-context.ts';
import type { Executor } from '../db/client.ts';
import { latestAuditRun } from '../ledger/audit-runs.ts';
import { recentSnapshots } from '../liabilities/repository.ts';
import { INDEX_SOURCES_MIN, type IndexStatus } from '../markets/index-rules.ts';
import { chainHeads, listSymbols } from '../markets/repository.ts';
import { findMarketMakerId, MARKET_MAKER_ACCOUNT } from '../spot/market-maker.ts';
import { dayStart, fundingFromSystem, holdingsOf, insuranceFundByDay, openOrdersBySymbol } from './repository.ts';

/** The end of time for "the last tick ever recorded" (chainHeads' open upper bound). */
const TIME_MAX = Number.MAX_SAFE_INTEGER;

export type TransparencyContext = Pick<AppContext, 'db' | 'clock' | 'limits' | 'config' | 'markets'>;

export async function transparencyAnswer(ctx: TransparencyContext): Promise<TransparencyAnswer> {
  const now = ctx.clock();
  const [audit, liabilities, feed, tickHeads, insurance, marketMaker, operatorLog] = await Promise.all([
    latestAuditRun(ctx.db),
    recentSnapshots(ctx.db, TRANSPARENCY_DAYS_DEFAULT, now),
    feedOf(ctx, now),
    tickHeadsByDay(ctx.db, now),
    insuranceFundByDay(ctx.db, now, TRANSPARENCY_INSURANCE_DAYS),
    marketMakerOf(ctx.db),
    recentHeads(ctx.db, TRANSPARENCY_LOG_HEADS_MAX),
  ]);
  return {
    generated_at: new Date(now).toISOString(),
    audit,
    liabilities,
    feed,
    tick_heads: tickHeads,
    insurance_fund: insurance,
    market_maker: marketMaker,
    operator_log: operatorLog,
  };
}

/**
 * Each enabled symbol's index: the feed's sources with whether each is live now (the public feed's
 * per-source states; the simulation is its one source), and the last recorded tick's age against the
 * freshness limit every settlement applies.
 */
async function feedOf(ctx: TransparencyContext, now: number): Promise<TransparencyAnswer['feed']> {
  const [symbols, last] = await Promise.all([listSymbols(ctx.db), chainHeads(ctx.db, 0, TIME_MAX)]);
  const freshMs = ctx.limits.indexFreshMs;
  const rows: TransparencyFeedSymbol[] = symbols.map((s) => {
    const status = ctx.markets.feed.status(s.symbol);
    const tick = last.find((h) => h.symbol === s.symbol);
    const age = tick === undefined ? null : Math.max(0, now - tick.time);
    return {
      symbol: s.symbol,
      kind: s.kind,
      available: status.available,
      sources: sourcesOf(status),
      sources_required: status.available ? (ctx.config.priceFeed === 'public' ? INDEX_SOURCES_MIN : 1) : status.required,
      last_tick_at: tick === undefined ? null : new Date(tick.time).toISOString(),
      age_ms: age,
      fresh: age !== null && age <= freshMs,
    };
  });
  return { kind: ctx.config.priceFeed, fresh_ms: freshMs, symbols: rows };
}

/** The public feed lists every expected source with its state; otherwise the sources in use are the live ones. */
export function sourcesOf(status: IndexStatus) {
  if (status.quotes) return status.quotes.map((q) => ({ name: q.source, live: q.status === 'live' }));
  return status.sources.map((name) => ({ name, live: status.available }));
}

/** Each symbol's chain head for each of the last TRANSPARENCY_TICK_DAYS UTC days, newest day first. */
async function tickHeadsByDay(db: Executor, now: number): Promise<TransparencyAnswer['tick_heads']> {
  const today = dayStart(now);
  const days = Array.from({ length: TRANSPARENCY_TICK_DAYS }, (_, i) => today - i * DAY_MS);
  return Promise.all(days.map(async (from) => ({ day: utcDay(from), heads: await chainHeads(db, from, from + DAY_MS) })));
}

async function marketMakerOf(db: Executor): Promise<TransparencyAnswer['market_maker']> {
  const id = await findMarketMakerId(db);
  if (id === undefined) return null;
  const [holdings, openOrders, funding] = await Promise.all([holdingsOf(db, id), openOrdersBySymbol(db, id), fundingFromSystem(db, id)]);
  return { account: MARKET_MAKER_ACCOUNT, holdings, open_orders: openOrders, funding };
}
