import { errorMessage, favouriteAddInput, favouriteDelInput, spotCancelInput, spotListInput, spotTradeInput } from '@fairex/contract';
import type { FastifyInstance } from 'fastify';
import { currentUser, requireUser } from '../accounts/sessions.ts';
import type { AppContext } from '../app-context.ts';
import { soloCluster, type ClusterRole } from '../cluster/cluster.ts';
import { spotLease } from '../cluster/assignment.ts';
import { forwarded } from '../cluster/forward.ts';
import { ok } from '../http/envelope.ts';
import { parse } from '../http/errors.ts';
import { claimOf, onceAround } from '../http/idempotency.ts';
import { marketMakerView } from './market-note.ts';

/**
 * Spot orders (/coin/*) and favourites (/optional/*), spec section 7 "Market and trade". An order or a
 * cancel for a symbol whose book another process holds (a cluster) is answered by that process.
 */
export function spotRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'db' | 'spot'>, cluster: ClusterRole = soloCluster) {
  const auth = { preHandler: requireUser(ctx.db) };
  const data = (request: { query: unknown; body: unknown }) => ({ ...(request.query as object), ...(request.body as object) });

  app.post('/coin/trade', auth, async (request, reply) => {
    const input = parse(spotTradeInput, data(request));
    const symbolId = ctx.spot.symbolOfPair(input.currency_id, input.legal_id);
    if (symbolId !== undefined && !ctx.spot.holds(symbolId) && (await forwarded(cluster, request, reply, spotLease(symbolId)))) return reply;
    return ok(await onceAround(ctx.db, claimOf(request, 'order', input), () => ctx.spot.place(currentUser(request).id, input)));
  });

  app.put('/coin/trade', auth, async (request, reply) => {
    const input = parse(spotCancelInput, data(request));
    const symbolId = await ctx.spot.symbolOfOrder(input.id);
    if (symbolId !== null && !ctx.spot.holds(symbolId) && (await forwarded(cluster, request, reply, spotLease(symbolId)))) return reply;
    await ctx.spot.cancel(currentUser(request).id, input.id);
    return ok(errorMessage('order_cancelled', request.lang));
  });

  // Public: the market page names who quotes the books (logged in or not).
  app.get('/coin/market_maker', async () => ok(await marketMakerView(ctx.db)));

  app.get('/coin/list', auth, async (request) => ok(await ctx.spot.list(currentUser(request).id, parse(spotListInput, request.query))));

  app.post('/optional/add', auth, async (request) => {
    await ctx.spot.addFavourite(currentUser(request).id, parse(favouriteAddInput, data(request)).currency_id);
    return ok(null);
  });

  app.post('/optional/del', auth, async (request) => {
    const input = parse(favouriteDelInput, data(request));
    await ctx.spot.deleteFavourite(currentUser(request).id, { id: input.id, symbolId: input.currency_id });
    return ok(null);
  });

  app.get('/optional/list', auth, async (request) => ok(await ctx.spot.favourites(currentUser(request).id)));
}
