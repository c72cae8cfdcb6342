import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { UPLOAD_URL_PREFIX, type ErrorCode } from '@fairex/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { currentUser, requireUser } from '../accounts/sessions.ts';
import { ok } from '../http/envelope.ts';
import { DomainError } from '../http/errors.ts';
import { limitedBy } from '../http/rate-limits.ts';
import { sniffImage } from './images.ts';
import { deleteUpload, recordUploadWithinQuota } from './repository.ts';

export const UPLOAD_BYTES_MAX = 5 * 1024 * 1024;

export const uploadsDir = (ctx: Pick<AppContext, 'config'>) => path.join(ctx.config.dataDir, 'uploads');

const uploadLimits = new WeakMap<Pick<AppContext, 'limits'>, ReturnType<typeof limitedBy>>();

/**
 * Per user (after requireUser): POST /upload and POST /user/uploadHeadPortrait share one counter, so
 * neither can be used to fill the disk or to churn files faster than a person would.
 */
export function uploadRateLimit(app: FastifyInstance, ctx: Pick<AppContext, 'limits'>) {
  let limit = uploadLimits.get(ctx);
  if (!limit) {
    limit = limitedBy(app, [{ name: 'upload', max: ctx.limits.uploadsPerMinute, windowMs: 60_000, key: (request) => String(currentUser(request).id) }]);
    uploadLimits.set(ctx, limit);
  }
  return limit;
}

/**
 * The one file of a multipart request (field `file`, at most `bytesMax`), its type told by its first
 * bytes (`sniff`, refused with `refused` when it knows none), with the random file name it is stored under.
 */
export async function receiveFile<T extends { ext: string }>(request: FastifyRequest, sniff: (bytes: Buffer) => T | undefined, bytesMax: number, refused: ErrorCode) {
  if (!request.isMultipart()) throw new DomainError('upload_missing');
  const file = await request.file({ limits: { fileSize: bytesMax, files: 1 } });
  if (!file || file.fieldname !== 'file') throw new DomainError('upload_missing');
  const bytes = await file.toBuffer();
  if (file.file.truncated) throw new DomainError('upload_too_large');
  if (bytes.length === 0) throw new DomainError('upload_missing');
  const type = sniff(bytes);
  if (!type) throw new DomainError(refused);
  return { bytes, type, fileName: `${randomBytes(16).toString('hex')}.${type.ext}` };
}

/** The one image of a multipart request (at most UPLOAD_BYTES_MAX). Also the back office's content images. */
export async function receiveImage(request: FastifyRequest) {
  const { bytes, type, fileName } = await receiveFile(request, sniffImage, UPLOAD_BYTES_MAX, 'upload_type_refused');
  return { bytes, image: type, fileName };
}

/** Writes a file whose row is already recorded; when writing fails the row goes too (`forget`), so no row names a missing file. */
export async function writeRecordedFile(dir: string, fileName: string, bytes: Buffer, forget: () => Promise<void>) {
  try {
    await fs.mkdir(dir, { recursive: true });
    await fs.writeFile(path.join(dir, fileName), bytes);
  } catch (error) {
    await forget();
    throw error;
  }
}

/**
 * POST /upload: one image (multipart field `file`); answers its signed URL, to preview and to give to
 * later calls. Each user keeps at most uploadFilesPerUserMax files and uploadBytesPerUserMax bytes;
 * images not used anywhere are removed after a day (orphans.ts), which frees the quota again.
 */
export function uploadRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'config' | 'db' | 'limits' | 'uploads'>) {
  app.post('/upload', { preHandler: [requireUser(ctx.db), uploadRateLimit(app, ctx)] }, async (request) => {
    const user = currentUser(request);
    const { bytes, image, fileName } = await receiveImage(request);
    const quota = { filesMax: ctx.limits.uploadFilesPerUserMax, bytesMax: ctx.limits.uploadBytesPerUserMax };
    // The row first, then the file: a file never exists without its row (which the orphan sweep finds).
    if (!(await recordUploadWithinQuota(ctx.db, { userId: user.id, fileName, mime: image.mime, bytes: bytes.length }, quota))) {
      throw new DomainError('upload_quota_exceeded');
    }
    await writeRecordedFile(uploadsDir(ctx), fileName, bytes, () => deleteUpload(ctx.db, fileName));
    return ok(ctx.uploads.sign(`${UPLOAD_URL_PREFIX}${fileName}`));
  });
}
