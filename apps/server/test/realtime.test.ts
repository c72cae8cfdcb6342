// Proves socket.io rides on the API's own server (polling upgraded to websocket, `server-time` every
// second) and that a client gets only the rooms it asked for: tickers per symbol, candles per symbol and
// period, unknown rooms ignored, and at most ROOMS_PER_SOCKET_MAX rooms per connection; and that a
// socket leaves its user's room when its session ends without an event (idle, expired, revoked elsewhere).
import { CANDLE_PERIOD_NAMES, ROOMS_PER_SOCKET_MAX } from '@fairex/contract';
import { io as connect } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SimulatedPriceFeed } from '../src/markets/price-feed.ts';
import { eq } from 'drizzle-orm';
import { sha256 } from '../src/accounts/passwords.ts';
import { SESSION_IDLE_MS, SESSION_TTL_MS } from '../src/accounts/sessions.ts';
import { sessions } from '../src/accounts/tables.ts';
import { userRoom } from '../src/realtime/rooms.ts';
import { call, makeTestApp, makeUser, type TestApp } from './support/app.ts';
import { flush, liveRealtime, record, subscribe, unsubscribe, type LiveRealtime } from './support/sockets.ts';

let test: TestApp;
let live: LiveRealtime;
/** How far the session clock is ahead of the system clock (sessions are created on the system clock). */
let sessionOffsetMs = 0;
/** The re-check interval here: SESSION_RECHECK_INTERVAL_MS (a minute) shortened so a test need not wait. */
const RECHECK_MS = 50;
beforeAll(async () => {
  test = await makeTestApp({}, { sessionClock: () => Date.now() + sessionOffsetMs });
  live = await liveRealtime(test, { sessionRecheckMs: RECHECK_MS });
});
afterEach(() => {
  live.closeSockets();
  expect(live.errors).toEqual([]);
});
afterAll(async () => {
  await live.close();
  await test.close();
});

const client = () => live.connect();
const step = () => (test.ctx.markets.feed as SimulatedPriceFeed).step();

describe('realtime', () => {
  it('sends server-time every second and upgrades from polling to websocket', async () => {
    const socket = live.track(connect(live.url, { path: '/socket.io', transports: ['polling', 'websocket'] }));
    const upgraded = new Promise<string>((resolve) => socket.io.engine.once('upgrade', (transport) => resolve(transport.name)));
    const times: string[] = [];
    await new Promise<void>((resolve) => {
      socket.on('server-time', (event: { now: string }) => {
        times.push(event.now);
        if (times.length === 2) resolve();
      });
    });
    expect(await upgraded).toBe('websocket');
    const gap = Date.parse(times[1]!) - Date.parse(times[0]!);
    expect(gap).toBeGreaterThanOrEqual(900);
    expect(gap).toBeLessThanOrEqual(1500);
  });

  it('sends a ticker room only its symbol’s tickers, and a kline room only its symbol’s candles of its period', async () => {
    const list = await client();
    const chart = await client();
    expect(await subscribe(list, { channel: 'ticker', symbol: 'ETH/USDT' })).toBe(true);
    expect(await subscribe(chart, { channel: 'kline', symbol: 'ETH/USDT', period: '15min' })).toBe(true);
    const onList = record(list, ['ticker', 'kline', 'depth', 'trade']);
    const onChart = record(chart, ['ticker', 'kline', 'depth', 'trade']);

    const ticks = step();
    await expect.poll(() => onChart.kline.length).toBe(1);
    await expect.poll(() => onList.ticker.length).toBe(1);
    await Promise.all([flush(list), flush(chart)]);
    // A ticker is sent once recorded, with the id of its stored tick.
    expect(onList).toEqual({ ticker: [{ ...ticks.find((t) => t.symbol === 'ETH/USDT'), id: expect.any(String) }], kline: [], depth: [], trade: [] });
    expect(onChart.kline).toEqual([expect.objectContaining({ symbol: 'ETH/USDT', period: '15min' })]);
    expect(onChart.ticker).toEqual([]);
  });

  it('moves a chart to another period: the old period’s candles stop, the new one’s come', async () => {
    const chart = await client();
    await subscribe(chart, { channel: 'kline', symbol: 'BTC/USDT', period: '15min' });
    expect(await unsubscribe(chart, { channel: 'kline', symbol: 'BTC/USDT', period: '15min' })).toBe(true);
    await subscribe(chart, { channel: 'kline', symbol: 'BTC/USDT', period: '1min' });
    const seen = record(chart, ['kline']);
    step();
    await expect.poll(() => seen.kline.length).toBe(1);
    await flush(chart);
    expect(seen.kline.map((k) => `${k.symbol} ${k.period}`)).toEqual(['BTC/USDT 1min']);
  });

  it('ignores unknown symbols, periods and malformed requests, without an error or a disconnection', async () => {
    const socket = await client();
    const trouble = record(socket, ['error', 'exception', 'disconnect', 'ticker', 'kline', 'depth']);
    const refused = [
      { channel: 'ticker', symbol: 'NOPE/USDT' },
      { channel: 'kline', symbol: 'ETH/USDT', period: '2min' },
      { channel: 'kline', symbol: 'ETH/USDT' },
      { channel: 'book', symbol: 'AAPL' }, // a stock has no spot book
      { channel: 'depth', symbol: 'BTC/USDT' },
      { channel: 'ticker', symbol: 'x'.repeat(10_000) },
      'ETH/USDT',
      null,
      42,
    ];
    for (const room of refused) expect(await subscribe(socket, room), JSON.stringify(room).slice(0, 80)).toBe(false);
    step();
    await flush(socket);
    expect(trouble).toEqual({ error: [], exception: [], disconnect: [], ticker: [], kline: [], depth: [] });
    expect(socket.connected).toBe(true);
  });

  it(`caps one connection at ${ROOMS_PER_SOCKET_MAX} rooms, counting a room joined twice once`, async () => {
    const socket = await client();
    const symbols = (await test.ctx.markets.quotations()).map((q) => q.symbol);
    const rooms = symbols.flatMap((symbol) => CANDLE_PERIOD_NAMES.map((period) => ({ channel: 'kline' as const, symbol, period })));
    expect(rooms.length).toBeGreaterThan(ROOMS_PER_SOCKET_MAX);
    const answers = [];
    for (const room of rooms.slice(0, ROOMS_PER_SOCKET_MAX)) answers.push(await subscribe(socket, room));
    expect(answers.every(Boolean)).toBe(true);
    expect(await subscribe(socket, rooms[0])).toBe(true);
    const extra = rooms[ROOMS_PER_SOCKET_MAX]!;
    expect(await subscribe(socket, extra)).toBe(false);
    // Leaving a room makes space for another.
    await unsubscribe(socket, rooms[0]);
    expect(await subscribe(socket, extra)).toBe(true);
  });
});

describe('realtime sessions', () => {
  const inUserRoom = async (userId: number) => (await live.realtime.io.in(userRoom(userId)).fetchSockets()).length;
  const told = (socket: Awaited<ReturnType<typeof client>>) => new Promise<void>((resolve) => socket.once('unauthenticated', () => resolve()));

  it('takes a socket out of its user’s room once its session has been idle 2 hours, with no event to say so', async () => {
    sessionOffsetMs = 0;
    const user = await makeUser(test);
    const socket = await live.connect({ token: user.token });
    expect(await inUserRoom(user.id)).toBe(1);
    const left = told(socket);
    sessionOffsetMs = SESSION_IDLE_MS + 60_000;
    await left;
    expect(await inUserRoom(user.id)).toBe(0);
  });

  it('keeps a remembered session’s socket past 2 hours, and takes it out after 30 days', async () => {
    sessionOffsetMs = 0;
    const user = await makeUser(test);
    const login = await call(test.app, '/user/login', { ip: test.nextIp(), payload: { user_string: user.email, password: user.password, remember: 1 } });
    const socket = await live.connect({ token: login.body.message as string });
    const left = told(socket);
    sessionOffsetMs = SESSION_IDLE_MS + 60_000;
    await new Promise((resolve) => setTimeout(resolve, RECHECK_MS * 4));
    expect(await inUserRoom(user.id)).toBe(1);
    sessionOffsetMs = SESSION_TTL_MS + 60_000;
    await left;
    expect(await inUserRoom(user.id)).toBe(0);
  });

  it('takes a socket out when its session is revoked where no event reaches this process', async () => {
    sessionOffsetMs = 0;
    const user = await makeUser(test);
    const socket = await live.connect({ token: user.token });
    const left = told(socket);
    await test.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.tokenHash, sha256(user.token)));
    await left;
    expect(await inUserRoom(user.id)).toBe(0);
  });
});
