import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { hashPassword, newToken, sha256 } from '../accounts/passwords.ts';
import type { Db, Executor } from '../db/client.ts';
import { DomainError } from '../http/errors.ts';
import { cookieValue, OPERATOR_SESSION_COOKIE } from './operator-cookies.ts';
import { operatorSessionEnd, renewedSessionEnd } from './rules.ts';
import { appendOperatorLog } from './operator-log-chain.ts';
import { operators, operatorSessions, type OperatorRole } from './tables.ts';

export type Operator = typeof operators.$inferSelect;

declare module 'fastify' {
  interface FastifyRequest {
    operator?: Operator;
    /** The session clock's reading for this back-office request (set by the admin scope's guard; the system clock otherwise). */
    operatorSessionNow?: number;
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

/** A new session at `now`: it ends OPERATOR_SESSION_IDLE_MS after its last use, at most OPERATOR_SESSION_ABSOLUTE_MS after now (rules.ts). */
export async function createOperatorSession(db: Executor, operatorId: number, now: number): Promise<string> {
  const token = newToken();
  await db.insert(operatorSessions).values({ operatorId, tokenHash: sha256(token), createdAt: new Date(now), expiresAt: new Date(operatorSessionEnd(now, now)) });
  return token;
}

export async function revokeOperatorSession(db: Executor, token: string) {
  await db.update(operatorSessions).set({ revokedAt: new Date() }).where(eq(operatorSessions.tokenHash, sha256(token)));
}

/** The operator session token of a request: its httpOnly cookie (operator-cookies.ts); an Authorization header is not read. */
export const operatorTokenOf = (request: FastifyRequest): string | undefined => cookieValue(request.headers.cookie, OPERATOR_SESSION_COOKIE);

/**
 * Written in the same transaction as the change it describes, as the next entry of the hash chain
 * (operator-log-chain.ts); given the database rather than a transaction, in a transaction of its own.
 */
export async function logAction(db: Executor, operatorId: number, action: string, target: string, detail: object = {}) {
  await appendOperatorLog(db, { operatorId, action, target, detail });
}

/**
 * A read of secrets or personal records (codes, identity documents, a user's details, OTC evidence),
 * one operator-log row per call: what was read, never the secret itself (security review finding 7).
 */
export async function logRead(db: Executor, request: FastifyRequest, action: string, target: string, detail: object = {}) {
  await logAction(db, currentOperator(request).id, action, target, detail);
}

export const ALL_ROLES: readonly OperatorRole[] = ['admin', 'reviewer', 'support'];

/**
 * preHandler for back-office routes: a live operator session (999 otherwise: no cookie, unknown, revoked,
 * idle too long or past its absolute end) of an enabled operator with one of the roles. Each use moves
 * the session's idle end forward (rules.ts). An operator who must change the password given to them is refused everything
 * (password_change_required) but the routes that pass `pendingPasswordChange: 'allow'` (me, logout,
 * change own password).
 */
export function requireOperator(db: Executor, roles: readonly OperatorRole[] = ALL_ROLES, options: { pendingPasswordChange?: 'allow' } = {}) {
  return async (request: FastifyRequest) => {
    const token = operatorTokenOf(request);
    if (!token) throw new DomainError('not_logged_in');
    const now = request.operatorSessionNow ?? Date.now();
    const [row] = await db
      .select({ operator: operators, sessionId: operatorSessions.id, createdAt: operatorSessions.createdAt, expiresAt: operatorSessions.expiresAt })
      .from(operatorSessions)
      .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
      .where(and(eq(operatorSessions.tokenHash, sha256(token)), isNull(operatorSessions.revokedAt), gt(operatorSessions.expiresAt, new Date(now))))
      .limit(1);
    // Disabling revokes the sessions too; this also covers a session opened in the same instant.
    if (!row || row.operator.disabledAt) throw new DomainError('session_invalid');
    const end = renewedSessionEnd({ createdAt: row.createdAt.getTime(), expiresAt: row.expiresAt.getTime() }, now);
    if (end !== undefined) await db.update(operatorSessions).set({ expiresAt: new Date(end) }).where(eq(operatorSessions.id, row.sessionId));
    if (row.operator.mustChangePassword && options.pendingPasswordChange !== 'allow') throw new DomainError('password_change_required');
    if (!roles.includes(row.operator.role)) throw new DomainError('forbidden');
    request.operator = row.operator;
  };
}

export function currentOperator(request: FastifyRequest): Operator {
  if (!request.operator) throw new DomainError('not_logged_in');
  return request.operator;
}
