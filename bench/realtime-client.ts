// The clients of bench:realtime, in a worker thread: `count` socket.io connections (websocket only),
// each subscribed to one symbol's ticker and book rooms, as the spot page is. Every live ticker and depth
// message is timed against the server's `time` stamp (same machine clock) to give the delivery lag.
import { parentPort, workerData } from 'node:worker_threads';
import { io, type Socket } from 'socket.io-client';

export type RealtimeLoad = { url: string; symbol: string; count: number };
export type RealtimeResult = { connected: number; ticker: number[]; depth: number[] };

/**
 * Connections opened at once, with a patient handshake timeout: 5,000 users do not all arrive in the
 * same second, and the benchmark measures delivery, not a connection storm.
 */
const CONNECT_CHUNK = 100;

const load = workerData as RealtimeLoad;
const sockets: Socket[] = [];
let measuring = false;
const ticker: number[] = [];
const depth: number[] = [];
const failures = new Map<string, number>();

for (let opened = 0; opened < load.count; opened += CONNECT_CHUNK) {
  const chunk = Array.from({ length: Math.min(CONNECT_CHUNK, load.count - opened) }, () => {
    const socket = io(load.url, { path: '/socket.io', transports: ['websocket'], reconnection: false, forceNew: true, timeout: 60_000 });
    socket.on('ticker', (event: { time: number }) => measuring && ticker.push(Date.now() - event.time));
    socket.on('depth', (event: { time: number }) => measuring && depth.push(Date.now() - event.time));
    sockets.push(socket);
    return new Promise<void>((resolve) => {
      socket.once('connect', async () => {
        // Joined once the server acknowledges (after the book's snapshot, which is not measured).
        await Promise.all(['ticker', 'book'].map((channel) => socket.timeout(60_000).emitWithAck('subscribe', { channel, symbol: load.symbol }).catch(() => false)));
        resolve();
      });
      socket.once('connect_error', (error) => {
        failures.set(error.message, (failures.get(error.message) ?? 0) + 1);
        resolve();
      });
    });
  });
  await Promise.all(chunk);
}

parentPort!.postMessage({ ready: sockets.filter((s) => s.connected).length, failures: Object.fromEntries(failures) });
parentPort!.on('message', (command: 'start' | 'stop') => {
  if (command === 'start') {
    measuring = true;
    return;
  }
  measuring = false;
  const result: RealtimeResult = { connected: sockets.filter((s) => s.connected).length, ticker, depth };
  for (const socket of sockets) socket.disconnect();
  parentPort!.postMessage(result);
});
