import { optionListInput, optionResultInput, optionSubmitInput } from '@fairex/contract';
import type { FastifyInstance } from 'fastify';
import { currentUser, requireUser } from '../accounts/sessions.ts';
import type { AppContext } from '../app-context.ts';
import { ok } from '../http/envelope.ts';
import { parse } from '../http/errors.ts';
import { claimOf, once } from '../http/idempotency.ts';

/** Seconds options under the spec's legacy /microtrade/* paths (spec section 7). */
export function optionRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'db' | 'options'>) {
  const auth = { preHandler: requireUser(ctx.db) };
  const data = (request: { query: unknown; body: unknown }) => ({ ...(request.query as object), ...(request.body as object) });

  app.get('/microtrade/seconds', auth, async () => ok(await ctx.options.seconds()));

  app.get('/microtrade/payable_currencies', auth, async (request) => ok(await ctx.options.payableCurrencies(currentUser(request).id)));

  app.post('/microtrade/submit', auth, async (request) => {
    const input = parse(optionSubmitInput, data(request));
    return ok(await once(ctx.db, claimOf(request, 'option', input), (transact) => ctx.options.submit(currentUser(request).id, input, transact)));
  });

  app.get('/microtrade/lists', auth, async (request) => ok(await ctx.options.list(currentUser(request).id, parse(optionListInput, request.query))));

  app.get('/microtrade/get_result', auth, async (request) => ok(await ctx.options.result(currentUser(request).id, parse(optionResultInput, request.query).id)));
}
