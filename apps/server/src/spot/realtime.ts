/**
 * Spot events to socket.io: `depth` and `trade` to the symbol's room (the same room ticker and kline
 * use), and `order` updates to the owner's room `user:<id>`. A socket joins its user room when it
 * connects with a valid session token in `auth.token` (the lookup requireUser uses).
 */
import type { Server } from 'socket.io';
import { userOfToken } from '../accounts/sessions.ts';
import type { Executor } from '../db/client.ts';
import type { BusEvents, EventBus } from '../events/bus.ts';

const TOKEN_LENGTH_MAX = 200;
export const userRoom = (userId: number) => `user:${userId}`;

/** Wires spot events into `io`; returns the function that unwires them. */
export function attachSpotRealtime(io: Server, bus: EventBus, db: Executor | undefined, marketRoom: (symbol: string) => string) {
  if (db) {
    io.on('connection', (socket) => {
      const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
      if (typeof token !== 'string' || token.length === 0 || token.length > TOKEN_LENGTH_MAX) return;
      userOfToken(db, token.startsWith('Bearer ') ? token.slice(7) : token)
        .then((user) => {
          const userId = user && !user.frozen ? user.id : undefined;
          if (userId !== undefined && socket.connected) {
            void socket.join(userRoom(userId));
            socket.emit('authenticated', { user_id: userId });
          }
        })
        .catch(() => socket.emit('unauthenticated'));
    });
  }
  const depth = (event: BusEvents['spot_depth'][0]) => io.to(marketRoom(event.symbol)).emit('depth', event);
  const trade = (event: BusEvents['spot_trade'][0]) => io.to(marketRoom(event.symbol)).emit('trade', event);
  const order = (event: BusEvents['spot_order'][0]) => io.to(userRoom(event.userId)).emit('order', event.order);
  bus.on('spot_depth', depth);
  bus.on('spot_trade', trade);
  bus.on('spot_order', order);
  return () => {
    bus.off('spot_depth', depth);
    bus.off('spot_trade', trade);
    bus.off('spot_order', order);
  };
}
