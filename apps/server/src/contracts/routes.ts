import {
  contractBatchCloseInput,
  contractCloseInput,
  contractDealAllInput,
  contractDealInput,
  contractMyTradeInput,
  contractSetStopInput,
  contractSubmitInput,
} from '@fairex/contract';
import type { FastifyInstance } from 'fastify';
import { currentUser, requireUser } from '../accounts/sessions.ts';
import type { AppContext } from '../app-context.ts';
import { ok } from '../http/envelope.ts';
import { parse } from '../http/errors.ts';
import { claimOf, once } from '../http/idempotency.ts';

/** Contracts (futures and stocks): the spec's legacy /lever/* calls (section 7), one line each. */
export function contractRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'contracts' | 'db'>) {
  const auth = { preHandler: requireUser(ctx.db) };
  const data = (request: { query: unknown; body: unknown }) => ({ ...(request.query as object), ...(request.body as object) });

  app.post('/lever/deal', auth, async (request) => ok(await ctx.contracts.deal(currentUser(request).id, parse(contractDealInput, data(request)))));

  app.post('/lever/submit', auth, async (request) => {
    const input = parse(contractSubmitInput, data(request));
    return ok(await once(ctx.db, claimOf(request, 'order', input), (transact) => ctx.contracts.submit(currentUser(request).id, input, transact)));
  });

  app.post('/lever/close', auth, async (request) => ok(await ctx.contracts.close(currentUser(request).id, parse(contractCloseInput, data(request)).id)));
  app.post('/lever/batch_close', auth, async (request) => ok(await ctx.contracts.batchClose(currentUser(request).id, parse(contractBatchCloseInput, data(request)))));
  app.post('/lever/setstop', auth, async (request) => ok(await ctx.contracts.setStop(currentUser(request).id, parse(contractSetStopInput, data(request)))));
  app.post('/lever/dealall', auth, async (request) => ok(await ctx.contracts.dealAll(currentUser(request).id, parse(contractDealAllInput, data(request)))));
  app.post('/lever/my_trade', auth, async (request) => ok(await ctx.contracts.myTrade(currentUser(request).id, parse(contractMyTradeInput, data(request)))));
}
