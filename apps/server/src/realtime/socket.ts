import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';
import { Server } from 'socket.io';

export const SERVER_TIME_INTERVAL_MS = 1000;

export type Realtime = { io: Server; close(): Promise<void> };

/**
 * socket.io on the API's own HTTP server (polling first, upgraded to websocket). With REDIS_URL the
 * Redis adapter lets several server processes share rooms. `server-time` every second shows it is alive.
 */
export async function attachRealtime(server: HttpServer, options: { redisUrl?: string }): Promise<Realtime> {
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
  const timer = setInterval(() => io.emit('server-time', { now: new Date().toISOString() }), SERVER_TIME_INTERVAL_MS);
  return {
    io,
    async close() {
      clearInterval(timer);
      await io.close();
      await Promise.all(redisClients.map((c) => c.quit()));
    },
  };
}
