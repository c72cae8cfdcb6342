/**
 * Back-office IEO under /api/admin/ieo: projects and new token coins (admin only, logged); the overview,
 * projects and orders for every operator role. Orders are read-only: no route writes an order or an
 * allocation (test/ieo/back-office.test.ts checks the route table). The runs of ieo.allocate and
 * ieo.release are read at /api/admin/wealth/runs?job=.
 */
import { ieoListInput, ieoProjectInput, ieoTokenInput, wealthAdminListInput } from '@fairex/contract';
import type { FastifyInstance } from 'fastify';
import { ALL_ROLES, currentOperator, requireOperator } from '../admin/operators.ts';
import type { AppContext } from '../app-context.ts';
import { ok } from '../http/envelope.ts';
import { parse } from '../http/errors.ts';
import { createToken, ieoOverview, pageAdminOrders, pageAdminProjects, saveProject } from './back-office.ts';

export function adminIeoRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'clock' | 'db'>) {
  const adminOnly = { preHandler: requireOperator(ctx.db, ['admin']) };
  const anyOperator = { preHandler: requireOperator(ctx.db, ALL_ROLES) };

  app.get('/ieo', anyOperator, async () => ok(await ieoOverview(ctx)));
  app.get('/ieo/projects', anyOperator, async (request) => ok(await pageAdminProjects(ctx, parse(ieoListInput, request.query))));
  app.post('/ieo/projects', adminOnly, async (request) => ok(await saveProject(ctx, currentOperator(request), parse(ieoProjectInput, request.body))));
  app.post('/ieo/tokens', adminOnly, async (request) => ok(await createToken(ctx, currentOperator(request), parse(ieoTokenInput, request.body))));
  app.get('/ieo/orders', anyOperator, async (request) => ok(await pageAdminOrders(ctx, parse(wealthAdminListInput, request.query))));
}
