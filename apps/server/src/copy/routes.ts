import {
  followApplyInput,
  followCancelInput,
  followIndexInput,
  followInput,
  historyTradeInput,
  myCopiesInput,
  myFollowsInput,
  mySkipsInput,
  selfHoldingInput,
  traderIdInput,
} from '@fairex/contract';
import type { FastifyInstance } from 'fastify';
import { currentUser, optionalUserId, requireUser } from '../accounts/sessions.ts';
import type { AppContext } from '../app-context.ts';
import { ok } from '../http/envelope.ts';
import { parse } from '../http/errors.ts';

/**
 * Copy trading: the spec's /follow/* calls (section 7), and the ones its screens need that it does not
 * name (apply, me, myFollows, myCopies, mySkips). The trader list, a trader and their trades are public.
 */
export function copyRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'copy' | 'db'>) {
  const auth = { preHandler: requireUser(ctx.db) };
  const data = (request: { query: unknown; body: unknown }) => ({ ...(request.query as object), ...(request.body as object) });

  app.get('/follow/index', async (request) => ok(await ctx.copy.index(await optionalUserId(ctx.db, request), parse(followIndexInput, request.query))));
  app.get('/follow/traderDetail', async (request) =>
    ok(await ctx.copy.traderDetail(await optionalUserId(ctx.db, request), parse(traderIdInput, request.query).trader_user_id)),
  );
  app.get('/follow/historyTrade', async (request) => {
    const input = parse(historyTradeInput, request.query);
    return ok(await ctx.copy.historyTrade(input.trader_user_id, input.page));
  });

  app.post('/follow/follow', auth, async (request) => ok(await ctx.copy.follow(currentUser(request).id, parse(followInput, data(request)))));
  app.post('/follow/cancel', auth, async (request) => ok(await ctx.copy.cancel(currentUser(request).id, parse(followCancelInput, data(request)).follow_user_id)));
  app.post('/follow/selfHolding', auth, async (request) => ok(await ctx.copy.selfHold(currentUser(request).id, parse(selfHoldingInput, data(request)).transaction_id)));
  app.post('/follow/apply', auth, async (request) => ok(await ctx.copy.apply(currentUser(request).id, parse(followApplyInput, data(request)))));
  app.get('/follow/me', auth, async (request) => ok(await ctx.copy.me(currentUser(request).id)));
  app.get('/follow/myFollows', auth, async (request) => ok(await ctx.copy.myFollows(currentUser(request).id, parse(myFollowsInput, request.query))));
  app.get('/follow/myCopies', auth, async (request) => ok(await ctx.copy.myCopies(currentUser(request).id, parse(myCopiesInput, request.query))));
  app.get('/follow/mySkips', auth, async (request) => ok(await ctx.copy.mySkips(currentUser(request).id, parse(mySkipsInput, request.query).page)));
}
