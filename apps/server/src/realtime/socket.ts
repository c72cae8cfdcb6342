import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';
import { Server } from 'socket.io';
import { userOfToken } from '../accounts/sessions.ts';
import type { AppContext } from '../app-context.ts';
import type { EventBus } from '../events/bus.ts';
import type { Candle } from '../markets/candles.ts';
import { attachSpotRealtime, sendBookSnapshot } from '../spot/realtime.ts';
import { handleSubscriptions, klineRoom, tickerRoom, type SubscriptionRules } from './rooms.ts';
import { attachSessions, type UserOfToken } from './sessions.ts';

export const SERVER_TIME_INTERVAL_MS = 1000;

/** Where realtime events come from and what it may ask: the app's context in production (see appRealtimeSources). */
export type RealtimeSources = SubscriptionRules & {
  bus: EventBus;
  /** For the user rooms (own order updates); without it every socket is anonymous. */
  userOfToken?: UserOfToken;
};

export type Realtime = { io: Server; close(): Promise<void> };

/** The realtime sources of a running app: its bus, listed symbols, spot books and sessions. */
export function appRealtimeSources(ctx: Pick<AppContext, 'bus' | 'db' | 'markets' | 'spot'>, onError: (error: unknown) => void): RealtimeSources {
  return {
    bus: ctx.bus,
    isKnown(room) {
      const listed = ctx.markets.symbolByName(room.symbol);
      return listed !== undefined && (room.channel !== 'book' || ctx.spot.writer(listed.id) !== undefined);
    },
    snapshot: (socket, room) => (room.channel === 'book' ? sendBookSnapshot(socket, ctx, room.symbol) : Promise.resolve()),
    async userOfToken(token) {
      const user = await userOfToken(ctx.db, token);
      return user && !user.frozen ? user.id : undefined;
    },
    onError,
  };
}

/**
 * socket.io on the API's own HTTP server (polling first, upgraded to websocket). A client subscribes
 * to the rooms its screen shows (rooms.ts); with REDIS_URL the Redis adapter lets several server
 * processes share every room. `server-time` every second shows the connection is alive.
 */
export async function attachRealtime(server: HttpServer, sources: RealtimeSources, options: { redisUrl?: string } = {}): Promise<Realtime> {
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
  io.on('connection', (socket) => handleSubscriptions(socket, sources));
  const { bus } = sources;
  const relayTicker = (tick: { symbol: string }) => io.to(tickerRoom(tick.symbol)).emit('ticker', tick);
  const relayKline = (candle: Candle) => io.to(klineRoom(candle.symbol, candle.period)).emit('kline', candle);
  bus.on('ticker', relayTicker);
  bus.on('kline', relayKline);
  const detachSpot = attachSpotRealtime(io, bus);
  const detachSessions = sources.userOfToken ? attachSessions(io, bus, sources.userOfToken, sources.onError) : undefined;
  const timer = setInterval(() => io.emit('server-time', { now: new Date().toISOString() }), SERVER_TIME_INTERVAL_MS);
  return {
    io,
    async close() {
      clearInterval(timer);
      bus.off('ticker', relayTicker);
      bus.off('kline', relayKline);
      detachSpot();
      detachSessions?.();
      await io.close();
      await Promise.all(redisClients.map((c) => c.quit()));
    },
  };
}
