import { INDEX_CANDLES_SPAN_MS, timesharInput } from '@fairex/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { ok } from '../http/envelope.ts';
import { DomainError, parse } from '../http/errors.ts';

const MINUTE_MS = 60_000;
/** The lengths of the periods index candles come in (INDEX_CANDLE_PERIODS). */
const PERIOD_MS: Partial<Record<string, number>> = { '1min': MINUTE_MS, '5min': 5 * MINUTE_MS, '15min': 15 * MINUTE_MS, '30min': 30 * MINUTE_MS, '60min': 60 * MINUTE_MS };

export function marketRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'markets' | 'spot'>) {
  app.get('/currency/quotation_new', async () => ok(ctx.spot.withTradingRules(await ctx.markets.quotations())));

  /**
   * Candles between `from` and `to` (epoch seconds), oldest first, at most CANDLES_PER_REQUEST_MAX: the
   * stored ones, or with source=index the index's own from its ticks (the last INDEX_CANDLES_SPAN_MS).
   */
  app.get('/currency/new_timeshar', async (request) => {
    const input = parse(timesharInput, request.query);
    const symbol = ctx.markets.symbolByName(input.symbol);
    if (!symbol) throw new DomainError('not_found');
    const [from, to] = [input.from * 1000, input.to * 1000];
    if (input.source === 'index') return ok(await ctx.markets.indexCandles(symbol, PERIOD_MS[input.period]!, Math.max(from, to - INDEX_CANDLES_SPAN_MS), to));
    return ok(await ctx.markets.candles(symbol, input.period, from, to));
  });
}
