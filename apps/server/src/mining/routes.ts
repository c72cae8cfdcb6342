import { miningConfigInput, miningDepositInput, miningOrderListInput, miningRedeemInput } from '@fairex/contract';
import type { FastifyInstance } from 'fastify';
import { currentUser, optionalUserId, requireUser } from '../accounts/sessions.ts';
import type { AppContext } from '../app-context.ts';
import { ok } from '../http/envelope.ts';
import { parse } from '../http/errors.ts';
import { claimOf, once } from '../http/idempotency.ts';

/** Lock-up mining under the spec's legacy /lh/* paths (spec section 7). */
export function miningRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'db' | 'mining'>) {
  const auth = { preHandler: requireUser(ctx.db) };
  const data = (request: { query: unknown; body: unknown }) => ({ ...(request.query as object), ...(request.body as object) });

  app.get('/lh/deposit/config', async (request) => ok(await ctx.mining.products(request.lang, parse(miningConfigInput, request.query).category, await optionalUserId(ctx.db, request))));

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
