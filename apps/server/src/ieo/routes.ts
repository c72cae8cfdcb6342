import { ieoDetailInput, ieoListInput, ieoOrderInput, ieoOrderListInput } from '@fairex/contract';
import type { FastifyInstance } from 'fastify';
import { currentUser, optionalUserId, requireUser } from '../accounts/sessions.ts';
import type { AppContext } from '../app-context.ts';
import { ok } from '../http/envelope.ts';
import { parse } from '../http/errors.ts';
import { claimOf, once } from '../http/idempotency.ts';

/** IEO under the spec's /project* paths (spec section 7). The project list and detail are public. */
export function ieoRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'db' | 'ieo'>) {
  const auth = { preHandler: requireUser(ctx.db) };
  const data = (request: { query: unknown; body: unknown }) => ({ ...(request.query as object), ...(request.body as object) });

  app.get('/project', async (request) => ok(await ctx.ieo.list(await optionalUserId(ctx.db, request), parse(ieoListInput, request.query), request.lang)));

  app.get('/project/detail', async (request) => ok(await ctx.ieo.detail(await optionalUserId(ctx.db, request), parse(ieoDetailInput, request.query).project_id, request.lang)));

  app.post('/project/order', auth, async (request) => {
    const input = parse(ieoOrderInput, data(request));
    return ok(await once(ctx.db, claimOf(request, 'ieo', input), (transact) => ctx.ieo.subscribe(currentUser(request).id, input, transact)));
  });

  app.get('/user/project/order', auth, async (request) => ok(await ctx.ieo.orders(currentUser(request).id, parse(ieoOrderListInput, request.query))));
}
