import { couponClaimInput, couponMineInput, couponUseInput } from '@fairex/contract';
import type { FastifyInstance } from 'fastify';
import { currentUser, requireUser } from '../accounts/sessions.ts';
import type { AppContext } from '../app-context.ts';
import { ok } from '../http/envelope.ts';
import { parse } from '../http/errors.ts';

/**
 * Coupons (/pages/setting/coupon): the coupon centre, claiming, my coupons and applying a fee discount.
 * An experience coupon is used at the options checkout (POST /microtrade/submit with coupon_id).
 */
export function couponRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'coupons' | 'db'>) {
  const auth = { preHandler: requireUser(ctx.db) };
  const data = (request: { query: unknown; body: unknown }) => ({ ...(request.query as object), ...(request.body as object) });

  app.get('/coupon/centre', auth, async (request) => ok(await ctx.coupons.centre(currentUser(request).id, request.lang)));
  app.post('/coupon/claim', auth, async (request) => ok(await ctx.coupons.claim(currentUser(request).id, request.lang, parse(couponClaimInput, data(request)).batch_id)));
  app.get('/coupon/mine', auth, async (request) => ok(await ctx.coupons.mine(currentUser(request).id, request.lang, parse(couponMineInput, request.query))));
  app.post('/coupon/use', auth, async (request) => ok(await ctx.coupons.use(currentUser(request).id, request.lang, parse(couponUseInput, data(request)).id)));
}
