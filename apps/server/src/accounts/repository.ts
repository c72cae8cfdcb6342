import { normaliseAreaCode, normaliseLogin } from '@fairex/contract';
import { eq, or } from 'drizzle-orm';
import type { Db, Executor } from '../db/client.ts';
import type { UploadUrls } from '../uploads/signing.ts';
import { loginAttempts, users } from './tables.ts';

export type User = typeof users.$inferSelect;

/** Users sharing a login name at most: an account name, an email and a mobile (one per area code). */
const LOGIN_MATCHES_MAX = 10;

/**
 * A user by any of the names they can log in with: account, email or mobile, compared in their stored
 * (normalised) form. An account name or email wins; a bare mobile number counts only where one user
 * (in the area code, when one is given) has it.
 */
export async function findUserByLogin(db: Executor, userString: string, areaCode?: string): Promise<User | undefined> {
  const login = normaliseLogin(userString);
  if (!login) return undefined;
  const rows = await db
    .select()
    .from(users)
    .where(or(eq(users.account, login), eq(users.email, login), eq(users.mobile, login)))
    .orderBy(users.id)
    .limit(LOGIN_MATCHES_MAX);
  const area = areaCode === undefined ? undefined : normaliseAreaCode(areaCode);
  const byMobile = rows.filter((r) => r.mobile === login && (area === undefined || r.areaCode === area));
  return rows.find((r) => r.account === login) ?? rows.find((r) => r.email === login) ?? (byMobile.length === 1 ? byMobile[0] : undefined);
}

export async function findUserByInviteCode(db: Executor, code: string): Promise<User | undefined> {
  const [user] = await db.select().from(users).where(eq(users.extensionCode, code)).limit(1);
  return user;
}

export async function updateUser(db: Executor, id: number, values: Partial<typeof users.$inferInsert>) {
  await db.update(users).set(values).where(eq(users.id, id));
}

export async function insertUser(db: Executor, values: typeof users.$inferInsert): Promise<User> {
  const [user] = await db.insert(users).values(values).returning();
  return user!;
}

/** The shape GET /user/info answers (contract: userInfo). */
export function toUserInfo(user: User, uploads: UploadUrls) {
  return {
    id: user.id,
    account: user.account,
    email: user.email,
    mobile: user.mobile,
    area_code: user.areaCode,
    nickname: user.nickname,
    signature: user.signature,
    head_portrait: uploads.sign(user.headPortrait),
    extension_code: user.extensionCode,
    credit_score: user.creditScore,
    created_at: user.createdAt.toISOString(),
    pay_pin_set: user.payPasswordHash !== null,
  };
}

/**
 * Takes one login attempt for a subject under its row lock: `decide` gets the failures in a row and the
 * lock, and answers the state to store (the attempt counted) or undefined to refuse without a check.
 */
export async function claimLoginAttemptRow(
  db: Db,
  subject: string,
  decide: (state: { failures: number; lockedUntil: Date | null }) => { failures: number; lockedUntil: Date | null } | undefined,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.insert(loginAttempts).values({ subject }).onConflictDoNothing();
    const [row] = await tx.select().from(loginAttempts).where(eq(loginAttempts.subject, subject)).for('update');
    const next = decide({ failures: row?.failures ?? 0, lockedUntil: row?.lockedUntil ?? null });
    if (!next) return false;
    await tx.update(loginAttempts).set({ ...next, updatedAt: new Date() }).where(eq(loginAttempts.subject, subject));
    return true;
  });
}

/** A successful login clears the subject's failures and lock. */
export async function clearLoginFailures(db: Executor, subject: string) {
  await db.update(loginAttempts).set({ failures: 0, lockedUntil: null, updatedAt: new Date() }).where(eq(loginAttempts.subject, subject));
}
