/**
 * Uploads nobody uses: an image uploaded but never given to a profile, an identity submission, a
 * deposit, a wallet address, a customer-service message, an OTC payment proof or order message (or replaced since) is removed, file and row, once it is older than the
 * grace period, by a recurring job. The columns that hold upload references are listed here, once.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { UPLOAD_URL_PREFIX } from '@fairex/contract';
import { and, asc, eq, inArray, lt, notExists, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables.ts';
import type { Executor } from '../db/client.ts';
import { recharges, walletAddresses } from '../funds/tables.ts';
import { identityVerifications } from '../identity/tables.ts';
import { supportMessages } from '../support/tables.ts';
import { otcMessages, otcOrders } from '../otc/tables.ts';
import type { JobScheduler } from '../jobs/scheduler.ts';
import { uploads } from './tables.ts';

/** An upload no row refers to is kept this long (time to submit the form it was uploaded for). */
export const UPLOAD_ORPHAN_GRACE_MS = 24 * 60 * 60_000;
export const UPLOAD_ORPHAN_SWEEP_EVERY_MS = 60 * 60_000;
/** Uploads one sweep removes at most; the rest wait for the next sweep. */
export const UPLOAD_ORPHANS_PER_SWEEP_MAX = 500;
export const UPLOAD_ORPHAN_SWEEP_JOB = 'uploads.sweep-orphans';

/** Every column that stores an upload reference (bare, `/uploads/<file name>`). */
export const UPLOAD_REFERENCE_COLUMNS: readonly { table: PgTable; column: PgColumn }[] = [
  { table: users, column: users.headPortrait },
  { table: identityVerifications, column: identityVerifications.frontPic },
  { table: identityVerifications, column: identityVerifications.reversePic },
  { table: recharges, column: recharges.voucher },
  { table: walletAddresses, column: walletAddresses.qrcode },
  { table: supportMessages, column: supportMessages.image },
  { table: otcOrders, column: otcOrders.proof },
  { table: otcMessages, column: otcMessages.image },
];

/**
 * Removes up to UPLOAD_ORPHANS_PER_SWEEP_MAX uploads older than the grace period that no row refers to:
 * their rows in the caller's transaction, then their files (a file already gone is fine). Answers the
 * removed file names.
 */
export async function sweepOrphanUploads(tx: Executor, dir: string, now: Date): Promise<string[]> {
  const cutoff = new Date(now.getTime() - UPLOAD_ORPHAN_GRACE_MS);
  const reference = sql`${UPLOAD_URL_PREFIX} || ${uploads.fileName}`;
  const orphans = await tx
    .select({ id: uploads.id, fileName: uploads.fileName })
    .from(uploads)
    .where(
      and(
        lt(uploads.createdAt, cutoff),
        ...UPLOAD_REFERENCE_COLUMNS.map(({ table, column }) => notExists(tx.select({ one: sql`1` }).from(table).where(eq(column, reference)))),
      ),
    )
    .orderBy(asc(uploads.createdAt), asc(uploads.id))
    .limit(UPLOAD_ORPHANS_PER_SWEEP_MAX)
    .for('update', { skipLocked: true });
  if (orphans.length === 0) return [];
  await tx.delete(uploads).where(
    inArray(
      uploads.id,
      orphans.map((o) => o.id),
    ),
  );
  // The rows go when the transaction commits; a file removed for a transaction that then fails leaves a
  // row without a file, which the next sweep removes.
  await Promise.all(orphans.map((o) => fs.rm(path.join(dir, path.basename(o.fileName)), { force: true })));
  return orphans.map((o) => o.fileName);
}

/** The sweep as a recurring job of the app's scheduler. */
export function registerUploadJobs(jobs: JobScheduler, dir: string) {
  jobs.every(UPLOAD_ORPHAN_SWEEP_JOB, UPLOAD_ORPHAN_SWEEP_EVERY_MS, async (tx, _job, now) => {
    await sweepOrphanUploads(tx, dir, now);
  });
}
