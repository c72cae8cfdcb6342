/**
 * Login limited per account, for users and operators: every attempt counts as a failure before the
 * password is checked (so a burst of concurrent guesses cannot slip past the count) and a success
 * clears the count. From `failuresFree` failures in a row the account locks, for a time that doubles
 * with each further failure up to `lockMaxMs`. Unknown login names are counted and locked the same
 * way, and checked against a dummy hash, so neither the answer nor its time tells whether they exist.
 */
import type { AppContext } from '../app-context.ts';
import { DomainError } from '../http/errors.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { claimLoginAttemptRow, clearLoginFailures } from './repository.ts';

export type LoginThrottleRule = { failuresFree: number; lockBaseMs: number; lockMaxMs: number };
export type LoginThrottleState = { failures: number; lockedUntil: Date | null };

/** How long an account locks after this many failures in a row. */
export function lockMsAfter(failures: number, rule: LoginThrottleRule): number {
  if (failures < rule.failuresFree) return 0;
  return Math.min(rule.lockMaxMs, rule.lockBaseMs * 2 ** (failures - rule.failuresFree));
}

/**
 * One attempt: refused (undefined) while locked; otherwise counted as a failure, with the lock that
 * failure would earn already set (a success clears both).
 */
export function claimLoginAttempt(state: LoginThrottleState, now: Date, rule: LoginThrottleRule): LoginThrottleState | undefined {
  if (state.lockedUntil && state.lockedUntil > now) return undefined;
  const failures = state.failures + 1;
  const lockMs = lockMsAfter(failures, rule);
  return { failures, lockedUntil: lockMs > 0 ? new Date(now.getTime() + lockMs) : null };
}

let dummyHash: Promise<string> | undefined;
/**
 * The hash a login password is checked against: the account's, or for an unknown name a dummy made
 * with today's parameters, so the check costs what a real one does and matches nothing.
 */
export const hashToCheck = async (passwordHash: string | undefined): Promise<string> =>
  passwordHash ?? (await (dummyHash ??= hashPassword(`unknown-account-${Math.random()}`)));

/**
 * Checks a login password under the per-account limit. `subject` names the account (`user:<id>`) or,
 * when none exists, the name tried (`user:name:<login>`). Throws login_locked while locked.
 */
export async function checkLoginPassword(ctx: AppContext, subject: string, passwordHash: string | undefined, password: string): Promise<boolean> {
  const rule: LoginThrottleRule = {
    failuresFree: ctx.limits.loginFailuresFree,
    lockBaseMs: ctx.limits.loginLockBaseMs,
    lockMaxMs: ctx.limits.loginLockMaxMs,
  };
  const now = new Date();
  if (!(await claimLoginAttemptRow(ctx.db, subject, (state) => claimLoginAttempt(state, now, rule)))) throw new DomainError('login_locked');
  const matches = await verifyPassword(password, await hashToCheck(passwordHash));
  if (!matches || passwordHash === undefined) return false;
  await clearLoginFailures(ctx.db, subject);
  return true;
}
