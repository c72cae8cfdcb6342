// Proves one trading process per database: a second lease waits while the first is held and takes over
// once it is released, on the embedded database's lock (a crashed holder, killed with -9 in a child
// process, frees it at once; of racing starters exactly one wins; a stale `server.lock` naming a pid
// now used by another process does not block) and on PostgreSQL's advisory lock when TEST_DATABASE_URL
// names a server.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { holdTradingLease, type Lease, type LeaseOptions } from '../src/db/lease.ts';
import { openScratchDatabase } from '../src/db/scratch.ts';

const RETRY_MS = 50;

/** Starts a lease and reports whether it was granted within `ms`, and who it waited for. */
async function attempt(options: Pick<LeaseOptions, 'databaseUrl' | 'dataDir'>) {
  const waitedFor: string[] = [];
  const lost: unknown[] = [];
  let granted: Lease | undefined;
  const pending = holdTradingLease({ ...options, retryMs: RETRY_MS, onWait: (holder) => waitedFor.push(holder), onLost: (error) => lost.push(error) }).then((lease) => {
    granted = lease;
    return lease;
  });
  return { pending, waitedFor, lost, granted: () => granted };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, RETRY_MS * 6));

async function expectOneAtATime(options: Pick<LeaseOptions, 'databaseUrl' | 'dataDir'>) {
  const first = await attempt(options);
  const lease = await first.pending;
  const second = await attempt(options);
  await settle();
  expect(second.granted()).toBeUndefined();
  expect(second.waitedFor).toHaveLength(1);
  await lease.release();
  const taken = await second.pending;
  expect(first.lost).toEqual([]);
  await taken.release();
  expect(second.lost).toEqual([]);
}

describe('trading lease', () => {
  it('lets one process at a time use an embedded data folder', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fairex-lease-'));
    await expectOneAtATime({ dataDir });
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('takes over the lock file of a process that is gone', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fairex-lease-'));
    // Beyond Linux's pid range, so no live process has it.
    fs.writeFileSync(path.join(dataDir, 'server.lock'), '4194305');
    const { pending, waitedFor } = await attempt({ dataDir });
    const lease = await pending;
    expect(waitedFor).toEqual([]);
    expect(fs.readFileSync(path.join(dataDir, 'server.lock'), 'utf8')).toBe(String(process.pid));
    await lease.release();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('gives the lease to a standby at once when the holder is killed with -9', async () => {
    const dataDir = tempDir();
    const first = startHolder(dataDir);
    await first.said('held');
    const second = startHolder(dataDir);
    expect(await second.said('waiting')).toContain(`process ${first.child.pid} `);
    first.child.kill('SIGKILL');
    expect(await second.said('held')).toBe(`held ${second.child.pid}`);
  });

  it('grants the lease to exactly one of several starters racing on a folder with a stale lock file', async () => {
    const dataDir = tempDir();
    fs.writeFileSync(path.join(dataDir, 'server.lock'), '4194305');
    const starters = Array.from({ length: 4 }, () => startHolder(dataDir));
    const first = await Promise.all(starters.map((s) => s.said(/^(held|waiting)/)));
    expect(first.filter((line) => line.startsWith('held'))).toHaveLength(1);
    // And only one at a time after the winner is killed.
    const winner = starters[first.findIndex((line) => line.startsWith('held'))]!;
    winner.child.kill('SIGKILL');
    const rest = starters.filter((s) => s !== winner);
    await Promise.race(rest.map((s) => s.said('held')));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(rest.filter((s) => s.lines.some((line) => line.startsWith('held')))).toHaveLength(1);
  });

  it('is not blocked by a lock file naming a pid that a live process of someone else now has', async () => {
    const dataDir = tempDir();
    // The holder crashed and its pid went to another process: here, this test's own.
    fs.writeFileSync(path.join(dataDir, 'server.lock'), String(process.pid));
    const starter = startHolder(dataDir);
    expect(await starter.said(/^(held|waiting)/)).toBe(`held ${starter.child.pid}`);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('lets one process at a time hold a PostgreSQL database, while another database is apart', async () => {
    const [one, two] = await Promise.all([scratchUrl(), scratchUrl()]);
    try {
      await expectOneAtATime({ databaseUrl: one.url, dataDir: 'unused' });
      // Advisory locks are per database: another database's lease is granted at once.
      const here = await (await attempt({ databaseUrl: one.url, dataDir: 'unused' })).pending;
      const there = await attempt({ databaseUrl: two.url, dataDir: 'unused' });
      await (await there.pending).release();
      expect(there.waitedFor).toEqual([]);
      await here.release();
    } finally {
      await Promise.all([one.dispose(), two.dispose()]);
    }
  });
});

const children: ChildProcess[] = [];
const folders: string[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

function tempDir() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fairex-lease-'));
  folders.push(dataDir);
  return dataDir;
}

const HOLDER = path.join(import.meta.dirname, 'support', 'lease-holder.ts');
/** Long enough for a child to start tsx on a busy machine. */
const CHILD_SAY_MS = 30_000;

/** A separate process holding (or waiting for) the lease on `dataDir`; `said` waits for a line it prints. */
function startHolder(dataDir: string) {
  // Node itself with tsx's loader (not the tsx wrapper, which would run the script in a child of its own).
  const child = spawn(process.execPath, ['--import', 'tsx', HOLDER, dataDir], { cwd: import.meta.dirname, stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  const lines: string[] = [];
  const listeners = new Set<() => void>();
  let buffer = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    const parts = buffer.split('\n');
    buffer = parts.pop()!;
    lines.push(...parts);
    for (const listener of listeners) listener();
  });
  const said = (pattern: string | RegExp) =>
    new Promise<string>((resolve, reject) => {
      const matches = (line: string) => (typeof pattern === 'string' ? line.startsWith(pattern) : pattern.test(line));
      const timer = setTimeout(() => reject(new Error(`child ${child.pid} did not say ${pattern}: ${lines.join(' | ')}`)), CHILD_SAY_MS);
      const check = () => {
        const line = lines.find(matches);
        if (line === undefined) return;
        clearTimeout(timer);
        listeners.delete(check);
        resolve(line);
      };
      listeners.add(check);
      check();
    });
  return { child, lines, said };
}

/** A fresh PostgreSQL database and its URL (a lease connects on its own, as a process would). */
async function scratchUrl() {
  const { database, dispose } = await openScratchDatabase({ postgresUrl: process.env.TEST_DATABASE_URL, prefix: 'fairex_lease' });
  const [row] = await queryRows<{ name: string }>(database.db, sql`select current_database() as name`);
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${row!.name}`;
  return { url: url.toString(), dispose };
}
