import { normaliseAreaCode, normaliseLogin } from '@fairex/contract';
import { asc, eq, inArray, or } from 'drizzle-orm';
import type { Db, Executor } from '../db/client.ts';
import { publishSessionChange } from './session-cache.ts';
import type { UploadUrls } from '../uploads/signing.ts';
import { loginAttempts, users } from './tables.ts';

export type User = typeof users.$inferSelect;
type LoginAttemptState = { failures: number; lockedUntil: Date | null };

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

/** Changes a user row; every process's session cache drops the user's old row as this commits. */
export async function updateUser(db: Executor, id: number, values: Partial<typeof users.$inferInsert>) {
  await db
    .update(users)
    .set(values)
    .where(eq(users.id, id))
    .returning({ published: publishSessionChange(id) });
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
 * Takes one login attempt for an (account, address) pair and its account under their row locks (the
 * account's row first, always the same order): `decide` gets both states and answers the states to
 * store (the attempt counted) or undefined to refuse without a check.
 */
export async function claimLoginAttemptRows(
  db: Db,
  subjects: { account: string; pair: string },
  decide: (state: { pair: LoginAttemptState & { succeededAt: Date | null }; account: LoginAttemptState }) => { pair: LoginAttemptState; account: LoginAttemptState } | undefined,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.insert(loginAttempts).values([{ subject: subjects.account }, { subject: subjects.pair }]).onConflictDoNothing();
    const rows = await tx
      .select()
      .from(loginAttempts)
      .where(inArray(loginAttempts.subject, [subjects.account, subjects.pair]))
      .orderBy(asc(loginAttempts.subject))
      .for('update');
    const row = (subject: string) => rows.find((r) => r.subject === subject);
    const stateOf = (subject: string) => ({ failures: row(subject)?.failures ?? 0, lockedUntil: row(subject)?.lockedUntil ?? null });
    const next = decide({ pair: { ...stateOf(subjects.pair), succeededAt: row(subjects.pair)?.succeededAt ?? null }, account: stateOf(subjects.account) });
    if (!next) return false;
    await tx.update(loginAttempts).set({ ...next.account, updatedAt: new Date() }).where(eq(loginAttempts.subject, subjects.account));
    await tx.update(loginAttempts).set({ ...next.pair, updatedAt: new Date() }).where(eq(loginAttempts.subject, subjects.pair));
    return true;
  });
}

/** A successful login clears the failures and locks of its pair and account, and marks the pair's address known at `now`. */
export async function clearLoginFailures(db: Executor, subjects: { account: string; pair: string }, now: Date) {
  const cleared = { failures: 0, lockedUntil: null, updatedAt: new Date() };
  await db.update(loginAttempts).set(cleared).where(eq(loginAttempts.subject, subjects.account));
  await db.update(loginAttempts).set({ ...cleared, succeededAt: now }).where(eq(loginAttempts.subject, subjects.pair));
}
