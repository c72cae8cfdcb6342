/** SQL of operator accounts: the list, the locked set of active admins, and session revocation. */
import { and, asc, count, eq, isNull, ne } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { operators, operatorSessions, type OperatorRole } from './tables.ts';

type PageInput = { page: number; limit: number };

export const operatorRow = (o: typeof operators.$inferSelect) => ({
  id: o.id,
  username: o.username,
  role: o.role,
  disabled: o.disabledAt !== null,
  must_change_password: o.mustChangePassword,
  created_at: o.createdAt.toISOString(),
  disabled_at: o.disabledAt?.toISOString() ?? null,
});

export async function pageOperators(db: Executor, { page, limit }: PageInput) {
  const [rows, [total]] = await Promise.all([
    db.select().from(operators).orderBy(asc(operators.id)).limit(limit).offset((page - 1) * limit),
    db.select({ n: count() }).from(operators),
  ]);
  return { data: rows.map(operatorRow), total: total?.n ?? 0, page, limit };
}

export async function findOperator(db: Executor, id: number) {
  const [row] = await db.select().from(operators).where(eq(operators.id, id)).limit(1);
  return row;
}

export async function findOperatorByUsername(db: Executor, username: string) {
  const [row] = await db.select().from(operators).where(eq(operators.username, username)).limit(1);
  return row;
}

export async function anyOperatorExists(db: Executor): Promise<boolean> {
  const [row] = await db.select({ id: operators.id }).from(operators).limit(1);
  return row !== undefined;
}

export async function insertOperator(db: Executor, values: { username: string; passwordHash: string; role: OperatorRole; mustChangePassword: boolean }) {
  const [row] = await db.insert(operators).values(values).returning();
  return row!;
}

/**
 * The ids of every enabled admin, their rows locked until the transaction ends: two admins changing each
 * other at the same moment are then decided one after the other, and the second sees the first's change.
 */
export async function lockActiveAdminIds(db: Executor): Promise<number[]> {
  const rows = await db
    .select({ id: operators.id })
    .from(operators)
    .where(and(eq(operators.role, 'admin'), isNull(operators.disabledAt)))
    .orderBy(asc(operators.id))
    .for('no key update');
  return rows.map((r) => r.id);
}

export async function lockOperator(db: Executor, id: number) {
  const [row] = await db.select().from(operators).where(eq(operators.id, id)).for('no key update');
  return row;
}

export async function updateOperator(db: Executor, id: number, set: Partial<Pick<typeof operators.$inferInsert, 'role' | 'disabledAt' | 'passwordHash' | 'mustChangePassword'>>) {
  await db.update(operators).set(set).where(eq(operators.id, id));
}

/** Revokes every live session of an operator, except the one whose token hash is given. */
export async function revokeOperatorSessions(db: Executor, operatorId: number, exceptTokenHash?: string) {
  const live = and(eq(operatorSessions.operatorId, operatorId), isNull(operatorSessions.revokedAt));
  await db
    .update(operatorSessions)
    .set({ revokedAt: new Date() })
    .where(exceptTokenHash ? and(live, ne(operatorSessions.tokenHash, exceptTokenHash)) : live);
}
