import { adminLoginInput, adminPageInput, fiatRateEditInput, idParam, TRANSPARENCY_DAYS_DEFAULT, transparencyDaysInput, userFreezeInput } from '@fairex/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { verifyPassword } from '../accounts/passwords.ts';
import { checkLoginPassword } from '../accounts/login-throttle.ts';
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
import { adminLiabilitiesRoutes } from '../liabilities/routes.ts';
import { adminNotificationRoutes } from '../notifications/back-office-routes.ts';
import { adminContractsRoutes } from './contracts-routes.ts';
import { contractsBackOfficeRoutes } from '../contracts/back-office.ts';
import { clearedSessionCookies, sessionCookies } from './operator-cookies.ts';
import { operatorSessionGuard } from './operator-session-guard.ts';
import { ALL_ROLES, createOperatorSession, currentOperator, logAction, logRead, operatorTokenOf, requireOperator, revokeOperatorSession } from './operators.ts';
import { recentHeads, verifyChain } from './operator-log-chain.ts';
import { OPERATOR_SESSION_ABSOLUTE_MS } from './rules.ts';
import { adminOperatorRoutes } from './operators-routes.ts';
import { editFiatRate, fiatRateRows } from '../site/back-office.ts';
import { pageAuditLog, pageOutbox, pageUsers, userDetail } from './repository.ts';
import { outboxShowsCodes } from '../notify/notifier.ts';
import { setUserFrozen } from './user-freeze.ts';
import { operators } from './tables.ts';

/**
 * The back-office API under /api/admin: operators, their sessions and roles, and what they may read.
 * Reads of secrets and personal records (codes in the outbox, a user's details, identity documents, OTC
 * evidence) are written to the operator log, one row per call naming what was read, never the secret.
 * Takes the whole context: it mounts every domain's back office, each of which names what it uses.
 */
export function adminRoutes(app: FastifyInstance, ctx: AppContext) {
  // Every back-office call: the session clock's reading, and the CSRF and Origin checks of operator-cookies.ts.
  app.addHook('onRequest', operatorSessionGuard(ctx.sessionClock));
  const anyOperator = { preHandler: requireOperator(ctx.db) };
  // Open while a first-login password change is pending: who am I, and leaving.
  const evenBeforePasswordChange = { preHandler: requireOperator(ctx.db, ALL_ROLES, { pendingPasswordChange: 'allow' }) };
  const loginLimit = {
    config: { rateLimit: { max: ctx.limits.loginPerMinute, timeWindow: 60_000, keyGenerator: (r: FastifyRequest) => `admin:${r.ip}` } },
  };

  // The session token goes only into the httpOnly cookie: the answer's body names the operator, not the token.
  app.post('/login', loginLimit, async (request, reply) => {
    const input = parse(adminLoginInput, request.body);
    const [operator] = await ctx.db.select().from(operators).where(eq(operators.username, input.username)).limit(1);
    // Limited per (operator name, address) and, far higher, per name (known or not) like a user's login: accounts/login-throttle.ts.
    const subject = operator ? `operator:${operator.id}` : `operator:name:${input.username}`;
    const failed = (reason: 'password' | 'locked') =>
      // A failure is logged against the operator it aimed at (0 for an unknown name, whose text is not kept: it may be a mistyped password).
      logAction(ctx.db, operator?.id ?? 0, 'login_failed', operator ? `operator:${operator.id}` : 'operator:unknown', { ip: request.ip, reason });
    let passed: boolean;
    try {
      passed = await checkLoginPassword(ctx, subject, operator?.passwordHash, input.password, request.ip);
    } catch (error) {
      if (error instanceof DomainError && error.code === 'login_locked') await failed('locked');
      throw error;
    }
    if (!passed || !operator) {
      await failed('password');
      throw new DomainError('login_failed');
    }
    if (operator.disabledAt) throw new DomainError('operator_disabled');
    const token = await ctx.db.transaction(async (tx) => {
      await logAction(tx, operator.id, 'login', `operator:${operator.id}`, { ip: request.ip });
      return createOperatorSession(tx, operator.id, ctx.sessionClock());
    });
    reply.header('set-cookie', sessionCookies(token, { secure: request.protocol === 'https', maxAgeSeconds: OPERATOR_SESSION_ABSOLUTE_MS / 1000 }));
    return ok({ operator: { id: operator.id, username: operator.username, role: operator.role, must_change_password: operator.mustChangePassword } });
  });

  app.get('/me', evenBeforePasswordChange, async (request) => {
    const { id, username, role, mustChangePassword } = currentOperator(request);
    return ok({ id, username, role, must_change_password: mustChangePassword });
  });

  app.post('/logout', evenBeforePasswordChange, async (request, reply) => {
    const operator = currentOperator(request);
    await ctx.db.transaction(async (tx) => {
      await revokeOperatorSession(tx, operatorTokenOf(request)!);
      await logAction(tx, operator.id, 'logout', `operator:${operator.id}`);
    });
    reply.header('set-cookie', clearedSessionCookies(request.protocol === 'https'));
    return ok('');
  });

  app.get('/users', anyOperator, async (request) => ok(await pageUsers(ctx.db, parse(adminPageInput, request.query))));

  app.get('/users/:id', anyOperator, async (request) => {
    const { id } = parse(idParam, request.params);
    const detail = await userDetail(ctx.db, id, ctx.uploads);
    if (!detail) throw new DomainError('not_found');
    await logRead(ctx.db, request, 'user_read', `user:${id}`);
    return ok({ ...detail, accounts: await accountsOf(ctx.db, id) });
  });

  // Incident response: an admin freezes or unfreezes a user with a reason (admin/user-freeze.ts).
  app.post('/users/:id/freeze', { preHandler: requireOperator(ctx.db, ['admin']) }, async (request) =>
    ok(await setUserFrozen(ctx, currentOperator(request), parse(idParam, request.params).id, parse(userFreezeInput, request.body))),
  );

  app.get('/outbox', { preHandler: requireOperator(ctx.db, ['admin', 'support']) }, async (request) => {
    const operator = currentOperator(request);
    // Development: admins read codes (nothing is delivered there); production: nobody (notify/notifier.ts).
    const showCodes = outboxShowsCodes(operator.role, ctx.config.production);
    const page = await pageOutbox(ctx.db, parse(adminPageInput, request.query), { showCodes });
    // Which messages were shown and whether with their codes; the codes themselves are not copied here.
    await logRead(ctx.db, request, 'outbox_read', 'outbox', { page: page.page, ids: page.data.map((m) => m.id), codes_shown: showCodes });
    return ok(page);
  });

  app.get('/ledger/audit', { preHandler: requireOperator(ctx.db, ['admin']) }, async () => {
    const result = await audit(ctx.db);
    return ok({ ...result, checked_at: new Date().toISOString() });
  });

  app.get('/audit-log', { preHandler: requireOperator(ctx.db, ['admin']) }, async (request) =>
    ok(await pageAuditLog(ctx.db, parse(adminPageInput, request.query))),
  );
  // The operator log's hash chain (operator-log-chain.ts): the whole chain checked, and its recorded daily heads.
  app.get('/operator-log/verify', { preHandler: requireOperator(ctx.db, ['admin', 'reviewer']) }, async () => ok(await verifyChain(ctx.db)));
  app.get('/operator-log/heads', { preHandler: requireOperator(ctx.db, ['admin', 'reviewer']) }, async (request) =>
    ok(await recentHeads(ctx.db, parse(transparencyDaysInput, request.query).days ?? TRANSPARENCY_DAYS_DEFAULT)),
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
  adminLiabilitiesRoutes(app, ctx, ctx.liabilities);
  adminNotificationRoutes(app, ctx);
  adminContractsRoutes(app, ctx);
  contractsBackOfficeRoutes(app, ctx);
}
