/**
 * The back-office inbox under /api/admin/support/*, for the support and admin roles: the threads
 * (unread first), one thread's messages, a reply (logged) and marking a thread read (logged).
 */
import { supportReplyInput, supportThreadListInput, supportThreadMessagesInput, supportThreadReadInput } from '@fairex/contract';
import type { FastifyInstance } from 'fastify';
import { currentOperator, requireOperator } from '../admin/operators.ts';
import type { AppContext } from '../app-context.ts';
import { ok } from '../http/envelope.ts';
import { parse } from '../http/errors.ts';

export function adminSupportRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'db' | 'support' | 'uploads'>) {
  const staff = { preHandler: requireOperator(ctx.db, ['admin', 'support']) };

  app.get('/support/threads', staff, async (request) => {
    const input = parse(supportThreadListInput, request.query);
    return ok(await ctx.support.inbox({ unread: input.unread, userId: input.user_id }, input.page, input.limit));
  });
  app.get('/support/thread', staff, async (request) => {
    const input = parse(supportThreadMessagesInput, request.query);
    return ok(await ctx.support.threadForOperator(input.thread_id, input.before, ctx.uploads));
  });
  app.post('/support/reply', staff, async (request) => {
    const input = parse(supportReplyInput, request.body);
    return ok(await ctx.support.reply(currentOperator(request), input.thread_id, input.body, ctx.uploads));
  });
  app.post('/support/read', staff, async (request) => {
    const input = parse(supportThreadReadInput, request.body);
    return ok(await ctx.support.operatorRead(currentOperator(request), input.thread_id, input.last_id));
  });
}
