import { UPLOAD_URL_PREFIX } from '@fairex/contract';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { settings } from '../site/tables.ts';
import { uploads } from './tables.ts';

export async function recordUpload(db: Executor, values: typeof uploads.$inferInsert) {
  await db.insert(uploads).values(values);
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
