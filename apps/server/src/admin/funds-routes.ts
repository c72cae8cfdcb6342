/**
 * Back-office funds and identity: queues for recharges, withdrawals and identity reviews (with their
 * images) and one-click decisions; coin and network configuration; manual balance adjustments.
 * Every decision is logged in the same transaction as the change.
 */
import {
  adminFundsQueueInput,
  balanceAdjustInput,
  coinConfigInput,
  fundsSettingsInput,
  idParam,
  identityQueueInput,
  networkConfigInput,
  reviewRejectInput,
  withdrawApproveInput,
} from '@fairex/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { adjustBalance, coinConfig, editCoin, editFundsSettings, editNetwork } from '../funds/back-office.ts';
import { reviewRecharge } from '../funds/deposits.ts';
import { pageRecharges, pageWithdrawals } from '../funds/repository.ts';
import { reviewWithdrawal } from '../funds/withdrawals.ts';
import { ok } from '../http/envelope.ts';
import { parse } from '../http/errors.ts';
import { pageVerifications } from '../identity/repository.ts';
import { reviewIdentity } from '../identity/service.ts';
import { currentOperator, logRead, requireOperator } from './operators.ts';

const queueFilter = (query: unknown) => {
  const input = parse(adminFundsQueueInput, query);
  return { page: input.page, limit: input.limit, status: input.status, userId: input.user_id, currencyId: input.currency_id };
};

export function adminFundsRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'db' | 'notifications' | 'uploads'>) {
  const reviewer = { preHandler: requireOperator(ctx.db, ['admin', 'reviewer']) };
  const adminOnly = { preHandler: requireOperator(ctx.db, ['admin']) };
  const id = (params: unknown) => parse(idParam, params).id;

  app.get('/recharges', reviewer, async (request) => ok(await pageRecharges(ctx.db, queueFilter(request.query), ctx.uploads)));
  app.post('/recharges/:id/confirm', reviewer, async (request) => ok(await reviewRecharge(ctx, currentOperator(request), id(request.params), { confirm: true })));
  app.post('/recharges/:id/reject', reviewer, async (request) =>
    ok(await reviewRecharge(ctx, currentOperator(request), id(request.params), { confirm: false, ...parse(reviewRejectInput, request.body) })),
  );

  app.get('/withdrawals', reviewer, async (request) => ok(await pageWithdrawals(ctx.db, queueFilter(request.query))));
  app.post('/withdrawals/:id/approve', reviewer, async (request) =>
    ok(await reviewWithdrawal(ctx, currentOperator(request), id(request.params), { approve: true, ...parse(withdrawApproveInput, request.body) })),
  );
  app.post('/withdrawals/:id/reject', reviewer, async (request) =>
    ok(await reviewWithdrawal(ctx, currentOperator(request), id(request.params), { approve: false, ...parse(reviewRejectInput, request.body) })),
  );

  app.get('/identity', reviewer, async (request) => {
    const filter = parse(identityQueueInput, request.query);
    const page = await pageVerifications(ctx.db, filter, ctx.uploads);
    // The rows carry identity document URLs: which ones this operator was shown goes in the operator log.
    await logRead(ctx.db, request, 'identity_read', 'identity', { page: filter.page, ids: page.data.map((v) => v.id) });
    return ok(page);
  });
  app.post('/identity/:id/approve', reviewer, async (request) => ok(await reviewIdentity(ctx, currentOperator(request), id(request.params), { approve: true })));
  app.post('/identity/:id/reject', reviewer, async (request) =>
    ok(await reviewIdentity(ctx, currentOperator(request), id(request.params), { approve: false, ...parse(reviewRejectInput, request.body) })),
  );

  app.get('/coins', adminOnly, async () => ok(await coinConfig(ctx)));
  app.post('/coins/:id', adminOnly, async (request) =>
    ok(await editCoin(ctx, currentOperator(request), id(request.params), parse(coinConfigInput, request.body).enabled)),
  );
  app.post('/networks/:id', adminOnly, async (request) =>
    ok(await editNetwork(ctx, currentOperator(request), id(request.params), parse(networkConfigInput, request.body))),
  );
  app.post('/funds/settings', adminOnly, async (request) => {
    await editFundsSettings(ctx, currentOperator(request), parse(fundsSettingsInput, request.body));
    return ok('');
  });
  app.post('/balances/adjust', adminOnly, async (request) => ok(await adjustBalance(ctx, currentOperator(request), parse(balanceAdjustInput, request.body))));
}
