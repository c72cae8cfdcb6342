/** Pure rules of operator accounts: password strength and which changes to an operator are allowed. */
import type { OperatorRole } from './tables.ts';

/** Long enough that guessing it online is hopeless even before the login limits. */
export const OPERATOR_PASSWORD_LENGTH_MIN = 12;
/** Kinds of characters: lower-case, upper-case, digits, everything else (symbols, spaces, other scripts). */
export const OPERATOR_PASSWORD_KINDS_MIN = 2;

export type PasswordProblem = 'too_short' | 'one_kind' | 'contains_username';

export function characterKinds(password: string): number {
  const kinds = new Set<string>();
  for (const c of password) {
    if (/[a-z]/.test(c)) kinds.add('lower');
    else if (/[A-Z]/.test(c)) kinds.add('upper');
    else if (/[0-9]/.test(c)) kinds.add('digit');
    else kinds.add('other');
  }
  return kinds.size;
}

/**
 * Why an operator's password is too weak, or undefined when it is strong enough: at least 12 characters
 * (counted as characters, not bytes), at least two kinds of characters, and not containing the username
 * in any case.
 */
export function operatorPasswordProblem(password: string, username: string): PasswordProblem | undefined {
  if ([...password].length < OPERATOR_PASSWORD_LENGTH_MIN) return 'too_short';
  if (characterKinds(password) < OPERATOR_PASSWORD_KINDS_MIN) return 'one_kind';
  if (username && password.toLowerCase().includes(username.toLowerCase())) return 'contains_username';
  return undefined;
}

export type OperatorState = { id: number; role: OperatorRole; disabled: boolean };
export type OperatorChange = { role?: OperatorRole; disabled?: boolean };

/**
 * Why an admin may not make this change, or undefined: nobody disables themselves or changes their own
 * role (they would lock themselves out), and the last active admin stays an active admin.
 * `activeAdminIds` are the ids of every enabled admin, read under lock in the same transaction.
 */
export function operatorChangeProblem(input: {
  actorId: number;
  target: OperatorState;
  change: OperatorChange;
  activeAdminIds: readonly number[];
}): 'operator_self' | 'last_admin' | undefined {
  const { actorId, target, change, activeAdminIds } = input;
  const disables = change.disabled === true && !target.disabled;
  const deAdmins = change.role !== undefined && change.role !== 'admin' && target.role === 'admin';
  // The more telling answer first: the only admin learns that an admin must remain.
  if (activeAdminIds.includes(target.id) && (disables || deAdmins) && activeAdminIds.length <= 1) return 'last_admin';
  if (target.id === actorId && (disables || (change.role !== undefined && change.role !== target.role))) return 'operator_self';
  return undefined;
}

/*
 * Operator session lifetime (security review finding 4; ASVS 3.3.2 and 3.3.4 at level 2): a privileged
 * back-office session ends after OPERATOR_SESSION_IDLE_MS without use and, however busy, after
 * OPERATOR_SESSION_ABSOLUTE_MS from login; then the operator logs in again. Each use moves the idle end
 * forward, never past the absolute end. Worked examples (login at 09:00):
 * - used at 09:20 -> ends 09:50; not used again -> refused from 09:50;
 * - used every 10 minutes all day -> each use moves the end 30 minutes on, until 21:00, when it ends;
 * - used at 20:45 -> ends 21:00 (not 21:15).
 */
export const OPERATOR_SESSION_IDLE_MS = 30 * 60_000;
export const OPERATOR_SESSION_ABSOLUTE_MS = 12 * 60 * 60_000;
/** An end is moved at most once per this interval, so every request does not write. */
export const OPERATOR_SESSION_RENEW_INTERVAL_MS = 60_000;

/** When a session used at `now` ends: the idle end, capped at the absolute end. */
export const operatorSessionEnd = (createdAt: number, now: number): number =>
  Math.min(now + OPERATOR_SESSION_IDLE_MS, createdAt + OPERATOR_SESSION_ABSOLUTE_MS);

/** The end to store after a use at `now`, or undefined when the stored one is recent enough (or already final). */
export function renewedSessionEnd(session: { createdAt: number; expiresAt: number }, now: number): number | undefined {
  const end = operatorSessionEnd(session.createdAt, now);
  return end - session.expiresAt >= OPERATOR_SESSION_RENEW_INTERVAL_MS ? end : undefined;
}
