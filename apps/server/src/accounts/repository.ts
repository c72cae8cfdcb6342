import { eq, or } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import type { UploadUrls } from '../uploads/signing.ts';
import { users } from './tables.ts';

export type User = typeof users.$inferSelect;

/** A user by any of the names they can log in with: account, email or mobile. */
export async function findUserByLogin(db: Executor, userString: string): Promise<User | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(or(eq(users.account, userString), eq(users.email, userString), eq(users.mobile, userString)))
    .limit(1);
  return user;
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
