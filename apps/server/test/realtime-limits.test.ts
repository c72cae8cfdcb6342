// Proves the realtime anti-abuse limits (issue 9) with socket.io clients against a listening app: events
// beyond a socket's per-second limit are dropped and the socket told, a socket that keeps flooding is
// disconnected, and new connections beyond an address's cap are refused, the address read as the HTTP
// side reads request.ip (a forged X-Forwarded-For counts for nothing unless the proxy is trusted). The
// counting rule itself is checked with worked examples. Limits are set small through makeTestApp.
import Fastify from 'fastify';
import { io as connect } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clientAddressOf } from '../src/http/client-address.ts';
import type { TrustProxy } from '../src/http/trust-proxy.ts';
import { countEvent, SOCKET_OVER_LIMIT_SECONDS_MAX, type EventWindow } from '../src/realtime/limits.ts';
import { makeTestApp, type TestApp } from './support/app.ts';
import { liveRealtime, record, type LiveRealtime } from './support/sockets.ts';

const PER_SECOND = 5;
const PER_ADDRESS = 2;
const room = { channel: 'ticker', symbol: 'BTC/USDT' };

let test: TestApp;
let live: LiveRealtime;
beforeAll(async () => {
  test = await makeTestApp({ socketEventsPerSecond: PER_SECOND, socketConnectionsPerAddressMax: PER_ADDRESS });
  live = await liveRealtime(test);
});
afterEach(async () => {
  live.closeSockets();
  // The server has seen every close before the next test counts connections.
  await expect.poll(() => live.realtime.io.engine.clientsCount).toBe(0);
  expect(live.errors).toEqual([]);
});
afterAll(async () => {
  await live.close();
  await test.close();
});

const client = () => live.connect();
/** A raw client of a server (no wait for the connection), with an optional forwarded-for header. */
const attempt = (server: LiveRealtime, forwardedFor?: string) => {
  const socket = server.track(
    connect(server.url, { path: '/socket.io', transports: ['websocket'], forceNew: true, reconnection: false, extraHeaders: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {} }),
  );
  return new Promise<'connected' | 'refused'>((resolve) => {
    socket.once('connect', () => resolve('connected'));
    socket.once('connect_error', () => resolve('refused'));
  });
};
const rawClient = (forwardedFor?: string) => attempt(live, forwardedFor);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Waits until a second of the clock has just begun, so a burst sent now is counted in one second. */
const startOfSecond = async () => {
  while (Date.now() % 1000 > 50) await sleep(5);
};

describe('countEvent', () => {
  function run(times: number[]) {
    let window: EventWindow | undefined;
    return times.map((now) => {
      const counted = countEvent(window, now, 2);
      window = counted.window;
      return counted.verdict;
    });
  }

  it('serves 2 events a second, drops the 3rd, and serves again the next second', () => {
    expect(run([0, 10, 20, 1000])).toEqual(['ok', 'ok', 'dropped', 'ok']);
  });

  it(`disconnects in the ${SOCKET_OVER_LIMIT_SECONDS_MAX}th second in a row over the limit`, () => {
    const flood = [0, 1, 2, 3, 4].flatMap((second) => [second * 1000, second * 1000 + 1, second * 1000 + 2]);
    expect(run(flood)).toEqual(['ok', 'ok', 'dropped', 'ok', 'ok', 'dropped', 'ok', 'ok', 'dropped', 'ok', 'ok', 'dropped', 'ok', 'ok', 'disconnect']);
  });

  it('forgives a flood once a second passes within the limit or without events', () => {
    const calm = [0, 1, 2, 1000, 1001, 1002, 2000, 3000, 3001, 3002];
    expect(run(calm)).toEqual(['ok', 'ok', 'dropped', 'ok', 'ok', 'dropped', 'ok', 'ok', 'ok', 'dropped']);
    expect(run([0, 1, 2, 1000, 1001, 1002, 5000, 5001, 5002]).at(-1)).toBe('dropped');
  });
});

describe('realtime limits', () => {
  it('drops the events beyond the per-second limit, tells the socket once, and serves it again the next second', async () => {
    const socket = await client();
    const told = record(socket, ['rate_limited', 'disconnect']);
    await startOfSecond();
    const answered: boolean[] = [];
    for (let i = 0; i < PER_SECOND + 3; i++) socket.emit('subscribe', room, (ok: boolean) => answered.push(ok));
    await expect.poll(() => told.rate_limited.length).toBe(1);
    await sleep(1100);
    expect(answered).toHaveLength(PER_SECOND);
    expect(told.rate_limited).toEqual([{ events_per_second: PER_SECOND }]);
    // The next second it is served again, and it is still connected.
    expect(await socket.timeout(2000).emitWithAck('subscribe', room)).toBe(true);
    expect(told.disconnect).toEqual([]);
  });

  it(`disconnects a socket that stays over the limit for ${SOCKET_OVER_LIMIT_SECONDS_MAX} seconds in a row`, async () => {
    const socket = await client();
    const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    const flood = setInterval(() => {
      for (let i = 0; i < PER_SECOND; i++) socket.emit('unsubscribe', room);
    }, 200);
    try {
      expect(await disconnected).toBe('io server disconnect');
    } finally {
      clearInterval(flood);
    }
  }, 15_000);

  it('refuses a new connection from an address at its cap, and takes one again once a socket of it closes', async () => {
    const first = await client();
    await client();
    expect(await rawClient()).toBe('refused');
    first.close();
    await expect.poll(() => live.realtime.io.engine.clientsCount).toBe(PER_ADDRESS - 1);
    expect(await rawClient()).toBe('connected');
  });

  it('counts a forged X-Forwarded-For as the peer’s address when no proxy is trusted', async () => {
    expect(await rawClient('203.0.113.1')).toBe('connected');
    expect(await rawClient('203.0.113.2')).toBe('connected');
    expect(await rawClient('203.0.113.3')).toBe('refused');
  });
});

describe('realtime limits behind a trusted proxy', () => {
  let proxied: TestApp;
  let proxiedLive: LiveRealtime;
  beforeAll(async () => {
    proxied = await makeTestApp({ socketConnectionsPerAddressMax: 1 });
    proxiedLive = await liveRealtime(proxied, { addressOf: clientAddressOf(['127.0.0.1']) });
  });
  afterEach(() => {
    expect(proxiedLive.errors).toEqual([]);
  });
  afterAll(async () => {
    await proxiedLive.close();
    await proxied.close();
  });

  const through = (forwardedFor: string) => attempt(proxiedLive, forwardedFor);

  it('counts each client the trusted proxy names apart', async () => {
    expect(await through('203.0.113.1')).toBe('connected');
    expect(await through('203.0.113.2')).toBe('connected');
    expect(await through('203.0.113.1')).toBe('refused');
  });
});

describe('clientAddressOf', () => {
  const settings: TrustProxy[] = [false, true, ['127.0.0.1'], ['10.0.0.0/8'], (_address: string, hop: number) => hop < 1];
  it.each(settings.map((setting) => [String(setting), setting] as const))('reads the address Fastify’s request.ip reads (trustProxy %s)', async (_name, setting) => {
    const app = Fastify({ trustProxy: setting });
    const addressOf = clientAddressOf(setting);
    app.get('/', async (request) => ({ fastify: request.ip, ours: addressOf(request.raw) }));
    for (const [remoteAddress, forwardedFor] of [
      ['127.0.0.1', '203.0.113.9'],
      ['127.0.0.1', '203.0.113.9, 10.1.2.3'],
      ['10.1.2.3', '198.51.100.4'],
      ['192.0.2.7', undefined],
    ] as const) {
      const response = await app.inject({ url: '/', remoteAddress, headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {} });
      const { fastify, ours } = response.json() as { fastify: string; ours: string };
      expect(ours).toBe(fastify);
    }
    await app.close();
  });
});
