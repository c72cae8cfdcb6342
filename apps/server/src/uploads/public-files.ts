/**
 * Public files operators upload (content images, NFT artworks' media): served to anyone under a prefix,
 * kept a year by browsers and shared caches (the names are random, 128 bits, and never reused), and
 * answered in ranges (HTTP 206), so audio and video players can seek without fetching the whole file.
 */
import fs from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export const PUBLIC_FILE_CACHE_S = 365 * 24 * 60 * 60;

export async function servePublicFiles(app: FastifyInstance, dir: string, prefix: string) {
  fs.mkdirSync(dir, { recursive: true });
  await app.register(async (files) => {
    await files.register(fastifyStatic, {
      root: dir,
      prefix,
      decorateReply: false,
      index: false,
      acceptRanges: true,
      cacheControl: false,
      setHeaders: (reply) => reply.header('cache-control', `public, max-age=${PUBLIC_FILE_CACHE_S}, immutable`),
    });
  });
}
