/**
 * Back-office operator accounts: an admin lists, creates, disables and re-roles operators; every operator
 * changes their own password (the only call open while a first-login change is pending, beside me and logout).
 */
import { adminPageInput, idParam, operatorCreateInput, operatorEditInput, operatorPasswordInput } from '@fairex/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { ok } from '../http/envelope.ts';
import { parse } from '../http/errors.ts';
import { changeOwnPassword, createOperator, editOperator } from './operator-accounts.ts';
import { pageOperators } from './operator-repository.ts';
import { ALL_ROLES, currentOperator, operatorTokenOf, requireOperator } from './operators.ts';

export function adminOperatorRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'db' | 'limits'>) {
  const adminOnly = { preHandler: requireOperator(ctx.db, ['admin']) };
  // The current password is guessed at here as at the login: the same limit per address.
  const ownPassword = {
    preHandler: requireOperator(ctx.db, ALL_ROLES, { pendingPasswordChange: 'allow' }),
    config: { rateLimit: { max: ctx.limits.loginPerMinute, timeWindow: 60_000, keyGenerator: (r: FastifyRequest) => `admin-password:${r.ip}` } },
  };

  app.get('/operators', adminOnly, async (request) => ok(await pageOperators(ctx.db, parse(adminPageInput, request.query))));

  app.post('/operators', adminOnly, async (request) =>
    ok(await createOperator(ctx.db, currentOperator(request), parse(operatorCreateInput, request.body))),
  );

  app.post('/operators/:id', adminOnly, async (request) => {
    const { id } = parse(idParam, request.params);
    return ok(await editOperator(ctx.db, currentOperator(request), id, parse(operatorEditInput, request.body)));
  });

  app.post('/password', ownPassword, async (request) => {
    await changeOwnPassword(ctx.db, currentOperator(request), operatorTokenOf(request)!, parse(operatorPasswordInput, request.body));
    return ok('');
  });
}
