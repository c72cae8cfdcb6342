/**
 * Freezing a user (security review finding 13): the incident answer to a compromised or abusive
 * account. `users.frozen` already stops logins, sessions and socket handshakes; this sets it, ends the
 * user's sessions in the same transaction (their open sockets leave the user's private room on the
 * session_revoked event), and writes the operator log with the reason. Unfreezing lets the user log in again (sessions
 * are not restored). Setting the state the user already has changes and logs nothing.
 */
import type { UserFreezeInput } from '@fairex/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { publishSessionChange } from '../accounts/session-cache.ts';
import { sessions, users } from '../accounts/tables.ts';
import type { Db } from '../db/client.ts';
import type { EventBus } from '../events/bus.ts';
import { DomainError } from '../http/errors.ts';
import { logAction, type Operator } from './operators.ts';

export async function setUserFrozen(deps: { db: Db; bus: EventBus }, operator: Operator, userId: number, input: UserFreezeInput) {
  const changed = await deps.db.transaction(async (tx) => {
    const [user] = await tx.select({ frozen: users.frozen }).from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw new DomainError('not_found');
    if (user.frozen === input.frozen) return false;
    // Published to every process's session cache as this commits (accounts/session-cache.ts).
    await tx.update(users).set({ frozen: input.frozen }).where(eq(users.id, userId)).returning({ published: publishSessionChange(userId) });
    if (input.frozen) await tx.update(sessions).set({ revokedAt: new Date() }).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    await logAction(tx, operator.id, input.frozen ? 'user_freeze' : 'user_unfreeze', `user:${userId}`, { reason: input.reason });
    return true;
  });
  // After the commit: the realtime layer takes the user's sockets out of their private room.
  if (changed && input.frozen) deps.bus.emit('session_revoked', { userId });
  return { id: userId, frozen: input.frozen };
}
