// Proves one trading process per database: a second lease waits while the first is held and takes over
// once it is released, on the embedded database's lock file (a stale file of a dead process is taken
// over at once) and on PostgreSQL's advisory lock when TEST_DATABASE_URL names a server.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
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

/** A fresh PostgreSQL database and its URL (a lease connects on its own, as a process would). */
async function scratchUrl() {
  const { database, dispose } = await openScratchDatabase({ postgresUrl: process.env.TEST_DATABASE_URL, prefix: 'fairex_lease' });
  const [row] = await queryRows<{ name: string }>(database.db, sql`select current_database() as name`);
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${row!.name}`;
  return { url: url.toString(), dispose };
}
