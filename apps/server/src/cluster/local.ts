/**
 * Server processes of one cluster on this machine: `npm run start:cluster -- N`, the fail-over test and
 * the multi-process bench start them here. Each is a real `main` process with its own port, on the same
 * PostgreSQL database and Redis; they start one after the other (the start-up lock) and are ready when
 * GET /healthz answers.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { serverRoot } from '../paths.ts';

export type LocalProcess = {
  port: number;
  url: string;
  child: ChildProcess;
  /** Resolves with the exit code (null after a signal) once the process ended. */
  exited: Promise<number | null>;
  /** What it printed (kept for a failing test's message). */
  output: () => string;
  /** The environment it was started with (a replacement starts with the same). */
  env: NodeJS.ProcessEnv;
};

/** How the server is run: the TypeScript sources (tests, benches) or the built file (npm run start:cluster). */
export type ServerEntry = 'source' | 'built';

const READY_WITHIN_MS = 120_000;

/** A port free now on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Starts one process and waits until it answers GET /healthz. */
export async function startProcess(options: { env: NodeJS.ProcessEnv; entry: ServerEntry; port?: number; echo?: boolean }): Promise<LocalProcess> {
  const port = options.port ?? (await freePort());
  const args = options.entry === 'built' ? ['--enable-source-maps', path.join(serverRoot, 'dist/main.js')] : ['--import', 'tsx', path.join(serverRoot, 'src/main.ts')];
  const child = spawn(process.execPath, args, {
    cwd: serverRoot,
    env: { ...process.env, ...options.env, PORT: String(port), HOST: '127.0.0.1', CLUSTER_ADDRESS: `http://127.0.0.1:${port}` },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-200_000);
    if (options.echo) process.stdout.write(`[${port}] ${chunk.toString()}`);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + READY_WITHIN_MS;
  let ended = false;
  void exited.then(() => (ended = true));
  for (;;) {
    if (ended) throw new Error(`the server on port ${port} exited while starting:\n${output}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server on port ${port} did not start within ${READY_WITHIN_MS / 1000} s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { port, url, child, exited, output: () => output, env: options.env };
}

/** Starts `count` processes on one database (all at once: the start-up lock orders them). */
export function startLocalCluster(options: { count: number; env: NodeJS.ProcessEnv; entry: ServerEntry; basePort?: number; echo?: boolean }): Promise<LocalProcess[]> {
  return Promise.all(
    Array.from({ length: options.count }, (_, i) => startProcess({ env: options.env, entry: options.entry, port: options.basePort === undefined ? undefined : options.basePort + i, echo: options.echo })),
  );
}
