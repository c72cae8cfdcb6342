import { supportMessagesInput, supportReadInput, supportSendInput } from '@fairex/contract';
import type { FastifyInstance } from 'fastify';
import { currentUser, requireUser } from '../accounts/sessions.ts';
import type { AppContext } from '../app-context.ts';
import { ok } from '../http/envelope.ts';
import { parse } from '../http/errors.ts';
import { limitedBy } from '../http/rate-limits.ts';

/**
 * The user's customer-service thread (/pages/kefu/index when no web chat is set): read it (newest first,
 * older pages by `before`), the unread count of the settings entry, write (text and/or an image from
 * POST /upload; supportMessagesPerMinute a user) and mark it read.
 */
export function supportRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'db' | 'limits' | 'support' | 'uploads'>) {
  const auth = requireUser(ctx.db);
  const sendLimit = limitedBy(app, [
    { name: 'support-message', max: ctx.limits.supportMessagesPerMinute, windowMs: 60_000, key: (request) => String(currentUser(request).id) },
  ]);

  app.get('/support/messages', { preHandler: auth }, async (request) =>
    ok(await ctx.support.thread(currentUser(request).id, parse(supportMessagesInput, request.query).before, ctx.uploads)),
  );
  app.get('/support/unread', { preHandler: auth }, async (request) => ok(await ctx.support.unread(currentUser(request).id)));
  app.post('/support/send', { preHandler: [auth, sendLimit] }, async (request) =>
    ok(await ctx.support.send(currentUser(request).id, parse(supportSendInput, request.body), ctx.uploads)),
  );
  app.post('/support/read', { preHandler: auth }, async (request) => ok(await ctx.support.read(currentUser(request).id, parse(supportReadInput, request.body).last_id)));
}
