import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { UPLOAD_URL_PREFIX } from '@fairex/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { currentUser, requireUser } from '../accounts/sessions.ts';
import { ok } from '../http/envelope.ts';
import { DomainError } from '../http/errors.ts';
import { sniffImage } from './images.ts';
import { recordUpload } from './repository.ts';

export const UPLOAD_BYTES_MAX = 5 * 1024 * 1024;

export const uploadsDir = (ctx: AppContext) => path.join(ctx.config.dataDir, 'uploads');

/** POST /upload: one image (multipart field `file`); answers its signed URL, to preview and to give to later calls. */
export function uploadRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post('/upload', { preHandler: requireUser(ctx.db) }, async (request) => {
    const user = currentUser(request);
    if (!request.isMultipart()) throw new DomainError('upload_missing');
    const file = await request.file({ limits: { fileSize: UPLOAD_BYTES_MAX, files: 1 } });
    if (!file || file.fieldname !== 'file') throw new DomainError('upload_missing');
    const bytes = await file.toBuffer();
    if (file.file.truncated) throw new DomainError('upload_too_large');
    if (bytes.length === 0) throw new DomainError('upload_missing');
    const image = sniffImage(bytes);
    if (!image) throw new DomainError('upload_type_refused');
    const fileName = `${randomBytes(16).toString('hex')}.${image.ext}`;
    await fs.mkdir(uploadsDir(ctx), { recursive: true });
    await fs.writeFile(path.join(uploadsDir(ctx), fileName), bytes);
    await recordUpload(ctx.db, { userId: user.id, fileName, mime: image.mime, bytes: bytes.length });
    return ok(ctx.uploads.sign(`${UPLOAD_URL_PREFIX}${fileName}`));
  });
}
