// The server's build (build.mjs) runs with the source's file paths and .ts stack lines, is rebuilt when a
// source changes (and only then), and refuses a module that locates files from its own folder. It builds a
// small entry, not the whole server, into a folder one level below apps/server, where dist/ is.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildServer, staleReason } from '../build.mjs';
import { migrationsFolder, repoRoot } from '../src/paths.ts';

const serverRoot = path.resolve(import.meta.dirname, '..');
const sources = fs.mkdtempSync(path.join(serverRoot, '.build-test-src-'));
const outDir = fs.mkdtempSync(path.join(serverRoot, '.build-test-out-'));
afterAll(() => {
  fs.rmSync(sources, { recursive: true, force: true });
  fs.rmSync(outDir, { recursive: true, force: true });
});

const ENTRY = `import { money } from '@fairex/contract/money';
import pg from 'pg';
import { migrationsFolder, repoRoot } from '../src/paths.ts';

const stack = new Error('where').stack;
console.log(JSON.stringify({ migrationsFolder, repoRoot, sum: money('0.1').plus('0.2').toString(), pool: typeof pg.Pool, stack }));
`;

function writeSource(name: string, text: string) {
  const file = path.join(sources, name);
  fs.writeFileSync(file, text);
  return file;
}

describe('server build', () => {
  it('runs with the source paths, the contract bundled and stack lines of the .ts file', async () => {
    const entry = writeSource('entry.ts', ENTRY);
    await buildServer({ entryPoints: [entry], outDir });
    const bundle = fs.readFileSync(path.join(outDir, 'entry.js'), 'utf8');
    // The workspace's TypeScript is bundled (and decimal.js, a package of the allow-list), other packages stay imports.
    expect(bundle).not.toMatch(/from ["'](@fairex\/contract\/money|decimal\.js)["']/);
    expect(bundle).toMatch(/from ["']pg["']/);
    const printed = JSON.parse(execFileSync(process.execPath, ['--enable-source-maps', path.join(outDir, 'entry.js')], { encoding: 'utf8' }));
    expect(printed.migrationsFolder).toBe(migrationsFolder);
    expect(printed.repoRoot).toBe(repoRoot);
    expect(fs.existsSync(path.join(printed.migrationsFolder, '0000_init.sql'))).toBe(true);
    expect(printed.sum).toBe('0.3');
    expect(printed.pool).toBe('function');
    expect(printed.stack).toContain(`${entry}:5:`);
  });

  it('is stale after a source changes, not after a touch', async () => {
    const entry = writeSource('entry.ts', ENTRY);
    await buildServer({ entryPoints: [entry], outDir });
    expect(staleReason(outDir)).toBeUndefined();
    // A checkout may rewrite a file with the same content: its hash says it is unchanged.
    const later = new Date(Date.now() + 60_000);
    fs.utimesSync(entry, later, later);
    expect(staleReason(outDir)).toBeUndefined();
    fs.appendFileSync(entry, '// changed\n');
    expect(staleReason(outDir)).toBe(`${path.relative(repoRoot, entry)} changed`);
    await buildServer({ entryPoints: [entry], outDir });
    expect(staleReason(outDir)).toBeUndefined();
    fs.rmSync(path.join(outDir, 'entry.js.map'));
    expect(staleReason(outDir)).toBe('no build yet');
  });

  it('refuses a module that locates files from its own folder', async () => {
    writeSource('here.ts', 'export const here = import.meta.dirname;\n');
    const entry = writeSource('uses-here.ts', "import { here } from './here.ts';\nconsole.log(here);\n");
    await expect(buildServer({ entryPoints: [entry], outDir })).rejects.toThrow(/here\.ts: locate files through apps\/server\/src\/paths\.ts/);
    expect(fs.existsSync(outDir)).toBe(false);
  });
});
