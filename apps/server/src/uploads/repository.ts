import { UPLOAD_URL_PREFIX } from '@fairex/contract';
import { and, eq, sql } from 'drizzle-orm';
import { users } from '../accounts/tables.ts';
import type { Db, Executor } from '../db/client.ts';
import { settings } from '../site/tables.ts';
import { fitsUploadQuota, type UploadQuota } from './quota.ts';
import { uploads } from './tables.ts';

/**
 * Records a user's upload when it fits their quota; false when it does not. The usage is summed under a
 * lock on the user's row, so parallel uploads cannot pass the quota together.
 */
export async function recordUploadWithinQuota(
  db: Db,
  values: typeof uploads.$inferInsert & { userId: number },
  quota: UploadQuota,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, values.userId)).for('update');
    const [usage] = await tx
      .select({ files: sql<number>`count(*)::int`, bytes: sql<string>`coalesce(sum(${uploads.bytes}), 0)::text` })
      .from(uploads)
      .where(eq(uploads.userId, values.userId));
    if (!fitsUploadQuota({ files: usage?.files ?? 0, bytes: Number(usage?.bytes ?? 0) }, values.bytes, quota)) return false;
    await tx.insert(uploads).values(values);
    return true;
  });
}

export async function deleteUpload(db: Executor, fileName: string) {
  await db.delete(uploads).where(eq(uploads.fileName, fileName));
}

/** True when the (bare) reference is a file this user uploaded. */
export async function ownsUpload(db: Executor, userId: number, reference: string): Promise<boolean> {
  if (!reference.startsWith(UPLOAD_URL_PREFIX)) return false;
  const fileName = reference.slice(UPLOAD_URL_PREFIX.length);
  const [row] = await db
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(eq(uploads.fileName, fileName), eq(uploads.userId, userId)))
    .limit(1);
  return row !== undefined;
}

/** The setting's value, storing `value` first when there is none yet (the first writer wins a race). */
export async function keepSetting(db: Executor, key: string, value: unknown): Promise<unknown> {
  await db.insert(settings).values({ key, value }).onConflictDoNothing();
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key)).limit(1);
  return row?.value;
}
