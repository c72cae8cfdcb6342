import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { operatorHeaders, sessionTokenFromSetCookie } from '../../apps/server/src/admin/operator-cookies.ts';
import { buildServerIfStale, SERVER_ENTRY } from '../../apps/server/build.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** One operator session for the whole run, as a person keeps one: the login is rate-limited per address. */
    operatorToken: string;
  }
}

const root = path.resolve(import.meta.dirname, '../..');
// A start fills candle history and migrates a fresh database: seconds on a quiet machine, over a minute on a busy one.
const START_TIMEOUT_MS = 180_000;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** The demo operator's session token, as the login's httpOnly cookie carries it (send it as operatorHeaders(token)). */
export async function operatorLogin(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'admin123456' }),
  });
  const token = sessionTokenFromSetCookie(res.headers.getSetCookie());
  if (!token) throw new Error(`operator login: ${await res.text()}`);
  return token;
}

/** A running server on its own fresh embedded database; `stop` ends it and removes its data. */
/** The server's clock now (a TEST_CLOCK server), moved forward first when told; its jobs run on the scheduler's next pass. */
export async function moveClock(baseUrl: string, advanceMs?: number): Promise<number> {
  const res = await fetch(`${baseUrl}/api/test/clock`, {
    method: advanceMs === undefined ? 'GET' : 'POST',
    headers: advanceMs === undefined ? {} : { 'content-type': 'application/x-www-form-urlencoded' },
    body: advanceMs === undefined ? undefined : new URLSearchParams({ advance_ms: String(advanceMs) }),
  });
  return ((await res.json()) as { message: { now: number } }).message.now;
}

export type RunningServer = { baseUrl: string; dataDir: string; stop: () => Promise<void> };

/**
 * Starts the real server (built apps, fresh embedded database) as `npm start` would. `env` adds to the
 * environment: TEST_CLOCK=1 gives a server whose clock a journey moves (POST /api/test/clock).
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  for (const dist of ['apps/web/dist/index.html', 'apps/admin/dist/index.html']) {
    if (!fs.existsSync(path.join(root, dist))) throw new Error(`${dist} is missing: run npm run build first`);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fairex-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // Always the embedded database, whatever the caller's environment says.
  // Every journey signs its people up from this one address: the per-address code limit is raised for the run.
  const childEnv: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'test', CODES_PER_ADDRESS_PER_HOUR: '1000', MARKET_SEED: '20261122', ...env };
  delete childEnv.DATABASE_URL;
  await buildServerIfStale();
  // The built server, as npm start runs it (the source through tsx costs seconds of CPU per start).
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', SERVER_ENTRY], { cwd: root, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  const log = fs.createWriteStream(path.join(dataDir, 'server.log'));
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${fs.readFileSync(path.join(dataDir, 'server.log'), 'utf8')}`);
    try {
      if ((await fetch(`${baseUrl}/api/getSiteConfig`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > START_TIMEOUT_MS) throw new Error('server did not start in time');
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseUrl,
    dataDir,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The run's server, started once for every journey. */
export default async function setup(project: TestProject) {
  const server = await startServer();
  const operator = await operatorLogin(server.baseUrl);
  // The development demo spot traders would trade against the journeys' own resting orders: off for the run.
  const off = await fetch(`${server.baseUrl}/api/admin/spot/demo-trading`, {
    method: 'POST',
    headers: { ...operatorHeaders(operator), 'content-type': 'application/json' },
    body: JSON.stringify({ enabled: false }),
  });
  if ((await off.json()).type !== 'ok') throw new Error('could not switch the demo spot traders off');
  // The development start's welcome popup would cover home at each journey's first visit: taken down for the run.
  const popup = (await (await fetch(`${server.baseUrl}/api/news/index_pop`)).json()).message as { id: number } | null;
  if (popup) {
    const removed = await fetch(`${server.baseUrl}/api/admin/content/delete`, {
      method: 'POST',
      headers: { ...operatorHeaders(operator), 'content-type': 'application/json' },
      body: JSON.stringify({ id: popup.id }),
    });
    if ((await removed.json()).type !== 'ok') throw new Error('could not take the demo popup down');
  }
  project.provide('baseUrl', server.baseUrl);
  project.provide('operatorToken', operator);
  return server.stop;
}
