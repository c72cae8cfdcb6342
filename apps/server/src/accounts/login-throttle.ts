/**
 * Login limited per (account, client address), with a far higher limit per account, for users and
 * operators (security review finding 6). The pair: from `failuresFree` failures in a row from one
 * address, that address is locked out of that account for a time that doubles with each further failure
 * up to `lockMaxMs`. The account: from LOGIN_ACCOUNT_FAILURES_FACTOR times as many failures in a row (from
 * any addresses) the whole account locks the same way, except for an address the account logged in from
 * within LOGIN_KNOWN_ADDRESS_MS: a trickle of guesses from rotating addresses cannot keep the owner out.
 * Every attempt counts as a failure before the password is checked (so a burst of concurrent guesses
 * cannot slip past the count); a success clears both counts and marks its address known. Unknown login
 * names are counted and locked the same way, and checked against a dummy hash, so neither the answer nor
 * its time tells whether they exist.
 *
 * Worked examples (failuresFree 5, so the account locks from 100):
 * - the review's 13 wrong passwords, each from a new address: no pair reaches 5, the account is at 13,
 *   and the owner logs in from home at once;
 * - 5 wrong passwords from one address: that address is locked 1 minute (then 2, 4, ... up to 1 hour);
 *   the owner's other address is not;
 * - 100 wrong passwords from 100 addresses: a 101st new address is refused (login_locked), while the
 *   address the owner logged in from last week still gets its password checked.
 */
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import type { Limits } from '../limits.ts';
import { DomainError } from '../http/errors.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { claimLoginAttemptRows, clearLoginFailures } from './repository.ts';

/** What checking a login password uses: the database, the login limits, and the session clock. */
export type LoginThrottleDeps = {
  db: Db;
  limits: Pick<Limits, 'loginFailuresFree' | 'loginLockBaseMs' | 'loginLockMaxMs'>;
  sessionClock: Clock;
};
export type LoginThrottleRule = { failuresFree: number; lockBaseMs: number; lockMaxMs: number };
export type LoginThrottleState = { failures: number; lockedUntil: Date | null };
/** A pair's state also says when its address last logged in to the account. */
export type LoginPairState = LoginThrottleState & { succeededAt: Date | null };

/** The whole account locks after this many times the failures that lock one address. */
export const LOGIN_ACCOUNT_FAILURES_FACTOR = 20;
/** An address the account logged in from within this long is not held back by the account's lock. */
export const LOGIN_KNOWN_ADDRESS_MS = 30 * 24 * 60 * 60_000;
/** The pair's address when a logged-in user re-enters their password (no client address is at hand). */
export const IN_SESSION_ADDRESS = 'session';

/** How long a pair or an account locks after this many failures in a row. */
export function lockMsAfter(failures: number, rule: LoginThrottleRule): number {
  if (failures < rule.failuresFree) return 0;
  return Math.min(rule.lockMaxMs, rule.lockBaseMs * 2 ** (failures - rule.failuresFree));
}

/** The account-wide rule of a pair rule: the same locks, from LOGIN_ACCOUNT_FAILURES_FACTOR times as many failures. */
export const accountRuleOf = (rule: LoginThrottleRule): LoginThrottleRule => ({ ...rule, failuresFree: rule.failuresFree * LOGIN_ACCOUNT_FAILURES_FACTOR });

const counted = (state: LoginThrottleState, now: Date, rule: LoginThrottleRule): LoginThrottleState => {
  const failures = state.failures + 1;
  const lockMs = lockMsAfter(failures, rule);
  return { failures, lockedUntil: lockMs > 0 ? new Date(now.getTime() + lockMs) : null };
};

/**
 * One attempt of one subject: refused (undefined) while locked; otherwise counted as a failure, with the
 * lock that failure would earn already set (a success clears both).
 */
export function claimLoginAttempt(state: LoginThrottleState, now: Date, rule: LoginThrottleRule): LoginThrottleState | undefined {
  if (state.lockedUntil && state.lockedUntil > now) return undefined;
  return counted(state, now, rule);
}

/**
 * One attempt from an address on an account: refused (undefined) while the pair is locked, or while the
 * account is locked and the address is not known to it; otherwise counted on both.
 */
export function claimLogin(
  state: { pair: LoginPairState; account: LoginThrottleState },
  now: Date,
  rule: LoginThrottleRule,
): { pair: LoginThrottleState; account: LoginThrottleState } | undefined {
  const pair = claimLoginAttempt(state.pair, now, rule);
  if (!pair) return undefined;
  const known = state.pair.succeededAt !== null && now.getTime() - state.pair.succeededAt.getTime() < LOGIN_KNOWN_ADDRESS_MS;
  const accountLocked = state.account.lockedUntil !== null && state.account.lockedUntil > now;
  if (accountLocked && !known) return undefined;
  return { pair, account: counted(state.account, now, accountRuleOf(rule)) };
}

let dummyHash: Promise<string> | undefined;
/**
 * The hash a login password is checked against: the account's, or for an unknown name a dummy made
 * with today's parameters, so the check costs what a real one does and matches nothing.
 */
export const hashToCheck = async (passwordHash: string | undefined): Promise<string> =>
  passwordHash ?? (await (dummyHash ??= hashPassword(`unknown-account-${Math.random()}`)));

/** The subject of the (account, address) pair: `user:7@203.0.113.9`. */
export const pairSubject = (subject: string, address: string) => `${subject}@${address}`;

/**
 * Checks a login password under the pair and account limits. `subject` names the account (`user:<id>`)
 * or, when none exists, the name tried (`user:name:<login>`); `address` is the client's (a re-entered
 * password inside a session passes none). Throws login_locked while locked.
 */
export async function checkLoginPassword(
  ctx: LoginThrottleDeps,
  subject: string,
  passwordHash: string | undefined,
  password: string,
  address: string = IN_SESSION_ADDRESS,
): Promise<boolean> {
  const rule: LoginThrottleRule = {
    failuresFree: ctx.limits.loginFailuresFree,
    lockBaseMs: ctx.limits.loginLockBaseMs,
    lockMaxMs: ctx.limits.loginLockMaxMs,
  };
  const now = new Date(ctx.sessionClock());
  const pair = pairSubject(subject, address);
  if (!(await claimLoginAttemptRows(ctx.db, { account: subject, pair }, (state) => claimLogin(state, now, rule)))) throw new DomainError('login_locked');
  const matches = await verifyPassword(password, await hashToCheck(passwordHash));
  if (!matches || passwordHash === undefined) return false;
  await clearLoginFailures(ctx.db, { account: subject, pair }, now);
  return true;
}
