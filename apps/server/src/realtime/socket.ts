import { soloCluster, type ClusterRole } from '../cluster/cluster.ts';
import { spotLease } from '../cluster/assignment.ts';
import { peerBook } from '../cluster/routes.ts';
import type { IncomingMessage, Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import { liveSessionHashes, userOfToken } from '../accounts/sessions.ts';
import type { AppContext } from '../app-context.ts';
import { DEFAULT_LIMITS, type Limits } from '../limits.ts';
import type { EventBus } from '../events/bus.ts';
import { clientAddressOf } from '../http/client-address.ts';
import type { Candle } from '../markets/candles.ts';
import { attachSpotRealtime, sendBookSnapshot } from '../spot/realtime.ts';
import { attachOptionsRealtime } from '../options/realtime.ts';
import { attachContractsRealtime } from '../contracts/realtime.ts';
import { attachSupportRealtime } from '../support/realtime.ts';
import { attachNotificationsRealtime } from '../notifications/realtime.ts';
import { attachOtcRealtime } from '../otc/realtime.ts';
import { handleSubscriptions, klineRoom, tickerRoom, type SubscriptionRules } from './rooms.ts';
import { AddressCounter, countEvent, type EventWindow } from './limits.ts';
import { attachSessions, type LiveSessions, type UserOfToken } from './sessions.ts';
import { SECURITY_HEADER_VALUES } from '../http/security-headers.ts';

export const SERVER_TIME_INTERVAL_MS = 1000;

/** Where realtime events come from and what it may ask: the app's context in production (see appRealtimeSources). */
export type RealtimeSources = SubscriptionRules & {
  bus: EventBus;
  /** For the user rooms (own order updates); without it every socket is anonymous. */
  userOfToken?: UserOfToken;
  /** For the periodic re-check of authenticated sockets' sessions (realtime/sessions.ts); without it only revocation events end them. */
  liveSessions?: LiveSessions;
  /** How often that re-check runs (SESSION_RECHECK_INTERVAL_MS when absent); tests shorten it. */
  sessionRecheckMs?: number;
  /** Events per socket and second, sockets per client address (DEFAULT_LIMITS when absent). */
  limits?: Pick<Limits, 'socketEventsPerSecond' | 'socketConnectionsPerAddressMax'>;
  /** A handshake's client address, as the HTTP side reads request.ip (the socket's peer when absent). */
  addressOf?: (request: IncomingMessage) => string;
};

export type Realtime = { io: Server; close(): Promise<void> };

/** The realtime sources of a running app: its bus, listed symbols, spot books and sessions. */
export function appRealtimeSources(
  ctx: Pick<AppContext, 'bus' | 'db' | 'markets' | 'spot' | 'limits' | 'config' | 'sessionClock'>,
  onError: (error: unknown) => void,
  cluster: ClusterRole = soloCluster,
): RealtimeSources {
  const peer = { markets: ctx.markets, spot: ctx.spot, peerBook: (symbolId: number) => peerBook(cluster, spotLease(symbolId), symbolId) };
  return {
    bus: ctx.bus,
    limits: ctx.limits,
    addressOf: clientAddressOf(ctx.config.trustProxy),
    isKnown(room) {
      const listed = ctx.markets.symbolByName(room.symbol);
      return listed !== undefined && (room.channel !== 'book' || ctx.spot.hasMarket(listed.id));
    },
    snapshot: (socket, room) => (room.channel === 'book' ? sendBookSnapshot(socket, peer, room.symbol) : Promise.resolve()),
    async userOfToken(token) {
      const user = await userOfToken(ctx.db, token, ctx.sessionClock());
      return user && !user.frozen ? user.id : undefined;
    },
    liveSessions: (tokenHashes) => liveSessionHashes(ctx.db, tokenHashes, ctx.sessionClock()),
    onError,
  };
}

/**
 * socket.io on the API's own HTTP server (polling first, upgraded to websocket). A client subscribes
 * to the rooms its screen shows (rooms.ts); with REDIS_URL the Redis adapter lets several server
 * processes share every room. `server-time` every second shows the connection is alive.
 */
export async function attachRealtime(server: HttpServer, sources: RealtimeSources, options: { redisUrl?: string } = {}): Promise<Realtime> {
  const { socketEventsPerSecond, socketConnectionsPerAddressMax } = sources.limits ?? DEFAULT_LIMITS;
  const addressOf = sources.addressOf ?? ((request: IncomingMessage) => request.socket.remoteAddress ?? '');
  const perAddress = new AddressCounter();
  const io = new Server(server, {
    path: '/socket.io',
    transports: ['polling', 'websocket'],
    serveClient: false,
    // A new connection (a handshake; polling upgraded to websocket stays one) beyond the address's cap is refused with 403.
    allowRequest: (request, answer) => {
      const full = perAddress.count(addressOf(request)) >= socketConnectionsPerAddressMax;
      answer(full ? 'too many connections from this address' : null, !full);
    },
  });
  // socket.io answers outside Fastify: its polling answers carry the app's security headers too.
  io.engine.on('headers', (headers: Record<string, string>) => Object.assign(headers, SECURITY_HEADER_VALUES));
  io.engine.on('connection', (connection: { request: IncomingMessage; once(event: 'close', listener: () => void): void }) => {
    const address = addressOf(connection.request);
    perAddress.add(address);
    connection.once('close', () => perAddress.remove(address));
  });
  io.on('connection', (socket) => limitEvents(socket, socketEventsPerSecond));
  const redisClients: { quit(): Promise<unknown> }[] = [];
  if (options.redisUrl) {
    // Loaded only when asked for: the Redis client is the slowest package to load, and most starts have no Redis.
    const [{ createClient }, { createAdapter }] = await Promise.all([import('redis'), import('@socket.io/redis-adapter')]);
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
  const detachOptions = attachOptionsRealtime(io, bus);
  const detachContracts = attachContractsRealtime(io, bus);
  const detachSupport = attachSupportRealtime(io, bus);
  const detachNotifications = attachNotificationsRealtime(io, bus);
  const detachOtc = attachOtcRealtime(io, bus);
  const recheck = sources.liveSessions ? { liveSessions: sources.liveSessions, intervalMs: sources.sessionRecheckMs } : undefined;
  const detachSessions = sources.userOfToken ? attachSessions(io, bus, sources.userOfToken, sources.onError, recheck) : undefined;
  // Local: with the Redis adapter every process would otherwise send each client every process's clock.
  const timer = setInterval(() => io.local.emit('server-time', { now: new Date().toISOString() }), SERVER_TIME_INTERVAL_MS);
  return {
    io,
    async close() {
      clearInterval(timer);
      // The reconnect hint: this process is stopping, so its clients connect again (to any other process)
      // instead of taking the disconnect as final (web realtime/socket.ts).
      io.local.emit('server-leaving');
      bus.off('ticker', relayTicker);
      bus.off('kline', relayKline);
      detachSpot();
      detachOptions();
      detachContracts();
      detachSupport();
      detachNotifications();
      detachOtc();
      detachSessions?.();
      await io.close();
      await Promise.all(redisClients.map((c) => c.quit()));
    },
  };
}

/**
 * Events beyond `perSecond` are dropped (the client is told with `rate_limited`, once a second); a socket
 * over it SOCKET_OVER_LIMIT_SECONDS_MAX seconds in a row is disconnected (limits.ts).
 */
function limitEvents(socket: Socket, perSecond: number) {
  let window: EventWindow | undefined;
  let toldSecond: number | undefined;
  socket.use((_packet, next) => {
    const counted = countEvent(window, Date.now(), perSecond);
    window = counted.window;
    if (counted.verdict === 'ok') return next();
    if (toldSecond !== window.second) {
      toldSecond = window.second;
      socket.emit('rate_limited', { events_per_second: perSecond });
    }
    if (counted.verdict === 'disconnect') socket.disconnect(true);
  });
}
