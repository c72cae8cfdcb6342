// With REDIS_URL, several server processes share socket.io rooms through the Redis adapter: an event
// published on one server reaches the clients of every room kind (ticker, book, kline, user) connected
// to another, and a logout on one server takes the session's sockets on another out of the user room.
// Runs when npm test finds a Redis (it passes TEST_REDIS_URL); skipped otherwise, and npm test says so.
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../src/accounts/passwords.ts';
import { createEventBus, type EventBus } from '../src/events/bus.ts';
import { attachRealtime, type Realtime } from '../src/realtime/socket.ts';
import { connectSocket, flush, record, subscribe } from './support/sockets.ts';

const redisUrl = process.env.TEST_REDIS_URL;

type Node = { http: HttpServer; bus: EventBus; realtime: Realtime; url: string };

/** Two sessions of one user; the database's part (session lookup) is not what these processes share. */
const SESSIONS: Record<string, number> = { 'phone-token': 7, 'laptop-token': 7 };

async function startNode(): Promise<Node> {
  const http = createServer();
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const bus = createEventBus();
  const realtime = await attachRealtime(
    http,
    {
      bus,
      isKnown: (room) => ['BTC/USDT', 'ETH/USDT'].includes(room.symbol),
      userOfToken: async (token) => SESSIONS[token],
      onError: (error) => {
        throw error;
      },
    },
    { redisUrl },
  );
  return { http, bus, realtime, url: `http://127.0.0.1:${(http.address() as AddressInfo).port}` };
}

/** Publishes on `from` until `received` grows: the adapter's subscriptions reach Redis asynchronously. */
async function publishUntilReceived(publish: () => void, received: () => number) {
  await expect
    .poll(
      () => {
        publish();
        return received();
      },
      { timeout: 5000, interval: 100 },
    )
    .toBeGreaterThan(0);
}

describe.skipIf(!redisUrl)('realtime across server processes (Redis adapter)', () => {
  let a: Node;
  let b: Node;
  const sockets: Socket[] = [];
  const client = async (node: Node, token?: string) => {
    const socket = await connectSocket(node.url, { token });
    sockets.push(socket);
    return socket;
  };
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

  it('delivers tickers, books and one period’s candles published on one server to the subscribers of the other, and only to them', async () => {
    const ticker = await client(b);
    const book = await client(b);
    const chart = await client(b);
    const elsewhere = await client(b);
    expect(await subscribe(ticker, { channel: 'ticker', symbol: 'BTC/USDT' })).toBe(true);
    expect(await subscribe(book, { channel: 'book', symbol: 'BTC/USDT' })).toBe(true);
    expect(await subscribe(chart, { channel: 'kline', symbol: 'BTC/USDT', period: '1min' })).toBe(true);
    expect(await subscribe(elsewhere, { channel: 'ticker', symbol: 'ETH/USDT' })).toBe(true);
    const events = ['ticker', 'depth', 'trade', 'kline'];
    const onTicker = record(ticker, events);
    const onBook = record(book, events);
    const onChart = record(chart, events);
    const stray = record(elsewhere, events);

    await publishUntilReceived(() => a.bus.emit('ticker', { id: '1', symbol: 'BTC/USDT', price: '50000', time: Date.now() }), () => onTicker.ticker.length);
    a.bus.emit('spot_depth', { symbol: 'BTC/USDT', bids: [['49999', '1']], asks: [['50001', '2']], time: Date.now() });
    a.bus.emit('spot_trade', { symbol: 'BTC/USDT', id: 1, price: '50000', quantity: '0.1', side: 'buy', time: Date.now() });
    const candle = { symbol: 'BTC/USDT', openTime: 0, open: '1', high: '1', low: '1', close: '1', volume: '0', amount: '0' };
    a.bus.emit('kline', { ...candle, period: '5min' });
    a.bus.emit('kline', { ...candle, period: '1min' });
    await expect.poll(() => onChart.kline.length).toBe(1);
    await expect.poll(() => onBook.trade.length).toBe(1);
    await Promise.all([ticker, book, chart, elsewhere].map(flush));

    expect(onBook.depth).toEqual([expect.objectContaining({ symbol: 'BTC/USDT' })]);
    expect(onChart.kline).toEqual([expect.objectContaining({ period: '1min' })]);
    expect([onTicker.depth, onTicker.kline, onBook.ticker, onBook.kline, onChart.ticker, onChart.depth]).toEqual([[], [], [], [], [], []]);
    expect(Object.values(stray).flat()).toEqual([]);
  });

  it('takes a logged-out session’s sockets on the other server out of the user room, and keeps the user’s other session', async () => {
    const phone = await client(b, 'phone-token');
    const laptop = await client(b, 'laptop-token');
    const onPhone = record(phone, ['order']).order;
    const onLaptop = record(laptop, ['order']).order;
    let next = 1;
    const order = () => a.bus.emit('spot_order', { userId: 7, order: { id: next++, symbol: 'BTC/USDT', status: 'open' } });
    await publishUntilReceived(order, () => onPhone.length);

    a.bus.emit('session_revoked', { userId: 7, tokenHash: sha256('phone-token') });
    const firstAfter = next;
    // Redis keeps one publisher's messages in order, so the laptop seeing an order means the phone had left by then.
    await publishUntilReceived(order, () => onLaptop.filter((o) => o.id >= firstAfter).length);
    await flush(phone);
    expect(onPhone.filter((o) => o.id >= firstAfter)).toEqual([]);
  });
});
