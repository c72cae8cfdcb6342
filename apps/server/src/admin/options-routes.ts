/**
 * Back-office seconds options: durations and exposure limits (admin only, logged); the overview (open
 * exposure, pool balance) and the order search for every role. Read-only for orders: no route writes
 * an order's outcome (test/options/no-override.test.ts checks the route table).
 */
import { optionDurationInput, optionExposureInput, optionOrderSearchInput } from '@fairex/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { ok } from '../http/envelope.ts';
import { parse } from '../http/errors.ts';
import { editDuration, editExposure, optionsOverview, searchOptionOrders } from '../options/back-office.ts';
import { ALL_ROLES, currentOperator, requireOperator } from './operators.ts';

export function adminOptionsRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'db'>) {
  const adminOnly = { preHandler: requireOperator(ctx.db, ['admin']) };
  const anyOperator = { preHandler: requireOperator(ctx.db, ALL_ROLES) };

  app.get('/options', anyOperator, async () => ok(await optionsOverview(ctx)));
  app.post('/options/durations', adminOnly, async (request) => ok(await editDuration(ctx, currentOperator(request), parse(optionDurationInput, request.body))));
  app.post('/options/exposure', adminOnly, async (request) => ok(await editExposure(ctx, currentOperator(request), parse(optionExposureInput, request.body))));
  app.get('/options/orders', anyOperator, async (request) => ok(await searchOptionOrders(ctx, parse(optionOrderSearchInput, request.query))));
}
