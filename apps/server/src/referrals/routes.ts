import { shareListInput } from '@fairex/contract';
import type { FastifyInstance } from 'fastify';
import { currentUser, requireUser } from '../accounts/sessions.ts';
import type { AppContext } from '../app-context.ts';
import { ok } from '../http/envelope.ts';
import { parse } from '../http/errors.ts';

/** Invitations and rebates (/pages/setting/share): the user's invite code and totals, invitees and rebates. */
export function referralRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'db' | 'referrals'>) {
  const auth = { preHandler: requireUser(ctx.db) };

  app.get('/share/info', auth, async (request) => ok(await ctx.referrals.info(currentUser(request).id)));
  app.get('/share/invitees', auth, async (request) => ok(await ctx.referrals.invitees(currentUser(request).id, parse(shareListInput, request.query))));
  app.get('/share/rebates', auth, async (request) => ok(await ctx.referrals.rebates(currentUser(request).id, parse(shareListInput, request.query))));
}
