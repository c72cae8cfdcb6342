// The web app's size budget, checked by npm test right after it builds the app (scripts/test.mjs), and by
// hand with `node --import tsx apps/web/size-budget.ts` after `npm run build`:
// - first-load JavaScript: the entry script index.html names, every chunk it preloads, and every chunk
//   those import statically (what a first visit downloads and runs before the first screen; the start-up
//   awaits nothing more on `/` in English), at most FIRST_LOAD_GZIP_MAX;
// - every other chunk (pages, libraries, catalogues loaded on demand) at most CHUNK_GZIP_MAX.
// Sizes are gzip level 9 (as Vite reports them and the server's .gz copies are), in kB of 1,000 bytes.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const KB = 1000;
/** Issue 24: at most 170 kB gzip (it was 201 when the budget came, 162 once the start-up's file was trimmed). */
export const FIRST_LOAD_GZIP_MAX = 170 * KB;
/** The largest chunk loaded on demand was lightweight-charts' at 52.3 kB gzip; 56 leaves it some room. */
export const CHUNK_GZIP_MAX = 56 * KB;

const ENTRY = /<script type="module"[^>]*\bsrc="\/([^"]+\.js)"/g;
const PRELOAD = /<link rel="modulepreload"[^>]*\bhref="\/([^"]+\.js)"/g;
/** A static import or re-export of a sibling chunk (`import{a as b}from"./x.js"`, `import"./x.js"`); not `import("./x.js")`. */
const STATIC_IMPORT = /(?:\bfrom|\bimport)\s*"\.\/([^"]+\.js)"/g;

const gzipSize = (file: string) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;

type Sized = { file: string; gzip: number };

/** Measures a built app (its dist folder): the first-load files with their gzip sizes, every other chunk's, and what exceeds the budget. */
export function measure(dist: string, { firstLoadMax = FIRST_LOAD_GZIP_MAX, chunkMax = CHUNK_GZIP_MAX } = {}): { firstLoadFiles: Sized[]; firstLoadGzip: number; others: Sized[]; failures: string[] } {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const roots = [...html.matchAll(ENTRY), ...html.matchAll(PRELOAD)].map((match) => match[1]!);
  if (roots.length === 0) throw new Error(`no module script in ${path.join(dist, 'index.html')}`);
  const firstLoad = new Set<string>();
  const visit = (relative: string) => {
    if (firstLoad.has(relative)) return;
    firstLoad.add(relative);
    const source = fs.readFileSync(path.join(dist, relative), 'utf8');
    for (const match of source.matchAll(STATIC_IMPORT)) visit(path.posix.join(path.posix.dirname(relative), match[1]!));
  };
  roots.forEach(visit);
  const sizes = new Map(
    fs
      .readdirSync(path.join(dist, 'assets'))
      .filter((name) => name.endsWith('.js'))
      .map((name) => [`assets/${name}`, gzipSize(path.join(dist, 'assets', name))]),
  );
  const firstLoadFiles = [...firstLoad].map((file) => ({ file, gzip: sizes.get(file) ?? gzipSize(path.join(dist, file)) }));
  const firstLoadGzip = firstLoadFiles.reduce((total, { gzip }) => total + gzip, 0);
  const others = [...sizes].filter(([file]) => !firstLoad.has(file)).map(([file, gzip]) => ({ file, gzip })).sort((a, b) => b.gzip - a.gzip);
  const failures: string[] = [];
  if (firstLoadGzip > firstLoadMax) failures.push(`first-load JavaScript is ${kb(firstLoadGzip)} gzip, over its ${kb(firstLoadMax)} (${firstLoadFiles.map(({ file }) => file).join(', ')})`);
  for (const { file, gzip } of others) if (gzip > chunkMax) failures.push(`${file} is ${kb(gzip)} gzip, over the ${kb(chunkMax)} a chunk may have`);
  return { firstLoadFiles, firstLoadGzip, others, failures };
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} kB`;

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dist = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), 'dist'));
  const { firstLoadFiles, firstLoadGzip, others, failures } = measure(dist);
  console.log(`web size budget (${dist}), gzip level 9:`);
  console.log(`  first-load JavaScript ${kb(firstLoadGzip)} of ${kb(FIRST_LOAD_GZIP_MAX)}: ${firstLoadFiles.map(({ file, gzip }) => `${file} ${kb(gzip)}`).join(', ')}`);
  console.log(`  largest other chunk ${others[0] ? `${others[0].file} ${kb(others[0].gzip)}` : '-'} of ${kb(CHUNK_GZIP_MAX)} (${others.length} chunks)`);
  for (const failure of failures) console.error(`  over budget: ${failure}`);
  process.exit(failures.length === 0 ? 0 : 1);
}
