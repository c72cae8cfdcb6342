import { notificationListInput, notificationReadInput } from '@fairex/contract';
import type { FastifyInstance } from 'fastify';
import { currentUser, requireUser } from '../accounts/sessions.ts';
import type { AppContext } from '../app-context.ts';
import { ok } from '../http/envelope.ts';
import { parse } from '../http/errors.ts';

/** The notification list of settings: not among the spec's calls (it names the screen only), so named after the domain. */
export function notificationRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'db' | 'notifications'>) {
  const auth = { preHandler: requireUser(ctx.db) };

  app.get('/notification/list', auth, async (request) => ok(await ctx.notifications.list(currentUser(request).id, request.lang, parse(notificationListInput, request.query))));
  app.get('/notification/unread', auth, async (request) => ok(await ctx.notifications.unread(currentUser(request).id)));
  app.post('/notification/read', auth, async (request) => ok(await ctx.notifications.markRead(currentUser(request).id, parse(notificationReadInput, request.body))));
  app.post('/notification/read_all', auth, async (request) => ok(await ctx.notifications.markAllRead(currentUser(request).id)));
}
