/**
 * Operators' content images (article, banner and page images, the site logo): uploaded through the
 * back office (POST /api/admin/content/images), stored under DATA_DIR/content-images and served to
 * anyone at /content-images/<file>. Public on purpose, unlike users' uploads (signed URLs that expire):
 * articles and banners are public pages that readers and shared links open at any time, nothing in them
 * is personal, and a stored article keeps working without re-signing its images. The file names are
 * random (128 bits) and never reused, so browsers may keep them a year. An image no content uses a day
 * after its upload (the operator dropped it from the text) is removed, row and file, by an hourly job.
 */
import fs from 'node:fs';
import path from 'node:path';
import { CONTENT_IMAGE_URL_PREFIX } from '@fairex/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { logAction, type Operator } from '../admin/operators.ts';
import type { AppContext } from '../app-context.ts';
import type { Executor } from '../db/client.ts';
import { PUBLIC_FILE_CACHE_S, servePublicFiles } from '../uploads/public-files.ts';
import { receiveImage, writeRecordedFile } from '../uploads/routes.ts';
import { claimUnusedContentImages, deleteContentImage, deleteContentImages, insertContentImage } from './repository.ts';

export const contentImagesDir = (ctx: Pick<AppContext, 'config'>) => path.join(ctx.config.dataDir, 'content-images');
export const CONTENT_IMAGE_CACHE_S = PUBLIC_FILE_CACHE_S;
/** An image nothing uses is kept this long after its upload (time to save the text it was uploaded for). */
export const CONTENT_IMAGE_GRACE_MS = 24 * 60 * 60_000;
export const CONTENT_IMAGE_SWEEP_EVERY_MS = 60 * 60_000;
export const CONTENT_IMAGES_PER_SWEEP_MAX = 500;
export const CONTENT_IMAGE_SWEEP_JOB = 'content.sweep-images';
/** Per operator: uploads a minute. */
export const CONTENT_IMAGES_PER_MINUTE = 30;

/** Stores an operator's image (row and log first, then the file) and answers its public URL. */
export async function uploadContentImage(ctx: Pick<AppContext, 'clock' | 'config' | 'db'>, operator: Operator, request: FastifyRequest) {
  const { bytes, image, fileName } = await receiveImage(request);
  await ctx.db.transaction(async (tx) => {
    await insertContentImage(tx, { fileName, mime: image.mime, bytes: bytes.length, operatorId: operator.id, createdAt: new Date(ctx.clock()) });
    await logAction(tx, operator.id, 'content.image.upload', `content_image:${fileName}`, { mime: image.mime, bytes: bytes.length });
  });
  await writeRecordedFile(contentImagesDir(ctx), fileName, bytes, () => deleteContentImage(ctx.db, fileName));
  return { url: `${CONTENT_IMAGE_URL_PREFIX}${fileName}` };
}

/** Removes up to CONTENT_IMAGES_PER_SWEEP_MAX unused images older than the grace period: rows in `tx`, then files. */
export async function sweepUnusedContentImages(tx: Executor, dir: string, now: Date): Promise<string[]> {
  const unused = await claimUnusedContentImages(tx, new Date(now.getTime() - CONTENT_IMAGE_GRACE_MS), CONTENT_IMAGES_PER_SWEEP_MAX);
  await deleteContentImages(
    tx,
    unused.map((image) => image.id),
  );
  // A file removed for a transaction that then fails leaves a row without a file: the next sweep removes it.
  await Promise.all(unused.map((image) => fs.promises.rm(path.join(dir, path.basename(image.fileName)), { force: true })));
  return unused.map((image) => image.fileName);
}

/** Serves /content-images/ and schedules the sweep of unused ones. */
export async function serveContentImages(app: FastifyInstance, ctx: Pick<AppContext, 'config' | 'jobs'>) {
  const dir = contentImagesDir(ctx);
  await servePublicFiles(app, dir, CONTENT_IMAGE_URL_PREFIX);
  ctx.jobs.every(CONTENT_IMAGE_SWEEP_JOB, CONTENT_IMAGE_SWEEP_EVERY_MS, async (tx, _job, now) => {
    await sweepUnusedContentImages(tx, dir, now);
  });
}
