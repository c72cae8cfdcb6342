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
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { ok } from '../http/envelope.ts';
import { DomainError, parse } from '../http/errors.ts';
import { ownsUpload } from '../uploads/repository.ts';
import { checkCode, sendCode } from './codes.ts';
import { findUserByLogin, toUserInfo, updateUser } from './repository.ts';
import { checkTarget, login, logout, register, resetPassword } from './service.ts';
import { currentUser, requireUser, tokenOf } from './sessions.ts';

/** Register needs a free address; forget needs an existing one. */
async function checkSceneTarget(ctx: AppContext, scene: string, target: string) {
  const existing = await findUserByLogin(ctx.db, target);
  if ((scene === 'register' || scene === 'bind') && existing) throw new DomainError('account_exists');
  if (scene === 'forget' && !existing) throw new DomainError('account_not_found');
}

export function accountRoutes(app: FastifyInstance, ctx: AppContext) {
  const auth = { preHandler: requireUser(ctx.db) };
  const loginLimit = {
    config: {
      rateLimit: {
        max: ctx.limits.loginPerMinute,
        timeWindow: 60_000,
        keyGenerator: (request: FastifyRequest) =>
          `${request.ip}:${String((request.body as Record<string, unknown> | undefined)?.user_string ?? '')}`,
      },
    },
  };

  /** Both code calls: validate the address for the scene, then send within the rate limits. */
  async function sendCodeTo(request: FastifyRequest, channel: 'mail' | 'sms', target: string, scene: string) {
    await checkSceneTarget(ctx, scene, target);
    await sendCode(ctx, { channel, target, scene, ip: request.ip, lang: request.lang }, (line) => request.log.info(line));
    return ok('');
  }

  app.post('/sms_mail', async (request) => {
    const input = parse(sendMailCodeInput, request.body);
    checkTarget('email', input.user_string);
    return sendCodeTo(request, 'mail', input.user_string, input.scene);
  });

  app.post('/sms_send', async (request) => {
    const input = parse(sendSmsCodeInput, request.body);
    checkTarget('mobile', input.mobile, input.area_code);
    return sendCodeTo(request, 'sms', input.mobile, input.scene);
  });

  app.post('/user/check_email', async (request) => {
    const input = parse(checkCodeInput, request.body);
    await checkCode(ctx, input.user_string, input.scene, input.email_code);
    return ok('');
  });

  app.post('/user/register', async (request) => {
    const user = await register(ctx, parse(registerInput, request.body));
    return ok({ id: user.id, account: user.account });
  });

  app.post('/user/login', loginLimit, async (request) => {
    const input = parse(loginInput, request.body);
    return ok(await login(ctx, input.user_string, input.password));
  });

  app.get('/user/logout', auth, async (request) => {
    await logout(ctx, currentUser(request).id, tokenOf(request)!);
    return ok('');
  });

  app.post('/user/forget', async (request) => {
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

  app.post('/user/uploadHeadPortrait', auth, async (request) => {
    const input = parse(headPortraitInput, request.body);
    const user = currentUser(request);
    if (!(await ownsUpload(ctx.db, user.id, input.head_portrait))) throw new DomainError('upload_missing');
    await updateUser(ctx.db, user.id, { headPortrait: input.head_portrait });
    return ok('');
  });
}
