import { dualBuyInput, dualDetailInput, dualIndexInput, dualListInput } from '@fairex/contract';
import type { FastifyInstance } from 'fastify';
import { currentUser, optionalUserId, requireUser } from '../accounts/sessions.ts';
import type { AppContext } from '../app-context.ts';
import { ok } from '../http/envelope.ts';
import { parse } from '../http/errors.ts';
import { claimOf, once } from '../http/idempotency.ts';

/** Dual investment under the spec's legacy /dual/* paths (spec section 7). */
export function investRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'db' | 'invest'>) {
  const auth = { preHandler: requireUser(ctx.db) };
  const data = (request: { query: unknown; body: unknown }) => ({ ...(request.query as object), ...(request.body as object) });


  app.get('/dual/index', async (request) => ok(await ctx.invest.index(parse(dualIndexInput, request.query), await optionalUserId(ctx.db, request))));

  app.get('/dual/detail', async (request) => ok(await ctx.invest.detail(parse(dualDetailInput, request.query), await optionalUserId(ctx.db, request))));

  app.post('/dual/buyDual', auth, async (request) => {
    const input = parse(dualBuyInput, data(request));
    return ok(await once(ctx.db, claimOf(request, 'dual', input), (transact) => ctx.invest.buy(currentUser(request).id, input, transact)));
  });

  app.post('/dual/dual_list', auth, async (request) => ok(await ctx.invest.list(currentUser(request).id, parse(dualListInput, data(request)))));
}
