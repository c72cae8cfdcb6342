import {
  checkCodeInput,
  editProfileInput,
  forgetInput,
  headPortraitInput,
  loginInput,
  registerInput,
  sendMailCodeInput,
  sendSmsCodeInput,
} from '@fairex/contract';
import { normaliseAreaCode, normaliseEmail, normaliseLogin, normaliseMobile } from '@fairex/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { ok } from '../http/envelope.ts';
import { DomainError, parse } from '../http/errors.ts';
import { bodyField, limitedBy } from '../http/rate-limits.ts';
import { ownsUpload } from '../uploads/repository.ts';
import { uploadRateLimit } from '../uploads/routes.ts';
import { checkCode, sendCode } from './codes.ts';
import { findUserByLogin, toUserInfo, updateUser } from './repository.ts';
import { checkTarget, login, logout, register, resetPassword } from './service.ts';
import { currentUser, requireUser, tokenOf, userOfToken } from './sessions.ts';

/** Register needs a free address; forget needs an existing one. */
async function checkSceneTarget(ctx: Pick<AppContext, 'db'>, scene: string, target: string) {
  const existing = await findUserByLogin(ctx.db, target);
  if ((scene === 'register' || scene === 'bind') && existing) throw new DomainError('account_exists');
  if (scene === 'forget' && !existing) throw new DomainError('account_not_found');
}

/** Security codes (pay password, binding, cards) go only to the logged-in user's own email or mobile. */
async function checkSecurityTarget(ctx: Pick<AppContext, 'db'>, request: FastifyRequest, channel: 'mail' | 'sms', target: string, areaCode?: string) {
  const token = tokenOf(request);
  if (!token) throw new DomainError('not_logged_in');
  const user = await userOfToken(ctx.db, token);
  if (!user || user.frozen) throw new DomainError('session_invalid');
  const own = channel === 'mail' ? user.email === target : user.mobile === target && user.areaCode === areaCode;
  if (!own) throw new DomainError('code_target_not_own');
}

export function accountRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'bus' | 'config' | 'db' | 'limits' | 'notifier' | 'sessionClock' | 'uploads'>) {
  const auth = { preHandler: requireUser(ctx.db) };
  const loginLimit = {
    config: {
      rateLimit: {
        max: ctx.limits.loginPerMinute,
        timeWindow: 60_000,
        keyGenerator: (request: FastifyRequest) => `${request.ip}:${normaliseLogin(bodyField(request, 'user_string'))}`,
      },
    },
  };
  /** Calls that try a code: per client address and per target (the address or account the code is for). */
  const codeGuessLimit = (targetField: string) => ({
    preHandler: limitedBy(app, [
      { name: 'code-guess-ip', max: ctx.limits.codeGuessesPerIpPerMinute, windowMs: 60_000, key: (request) => request.ip },
      {
        name: 'code-guess-target',
        max: ctx.limits.codeGuessesPerTargetPerMinute,
        windowMs: 60_000,
        key: (request) => normaliseLogin(bodyField(request, targetField)),
      },
    ]),
  });

  /** Both code calls: validate the address for the scene, then send within the rate limits. */
  async function sendCodeTo(request: FastifyRequest, channel: 'mail' | 'sms', target: string, scene: string, areaCode?: string) {
    if (scene === 'security') await checkSecurityTarget(ctx, request, channel, target, areaCode);
    else await checkSceneTarget(ctx, scene, target);
    await sendCode(ctx, { channel, target, scene, ip: request.ip, lang: request.lang }, (line) => request.log.info(line));
    return ok('');
  }

  app.post('/sms_mail', async (request) => {
    const input = parse(sendMailCodeInput, request.body);
    const email = normaliseEmail(input.user_string);
    checkTarget('email', email);
    return sendCodeTo(request, 'mail', email, input.scene);
  });

  app.post('/sms_send', async (request) => {
    const input = parse(sendSmsCodeInput, request.body);
    const areaCode = normaliseAreaCode(input.area_code);
    const mobile = normaliseMobile(areaCode, input.mobile);
    checkTarget('mobile', mobile, areaCode);
    return sendCodeTo(request, 'sms', mobile, input.scene, areaCode);
  });

  app.post('/user/check_email', codeGuessLimit('user_string'), async (request) => {
    const input = parse(checkCodeInput, request.body);
    await checkCode(ctx, normaliseLogin(input.user_string), input.scene, input.email_code);
    return ok('');
  });

  app.post('/user/register', codeGuessLimit('user_string'), async (request) => {
    const user = await register(ctx, parse(registerInput, request.body));
    return ok({ id: user.id, account: user.account });
  });

  app.post('/user/login', loginLimit, async (request) => {
    const input = parse(loginInput, request.body);
    return ok(await login(ctx, input.user_string, input.password, input.remember, request.ip));
  });

  app.get('/user/logout', auth, async (request) => {
    await logout(ctx, currentUser(request).id, tokenOf(request)!);
    return ok('');
  });

  app.post('/user/forget', codeGuessLimit('account'), async (request) => {
    const input = parse(forgetInput, request.body);
    await resetPassword(ctx, input.account, input.code, input.password);
    return ok('');
  });

  app.get('/user/info', auth, async (request) => ok(toUserInfo(currentUser(request), ctx.uploads)));

  app.post('/user/editNickname', auth, async (request) => {
    const input = parse(editProfileInput, request.body);
    const user = currentUser(request);
    await updateUser(ctx.db, user.id, { nickname: input.nickname ?? user.nickname, signature: input.signature ?? user.signature });
    return ok('');
  });

  app.post('/user/uploadHeadPortrait', { preHandler: [requireUser(ctx.db), uploadRateLimit(app, ctx)] }, async (request) => {
    const input = parse(headPortraitInput, request.body);
    const user = currentUser(request);
    if (!(await ownsUpload(ctx.db, user.id, input.head_portrait))) throw new DomainError('upload_missing');
    await updateUser(ctx.db, user.id, { headPortrait: input.head_portrait });
    return ok('');
  });
}
