// The Dockerfile and docker-compose.yml set only variables the server reads and README documents (the
// image cannot be built on this machine, so a misspelt name would otherwise go unseen until a deploy).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

/** The variables the server's source reads (`env.NAME`, `process.env.NAME`). */
function readBySource(dir = path.join(root, 'apps/server/src'), found = new Set<string>()): Set<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) readBySource(file, found);
    else if (entry.name.endsWith('.ts')) for (const m of fs.readFileSync(file, 'utf8').matchAll(/\benv\.([A-Z][A-Z0-9_]*)/g)) found.add(m[1]!);
  }
  return found;
}

/** README's environment table: `| \`NAME\` | default | meaning |`. */
const documented = new Set([...read('README.md').matchAll(/^\| `([A-Z][A-Z0-9_]*)` \|/gm)].map((m) => m[1]!));

/** ENV NAME=value ... lines of a Dockerfile. */
export const dockerfileVariables = (text: string) =>
  [...text.matchAll(/^ENV (.+)$/gm)].flatMap((m) => [...m[1]!.matchAll(/([A-Z][A-Z0-9_]*)=/g)].map((v) => v[1]!));

/** The `- NAME=value` entries of the compose file's app service (the images' own services set theirs). */
export function composeAppVariables(text: string): string[] {
  const lines = text.split('\n');
  const from = lines.indexOf('  app:');
  if (from < 0) return [];
  // The service's lines: up to the next line indented two spaces or less (another service, or top level).
  const rest = lines.slice(from + 1);
  const end = rest.findIndex((line) => line.trim() !== '' && !line.startsWith('   '));
  return (end < 0 ? rest : rest.slice(0, end)).flatMap((line) => /^ {6}- ([A-Z][A-Z0-9_]*)=/.exec(line)?.[1] ?? []);
}

describe('deploy files', () => {
  const known = readBySource();

  it('set only variables the server reads and README documents', () => {
    const set = [...dockerfileVariables(read('Dockerfile')), ...composeAppVariables(read('docker-compose.yml'))];
    expect(set).toContain('DATABASE_URL');
    expect(set).toContain('NODE_ENV');
    expect(set.filter((name) => !known.has(name))).toEqual([]);
    expect(set.filter((name) => !documented.has(name))).toEqual([]);
  });

  it('find a misspelt variable', () => {
    expect(dockerfileVariables('ENV NODE_ENV=production PRICEFEED=public').filter((name) => !known.has(name))).toEqual(['PRICEFEED']);
    const compose = 'services:\n  redis:\n    image: redis:7\n  app:\n    environment:\n      - REDIS_URL=redis://redis\n      - REDIS_URI=x\n  other:\n    environment:\n      - NOT_OURS=1\n';
    expect(composeAppVariables(compose)).toEqual(['REDIS_URL', 'REDIS_URI']);
  });
});
