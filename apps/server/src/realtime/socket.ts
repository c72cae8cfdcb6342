import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';
import { Server } from 'socket.io';
import type { Executor } from '../db/client.ts';
import type { EventBus } from '../events/bus.ts';
import { attachSpotRealtime } from '../spot/realtime.ts';

export const SERVER_TIME_INTERVAL_MS = 1000;

const SYMBOL_LENGTH_MAX = 32;
export const marketRoom = (symbol: string) => `market:${symbol}`;

export type Realtime = { io: Server; close(): Promise<void> };

/**
 * socket.io on the API's own HTTP server (polling first, upgraded to websocket). With REDIS_URL the
 * Redis adapter lets several server processes share rooms. `server-time` every second shows it is alive.
 */
export async function attachRealtime(server: HttpServer, options: { redisUrl?: string; bus?: EventBus; db?: Executor }): Promise<Realtime> {
  const io = new Server(server, { path: '/socket.io', transports: ['polling', 'websocket'], serveClient: false });
  const redisClients: { quit(): Promise<unknown> }[] = [];
  if (options.redisUrl) {
    const pub = createClient({ url: options.redisUrl });
    const sub = pub.duplicate();
    await Promise.all([pub.connect(), sub.connect()]);
    redisClients.push(pub as never, sub as never);
    // The adapter's client type lags node-redis 5's generics; the clients are the ones it documents.
    io.adapter(createAdapter(pub as never, sub as never));
  }
  // Per-symbol rooms: a client asks for the symbols it shows and gets their ticker and kline updates.
  io.on('connection', (socket) => {
    socket.on('subscribe', (symbol: unknown) => {
      if (typeof symbol === 'string' && symbol.length <= SYMBOL_LENGTH_MAX) void socket.join(marketRoom(symbol));
    });
    socket.on('unsubscribe', (symbol: unknown) => {
      if (typeof symbol === 'string') void socket.leave(marketRoom(symbol));
    });
  });
  const relayTicker: (tick: { symbol: string }) => void = (tick) => io.to(marketRoom(tick.symbol)).emit('ticker', tick);
  const relayKline: (candle: { symbol: string }) => void = (candle) => io.to(marketRoom(candle.symbol)).emit('kline', candle);
  options.bus?.on('ticker', relayTicker);
  options.bus?.on('kline', relayKline);
  const detachSpot = options.bus ? attachSpotRealtime(io, options.bus, options.db, marketRoom) : undefined;
  const timer = setInterval(() => io.emit('server-time', { now: new Date().toISOString() }), SERVER_TIME_INTERVAL_MS);
  return {
    io,
    async close() {
      clearInterval(timer);
      options.bus?.off('ticker', relayTicker);
      options.bus?.off('kline', relayKline);
      detachSpot?.();
      await io.close();
      await Promise.all(redisClients.map((c) => c.quit()));
    },
  };
}
