import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { hashPassword, newToken, sha256 } from '../accounts/passwords.ts';
import { SESSION_TTL_MS, tokenOf } from '../accounts/sessions.ts';
import type { Db, Executor } from '../db/client.ts';
import { DomainError } from '../http/errors.ts';
import { operatorAuditLog, operators, operatorSessions, type OperatorRole } from './tables.ts';

export type Operator = typeof operators.$inferSelect;

declare module 'fastify' {
  interface FastifyRequest {
    operator?: Operator;
  }
}

/** The demo operator the README names; created on a first development start only (never in production). */
export const DEMO_OPERATOR = { username: 'admin', password: 'admin123456', role: 'admin' as const };

export async function seedOperators(db: Db) {
  const [existing] = await db.select({ id: operators.id }).from(operators).limit(1);
  if (existing) return;
  await db.insert(operators).values({
    username: DEMO_OPERATOR.username,
    passwordHash: await hashPassword(DEMO_OPERATOR.password),
    role: DEMO_OPERATOR.role,
  });
}

export async function createOperatorSession(db: Executor, operatorId: number): Promise<string> {
  const token = newToken();
  await db.insert(operatorSessions).values({ operatorId, tokenHash: sha256(token), expiresAt: new Date(Date.now() + SESSION_TTL_MS) });
  return token;
}

export async function revokeOperatorSession(db: Executor, token: string) {
  await db.update(operatorSessions).set({ revokedAt: new Date() }).where(eq(operatorSessions.tokenHash, sha256(token)));
}

/** Written in the same transaction as the change it describes. */
export async function logAction(db: Executor, operatorId: number, action: string, target: string, detail: object = {}) {
  await db.insert(operatorAuditLog).values({ operatorId, action, target, detail });
}

export const ALL_ROLES: readonly OperatorRole[] = ['admin', 'reviewer', 'support'];

/**
 * preHandler for back-office routes: a live operator session (999 otherwise) of an enabled operator with
 * one of the roles. An operator who must change the password given to them is refused everything
 * (password_change_required) but the routes that pass `pendingPasswordChange: 'allow'` (me, logout,
 * change own password).
 */
export function requireOperator(db: Executor, roles: readonly OperatorRole[] = ALL_ROLES, options: { pendingPasswordChange?: 'allow' } = {}) {
  return async (request: FastifyRequest) => {
    const token = tokenOf(request);
    if (!token) throw new DomainError('not_logged_in');
    const [row] = await db
      .select({ operator: operators })
      .from(operatorSessions)
      .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
      .where(and(eq(operatorSessions.tokenHash, sha256(token)), isNull(operatorSessions.revokedAt), gt(operatorSessions.expiresAt, new Date())))
      .limit(1);
    // Disabling revokes the sessions too; this also covers a session opened in the same instant.
    if (!row || row.operator.disabledAt) throw new DomainError('session_invalid');
    if (row.operator.mustChangePassword && options.pendingPasswordChange !== 'allow') throw new DomainError('password_change_required');
    if (!roles.includes(row.operator.role)) throw new DomainError('forbidden');
    request.operator = row.operator;
  };
}

export function currentOperator(request: FastifyRequest): Operator {
  if (!request.operator) throw new DomainError('not_logged_in');
  return request.operator;
}
