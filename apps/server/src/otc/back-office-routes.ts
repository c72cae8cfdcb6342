/**
 * Back-office OTC under /api/admin/otc: every operator role reads merchants, methods, ads, orders and
 * the appeals queue (GET /otc/orders?status=appealed); admins and reviewers decide merchants, take ads
 * offline and decide appeals; only admins configure payment methods. Every write is logged.
 *
 * | GET  /otc/merchants         otcAdminMerchantListInput | POST /otc/merchants/decide otcMerchantDecideInput |
 * | GET  /otc/methods           -                         | POST /otc/methods          otcPaymentMethodInput  |
 * | GET  /otc/ads               otcAdminAdListInput       | POST /otc/ads/close        otcAdminAdCloseInput   |
 * | GET  /otc/orders            otcAdminOrderListInput    | GET  /otc/order            otcAdminOrderInput     |
 * | POST /otc/appeals/decide    otcAppealDecideInput      |                                                   |
 * | GET  /otc/settings          -                         | POST /otc/settings         otcSettingsInput (admins) |
 */
import {
  otcAdminAdCloseInput,
  otcAdminAdListInput,
  otcAdminMerchantListInput,
  otcAdminOrderInput,
  otcAdminOrderListInput,
  otcAppealDecideInput,
  otcMerchantDecideInput,
  otcPaymentMethodInput,
  otcSettingsInput,
} from '@fairex/contract';
import type { FastifyInstance } from 'fastify';
import { ALL_ROLES, currentOperator, logRead, requireOperator } from '../admin/operators.ts';
import type { AppContext } from '../app-context.ts';
import { ok } from '../http/envelope.ts';
import { parse } from '../http/errors.ts';
import {
  closeAdByOperator,
  decideMerchantApplication,
  decideOrderAppeal,
  orderDetail,
  paymentMethods,
  savePaymentMethod,
  saveSettings,
  searchAds,
  searchMerchants,
  searchOrders,
  settingsOf,
} from './back-office.ts';

export function adminOtcRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'clock' | 'db' | 'otc' | 'uploads'>) {
  const anyOperator = { preHandler: requireOperator(ctx.db, ALL_ROLES) };
  const deciders = { preHandler: requireOperator(ctx.db, ['admin', 'reviewer']) };
  const adminOnly = { preHandler: requireOperator(ctx.db, ['admin']) };

  app.get('/otc/merchants', anyOperator, async (request) => ok(await searchMerchants(ctx, parse(otcAdminMerchantListInput, request.query))));
  app.post('/otc/merchants/decide', deciders, async (request) => ok(await decideMerchantApplication(ctx, currentOperator(request), parse(otcMerchantDecideInput, request.body))));
  app.get('/otc/methods', anyOperator, async () => ok(await paymentMethods(ctx)));
  app.post('/otc/methods', adminOnly, async (request) => ok(await savePaymentMethod(ctx, currentOperator(request), parse(otcPaymentMethodInput, request.body))));
  app.get('/otc/ads', anyOperator, async (request) => ok(await searchAds(ctx, parse(otcAdminAdListInput, request.query))));
  app.post('/otc/ads/close', deciders, async (request) => ok(await closeAdByOperator(ctx, currentOperator(request), parse(otcAdminAdCloseInput, request.body))));
  app.get('/otc/orders', anyOperator, async (request) => {
    const input = parse(otcAdminOrderListInput, request.query);
    return ok(await searchOrders(ctx, { status: input.status, userId: input.user_id, page: input.page, limit: input.limit }));
  });
  app.get('/otc/order', anyOperator, async (request) => {
    const { id } = parse(otcAdminOrderInput, request.query);
    const detail = await orderDetail(ctx, id);
    // Chat, payment proofs and bank details: the read goes in the operator log (admin/operators.ts logRead).
    await logRead(ctx.db, request, 'otc_order_read', `otc_order:${id}`, { messages: detail.messages.length });
    return ok(detail);
  });
  app.get('/otc/settings', anyOperator, async () => ok(await settingsOf(ctx)));
  app.post('/otc/settings', adminOnly, async (request) => ok(await saveSettings(ctx, currentOperator(request), parse(otcSettingsInput, request.body))));
  app.post('/otc/appeals/decide', deciders, async (request) => ok(await decideOrderAppeal(ctx, currentOperator(request), parse(otcAppealDecideInput, request.body))));
}
