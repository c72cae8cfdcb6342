// npm run bench:realtime: N socket.io clients (N = 1,000 and 5,000) subscribed to one symbol's ticker
// and book rooms, as the spot page is, on a real server process (embedded PGlite, price feed and market
// maker running, as `npm start` runs them: the built server, rebuilt first when a source changed). Prints
// the delivery lag of ticker and depth messages (p50/p99, from the server's time stamp to the client's
// receipt) and the server process's CPU and memory over the measured window.
// BENCH_SMOKE=1 (npm test): 20 clients for 3 s (the feed ticks each second); exits 1 when a client did not
// connect or no ticker message arrived (depth messages come only when the market maker requotes, which a
// quiet index may not ask for in 3 s).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import { buildServerIfStale, SERVER_ENTRY } from '../apps/server/build.mjs';
import type { RealtimeLoad, RealtimeResult } from './realtime-client.ts';
import { nextMessage, percentile, smokeCheck, smokeOr, startTsWorker } from './support.ts';

const SIZES = (process.env.BENCH_CLIENTS ?? smokeOr('1000,5000', '20')).split(',').map(Number);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? smokeOr(15, 3));
const SYMBOL = 'BTC/USDT';
/** Clients per worker thread, so that the receiving side is not one saturated event loop. */
const CLIENTS_PER_WORKER = 2500;
/** A fresh embedded database's first start (migrations, seed) takes seconds, more on a busy machine. */
const START_TIMEOUT_MS = 180_000;
/** Linux reports process CPU time in clock ticks of 1/100 s. */
const CLOCK_TICKS_PER_S = 100;

const root = path.resolve(import.meta.dirname, '..');

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** User plus system CPU seconds, and resident memory in MiB, of a process (from /proc). */
function processFigures(pid: number) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const cpuS = (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_S;
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1]);
  return { cpuS, rssMiB: Math.round(rssKb / 1024) };
}

async function startServer(clients: number) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fairex-realtime-bench-'));
  const child = spawn(process.execPath, ['--enable-source-maps', SERVER_ENTRY], {
    cwd: root,
    // Every client comes from this one address: its connection cap is raised for the run (the default stays).
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'production', SIMULATED_PRICES: 'allow', MARKET_SEED: '20261122', DATABASE_URL: '', REDIS_URL: '', SOCKET_CONNECTIONS_PER_ADDRESS_MAX: String(clients + 100) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const started = Date.now();
  for (;;) {
    const answer = await fetch(`${url}/api/currency/quotation_new`).catch(() => undefined);
    if (answer?.ok) break;
    // Never leave the server running behind a failed start.
    if (child.exitCode !== null || Date.now() - started > START_TIMEOUT_MS) {
      await stop();
      throw new Error(child.exitCode !== null ? `server exited with ${child.exitCode}` : `server did not start within ${START_TIMEOUT_MS / 1000} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, pid: child.pid!, stop };
}

const ms = (sorted: number[], p: number) => (sorted.length ? percentile(sorted, p) : Number.NaN);

const rebuilt = await buildServerIfStale();
if (rebuilt) console.log(`server built (${rebuilt})`);
const rows: Record<string, string | number>[] = [];
for (const clients of SIZES) {
  const server = await startServer(clients);
  const workers: Worker[] = [];
  let measured: { ready: { ready: number }[]; results: RealtimeResult[]; elapsedS: number; before: ReturnType<typeof processFigures>; after: ReturnType<typeof processFigures> };
  try {
    for (let left = clients; left > 0; left -= CLIENTS_PER_WORKER) {
      const load: RealtimeLoad = { url: server.url, symbol: SYMBOL, count: Math.min(CLIENTS_PER_WORKER, left) };
      workers.push(startTsWorker(new URL('./realtime-client.ts', import.meta.url), load));
    }
    const ready = await Promise.all(workers.map((w) => nextMessage<{ ready: number; failures: Record<string, number> }>(w)));
    for (const { failures } of ready) for (const [reason, n] of Object.entries(failures)) console.log(`${clients} clients: ${n} failed to connect: ${reason}`);
    const before = processFigures(server.pid);
    const started = performance.now();
    for (const w of workers) w.postMessage('start');
    await new Promise((resolve) => setTimeout(resolve, DURATION_S * 1000));
    const answers = workers.map((w) => nextMessage<RealtimeResult>(w));
    for (const w of workers) w.postMessage('stop');
    const results = await Promise.all(answers);
    const elapsedS = (performance.now() - started) / 1000;
    measured = { ready, results, elapsedS, before, after: processFigures(server.pid) };
  } finally {
    // Never leave the server or the clients behind, whatever failed.
    await Promise.all(workers.map((w) => w.terminate()));
    await server.stop();
  }
  const { ready, results, elapsedS, before, after } = measured;

  const ticker = results.flatMap((r) => r.ticker).sort((a, b) => a - b);
  const depth = results.flatMap((r) => r.depth).sort((a, b) => a - b);
  const connected = ready.reduce((sum, r) => sum + r.ready, 0);
  smokeCheck(connected === clients && ticker.length > 0, `${clients} clients: ${connected} connected, ${ticker.length} ticker messages`);
  rows.push({
    clients,
    connected,
    'ticker msgs': ticker.length,
    'ticker p50 ms': ms(ticker, 50),
    'ticker p99 ms': ms(ticker, 99),
    'depth msgs': depth.length,
    'depth p50 ms': ms(depth, 50),
    'depth p99 ms': ms(depth, 99),
    'server CPU %': Math.round(((after.cpuS - before.cpuS) / elapsedS) * 100),
    'server RSS MiB': after.rssMiB,
  });
}
console.log(`\n${SYMBOL}, ${DURATION_S} s measured per run, websocket transport, embedded PGlite, node ${process.version}, ${os.cpus().length} cores (clients share them)`);
console.log('lag: from the server stamping the event to the client receiving it; CPU: share of one core used by the server process');
console.table(rows);
