// Brotli and gzip copies of a built app's text files, written beside them at build time (x.js.br,
// x.js.gz), so the server sends them by Accept-Encoding without compressing on each request
// (@fastify/static's preCompressed mode). node:zlib only: no plugin to keep up to date.
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

/** Files below this size gain less than the headers a compressed answer costs. */
export const PRECOMPRESS_BYTES_MIN = 1024;
const TEXT_EXTENSIONS = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.xml', '.webmanifest']);
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

function listFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? listFiles(full) : [full];
  });
}

/**
 * Writes `.br` (quality 11, the slowest and smallest: it runs once per build) and `.gz` (level 9) beside
 * every text file of `dir` of at least PRECOMPRESS_BYTES_MIN bytes, keeping a copy only where it is
 * smaller than the file. Returns the files it compressed, relative to `dir`.
 */
export async function precompressDir(dir: string): Promise<string[]> {
  const files = listFiles(dir).filter((file) => TEXT_EXTENSIONS.has(path.extname(file)) && fs.statSync(file).size >= PRECOMPRESS_BYTES_MIN);
  await Promise.all(
    files.map(async (file) => {
      const content = fs.readFileSync(file);
      const copies = await Promise.all([
        brotli(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length } }).then((data) => ['.br', data] as const),
        gzip(content, { level: 9 }).then((data) => ['.gz', data] as const),
      ]);
      for (const [extension, data] of copies) {
        if (data.length < content.length) fs.writeFileSync(file + extension, data);
      }
    }),
  );
  return files.map((file) => path.relative(dir, file));
}

/** The same as a Vite plugin: runs after the bundle is written to the output folder. */
export function precompress() {
  return {
    name: 'fairex-precompress',
    apply: 'build' as const,
    async writeBundle(options: { dir?: string }) {
      if (options.dir) await precompressDir(options.dir);
    },
  };
}
