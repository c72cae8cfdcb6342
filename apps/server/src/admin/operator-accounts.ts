/**
 * Operator accounts: the first operator of a production start (from the environment or the command
 * line), and what an admin does in the back office (create, disable, re-role) or any operator does for
 * themselves (change their own password). Every change is logged in the same transaction.
 */
import { zOperatorUsername, type OperatorCreateInput, type OperatorEditInput } from '@fairex/contract';
import { hashPassword, sha256, verifyPassword } from '../accounts/passwords.ts';
import type { Db } from '../db/client.ts';
import { DomainError, isUniqueViolation } from '../http/errors.ts';
import {
  anyOperatorExists,
  insertOperator,
  lockActiveAdminIds,
  lockOperator,
  operatorRow,
  revokeOperatorSessions,
  updateOperator,
} from './operator-repository.ts';
import { logAction, type Operator } from './operators.ts';
import { OPERATOR_PASSWORD_KINDS_MIN, OPERATOR_PASSWORD_LENGTH_MIN, operatorChangeProblem, operatorPasswordProblem, type PasswordProblem } from './rules.ts';
import type { OperatorRole } from './tables.ts';

/** A first operator that cannot be created as asked; its message is for the person starting the server. */
export class OperatorSetupError extends Error {
  override name = 'OperatorSetupError';
}

const PROBLEM_TEXT: Record<PasswordProblem, string> = {
  too_short: `it needs at least ${OPERATOR_PASSWORD_LENGTH_MIN} characters`,
  one_kind: `it needs at least ${OPERATOR_PASSWORD_KINDS_MIN} kinds of characters (lower-case, upper-case, digits, symbols)`,
  contains_username: 'it must not contain the username',
};

/** Where an operator account came from, for the operator log. */
type Origin = { actor: Operator } | { source: 'environment' | 'command' };

async function insertLogged(db: Db, values: { username: string; password: string; role: OperatorRole }, origin: Origin) {
  const passwordHash = await hashPassword(values.password);
  return db.transaction(async (tx) => {
    // Someone else chose this password: its owner replaces it at first login.
    const row = await insertOperator(tx, { username: values.username, passwordHash, role: values.role, mustChangePassword: true });
    const by = 'actor' in origin ? origin.actor.id : row.id;
    await logAction(tx, by, 'operator_create', `operator:${row.id}`, { username: row.username, role: row.role, ...('source' in origin ? { source: origin.source } : {}) });
    return row;
  });
}

/** POST /api/admin/operators (admin): a new operator who must change the given password at first login. */
export async function createOperator(db: Db, actor: Operator, input: OperatorCreateInput) {
  if (operatorPasswordProblem(input.password, input.username)) throw new DomainError('password_weak');
  try {
    return operatorRow(await insertLogged(db, input, { actor }));
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError('account_exists');
    throw error;
  }
}

/** The stored form of a name given on the command line or in the environment; throws when it or the password is not acceptable. */
export function checkSetupInput(name: string, password: string): string {
  const parsed = zOperatorUsername.safeParse(name);
  if (!parsed.success) throw new OperatorSetupError(`the operator name "${name}" is not valid: 3 to 32 letters, digits, dots, dashes or underscores`);
  const problem = operatorPasswordProblem(password, parsed.data);
  if (problem) throw new OperatorSetupError(`the password of operator "${parsed.data}" is too weak: ${PROBLEM_TEXT[problem]}`);
  return parsed.data;
}

/**
 * An operator account from the command line or the environment (no operator session behind it):
 * refused with a readable reason when the name or the password is not acceptable.
 */
export async function createOperatorFromSetup(
  db: Db,
  input: { username: string; password: string; role?: OperatorRole },
  source: 'environment' | 'command',
) {
  const username = checkSetupInput(input.username, input.password);
  try {
    return await insertLogged(db, { username, password: input.password, role: input.role ?? 'admin' }, { source });
  } catch (error) {
    if (isUniqueViolation(error)) throw new OperatorSetupError(`an operator named "${username}" already exists`);
    throw error;
  }
}

/**
 * A production start: the first operator comes from ADMIN_USER / ADMIN_PASSWORD, and only while there is
 * no operator at all (later starts leave accounts alone, whatever the environment says).
 */
export async function ensureFirstOperator(db: Db, env: { username?: string; password?: string }): Promise<'exists' | 'created' | 'missing'> {
  if (await anyOperatorExists(db)) return 'exists';
  if (!env.username && !env.password) return 'missing';
  if (!env.username || !env.password) throw new OperatorSetupError('set both ADMIN_USER and ADMIN_PASSWORD to create the first operator');
  await createOperatorFromSetup(db, { username: env.username, password: env.password, role: 'admin' }, 'environment');
  return 'created';
}

/** POST /api/admin/operators/:id (admin): a new role, disabled or enabled again; a disabled operator's sessions end. */
export async function editOperator(db: Db, actor: Operator, id: number, change: OperatorEditInput) {
  return db.transaction(async (tx) => {
    const activeAdminIds = await lockActiveAdminIds(tx);
    // The actor may have been disabled or re-roled since the request passed the session check.
    if (!activeAdminIds.includes(actor.id)) throw new DomainError('forbidden');
    const target = await lockOperator(tx, id);
    if (!target) throw new DomainError('not_found');
    const disabled = target.disabledAt !== null;
    const problem = operatorChangeProblem({ actorId: actor.id, target: { id, role: target.role, disabled }, change, activeAdminIds });
    if (problem) throw new DomainError(problem);
    const targetName = `operator:${id}`;
    // Every row is changed before the log is written: the log's chain lock is taken last, so a logout
    // holding a session row while it waits for that lock cannot deadlock with this edit.
    const logs: [string, object][] = [];
    if (change.role !== undefined && change.role !== target.role) {
      await updateOperator(tx, id, { role: change.role });
      logs.push(['operator_role', { username: target.username, before: target.role, after: change.role }]);
    }
    if (change.disabled !== undefined && change.disabled !== disabled) {
      await updateOperator(tx, id, { disabledAt: change.disabled ? new Date() : null });
      if (change.disabled) await revokeOperatorSessions(tx, id);
      logs.push([change.disabled ? 'operator_disable' : 'operator_enable', { username: target.username }]);
    }
    for (const [action, detail] of logs) await logAction(tx, actor.id, action, targetName, detail);
    return operatorRow((await lockOperator(tx, id))!);
  });
}

/**
 * POST /api/admin/password: the operator's own password, proven by the current one. Every other session
 * of theirs ends (the one in use stays), and a pending first-login change is done.
 */
export async function changeOwnPassword(db: Db, operator: Operator, token: string, input: { current_password: string; password: string }) {
  if (!(await verifyPassword(input.current_password, operator.passwordHash))) throw new DomainError('old_password_wrong');
  if (operatorPasswordProblem(input.password, operator.username)) throw new DomainError('password_weak');
  if (await verifyPassword(input.password, operator.passwordHash)) throw new DomainError('password_reused');
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    await updateOperator(tx, operator.id, { passwordHash, mustChangePassword: false });
    await revokeOperatorSessions(tx, operator.id, sha256(token));
    await logAction(tx, operator.id, 'password_change', `operator:${operator.id}`);
  });
}
