/**
 * Back-office lock-up mining under /api/admin/mining: products and rates written by admins (logged),
 * the overview and the order search read by every operator role. The runs of the payout job are at
 * GET /api/admin/wealth/runs?job=mining.payout (wealth/back-office-routes.ts). No route writes an
 * order, a payout or a result.
 */
import { miningAdminOrderListInput, miningProductInput, miningRateInput } from '@fairex/contract';
import type { FastifyInstance } from 'fastify';
import { ALL_ROLES, currentOperator, requireOperator } from '../admin/operators.ts';
import type { AppContext } from '../app-context.ts';
import { ok } from '../http/envelope.ts';
import { parse } from '../http/errors.ts';
import { miningOverview, publishMiningRate, saveMiningProduct, searchMiningOrders } from './back-office.ts';

export function adminMiningRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'clock' | 'db'>) {
  const adminOnly = { preHandler: requireOperator(ctx.db, ['admin']) };
  const anyOperator = { preHandler: requireOperator(ctx.db, ALL_ROLES) };

  app.get('/mining', anyOperator, async () => ok(await miningOverview(ctx)));
  app.post('/mining/products', adminOnly, async (request) => ok(await saveMiningProduct(ctx, currentOperator(request), parse(miningProductInput, request.body))));
  app.post('/mining/rates', adminOnly, async (request) => ok(await publishMiningRate(ctx, currentOperator(request), parse(miningRateInput, request.body))));
  app.get('/mining/orders', anyOperator, async (request) => ok(await searchMiningOrders(ctx, request.lang, parse(miningAdminOrderListInput, request.query))));
}
