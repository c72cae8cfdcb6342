import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = import.meta.dirname;
const sources = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });

describe('what the web app loads of the contract', () => {
  it('imports only types from the contract index, so zod and the schemas stay out of the bundle', () => {
    const valueImports = sources(SRC).flatMap((file) =>
      [...fs.readFileSync(file, 'utf8').matchAll(/^import\s+(?!type\b)[^;]*?from\s+'@fairex\/contract'/gm)].map(
        (match) => `${path.relative(SRC, file)}: ${match[0].replace(/\s+/g, ' ')}`,
      ),
    );
    expect(valueImports).toEqual([]);
  });
});
