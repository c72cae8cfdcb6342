// The Node.js the project declares (package.json engines) is one every installed package supports: npm
// prints no EBADENGINE warning on an install, on the oldest Node the project says it runs on.
import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'));

/** The packages of a lockfile whose declared Node range leaves out `version`. */
export function unsupportedBy(lock: { packages: Record<string, { version?: string; engines?: { node?: string } }> }, version: string): string[] {
  return Object.entries(lock.packages)
    .filter(([, p]) => p.engines?.node && !semver.satisfies(version, p.engines.node))
    .map(([at, p]) => `${at.replace(/^.*node_modules\//, '')}@${p.version} wants node ${p.engines!.node}`);
}

describe('node engines', () => {
  const declared: string = read('package.json').engines.node;
  const oldest = semver.minVersion(declared)!.version;

  it('declares a Node every package in the lockfile supports, and the one running here is in range', () => {
    expect(unsupportedBy(read('package-lock.json'), oldest)).toEqual([]);
    expect(semver.satisfies(process.version, declared)).toBe(true);
  });

  it('names a package whose range leaves the declared Node out', () => {
    const lock = { packages: { 'node_modules/cookie': { version: '2.0.2', engines: { node: '>=22' } }, 'node_modules/ok': { version: '1.0.0', engines: { node: '>=18' } } } };
    expect(unsupportedBy(lock, oldest)).toEqual(['cookie@2.0.2 wants node >=22']);
  });
});
