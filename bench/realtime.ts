// npm run bench:realtime: N socket.io clients (N = 1,000 and 5,000) subscribed to one symbol's ticker
// and book rooms, as the spot page is, on a real server process (embedded PGlite, price feed and market
// maker running, as `npm start` runs them). Prints the delivery lag of ticker and depth messages
// (p50/p99, from the server's time stamp to the client's receipt) and the server process's CPU and
// memory over the measured window.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import type { RealtimeLoad, RealtimeResult } from './realtime-client.ts';
import { nextMessage, percentile, startTsWorker } from './support.ts';

const SIZES = (process.env.BENCH_CLIENTS ?? '1000,5000').split(',').map(Number);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 15);
const SYMBOL = 'BTC/USDT';
/** Clients per worker thread, so that the receiving side is not one saturated event loop. */
const CLIENTS_PER_WORKER = 2500;
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
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    // Every client comes from this one address: its connection cap is raised for the run (the default stays).
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'production', SIMULATED_PRICES: 'allow', MARKET_SEED: '20261122', DATABASE_URL: '', REDIS_URL: '', SOCKET_CONNECTIONS_PER_ADDRESS_MAX: String(clients + 100) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const answer = await fetch(`${url}/api/currency/quotation_new`).catch(() => undefined);
    if (answer?.ok) break;
    if (attempt > 600) throw new Error('server did not start within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const stop = async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { url, pid: child.pid!, stop };
}

const ms = (sorted: number[], p: number) => (sorted.length ? percentile(sorted, p) : Number.NaN);

const rows: Record<string, string | number>[] = [];
for (const clients of SIZES) {
  const server = await startServer(clients);
  const workers: Worker[] = [];
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
  const after = processFigures(server.pid);
  await Promise.all(workers.map((w) => w.terminate()));
  await server.stop();

  const ticker = results.flatMap((r) => r.ticker).sort((a, b) => a - b);
  const depth = results.flatMap((r) => r.depth).sort((a, b) => a - b);
  rows.push({
    clients,
    connected: ready.reduce((sum, r) => sum + r.ready, 0),
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
