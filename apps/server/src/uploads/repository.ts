import { and, eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { uploads } from './tables.ts';

export const UPLOAD_URL_PREFIX = '/uploads/';

export async function recordUpload(db: Executor, values: typeof uploads.$inferInsert) {
  await db.insert(uploads).values(values);
}

/** True when the reference (as POST /upload answered it) is a file this user uploaded. */
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
