import path from 'node:path';
import type { FastifyCompressOptions } from '@fastify/compress';
import type { FastifyStaticOptions } from '@fastify/static';

/** API answers at least this large are compressed (below it the headers cost more than they save). */
export const COMPRESS_BYTES_MIN = 1024;
/** A year: Vite names every file under assets/ by its content hash, so a changed file is a new URL. */
export const IMMUTABLE_SECONDS = 365 * 24 * 60 * 60;
const HASHED_FOLDER = 'assets';

/**
 * @fastify/compress for the API: brotli (its fast default quality, since it runs on every answer) or gzip
 * by Accept-Encoding, above COMPRESS_BYTES_MIN. Request bodies are never inflated: no client sends them
 * compressed, and inflating would let a small body grow past the body limit's intent.
 */
export const API_COMPRESSION: FastifyCompressOptions = {
  global: true,
  threshold: COMPRESS_BYTES_MIN,
  encodings: ['br', 'gzip'],
  globalDecompression: false,
};

/**
 * How long a browser may keep a file of a built app: hashed files (under assets/) for a year without
 * asking again; everything else (index.html, which names the current hashes, and the favicon) is
 * revalidated on each use (no-cache: kept, but checked by its ETag), so a new build shows at once.
 */
export function cacheControlFor(root: string, filePath: string): string {
  const relative = path.relative(root, filePath).split(path.sep);
  return relative.length > 1 && relative[0] === HASHED_FOLDER ? `public, max-age=${IMMUTABLE_SECONDS}, immutable` : 'no-cache';
}

/**
 * @fastify/static options for a built app (web or back office): the brotli or gzip copy the build wrote
 * beside each file (scripts/precompress.ts) is sent by Accept-Encoding, with Vary: accept-encoding, and
 * the cache policy above.
 */
export function builtAppFiles(root: string, prefix: string): FastifyStaticOptions {
  return {
    root,
    prefix,
    decorateReply: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, filePath) => reply.header('cache-control', cacheControlFor(root, filePath)),
  };
}
