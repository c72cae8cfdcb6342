/**
 * Artworks' files: images, GIFs, audio and video uploaded by operators (POST /api/admin/nft/media),
 * told by their first bytes (never by name or declared type) and limited in size per kind, stored under
 * DATA_DIR/nft-media and served to anyone at /nft-media/<file> with range requests (players seek).
 * Public like content images: artworks are public pages, and their names are random and never reused.
 * Every artwork names its file and a cover image (an image or a GIF).
 */
import path from 'node:path';
import { NFT_MEDIA_URL_PREFIX, type NftAdminMediaRow, type NftFileKind } from '@fairex/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { logAction, type Operator } from '../admin/operators.ts';
import type { AppContext } from '../app-context.ts';
import type { Executor } from '../db/client.ts';
import { DomainError } from '../http/errors.ts';
import { sniffMedia } from '../uploads/images.ts';
import { servePublicFiles } from '../uploads/public-files.ts';
import { receiveFile, UPLOAD_BYTES_MAX, writeRecordedFile } from '../uploads/routes.ts';
import { deleteMedia, insertMedia, mediaById, type NftMedia } from './repository.ts';
import { mediaUrl } from './views.ts';

export const nftMediaDir = (ctx: Pick<AppContext, 'config'>) => path.join(ctx.config.dataDir, 'nft-media');
/** The largest file of each kind: images and GIFs like users' uploads, audio and video larger. */
export const NFT_MEDIA_BYTES_MAX: Record<NftFileKind, number> = {
  image: UPLOAD_BYTES_MAX,
  gif: UPLOAD_BYTES_MAX,
  audio: 20 * 1024 * 1024,
  video: 50 * 1024 * 1024,
};
/** Per operator: uploads a minute. */
export const NFT_MEDIA_PER_MINUTE = 30;

export const mediaRow = (media: NftMedia): NftAdminMediaRow => ({ id: media.id, kind: media.kind, url: mediaUrl(media.fileName)!, mime: media.mime, bytes: media.bytes, uploaded_at: media.uploadedAt });

/** Stores an operator's file (row and log first, then the file) and answers it with its public URL. */
export async function uploadNftMedia(ctx: Pick<AppContext, 'clock' | 'config' | 'db'>, operator: Operator, request: FastifyRequest): Promise<NftAdminMediaRow> {
  const { bytes, type, fileName } = await receiveFile(request, sniffMedia, Math.max(...Object.values(NFT_MEDIA_BYTES_MAX)), 'nft_media_refused');
  if (bytes.length > NFT_MEDIA_BYTES_MAX[type.kind]) throw new DomainError('upload_too_large');
  const media = await ctx.db.transaction(async (tx) => {
    const row = await insertMedia(tx, { fileName, kind: type.kind, mime: type.mime, bytes: bytes.length, operatorId: operator.id, uploadedAt: ctx.clock() });
    await logAction(tx, operator.id, 'nft.media.upload', `nft_media:${row.id}`, { kind: type.kind, mime: type.mime, bytes: bytes.length });
    return row;
  });
  await writeRecordedFile(nftMediaDir(ctx), fileName, bytes, () => deleteMedia(ctx.db, fileName));
  return mediaRow(media);
}

/** A file an artwork, artist, collection or series names: it must exist and be of one of `kinds`. */
export async function mediaOfKind(db: Executor, id: number | undefined, kinds: readonly NftFileKind[]): Promise<NftMedia | undefined> {
  if (id === undefined) return undefined;
  const media = await mediaById(db, id);
  if (!media || !kinds.includes(media.kind)) throw new DomainError('nft_media_mismatch');
  return media;
}

export const COVER_KINDS: readonly NftFileKind[] = ['image', 'gif'];

/** Serves /nft-media/ (public, ranges answered). */
export function serveNftMedia(app: FastifyInstance, ctx: Pick<AppContext, 'config'>) {
  return servePublicFiles(app, nftMediaDir(ctx), NFT_MEDIA_URL_PREFIX);
}
