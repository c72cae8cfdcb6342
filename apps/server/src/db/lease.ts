/**
 * One trading process per database. The matching engine, the price feed and the market maker keep their
 * state in memory, so a second process on the same database would run a second order book for every
 * symbol. A process therefore holds the database's trading lease before it opens the database: a
 * PostgreSQL advisory lock on a connection of its own, or a lock file beside the embedded PGlite data.
 * A second process waits as a standby and takes over when the first one stops.
 */
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/** The advisory lock's name (hashed by PostgreSQL into its key); advisory locks are per database. */
const LEASE_NAME = 'fairex:trading-core';
export const LEASE_RETRY_MS = 2000;
const LOCK_FILE = 'server.lock';

export type Lease = { release(): Promise<void> };

export type LeaseOptions = {
  databaseUrl?: string;
  dataDir: string;
  /** Told once when another process holds the lease and this one starts waiting. */
  onWait: (holder: string) => void;
  /** The lock's connection broke: another process may take over, so this one must stop at once. */
  onLost: (error: unknown) => void;
  retryMs?: number;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function holdTradingLease(options: LeaseOptions): Promise<Lease> {
  if (options.databaseUrl) return holdAdvisoryLock(options.databaseUrl, options);
  if (options.dataDir === 'memory://') return { release: async () => {} };
  return holdLockFile(options.dataDir, options);
}

async function holdAdvisoryLock(databaseUrl: string, options: LeaseOptions): Promise<Lease> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let released = false;
  let waiting = false;
  try {
    for (;;) {
      const { rows } = await client.query<{ held: boolean }>('select pg_try_advisory_lock(hashtext($1)) as held', [LEASE_NAME]);
      if (rows[0]?.held) break;
      if (!waiting) options.onWait('another server process on this PostgreSQL database');
      waiting = true;
      await sleep(options.retryMs ?? LEASE_RETRY_MS);
    }
  } catch (error) {
    await client.end().catch(() => {});
    throw error;
  }
  // The lock lives as long as this connection: losing it means losing the lease.
  client.on('error', (error) => {
    if (!released) options.onLost(error);
  });
  client.on('end', () => {
    if (!released) options.onLost(new Error('the trading lease connection closed'));
  });
  return {
    async release() {
      released = true;
      await client.end();
    },
  };
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

async function holdLockFile(dataDir: string, options: LeaseOptions): Promise<Lease> {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  const mine = String(process.pid);
  let waiting = false;
  for (;;) {
    try {
      fs.writeFileSync(file, mine, { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = Number(fs.readFileSync(file, 'utf8'));
    if (!Number.isInteger(holder) || holder <= 0 || !isAlive(holder)) {
      // Left behind by a process that did not stop cleanly.
      fs.rmSync(file, { force: true });
      continue;
    }
    if (!waiting) options.onWait(`the server process ${holder} using ${dataDir}`);
    waiting = true;
    await sleep(options.retryMs ?? LEASE_RETRY_MS);
  }
  return {
    async release() {
      if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') === mine) fs.rmSync(file);
    },
  };
}
