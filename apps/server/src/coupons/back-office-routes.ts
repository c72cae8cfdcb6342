/**
 * Back-office coupons under /api/admin/coupons: batches created and switched by admins (logged); the
 * overview, batches and claimed coupons read by every operator role.
 */
import { adminCouponBatchListInput, adminCouponListInput, couponBatchEnabledInput, couponBatchInput } from '@fairex/contract';
import type { FastifyInstance } from 'fastify';
import { ALL_ROLES, currentOperator, requireOperator } from '../admin/operators.ts';
import type { AppContext } from '../app-context.ts';
import { ok } from '../http/envelope.ts';
import { parse } from '../http/errors.ts';
import { couponsOverview, createBatch, searchBatches, searchCoupons, switchBatch } from './back-office.ts';

export function adminCouponRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'clock' | 'db'>) {
  const adminOnly = { preHandler: requireOperator(ctx.db, ['admin']) };
  const anyOperator = { preHandler: requireOperator(ctx.db, ALL_ROLES) };

  app.get('/coupons', anyOperator, async () => ok(await couponsOverview(ctx.db)));
  app.get('/coupons/batches', anyOperator, async (request) => ok(await searchBatches(ctx.db, parse(adminCouponBatchListInput, request.query))));
  app.post('/coupons/batches', adminOnly, async (request) => ok(await createBatch(ctx, currentOperator(request), parse(couponBatchInput, request.body))));
  app.post('/coupons/batches/enabled', adminOnly, async (request) => ok(await switchBatch(ctx, currentOperator(request), parse(couponBatchEnabledInput, request.body))));
  app.get('/coupons/claims', anyOperator, async (request) => ok(await searchCoupons(ctx.db, request.lang, parse(adminCouponListInput, request.query))));
}
