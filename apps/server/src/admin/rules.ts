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
