// The size budget (size-budget.ts, run by npm test after the build) measures what it should: a first load
// made of the entry, its preloads and their static imports (not the chunks they import on demand), each
// other chunk on its own, and it reports each file over its limit.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { measure } from '../size-budget.ts';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

/** A built app in a temporary folder: index.html naming `entry.js` and preloading `shared.js`. */
function builtApp(files: Record<string, string>) {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'fairex-size-budget-'));
  dirs.push(dist);
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<script type="module" crossorigin src="/assets/entry.js"></script>\n<link rel="modulepreload" crossorigin href="/assets/shared.js">',
  );
  for (const [name, source] of Object.entries(files)) fs.writeFileSync(path.join(dist, 'assets', name), source);
  return dist;
}

/** Text that gzip cannot shrink much: about `bytes` characters of random base64 (no '*', so it sits in a comment). */
const incompressible = (bytes: number) => crypto.randomBytes(Math.ceil((bytes * 3) / 4)).toString('base64');

describe('the web size budget', () => {
  it('counts the entry, its preloads and their static imports as the first load, and the lazy chunks apart', () => {
    const dist = builtApp({
      'entry.js': 'import"./shared.js";import{a as b}from"./startup.js";const page=()=>import("./page.js");',
      'shared.js': 'export const x=1;',
      'startup.js': 'export const a=1;',
      'page.js': 'import{x}from"./shared.js";export const page=x;',
    });
    const result = measure(dist);
    expect(result.firstLoadFiles.map(({ file }) => file).sort()).toEqual(['assets/entry.js', 'assets/shared.js', 'assets/startup.js']);
    expect(result.others.map(({ file }) => file)).toEqual(['assets/page.js']);
    expect(result.failures).toEqual([]);
  });

  it('fails a first load over its limit, and a lazy chunk over the chunk limit, naming them', () => {
    const dist = builtApp({
      'entry.js': `import"./shared.js";const page=()=>import("./page.js");/*${incompressible(3000)}*/`,
      'shared.js': `/*${incompressible(3000)}*/`,
      'page.js': `/*${incompressible(4000)}*/`,
    });
    const { failures, firstLoadGzip } = measure(dist, { firstLoadMax: 4000, chunkMax: 2000 });
    expect(firstLoadGzip).toBeGreaterThan(4000);
    expect(failures).toHaveLength(2);
    expect(failures[0]).toMatch(/^first-load JavaScript is .* over its 4\.0 kB \(assets\/entry\.js, assets\/shared\.js\)$/);
    expect(failures[1]).toMatch(/^assets\/page\.js is .* over the 2\.0 kB a chunk may have$/);
  });
});
