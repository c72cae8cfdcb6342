/**
 * One trading process per database. The matching engine, the price feed and the market maker keep their
 * state in memory, so a second process on the same database would run a second order book for every
 * symbol. A process therefore holds the database's trading lease before it opens the database: a
 * PostgreSQL advisory lock on a connection of its own, or for the embedded PGlite data a lock the
 * operating system releases with the process (see holdLocalLock). A second process waits as a standby
 * and takes over when the first one stops, however it stopped.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
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
  return process.platform === 'linux' ? holdLocalLock(options.dataDir, options) : holdLockFile(options.dataDir, options);
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

/** The abstract socket name of a data folder: one per folder (its real path), bounded in length. */
export function localLockName(dataDir: string): string {
  const folder = fs.realpathSync(dataDir);
  return `\0fairex-lease-${createHash('sha256').update(folder).digest('hex').slice(0, 32)}`;
}

/**
 * The embedded database's lease on Linux: a listening socket in the abstract namespace, named after the
 * data folder. Binding it is atomic (of two racing starters exactly one succeeds, the other gets
 * EADDRINUSE), and the kernel frees the name the moment the holder exits, even by kill -9, so a crash
 * leaves nothing stale to judge or clean up. The holder answers a connection with its pid, which a
 * standby reports. `server.lock` in the folder names the holder's pid for people; it is not the lock.
 * Abstract names are per network namespace: processes sharing a data folder must share one (one host,
 * no separate container networks), as they must share the folder anyway.
 */
async function holdLocalLock(dataDir: string, options: LeaseOptions): Promise<Lease> {
  fs.mkdirSync(dataDir, { recursive: true });
  const name = localLockName(dataDir);
  const note = path.join(dataDir, LOCK_FILE);
  let waiting = false;
  for (;;) {
    const server = net.createServer((socket) => socket.end(String(process.pid)));
    const bound = await new Promise<boolean>((resolve, reject) => {
      server.once('error', (error: NodeJS.ErrnoException) => (error.code === 'EADDRINUSE' ? resolve(false) : reject(error)));
      server.listen({ path: name }, () => resolve(true));
    });
    if (bound) {
      // The lease must not keep a process alive that has nothing else to do.
      server.unref();
      fs.writeFileSync(note, String(process.pid));
      return {
        async release() {
          if (fs.existsSync(note) && fs.readFileSync(note, 'utf8') === String(process.pid)) fs.rmSync(note);
          await new Promise<void>((resolve) => server.close(() => resolve()));
        },
      };
    }
    if (!waiting) options.onWait(`the server process ${await holderOf(name)} using ${dataDir}`);
    waiting = true;
    await sleep(options.retryMs ?? LEASE_RETRY_MS);
  }
}

/** The pid the holder of a local lock answers with ('?' if it does not answer within a second). */
function holderOf(name: string): Promise<string> {
  return new Promise((resolve) => {
    let answer = '';
    const socket = net.connect({ path: name });
    const done = () => {
      socket.destroy();
      resolve(/^\d+$/.test(answer) ? answer : '?');
    };
    socket.setTimeout(1000, done);
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('end', done);
    socket.on('error', done);
  });
}

/**
 * Elsewhere than Linux (no abstract sockets): a pid file created atomically. A file left by a process
 * that is gone is taken over; this check can race between two starters, so production runs on Linux.
 */
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
