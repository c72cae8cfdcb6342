import { timesharInput } from '@fairex/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { ok } from '../http/envelope.ts';
import { DomainError, parse } from '../http/errors.ts';

export function marketRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/currency/quotation_new', async () => ok(ctx.spot.withTradingRules(await ctx.markets.quotations())));

  /** Candles between `from` and `to` (epoch seconds), oldest first, at most CANDLES_PER_REQUEST_MAX. */
  app.get('/currency/new_timeshar', async (request) => {
    const input = parse(timesharInput, request.query);
    const symbol = ctx.markets.symbolByName(input.symbol);
    if (!symbol) throw new DomainError('not_found');
    return ok(await ctx.markets.candles(symbol, input.period, input.from * 1000, input.to * 1000));
  });
}
