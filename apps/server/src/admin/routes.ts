import { adminLoginInput, adminPageInput, fiatRateEditInput, idParam } from '@fairex/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { verifyPassword } from '../accounts/passwords.ts';
import { checkLoginPassword } from '../accounts/login-throttle.ts';
import { tokenOf } from '../accounts/sessions.ts';
import { ok } from '../http/envelope.ts';
import { DomainError, parse } from '../http/errors.ts';
import { accountsOf, audit } from '../ledger/index.ts';
import { adminFundsRoutes } from './funds-routes.ts';
import { adminMarketsRoutes } from './markets-routes.ts';
import { adminOptionsRoutes } from './options-routes.ts';
import { adminMiningRoutes } from '../mining/back-office-routes.ts';
import { adminIeoRoutes } from '../ieo/back-office-routes.ts';
import { adminInvestRoutes } from '../invest/back-office-routes.ts';
import { adminWealthRoutes } from '../wealth/back-office-routes.ts';
import { adminNftRoutes } from '../nft/back-office-routes.ts';
import { adminOtcRoutes } from '../otc/back-office-routes.ts';
import { adminLoanRoutes } from '../loans/back-office-routes.ts';
import { adminCopyRoutes } from '../copy/back-office-routes.ts';
import { adminContentRoutes } from '../content/back-office-routes.ts';
import { adminSupportRoutes } from '../support/back-office-routes.ts';
import { adminReferralRoutes } from '../referrals/back-office-routes.ts';
import { adminCouponRoutes } from '../coupons/back-office-routes.ts';
import { adminNotificationRoutes } from '../notifications/back-office-routes.ts';
import { adminContractsRoutes } from './contracts-routes.ts';
import { contractsBackOfficeRoutes } from '../contracts/back-office.ts';
import { ALL_ROLES, createOperatorSession, currentOperator, logAction, requireOperator, revokeOperatorSession } from './operators.ts';
import { adminOperatorRoutes } from './operators-routes.ts';
import { editFiatRate, fiatRateRows } from '../site/back-office.ts';
import { pageAuditLog, pageOutbox, pageUsers, userDetail } from './repository.ts';
import { operators } from './tables.ts';

/** The back-office API under /api/admin: operators, their sessions and roles, and what they may read. */
export function adminRoutes(app: FastifyInstance, ctx: AppContext) {
  const anyOperator = { preHandler: requireOperator(ctx.db) };
  // Open while a first-login password change is pending: who am I, and leaving.
  const evenBeforePasswordChange = { preHandler: requireOperator(ctx.db, ALL_ROLES, { pendingPasswordChange: 'allow' }) };
  const loginLimit = {
    config: { rateLimit: { max: ctx.limits.loginPerMinute, timeWindow: 60_000, keyGenerator: (r: FastifyRequest) => `admin:${r.ip}` } },
  };

  app.post('/login', loginLimit, async (request) => {
    const input = parse(adminLoginInput, request.body);
    const [operator] = await ctx.db.select().from(operators).where(eq(operators.username, input.username)).limit(1);
    // Limited per operator name (known or not) like a user's login: accounts/login-throttle.ts.
    const subject = operator ? `operator:${operator.id}` : `operator:name:${input.username}`;
    if (!(await checkLoginPassword(ctx, subject, operator?.passwordHash, input.password)) || !operator) throw new DomainError('login_failed');
    if (operator.disabledAt) throw new DomainError('operator_disabled');
    const token = await ctx.db.transaction(async (tx) => {
      await logAction(tx, operator.id, 'login', `operator:${operator.id}`, { ip: request.ip });
      return createOperatorSession(tx, operator.id);
    });
    return ok({ token, operator: { id: operator.id, username: operator.username, role: operator.role, must_change_password: operator.mustChangePassword } });
  });

  app.get('/me', evenBeforePasswordChange, async (request) => {
    const { id, username, role, mustChangePassword } = currentOperator(request);
    return ok({ id, username, role, must_change_password: mustChangePassword });
  });

  app.post('/logout', evenBeforePasswordChange, async (request) => {
    const operator = currentOperator(request);
    await ctx.db.transaction(async (tx) => {
      await revokeOperatorSession(tx, tokenOf(request)!);
      await logAction(tx, operator.id, 'logout', `operator:${operator.id}`);
    });
    return ok('');
  });

  app.get('/users', anyOperator, async (request) => ok(await pageUsers(ctx.db, parse(adminPageInput, request.query))));

  app.get('/users/:id', anyOperator, async (request) => {
    const { id } = parse(idParam, request.params);
    const detail = await userDetail(ctx.db, id, ctx.uploads);
    if (!detail) throw new DomainError('not_found');
    return ok({ ...detail, accounts: await accountsOf(ctx.db, id) });
  });

  app.get('/outbox', { preHandler: requireOperator(ctx.db, ['admin', 'support']) }, async (request) =>
    ok(await pageOutbox(ctx.db, parse(adminPageInput, request.query), { showCodes: currentOperator(request).role === 'admin' })),
  );

  app.get('/ledger/audit', { preHandler: requireOperator(ctx.db, ['admin']) }, async () => {
    const result = await audit(ctx.db);
    return ok({ ...result, checked_at: new Date().toISOString() });
  });

  app.get('/audit-log', { preHandler: requireOperator(ctx.db, ['admin']) }, async (request) =>
    ok(await pageAuditLog(ctx.db, parse(adminPageInput, request.query))),
  );

  app.get('/fiat-rates', { preHandler: requireOperator(ctx.db, ['admin']) }, async () => ok(await fiatRateRows(ctx.db)));
  app.post('/fiat-rates', { preHandler: requireOperator(ctx.db, ['admin']) }, async (request) =>
    ok(await editFiatRate(ctx.db, currentOperator(request), parse(fiatRateEditInput, request.body))),
  );

  adminFundsRoutes(app, ctx);
  adminOperatorRoutes(app, ctx);
  adminMarketsRoutes(app, ctx);
  adminOptionsRoutes(app, ctx);
  adminWealthRoutes(app, ctx);
  adminMiningRoutes(app, ctx);
  adminIeoRoutes(app, ctx);
  adminInvestRoutes(app, ctx);
  adminNftRoutes(app, ctx);
  adminOtcRoutes(app, ctx);
  adminLoanRoutes(app, ctx);
  adminCopyRoutes(app, ctx);
  adminContentRoutes(app, ctx);
  adminSupportRoutes(app, ctx);
  adminReferralRoutes(app, ctx);
  adminCouponRoutes(app, ctx);
  adminNotificationRoutes(app, ctx);
  adminContractsRoutes(app, ctx);
  contractsBackOfficeRoutes(app, ctx);
}
