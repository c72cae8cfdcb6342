import { randomInt } from 'node:crypto';
import { DEFAULT_AREA_CODE, isEmail, isMobileFor, normaliseAreaCode, normaliseEmail, normaliseLogin, normaliseMobile, type RegisterInput } from '@fairex/contract';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../app-context.ts';
import { DomainError, isUniqueViolation } from '../http/errors.ts';
import { openUserAccounts } from '../ledger/index.ts';
import { checkCode, consumeCode } from './codes.ts';
import { checkLoginPassword } from './login-throttle.ts';
import { hashPassword, sha256, verifyPassword } from './passwords.ts';
import { findUserByInviteCode, findUserByLogin, insertUser, updateUser, type User } from './repository.ts';
import { publishSessionChange } from './session-cache.ts';
import { createSession, revokeSession } from './sessions.ts';
import { sessions } from './tables.ts';

/** Validates the address a code goes to or an account is registered with. */
export function checkTarget(type: 'email' | 'mobile', target: string, areaCode = DEFAULT_AREA_CODE) {
  if (type === 'email' && !isEmail(target)) throw new DomainError('email_invalid');
  if (type === 'mobile' && !isMobileFor(areaCode, target)) throw new DomainError('mobile_invalid');
}

const INVITE_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const INVITE_CODE_LENGTH = 8;
const newInviteCode = () =>
  Array.from({ length: INVITE_CODE_LENGTH }, () => INVITE_CODE_ALPHABET[randomInt(INVITE_CODE_ALPHABET.length)]).join('');

/** The stored form of a contact a user typed: an email lower-cased, a mobile as its national digits. */
export function normaliseContact(type: 'email' | 'mobile', target: string, areaCode = DEFAULT_AREA_CODE) {
  return type === 'email' ? normaliseEmail(target) : normaliseMobile(areaCode, target);
}

export async function register(ctx: Pick<AppContext, 'db' | 'limits'>, raw: RegisterInput): Promise<User> {
  const areaCode = normaliseAreaCode(raw.area_code);
  const input = { ...raw, area_code: areaCode, user_string: normaliseContact(raw.type, raw.user_string, areaCode) };
  checkTarget(input.type, input.user_string, input.area_code);
  if (await findUserByLogin(ctx.db, input.user_string)) throw new DomainError('account_exists');
  let parentId: number | null = null;
  if (input.extension_code) {
    const parent = await findUserByInviteCode(ctx.db, input.extension_code);
    if (!parent) throw new DomainError('invite_code_invalid');
    parentId = parent.id;
  }
  const codeId = await checkCode(ctx, input.user_string, 'register', input.code);
  const passwordHash = await hashPassword(input.password);
  try {
    return await insertRegisteredUser(ctx, input, codeId, passwordHash, parentId);
  } catch (error) {
    // Two registrations of one address racing past the check above: the unique index decides.
    if (isUniqueViolation(error)) throw new DomainError('account_exists');
    throw error;
  }
}

function insertRegisteredUser(ctx: Pick<AppContext, 'db'>, input: RegisterInput, codeId: number, passwordHash: string, parentId: number | null) {
  return ctx.db.transaction(async (tx) => {
    await consumeCode(tx, codeId);
    const user = await insertUser(tx, {
      account: input.user_string,
      email: input.type === 'email' ? input.user_string : null,
      mobile: input.type === 'mobile' ? input.user_string : null,
      areaCode: input.area_code,
      passwordHash,
      extensionCode: newInviteCode(),
      parentId,
    });
    await openUserAccounts(tx, user.id);
    return user;
  });
}

/**
 * Answers a new session token; `remember` is the stay-logged-in option (sessions.ts names both lifetimes).
 * Failures lock the (account, `address`) pair, and far later the account (login-throttle.ts).
 */
export async function login(ctx: Pick<AppContext, 'db' | 'limits' | 'sessionClock'>, userString: string, password: string, remember: boolean, address: string): Promise<string> {
  const user = await findUserByLogin(ctx.db, userString);
  // Same answer, same limit and same hashing time for an unknown account and a wrong password, so accounts cannot be probed.
  const subject = user ? `user:${user.id}` : `user:name:${normaliseLogin(userString)}`;
  if (!(await checkLoginPassword(ctx, subject, user?.passwordHash, password, address)) || !user || user.frozen) throw new DomainError('login_failed');
  return createSession(ctx.db, user.id, remember);
}

/** GET /user/logout: ends the session, and its realtime sockets stop getting the user's events. */
export async function logout(ctx: Pick<AppContext, 'bus' | 'db'>, userId: number, token: string) {
  await revokeSession(ctx.db, userId, token);
  ctx.bus.emit('session_revoked', { userId, tokenHash: sha256(token) });
}

/**
 * Resets the password with a code sent to the account's email or mobile, and ends every session. A new
 * password equal to the current one is refused, checked only once the code is proven (else this call
 * would test password guesses), and the code stays unused for another try.
 */
export async function resetPassword(ctx: Pick<AppContext, 'bus' | 'db' | 'limits'>, account: string, code: string, password: string) {
  const user = await findUserByLogin(ctx.db, account);
  if (!user) throw new DomainError('account_not_found');
  const login = normaliseLogin(account);
  const target = user.email === login || user.mobile === login ? login : (user.email ?? user.mobile ?? login);
  const codeId = await checkCode(ctx, target, 'forget', code);
  if (await verifyPassword(password, user.passwordHash)) throw new DomainError('password_reused');
  const passwordHash = await hashPassword(password);
  await ctx.db.transaction(async (tx) => {
    await consumeCode(tx, codeId);
    await updateUser(tx, user.id, { passwordHash });
    await tx
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.userId, user.id))
      .returning({ published: publishSessionChange(user.id) });
  });
  ctx.bus.emit('session_revoked', { userId: user.id });
}
