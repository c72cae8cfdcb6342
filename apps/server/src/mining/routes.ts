import { miningConfigInput, miningDepositInput, miningOrderListInput, miningRedeemInput } from '@fairex/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { currentUser, requireUser, tokenOf, userOfToken } from '../accounts/sessions.ts';
import type { AppContext } from '../app-context.ts';
import { ok } from '../http/envelope.ts';
import { parse } from '../http/errors.ts';
import { claimOf, once } from '../http/idempotency.ts';

/** Lock-up mining under the spec's legacy /lh/* paths (spec section 7). */
export function miningRoutes(app: FastifyInstance, ctx: AppContext) {
  const auth = { preHandler: requireUser(ctx.db) };
  const data = (request: { query: unknown; body: unknown }) => ({ ...(request.query as object), ...(request.body as object) });
  /** A public route's reader: the user of a valid token, else nobody (a stale token reads as logged out, not as an error). */
  const reader = async (request: FastifyRequest) => {
    const token = tokenOf(request);
    const user = token ? await userOfToken(ctx.db, token) : undefined;
    return user && !user.frozen ? user.id : undefined;
  };

  app.get('/lh/deposit/config', async (request) => ok(await ctx.mining.products(request.lang, parse(miningConfigInput, request.query).category, await reader(request))));

  app.post('/lh/deposit', auth, async (request) => {
    const input = parse(miningDepositInput, data(request));
    return ok(await once(ctx.db, claimOf(request, 'mining', input), (transact) => ctx.mining.deposit(currentUser(request).id, request.lang, input, transact)));
  });

  app.get('/lh/deposit/order', auth, async (request) => ok(await ctx.mining.orders(currentUser(request).id, request.lang, parse(miningOrderListInput, request.query))));

  app.post('/lh/deposit/order/cancel', auth, async (request) => {
    const input = parse(miningRedeemInput, data(request));
    return ok(await once(ctx.db, claimOf(request, 'mining', input), (transact) => ctx.mining.redeem(currentUser(request).id, request.lang, input.id, transact)));
  });
}
