import { loanAddCollateralInput, loanBorrowInput, loanHistoryInput, loanListInput, loanRepayInput } from '@fairex/contract';
import type { FastifyInstance } from 'fastify';
import { currentUser, optionalUserId, requireUser } from '../accounts/sessions.ts';
import type { AppContext } from '../app-context.ts';
import { ok } from '../http/envelope.ts';
import { parse } from '../http/errors.ts';
import { claimOf, once } from '../http/idempotency.ts';

/** Crypto-backed loans under /loan/* (the spec names the screen, /pages/common/borrowing, not its calls). */
export function loanRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'db' | 'loans'>) {
  const auth = { preHandler: requireUser(ctx.db) };
  const data = (request: { query: unknown; body: unknown }) => ({ ...(request.query as object), ...(request.body as object) });

  app.get('/loan/products', async (request) => ok(await ctx.loans.products(request.lang, await optionalUserId(ctx.db, request))));

  app.post('/loan/borrow', auth, async (request) => {
    const input = parse(loanBorrowInput, data(request));
    return ok(await once(ctx.db, claimOf(request, 'loan', input), (transact) => ctx.loans.borrow(currentUser(request).id, request.lang, input, transact)));
  });

  app.post('/loan/repay', auth, async (request) => {
    const input = parse(loanRepayInput, data(request));
    return ok(await once(ctx.db, claimOf(request, 'loan', { repay: input }), (transact) => ctx.loans.repay(currentUser(request).id, request.lang, input, transact)));
  });

  app.post('/loan/add_collateral', auth, async (request) => {
    const input = parse(loanAddCollateralInput, data(request));
    return ok(await once(ctx.db, claimOf(request, 'loan', { add_collateral: input }), (transact) => ctx.loans.addCollateral(currentUser(request).id, request.lang, input, transact)));
  });

  app.get('/loan/orders', auth, async (request) => ok(await ctx.loans.loans(currentUser(request).id, request.lang, parse(loanListInput, request.query))));

  app.get('/loan/history', auth, async (request) => ok(await ctx.loans.history(currentUser(request).id, parse(loanHistoryInput, request.query))));
}
