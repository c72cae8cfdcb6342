/**
 * Back-office dual investment (/api/admin/dual/*): products created, edited and cancelled by admins
 * (logged); the overview, products, orders and the settlement job's runs for every operator role.
 * No route sets a settlement price or an order's result (test/invest/no-override.test.ts).
 */
import { dualCancelInput, dualProductInput, wealthAdminListInput } from '@fairex/contract';
import type { FastifyInstance } from 'fastify';
import { ALL_ROLES, currentOperator, requireOperator } from '../admin/operators.ts';
import type { AppContext } from '../app-context.ts';
import { ok } from '../http/envelope.ts';
import { parse } from '../http/errors.ts';
import { pageRuns } from '../wealth/runs.ts';
import { cancelDualProduct, investOverview, pageAdminProducts, saveDualProduct, searchDualOrders } from './back-office.ts';
import { DUAL_SETTLE_JOB } from './settlement.ts';

export function adminInvestRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'db' | 'invest'>) {
  const adminOnly = { preHandler: requireOperator(ctx.db, ['admin']) };
  const anyOperator = { preHandler: requireOperator(ctx.db, ALL_ROLES) };
  // The product's clock: the one its sales and settlements run by.
  const now = () => ctx.invest.options.now();

  app.get('/dual', anyOperator, async () => ok(await investOverview(ctx.db, now())));
  app.get('/dual/products', anyOperator, async (request) => ok(await pageAdminProducts(ctx.db, parse(wealthAdminListInput, request.query), now())));
  app.post('/dual/products', adminOnly, async (request) => ok(await saveDualProduct(ctx.db, currentOperator(request), parse(dualProductInput, request.body), now())));
  app.post('/dual/products/cancel', adminOnly, async (request) => ok(await cancelDualProduct(ctx.db, currentOperator(request), parse(dualCancelInput, request.body).id, now())));
  app.get('/dual/orders', anyOperator, async (request) => ok(await searchDualOrders(ctx.db, parse(wealthAdminListInput, request.query), now())));
  app.get('/dual/runs', anyOperator, async (request) => {
    const { page, limit } = parse(wealthAdminListInput, request.query);
    return ok(await pageRuns(ctx.db, { page, limit, job: DUAL_SETTLE_JOB }));
  });
}
