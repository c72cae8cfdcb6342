/**
 * Back-office copy trading under /api/admin/copy: applications decided by admins and reviewers, settings
 * by admins (both logged), traders, follows and skipped copies read by every operator role. No route
 * writes a statistic, a follower count, a copy or a result.
 */
import { copyFollowsAdminInput, copySettingsInput, copySkipsAdminInput, copyTraderDecisionInput, copyTradersAdminInput } from '@fairex/contract';
import type { FastifyInstance } from 'fastify';
import { ALL_ROLES, currentOperator, requireOperator } from '../admin/operators.ts';
import type { AppContext } from '../app-context.ts';
import { ok } from '../http/envelope.ts';
import { parse } from '../http/errors.ts';

export function adminCopyRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'copy' | 'db'>) {
  const adminOnly = { preHandler: requireOperator(ctx.db, ['admin']) };
  const reviewers = { preHandler: requireOperator(ctx.db, ['admin', 'reviewer']) };
  const anyOperator = { preHandler: requireOperator(ctx.db, ALL_ROLES) };

  app.get('/copy/traders', anyOperator, async (request) => ok(await ctx.copy.adminTraders(parse(copyTradersAdminInput, request.query))));
  app.post('/copy/traders/decide', reviewers, async (request) => ok(await ctx.copy.decide(currentOperator(request), parse(copyTraderDecisionInput, request.body))));
  app.get('/copy/follows', anyOperator, async (request) => ok(await ctx.copy.adminFollows(parse(copyFollowsAdminInput, request.query))));
  app.get('/copy/skips', anyOperator, async (request) => ok(await ctx.copy.adminSkips(parse(copySkipsAdminInput, request.query).page)));
  app.get('/copy/settings', anyOperator, async () => ok(await ctx.copy.settings()));
  app.post('/copy/settings', adminOnly, async (request) => ok(await ctx.copy.saveSettings(currentOperator(request), parse(copySettingsInput, request.body))));
}
