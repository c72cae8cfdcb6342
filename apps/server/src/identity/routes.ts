/** Identity verification and security settings (spec section 7, User). */
import { bindEmailInput, bindMobileInput, identityInput, loginPasswordInput, normaliseLogin, payPasswordInput } from '@fairex/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { currentUser, requireUser, tokenOf } from '../accounts/sessions.ts';
import { ok } from '../http/envelope.ts';
import { parse } from '../http/errors.ts';
import { bodyField, limitedBy } from '../http/rate-limits.ts';
import { bindEmail, bindMobile, changeLoginPassword, identityState, setPayPassword, submitIdentity } from './service.ts';

export function identityRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'bus' | 'db' | 'limits' | 'notifier' | 'sessionClock'>) {
  const auth = { preHandler: requireUser(ctx.db) };
  // Per user (the rate-limit hook runs after requireUser): each call is a guess at a code.
  const payPasswordLimit = {
    ...auth,
    config: {
      rateLimit: {
        max: ctx.limits.payPasswordChangesPerMinute,
        timeWindow: 60_000,
        keyGenerator: (request: FastifyRequest) => `pay-password:${currentUser(request).id}`,
      },
    },
  };

  // Binding tries codes: limited per client address and per new contact, after the session check.
  const bindLimit = (targetField: string) => ({
    preHandler: [
      requireUser(ctx.db),
      limitedBy(app, [
        { name: 'bind-ip', max: ctx.limits.codeGuessesPerIpPerMinute, windowMs: 60_000, key: (request) => request.ip },
        {
          name: 'bind-target',
          max: ctx.limits.codeGuessesPerTargetPerMinute,
          windowMs: 60_000,
          key: (request) => normaliseLogin(bodyField(request, targetField)),
        },
      ]),
    ],
  });

  app.get('/real/state', auth, async (request) => ok(await identityState(ctx.db, currentUser(request).id)));
  app.post('/user/real', auth, async (request) => {
    await submitIdentity(ctx, currentUser(request), parse(identityInput, request.body));
    return ok('');
  });

  app.post('/safe/mobile', bindLimit('mobile'), async (request) => {
    await bindMobile(ctx, currentUser(request), tokenOf(request)!, request.lang, parse(bindMobileInput, request.body));
    return ok('');
  });
  app.post('/safe/email', bindLimit('email'), async (request) => {
    await bindEmail(ctx, currentUser(request), tokenOf(request)!, request.lang, parse(bindEmailInput, request.body));
    return ok('');
  });

  app.post('/safe/update_password', payPasswordLimit, async (request) => {
    const input = parse(payPasswordInput, request.body);
    await setPayPassword(ctx, currentUser(request), input.password, input.code);
    return ok('');
  });
  app.post('/safe/update_login_password', auth, async (request) => {
    const input = parse(loginPasswordInput, request.body);
    await changeLoginPassword(ctx, currentUser(request), tokenOf(request)!, input.oldpassword, input.password);
    return ok('');
  });
}
