/**
 * Back-office invitations and rebates under /api/admin/referrals: the shares written by admins (logged),
 * the inviters and the rebate records read by every operator role.
 */
import { adminInviterListInput, adminRebateListInput, referralSharesInput } from '@fairex/contract';
import type { FastifyInstance } from 'fastify';
import { ALL_ROLES, currentOperator, requireOperator } from '../admin/operators.ts';
import type { AppContext } from '../app-context.ts';
import { ok } from '../http/envelope.ts';
import { parse } from '../http/errors.ts';
import { referralSettings, saveReferralShares, searchInviters, searchRebates } from './back-office.ts';

export function adminReferralRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'clock' | 'db'>) {
  const adminOnly = { preHandler: requireOperator(ctx.db, ['admin']) };
  const anyOperator = { preHandler: requireOperator(ctx.db, ALL_ROLES) };

  app.get('/referrals', anyOperator, async () => ok(await referralSettings(ctx.db)));
  app.post('/referrals/settings', adminOnly, async (request) => ok(await saveReferralShares(ctx, currentOperator(request), parse(referralSharesInput, request.body))));
  app.get('/referrals/inviters', anyOperator, async (request) => ok(await searchInviters(ctx.db, parse(adminInviterListInput, request.query))));
  app.get('/referrals/rebates', anyOperator, async (request) => ok(await searchRebates(ctx.db, parse(adminRebateListInput, request.query))));
}
