/**
 * OTC and quick buy under /api/otc/* (the spec names no paths for it; these follow its style). Every
 * call needs the user's token (999 otherwise), answers the envelope, and reads its input with the
 * contract schema named (packages/contract/src/schemas/otc.ts); answers are the types named.
 *
 * | method | path                     | input schema            | answer                                   |
 * |--------|--------------------------|-------------------------|------------------------------------------|
 * | GET    | /otc/config              | -                       | OtcConfig                                |
 * | GET    | /otc/ads                 | otcAdListInput          | page of OtcAdView (best price first)     |
 * | POST   | /otc/merchant/apply      | otcMerchantApplyInput   | OtcConfig['merchant'] (998 below Lv2)    |
 * | POST   | /otc/ad/post             | otcAdPostInput          | OtcAdView (a sell ad freezes its coins)  |
 * | POST   | /otc/ad/close            | otcAdInput              | OtcAdView                                |
 * | GET    | /otc/my/ads              | otcMyAdListInput        | page of OtcAdView                        |
 * | GET    | /otc/payment/accounts    | -                       | OtcPaymentSetup                          |
 * | POST   | /otc/payment/save        | otcPaymentSaveInput     | OtcPaymentSetup (pay password or code)   |
 * | POST   | /otc/payment/delete      | otcPaymentDeleteInput   | OtcPaymentSetup                          |
 * | POST   | /otc/order/place         | otcOrderPlaceInput      | OtcOrderView (idempotency key accepted)  |
 * | GET    | /otc/quick/quote         | otcQuickInput           | OtcQuote                                 |
 * | POST   | /otc/quick               | otcQuickInput           | OtcOrderView (idempotency key accepted)  |
 * | GET    | /otc/orders              | otcOrderListInput       | page of OtcOrderView                     |
 * | GET    | /otc/order               | otcOrderInput           | OtcOrderView                             |
 * | POST   | /otc/order/cancel        | otcOrderInput           | OtcOrderView (buyer, pending)            |
 * | POST   | /otc/order/paid          | otcOrderPaidInput       | OtcOrderView (buyer; proof from /upload) |
 * | POST   | /otc/order/release       | otcOrderReleaseInput    | OtcOrderView (seller; pay password)      |
 * | POST   | /otc/order/appeal        | otcOrderAppealInput     | OtcOrderView (either side, paid)         |
 * | GET    | /otc/order/messages      | otcMessagesInput        | OtcMessagePage (newest first)            |
 * | POST   | /otc/order/message       | otcMessageSendInput     | OtcMessageView                           |
 *
 * Realtime: socket.io event `otc` (OTC_REALTIME_EVENT) with an OtcSignal to both sides' user rooms on
 * every order change and message. Back office: /api/admin/otc/* (back-office-routes.ts); an e2e makes a
 * merchant by verifying a user to Lv2, POST /otc/merchant/apply, then POST /api/admin/otc/merchants/decide
 * { id, decision: 'approve' }.
 */
import {
  otcAdInput,
  otcAdListInput,
  otcAdPostInput,
  otcMerchantApplyInput,
  otcMessagesInput,
  otcMessageSendInput,
  otcMyAdListInput,
  otcOrderAppealInput,
  otcOrderInput,
  otcOrderListInput,
  otcOrderPaidInput,
  otcOrderPlaceInput,
  otcOrderReleaseInput,
  otcPaymentDeleteInput,
  otcPaymentSaveInput,
  otcQuickInput,
} from '@fairex/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { currentUser, requireUser } from '../accounts/sessions.ts';
import type { AppContext } from '../app-context.ts';
import { ok } from '../http/envelope.ts';
import { parse } from '../http/errors.ts';
import { claimOf, once } from '../http/idempotency.ts';
import { limitedBy } from '../http/rate-limits.ts';
import { checkConfirmation, checkPayPassword } from '../identity/service.ts';

/** Chat messages one user sends a minute, across their orders. */
export const OTC_MESSAGES_PER_MINUTE = 30;

export function otcRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'db' | 'limits' | 'otc' | 'uploads'>) {
  const auth = { preHandler: requireUser(ctx.db) };
  const messageLimit = limitedBy(app, [{ name: 'otc-message', max: OTC_MESSAGES_PER_MINUTE, windowMs: 60_000, key: (request) => String(currentUser(request).id) }]);
  const data = (request: FastifyRequest) => ({ ...(request.query as object), ...(request.body as object) });
  const me = (request: FastifyRequest) => currentUser(request).id;
  const otc = ctx.otc;

  app.get('/otc/config', auth, async (request) => ok(await otc.config(me(request))));
  app.get('/otc/ads', auth, async (request) => ok(await otc.listAds(me(request), parse(otcAdListInput, request.query))));
  app.post('/otc/merchant/apply', auth, async (request) => ok(await otc.apply(me(request), parse(otcMerchantApplyInput, data(request)).name)));
  app.post('/otc/ad/post', auth, async (request) => ok(await otc.postAd(me(request), parse(otcAdPostInput, data(request)))));
  app.post('/otc/ad/close', auth, async (request) => ok(await otc.closeAd(me(request), parse(otcAdInput, data(request)).id)));
  app.get('/otc/my/ads', auth, async (request) => ok(await otc.myAds(me(request), parse(otcMyAdListInput, request.query))));

  app.get('/otc/payment/accounts', auth, async (request) => ok(await otc.paymentSetup(me(request))));
  app.post('/otc/payment/save', auth, async (request) => {
    const input = parse(otcPaymentSaveInput, data(request));
    return ok(await otc.savePayment(me(request), input, () => checkConfirmation(ctx, currentUser(request), input)));
  });
  app.post('/otc/payment/delete', auth, async (request) => ok(await otc.removePayment(me(request), parse(otcPaymentDeleteInput, data(request)).method_id)));

  app.post('/otc/order/place', auth, async (request) => {
    const input = parse(otcOrderPlaceInput, data(request));
    return ok(await once(ctx.db, claimOf(request, 'otc', { place: input }), (transact) => otc.place(me(request), input, ctx.uploads, transact)));
  });
  app.get('/otc/quick/quote', auth, async (request) => ok(await otc.quote(me(request), parse(otcQuickInput, request.query))));
  app.post('/otc/quick', auth, async (request) => {
    const input = parse(otcQuickInput, data(request));
    return ok(await once(ctx.db, claimOf(request, 'otc', { quick: input }), (transact) => otc.quick(me(request), input, ctx.uploads, transact)));
  });

  app.get('/otc/orders', auth, async (request) => ok(await otc.orders(me(request), parse(otcOrderListInput, request.query), ctx.uploads)));
  app.get('/otc/order', auth, async (request) => ok(await otc.order(me(request), parse(otcOrderInput, request.query).id, ctx.uploads)));
  app.post('/otc/order/cancel', auth, async (request) => ok(await otc.cancel(me(request), parse(otcOrderInput, data(request)).id, ctx.uploads)));
  app.post('/otc/order/paid', auth, async (request) => ok(await otc.paid(me(request), parse(otcOrderPaidInput, data(request)), ctx.uploads)));
  app.post('/otc/order/release', auth, async (request) => {
    const input = parse(otcOrderReleaseInput, data(request));
    const confirm = () => checkPayPassword(ctx.db, currentUser(request), input.pay_password, ctx.limits.payPasswordAttemptsMax);
    return ok(await otc.release(me(request), input.id, confirm, ctx.uploads));
  });
  app.post('/otc/order/appeal', auth, async (request) => ok(await otc.appeal(me(request), parse(otcOrderAppealInput, data(request)), ctx.uploads)));

  app.get('/otc/order/messages', auth, async (request) => ok(await otc.messages(me(request), parse(otcMessagesInput, request.query), ctx.uploads)));
  app.post('/otc/order/message', { preHandler: [requireUser(ctx.db), messageLimit] }, async (request) =>
    ok(await otc.send(me(request), parse(otcMessageSendInput, data(request)), ctx.uploads)),
  );
}
