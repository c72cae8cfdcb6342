// The English strings only some pages show (en-pages.ts) are fetched with those pages, so whatever renders
// without waiting for them must not use them: every module the start-up reaches (static imports, and the
// lazy parts of its screens, such as home's carousel), and every page marked `startStrings` with all it
// imports. Read from the sources: a key of an en-pages section ('otc.title', `nft.status.${s}`) in any of
// them fails the test, naming the file.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAGE_ROUTES, TAB_ROUTES } from '../routes.tsx';
import { enPages } from './en-pages.ts';

const SRC = path.resolve(import.meta.dirname, '..');
const ROUTES_FILE = path.join(SRC, 'routes.tsx');
const SECTIONS = Object.keys(enPages);
/** A quoted key starting with a section ('otc.x', "otc.x", `otc.x`), not a file name ('./otc.ts'). */
const SECTION_KEY = new RegExp(`['"\`](${SECTIONS.join('|')})\\.(?!tsx?['"\`])[A-Za-z]`);
const IMPORT = /(?:import|export)\s[^'"`;]*?from\s+'([^']+)'|import\(\s*'([^']+)'\s*\)|^import\s+'([^']+)'/gm;
const DYNAMIC = /import\(\s*'([^']+)'\s*\)/g;

function resolve(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined; // packages: the contract and libraries hold no catalogue keys
  const file = path.resolve(path.dirname(from), specifier);
  return fs.existsSync(file) && /\.tsx?$/.test(file) ? file : undefined;
}

/** `roots` and every source they import, statically or lazily; routes.tsx's page loaders are not followed (they wait for the strings). */
function reach(roots: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = fs.readFileSync(file, 'utf8');
    const pageLoaders = file === ROUTES_FILE ? new Set([...source.matchAll(DYNAMIC)].map((match) => match[1])) : new Set<string>();
    for (const match of source.matchAll(IMPORT)) {
      const specifier = match[1] ?? match[2] ?? match[3]!;
      if (match[2] && pageLoaders.has(specifier)) continue;
      const target = resolve(file, specifier);
      if (target) visit(target);
    }
  };
  roots.forEach(visit);
  return seen;
}

const usingPageStrings = (files: Set<string>) =>
  [...files].filter((file) => !file.endsWith('.test.ts') && !file.endsWith('.test.tsx') && SECTION_KEY.test(fs.readFileSync(file, 'utf8'))).map((file) => path.relative(SRC, file));

describe('strings the start-up and the startStrings pages show', () => {
  it('finds a section key where one is used (the check itself)', () => {
    expect(usingPageStrings(reach([path.join(SRC, 'pages/otc/otc.tsx')]))).not.toEqual([]);
  });

  it('are all in the start-up catalogue (en.ts), not in en-pages.ts', () => {
    const pages = [...TAB_ROUTES, ...PAGE_ROUTES].flatMap((route) => ('page' in route && route.page.startStrings ? [route.page.file!] : []));
    expect(pages.length).toBeGreaterThan(0);
    const roots = [path.join(SRC, 'main.tsx'), ...pages.map((file) => path.join(SRC, `${file}.tsx`))];
    for (const root of roots) expect(fs.existsSync(root), root).toBe(true);
    expect(usingPageStrings(reach(roots))).toEqual([]);
  });
});
