// With REDIS_URL, several server processes share socket.io rooms through the Redis adapter: an event
// published on one server reaches a client connected to another. Runs when npm test finds a Redis
// (it passes TEST_REDIS_URL); skipped otherwise, and npm test says so.
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventBus, type EventBus } from '../src/events/bus.ts';
import { attachRealtime, type Realtime } from '../src/realtime/socket.ts';

const redisUrl = process.env.TEST_REDIS_URL;

type Node = { http: HttpServer; bus: EventBus; realtime: Realtime; url: string };

async function startNode(): Promise<Node> {
  const http = createServer();
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const bus = createEventBus();
  const realtime = await attachRealtime(http, { redisUrl, bus });
  return { http, bus, realtime, url: `http://127.0.0.1:${(http.address() as AddressInfo).port}` };
}

async function subscribed(node: Node, symbol: string): Promise<Socket> {
  const socket = connect(node.url, { path: '/socket.io', transports: ['websocket'], forceNew: true });
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  socket.emit('subscribe', symbol);
  return socket;
}

describe.skipIf(!redisUrl)('realtime across server processes (Redis adapter)', () => {
  let a: Node;
  let b: Node;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    a = await startNode();
    b = await startNode();
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    for (const node of [a, b]) {
      await node?.realtime.close();
      await new Promise((resolve) => node?.http.close(resolve));
    }
  });

  it('delivers a ticker and a depth published on one server to subscribers of the other, and only to them', async () => {
    const onB = await subscribed(b, 'BTC/USDT');
    const elsewhere = await subscribed(b, 'ETH/USDT');
    sockets.push(onB, elsewhere);
    const received: { event: string; symbol: string }[] = [];
    onB.on('ticker', (t: { symbol: string }) => received.push({ event: 'ticker', symbol: t.symbol }));
    onB.on('depth', (d: { symbol: string }) => received.push({ event: 'depth', symbol: d.symbol }));
    const stray: unknown[] = [];
    elsewhere.on('ticker', (t) => stray.push(t));
    // The subscription travels to Redis asynchronously; publish until the first event comes through.
    await expect
      .poll(
        () => {
          a.bus.emit('ticker', { symbol: 'BTC/USDT', price: '50000', time: Date.now() });
          return received.length;
        },
        { timeout: 5000, interval: 100 },
      )
      .toBeGreaterThan(0);
    a.bus.emit('spot_depth', { symbol: 'BTC/USDT', bids: [['49999', '1']], asks: [['50001', '2']], time: Date.now() });
    await expect.poll(() => received.some((r) => r.event === 'depth')).toBe(true);
    expect(received.every((r) => r.symbol === 'BTC/USDT')).toBe(true);
    expect(stray).toEqual([]);
  });
});
