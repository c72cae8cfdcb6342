/** The idempotency keys' SQL. */
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { idempotencyKeys } from './tables.ts';

export type Claim = { userId: number; call: string; key: string; fingerprint: string };
/** `answer` wraps the first answer ({ value }), so an answer of null is told apart from none yet. */
export type StoredKey = { fingerprint: string; answer: { value: unknown } | null };

const same = (claim: Claim) =>
  and(eq(idempotencyKeys.userId, claim.userId), eq(idempotencyKeys.call, claim.call), eq(idempotencyKeys.key, claim.key));

/**
 * Claims the key; false when a row is there already. On PostgreSQL a claim racing an uncommitted one
 * waits for it on the primary key, so it sees the first request's outcome: its row, or none after a
 * rollback.
 */
export async function insertClaim(db: Executor, claim: Claim): Promise<boolean> {
  const rows = await db
    .insert(idempotencyKeys)
    .values({ userId: claim.userId, call: claim.call, key: claim.key, fingerprint: claim.fingerprint })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  return rows.length === 1;
}

export async function findClaim(db: Executor, claim: Claim): Promise<StoredKey | undefined> {
  const [row] = await db.select({ fingerprint: idempotencyKeys.fingerprint, answer: idempotencyKeys.answer }).from(idempotencyKeys).where(same(claim)).limit(1);
  return row && { fingerprint: row.fingerprint, answer: row.answer === null ? null : (JSON.parse(row.answer) as { value: unknown }) };
}

export async function saveAnswer(db: Executor, claim: Claim, answer: unknown) {
  // Text, not jsonb: jsonb would reorder the keys, and a retry gets the first answer as it was.
  await db
    .update(idempotencyKeys)
    .set({ answer: JSON.stringify({ value: answer ?? null }) })
    .where(same(claim));
}

export async function deleteClaim(db: Executor, claim: Claim) {
  await db.delete(idempotencyKeys).where(same(claim));
}
