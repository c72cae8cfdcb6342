import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import pkg from '../package.json' with { type: 'json' };

const root = path.resolve(import.meta.dirname, '..');
// Value imports and re-exports (`import type` / `export type` cost nothing at run time).
const IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;

/** Every module a file loads at run time, itself included, by its path or package name. */
function loadedModules(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const [, specifier] of fs.readFileSync(file, 'utf8').matchAll(IMPORT)) {
    if (specifier!.startsWith('.')) loadedModules(path.resolve(path.dirname(file), specifier!), seen);
    else seen.add(specifier!);
  }
  return seen;
}

describe('the browser entries of the contract', () => {
  const entries = Object.entries(pkg.exports).filter(([name]) => name !== '.');

  it('does not load zod when the web imports a subpath (the schemas stay out of its first bundle)', () => {
    expect(entries.map(([name]) => name)).toEqual(
      expect.arrayContaining(['./constants', './money', './format', './validators', './rules', './errors', './lang']),
    );
    for (const [name, file] of entries) {
      const loaded = [...loadedModules(path.join(root, file))];
      expect({ name, zod: loaded.filter((m) => m === 'zod' || m.includes('/schemas/') || m.endsWith('jitless.ts')) }).toEqual({ name, zod: [] });
    }
  });

  it('does load zod through the index, with the jitless setting first', () => {
    const index = path.join(root, pkg.exports['.']);
    expect(loadedModules(index).has('zod')).toBe(true);
    const [first] = [...fs.readFileSync(index, 'utf8').matchAll(IMPORT)];
    expect(first?.[1]).toBe('./jitless.ts');
  });
});
