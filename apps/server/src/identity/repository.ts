/** Identity verification SQL, and the session update that a login-password change needs. */
import { and, count, desc, eq, inArray, ne, isNull, sql } from 'drizzle-orm';
import { sessions, users } from '../accounts/tables.ts';
import { sha256 } from '../accounts/passwords.ts';
import { publishSessionChange } from '../accounts/session-cache.ts';
import type { Executor, Tx } from '../db/client.ts';
import type { UploadUrls } from '../uploads/signing.ts';
import { identityVerifications, payPasswordAttempts } from './tables.ts';

export type Verification = typeof identityVerifications.$inferSelect;

export async function insertVerification(db: Executor, values: typeof identityVerifications.$inferInsert): Promise<Verification> {
  const [row] = await db.insert(identityVerifications).values(values).returning();
  return row!;
}

/** The newest submission of each level (index 1 and 2). */
export async function latestVerifications(db: Executor, userId: number): Promise<{ 1?: Verification; 2?: Verification }> {
  const rows = await db
    .select()
    .from(identityVerifications)
    .where(eq(identityVerifications.userId, userId))
    .orderBy(desc(identityVerifications.id));
  return { 1: rows.find((r) => r.level === 1), 2: rows.find((r) => r.level === 2) };
}

/** The highest approved level: 0, 1 or 2. */
export async function approvedLevel(db: Executor, userId: number): Promise<0 | 1 | 2> {
  const rows = await db
    .select({ level: identityVerifications.level })
    .from(identityVerifications)
    .where(and(eq(identityVerifications.userId, userId), eq(identityVerifications.status, 'approved')));
  const levels = rows.map((r) => r.level);
  return levels.includes(2) ? 2 : levels.includes(1) ? 1 : 0;
}

/** Whether another account has a pending or approved basic submission with this (normalised) ID number. */
export async function cardLiveElsewhere(db: Executor, cardId: string, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: identityVerifications.id })
    .from(identityVerifications)
    .where(
      and(
        eq(identityVerifications.level, 1),
        eq(identityVerifications.cardId, cardId),
        inArray(identityVerifications.status, ['pending', 'approved']),
        ne(identityVerifications.userId, userId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function findVerification(db: Executor, id: number) {
  const [row] = await db.select().from(identityVerifications).where(eq(identityVerifications.id, id)).limit(1);
  return row;
}

/** Decides a pending submission; undefined when it was not pending (already decided, or a second click). */
export async function claimVerification(tx: Tx, id: number, values: { status: 'approved' | 'rejected'; operatorId: number; reason?: string }) {
  const [row] = await tx
    .update(identityVerifications)
    .set({ ...values, reviewedAt: new Date() })
    .where(and(eq(identityVerifications.id, id), eq(identityVerifications.status, 'pending')))
    .returning();
  return row;
}

export async function pageVerifications(
  db: Executor,
  filter: { page: number; limit: number; status?: Verification['status']; level?: number; user_id?: number },
  uploads: UploadUrls,
) {
  const where = and(
    filter.status ? eq(identityVerifications.status, filter.status) : undefined,
    filter.level ? eq(identityVerifications.level, filter.level) : undefined,
    filter.user_id ? eq(identityVerifications.userId, filter.user_id) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        v: identityVerifications,
        account: users.account,
        email: users.email,
        mobile: users.mobile,
        // Another account submitted the same ID number, whatever became of it: the reviewer should look twice.
        duplicate: sql<boolean>`exists (select 1 from identity_verifications other where other.level = 1
          and other.card_id = ${identityVerifications.cardId} and other.user_id <> ${identityVerifications.userId})`,
      })
      .from(identityVerifications)
      .innerJoin(users, eq(users.id, identityVerifications.userId))
      .where(where)
      .orderBy(desc(identityVerifications.id))
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit),
    db.select({ n: count() }).from(identityVerifications).where(where),
  ]);
  return {
    data: rows.map(({ v, account, email, mobile, duplicate }) => ({
      id: v.id,
      user_id: v.userId,
      account,
      email,
      mobile,
      level: v.level,
      id_type: v.idType,
      name: v.name,
      card_id: v.cardId,
      duplicate: duplicate === true,
      front_pic: uploads.sign(v.frontPic),
      reverse_pic: uploads.sign(v.reversePic),
      status: v.status,
      reason: v.reason,
      created_at: v.createdAt.toISOString(),
      reviewed_at: v.reviewedAt ? v.reviewedAt.toISOString() : null,
    })),
    total: total?.n ?? 0,
    page: filter.page,
    limit: filter.limit,
  };
}

/** Ends every other session of the user (after a password change), keeping the one in use; published to every process's session cache. */
export async function revokeOtherSessions(db: Executor, userId: number, keepToken: string) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), ne(sessions.tokenHash, sha256(keepToken)), isNull(sessions.revokedAt)))
    .returning({ published: publishSessionChange(userId) });
}

// ---- pay password attempts ----

/** The pay-password lock of a user, if one is set (it may have run out). */
export async function payPasswordLock(db: Executor, userId: number): Promise<Date | null> {
  const [row] = await db.select({ lockedUntil: payPasswordAttempts.lockedUntil }).from(payPasswordAttempts).where(eq(payPasswordAttempts.userId, userId));
  return row?.lockedUntil ?? null;
}

/**
 * Counts one pay-password miss (a new count once an old lock has run out) and answers the count and
 * any lock still running, which is left as it is.
 */
export async function countPayPasswordMiss(db: Executor, userId: number, now: Date) {
  const t = payPasswordAttempts;
  const at = sql`${now.toISOString()}::timestamptz`;
  const [row] = await db
    .insert(t)
    .values({ userId, failures: 1 })
    .onConflictDoUpdate({
      target: t.userId,
      set: {
        failures: sql`case when ${t.lockedUntil} > ${at} then ${t.failures} when ${t.lockedUntil} is not null then 1 else ${t.failures} + 1 end`,
        lockedUntil: sql`case when ${t.lockedUntil} > ${at} then ${t.lockedUntil} else null end`,
      },
    })
    .returning({ failures: t.failures, lockedUntil: t.lockedUntil });
  return row!;
}

export async function lockPayPassword(db: Executor, userId: number, until: Date) {
  await db.update(payPasswordAttempts).set({ lockedUntil: until }).where(eq(payPasswordAttempts.userId, userId));
}

export async function clearPayPasswordAttempts(db: Executor, userId: number) {
  await db.delete(payPasswordAttempts).where(eq(payPasswordAttempts.userId, userId));
}
