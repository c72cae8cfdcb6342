/**
 * Identity verification: basic (level 1) then advanced (level 2), each reviewed by an operator; and the
 * security settings beside it (binding email and mobile, pay password, login password).
 */
import {
  isEmail,
  isMobileFor,
  LEVEL_LIMITS,
  normaliseAreaCode,
  normaliseEmail,
  normaliseIdNumber,
  normaliseMobile,
  type Confirmation,
  type IdentityInput,
  type IdentityLevel,
  type IdentityState,
  type Lang,
} from '@fairex/contract';
import { checkCode, consumeCode, type CheckCodeDeps } from '../accounts/codes.ts';
import { checkLoginPassword, type LoginThrottleDeps } from '../accounts/login-throttle.ts';
import { hashPassword, sha256, verifyPassword } from '../accounts/passwords.ts';
import { updateUser } from '../accounts/repository.ts';
import type { SessionUser } from '../accounts/sessions.ts';
import { logAction, type Operator } from '../admin/operators.ts';
import type { Db, Executor } from '../db/client.ts';
import type { EventBus } from '../events/bus.ts';
import { DomainError, isUniqueViolation } from '../http/errors.ts';
import type { Limits } from '../limits.ts';
import type { NotificationService } from '../notifications/service.ts';
import type { Notifier } from '../notify/notifier.ts';
import { contactChangedMessage } from '../notify/templates.ts';
import { ownsUpload } from '../uploads/repository.ts';
import { oneCheckAtATime } from './pay-password-queue.ts';
import {
  approvedLevel,
  cardLiveElsewhere,
  claimVerification,
  clearPayPasswordAttempts,
  countPayPasswordMiss,
  findVerification,
  insertVerification,
  latestVerifications,
  lockPayPassword,
  payPasswordLock,
  revokeOtherSessions,
  type Verification,
} from './repository.ts';

/** Misses in a row (since the last success) before pay-password use locks, and for how long. */
export const PAY_PASSWORD_ATTEMPTS_MAX = 5;
export const PAY_PASSWORD_LOCK_MS = 15 * 60 * 1000;

const STATE_OF: Record<Verification['status'], IdentityState> = {
  pending: 'under_review',
  approved: 'authenticated',
  rejected: 'audit_failed',
};
const stateOf = (row: Verification | undefined): IdentityState => (row ? STATE_OF[row.status] : 'not_authenticated');

/** Shows the ID number with its middle hidden; the screens never need it whole again. */
const maskCardId = (value: string | null) => (value && value.length > 4 ? `${value.slice(0, 2)}${'*'.repeat(value.length - 4)}${value.slice(-2)}` : value);

/** GET /real/state. `state` is the step the user is on: advanced once basic passed and advanced was tried. */
export async function identityState(db: Executor, userId: number) {
  const latest = await latestVerifications(db, userId);
  const level = await approvedLevel(db, userId);
  const basic = latest[1];
  const advanced = latest[2];
  const current = basic?.status === 'approved' && advanced ? advanced : basic;
  return {
    level,
    state: stateOf(current),
    real_type: current?.level ?? 1,
    reason: current?.status === 'rejected' ? current.reason : null,
    basic: {
      state: stateOf(basic),
      reason: basic?.status === 'rejected' ? basic.reason : null,
      name: basic?.name ?? null,
      id_type: basic?.idType ?? null,
      card_id: maskCardId(basic?.cardId ?? null),
    },
    advanced: { state: stateOf(advanced), reason: advanced?.status === 'rejected' ? advanced.reason : null },
    limits: LEVEL_LIMITS[level],
  };
}

export const identityLevel = (db: Executor, userId: number): Promise<IdentityLevel> => approvedLevel(db, userId);

/** Per-order fiat (OTC) trade limit in USDT for the user's verification level; '0' before basic passes. */
export async function fiatTradeLimitUsdt(db: Executor, userId: number): Promise<string> {
  return LEVEL_LIMITS[await approvedLevel(db, userId)].fiat_trade_per_order_usdt;
}

/** POST /user/real. */
export async function submitIdentity(ctx: { db: Db }, user: SessionUser, input: IdentityInput) {
  if (!user.email || !user.mobile) throw new DomainError('identity_bind_first');
  const latest = await latestVerifications(ctx.db, user.id);
  const level = input.real_type === '1' ? 1 : 2;
  const existing = latest[level];
  if (existing?.status === 'pending') throw new DomainError('identity_under_review');
  if (existing?.status === 'approved') throw new DomainError('identity_already_verified');
  let values: Parameters<typeof insertVerification>[1];
  if (input.real_type === '1') {
    const cardId = normaliseIdNumber(input.card_id);
    // One identity, one account.
    if (await cardLiveElsewhere(ctx.db, cardId, user.id)) throw new DomainError('identity_card_in_use');
    values = { userId: user.id, level, idType: input.id_type, name: input.name, cardId };
  } else {
    if (latest[1]?.status !== 'approved') throw new DomainError('identity_basic_first');
    if (input.front_pic === input.reverse_pic) throw new DomainError('photos_identical');
    const owned = await Promise.all([ownsUpload(ctx.db, user.id, input.front_pic), ownsUpload(ctx.db, user.id, input.reverse_pic)]);
    if (!owned.every(Boolean)) throw new DomainError('photos_required');
    values = { userId: user.id, level, frontPic: input.front_pic, reversePic: input.reverse_pic };
  }
  try {
    await insertVerification(ctx.db, values);
  } catch (error) {
    // Submissions racing past the checks above: the live-submission indexes keep one (per user and level, per ID number).
    if (!isUniqueViolation(error)) throw error;
    if (values.cardId && (await cardLiveElsewhere(ctx.db, values.cardId, user.id))) throw new DomainError('identity_card_in_use');
    throw new DomainError('identity_under_review');
  }
}

/** Back office: approve or reject (with a reason) a pending submission, logged in the same transaction. */
export async function reviewIdentity(ctx: { db: Db; notifications: Pick<NotificationService, 'identityReviewed'> }, operator: Operator, id: number, decision: { approve: true } | { approve: false; reason: string }) {
  return ctx.db.transaction(async (tx) => {
    const row = await claimVerification(tx, id, {
      status: decision.approve ? 'approved' : 'rejected',
      operatorId: operator.id,
      ...(decision.approve ? {} : { reason: decision.reason }),
    });
    if (!row) throw new DomainError((await findVerification(tx, id)) ? 'already_reviewed' : 'not_found');
    await ctx.notifications.identityReviewed(tx, row);
    await logAction(tx, operator.id, decision.approve ? 'identity.approve' : 'identity.reject', `identity:${id}`, {
      user_id: row.userId,
      level: row.level,
      ...(decision.approve ? {} : { reason: decision.reason }),
    });
    return { id: row.id, status: row.status };
  });
}

// ---- security ----

type Binding = { code: string; password: string; old_code?: string };

/** What binding a contact uses: the login and code checks, the notifier to tell the old contact, the bus to end other sessions. */
type BindingDeps = LoginThrottleDeps & CheckCodeDeps & { notifier: Notifier; bus: EventBus };

/**
 * POST /safe/mobile: the code went to the new number (POST /sms_send, scene bind). Needs the login
 * password, and a code sent to the current number when there is one (scene security).
 */
export async function bindMobile(ctx: BindingDeps, user: SessionUser, token: string, lang: Lang, input: Binding & { mobile: string; area_code?: string }) {
  const areaCode = normaliseAreaCode(input.area_code ?? user.areaCode);
  const mobile = normaliseMobile(areaCode, input.mobile);
  if (!isMobileFor(areaCode, mobile)) throw new DomainError('mobile_invalid');
  const current = user.mobile ? { channel: 'sms' as const, target: user.mobile } : undefined;
  await bindContact(ctx, user, token, lang, input, current, { target: mobile, values: { mobile, areaCode }, kind: 'mobile' });
}

/**
 * POST /safe/email: the code went to the new address (POST /sms_mail, scene bind). Needs the login
 * password, and a code sent to the current address when there is one (scene security).
 */
export async function bindEmail(ctx: BindingDeps, user: SessionUser, token: string, lang: Lang, input: Binding & { email: string }) {
  const email = normaliseEmail(input.email);
  if (!isEmail(email)) throw new DomainError('email_invalid');
  const current = user.email ? { channel: 'mail' as const, target: user.email } : undefined;
  await bindContact(ctx, user, token, lang, input, current, { target: email, values: { email }, kind: 'email' });
}

/**
 * Binds a new contact once the login password, the current contact's code (if any) and the new
 * contact's code are right; the old contact is told, and every other session of the user ends (a
 * stolen session cannot take the account over by rebinding).
 */
async function bindContact(
  ctx: BindingDeps,
  user: SessionUser,
  token: string,
  lang: Lang,
  input: Binding,
  current: { channel: 'mail' | 'sms'; target: string } | undefined,
  next: { target: string; values: { mobile?: string; areaCode?: string; email?: string }; kind: 'email' | 'mobile' },
) {
  if (!(await checkLoginPassword(ctx, `user:${user.id}`, user.passwordHash, input.password))) throw new DomainError('login_password_wrong');
  let currentCodeId: number | undefined;
  if (current && current.target !== next.target) {
    if (!input.old_code) throw new DomainError('code_invalid');
    currentCodeId = await checkCode(ctx, current.target, 'security', input.old_code);
  }
  const codeId = await checkCode(ctx, next.target, 'bind', input.code);
  try {
    await ctx.db.transaction(async (tx) => {
      if (currentCodeId !== undefined) await consumeCode(tx, currentCodeId);
      await consumeCode(tx, codeId);
      await updateUser(tx, user.id, next.values);
      await revokeOtherSessions(tx, user.id, token);
      if (current) await ctx.notifier.send(tx, { channel: current.channel, recipient: current.target, ...contactChangedMessage(lang, next.kind) });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError('account_exists');
    throw error;
  }
  ctx.bus.emit('session_revoked', { userId: user.id, keptTokenHash: sha256(token) });
}

/** Where security codes go: the user's email, else their mobile. */
export const securityTarget = (user: SessionUser) => user.email ?? user.mobile ?? user.account;

/** POST /safe/update_password: sets or changes the pay password with a code (POST /sms_mail or /sms_send, scene security). */
export async function setPayPassword(ctx: CheckCodeDeps, user: SessionUser, password: string, code: string) {
  const codeId = await checkCode(ctx, securityTarget(user), 'security', code);
  const payPasswordHash = await hashPassword(password);
  await ctx.db.transaction(async (tx) => {
    await consumeCode(tx, codeId);
    await updateUser(tx, user.id, { payPasswordHash });
    // A new password proven by a code starts with a clean slate (a forgotten one may have locked itself).
    await clearPayPasswordAttempts(tx, user.id);
  });
}

/**
 * Refuses a money request without a pay password set, or with the one given missing or wrong. Only
 * misses are counted, per user; after `attemptsMax` (PAY_PASSWORD_ATTEMPTS_MAX unless the app's limits
 * say) in a row, pay-password use is locked for PAY_PASSWORD_LOCK_MS (even the right one is refused
 * meanwhile); a success resets the count. A user's checks run one at a time (pay-password-queue.ts), so
 * concurrent right ones all pass and concurrent guesses stop at the limit.
 */
export async function checkPayPassword(db: Executor, user: SessionUser, given: string | undefined, attemptsMax = PAY_PASSWORD_ATTEMPTS_MAX) {
  // Money leaves only with a pay password: a user without one is sent to set it first.
  if (!user.payPasswordHash) throw new DomainError('pay_password_not_set');
  if (!given) throw new DomainError('pay_password_required');
  const hash = user.payPasswordHash;
  return oneCheckAtATime(user.id, async () => {
    const now = new Date();
    const lockedUntil = await payPasswordLock(db, user.id);
    if (lockedUntil && lockedUntil > now) throw new DomainError('pay_password_locked');
    if (await verifyPassword(given, hash)) {
      await clearPayPasswordAttempts(db, user.id);
      return;
    }
    const miss = await countPayPasswordMiss(db, user.id, now);
    if (miss.failures < attemptsMax) throw new DomainError('pay_password_wrong');
    await lockPayPassword(db, user.id, new Date(now.getTime() + PAY_PASSWORD_LOCK_MS));
    throw new DomainError('pay_password_locked');
  });
}

/** POST /safe/update_login_password: knowing the old password, to a different one; every other session ends. */
export async function changeLoginPassword(ctx: { db: Db; bus: EventBus }, user: SessionUser, token: string, oldPassword: string, password: string) {
  if (!(await verifyPassword(oldPassword, user.passwordHash))) throw new DomainError('old_password_wrong');
  if (password === oldPassword) throw new DomainError('password_reused');
  const passwordHash = await hashPassword(password);
  await ctx.db.transaction(async (tx) => {
    await updateUser(tx, user.id, { passwordHash });
    await revokeOtherSessions(tx, user.id, token);
  });
  ctx.bus.emit('session_revoked', { userId: user.id, keptTokenHash: sha256(token) });
}

/**
 * Adding a wallet address or a bank card: confirmed by the pay password, or by a code sent to the
 * user's own email or mobile (scene security), used up here.
 */
export async function checkConfirmation(ctx: CheckCodeDeps & { limits: Pick<Limits, 'payPasswordAttemptsMax'> }, user: SessionUser, confirmation: Confirmation) {
  if (confirmation.pay_password !== undefined) return checkPayPassword(ctx.db, user, confirmation.pay_password, ctx.limits.payPasswordAttemptsMax);
  if (confirmation.code === undefined) throw new DomainError(user.payPasswordHash ? 'pay_password_required' : 'pay_password_not_set');
  const codeId = await checkCode(ctx, securityTarget(user), 'security', confirmation.code);
  await consumeCode(ctx.db, codeId);
}
