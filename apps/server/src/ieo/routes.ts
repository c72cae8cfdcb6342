import { ieoDetailInput, ieoListInput, ieoOrderInput, ieoOrderListInput } from '@fairex/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { currentUser, requireUser, tokenOf, userOfToken } from '../accounts/sessions.ts';
import type { AppContext } from '../app-context.ts';
import { ok } from '../http/envelope.ts';
import { parse } from '../http/errors.ts';
import { claimOf, once } from '../http/idempotency.ts';

/** IEO under the spec's /project* paths (spec section 7). The project list and detail are public. */
export function ieoRoutes(app: FastifyInstance, ctx: AppContext) {
  const auth = { preHandler: requireUser(ctx.db) };
  const data = (request: { query: unknown; body: unknown }) => ({ ...(request.query as object), ...(request.body as object) });
  /** Public calls fill the user's own figures when a live session comes along; any other token reads as logged out. */
  const optionalUserId = async (request: FastifyRequest) => {
    const token = tokenOf(request);
    const user = token ? await userOfToken(ctx.db, token) : undefined;
    return user && !user.frozen ? user.id : undefined;
  };

  app.get('/project', async (request) => ok(await ctx.ieo.list(await optionalUserId(request), parse(ieoListInput, request.query))));

  app.get('/project/detail', async (request) => ok(await ctx.ieo.detail(await optionalUserId(request), parse(ieoDetailInput, request.query).project_id)));

  app.post('/project/order', auth, async (request) => {
    const input = parse(ieoOrderInput, data(request));
    return ok(await once(ctx.db, claimOf(request, 'ieo', input), (transact) => ctx.ieo.subscribe(currentUser(request).id, input, transact)));
  });

  app.get('/user/project/order', auth, async (request) => ok(await ctx.ieo.orders(currentUser(request).id, parse(ieoOrderListInput, request.query))));
}
