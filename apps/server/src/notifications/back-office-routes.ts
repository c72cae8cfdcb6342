/**
 * Back-office system notices under /api/admin/notices: the list for admins and support (the menu's
 * roles), publishing, editing and withdrawing for admins only (logged).
 */
import { idParam, noticeListInput, noticeSaveInput } from '@fairex/contract';
import type { FastifyInstance } from 'fastify';
import { currentOperator, requireOperator } from '../admin/operators.ts';
import type { AppContext } from '../app-context.ts';
import { ok } from '../http/envelope.ts';
import { parse } from '../http/errors.ts';
import { noticePage, saveNotice, withdrawNotice } from './back-office.ts';

export function adminNotificationRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'clock' | 'db'>) {
  const readers = { preHandler: requireOperator(ctx.db, ['admin', 'support']) };
  const adminOnly = { preHandler: requireOperator(ctx.db, ['admin']) };

  app.get('/notices', readers, async (request) => ok(await noticePage(ctx, parse(noticeListInput, request.query))));
  app.post('/notices', adminOnly, async (request) => ok(await saveNotice(ctx, currentOperator(request), parse(noticeSaveInput, request.body))));
  app.post('/notices/:id/withdraw', adminOnly, async (request) => ok(await withdrawNotice(ctx, currentOperator(request), parse(idParam, request.params).id)));
}
