/**
 * Back-office loans under /api/admin/loans: products and pool funding written by admins (logged), the
 * overview, the loans with their LTV and the liquidations read by every operator role. No route writes a
 * loan, a charge, a margin call or a liquidation.
 */
import { loanAdminListInput, loanLiquidationListInput, loanPoolFundingInput, loanProductInput } from '@fairex/contract';
import type { FastifyInstance } from 'fastify';
import { ALL_ROLES, currentOperator, requireOperator } from '../admin/operators.ts';
import type { AppContext } from '../app-context.ts';
import { ok } from '../http/envelope.ts';
import { parse } from '../http/errors.ts';
import { fundLoanPoolFromEquity, loansOverview, saveLoanProduct, searchLiquidations, searchLoans } from './back-office.ts';

export function adminLoanRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'clock' | 'db' | 'loans'>) {
  const adminOnly = { preHandler: requireOperator(ctx.db, ['admin']) };
  const anyOperator = { preHandler: requireOperator(ctx.db, ALL_ROLES) };

  app.get('/loans', anyOperator, async () => ok(await loansOverview(ctx)));
  app.post('/loans/products', adminOnly, async (request) => ok(await saveLoanProduct(ctx, currentOperator(request), parse(loanProductInput, request.body))));
  app.post('/loans/pool', adminOnly, async (request) => ok(await fundLoanPoolFromEquity(ctx, currentOperator(request), parse(loanPoolFundingInput, request.body))));
  app.get('/loans/loans', anyOperator, async (request) => ok(await searchLoans(ctx, request.lang, parse(loanAdminListInput, request.query))));
  app.get('/loans/liquidations', anyOperator, async (request) => ok(await searchLiquidations(ctx, request.lang, parse(loanLiquidationListInput, request.query))));
}
