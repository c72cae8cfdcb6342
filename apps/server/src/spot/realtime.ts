/**
 * Spot events to socket.io: `depth` and `trade` to the symbol's book room, `order` updates to the
 * owner's user room; and what a client gets on joining a book room, so its order book and trade list
 * are full at once rather than at the next change.
 */
import type { Server, Socket } from 'socket.io';
import type { BusEvents, EventBus } from '../events/bus.ts';
import type { Markets } from '../markets/service.ts';
import { bookRoom, userRoom } from '../realtime/rooms.ts';
import type { SpotService } from './service.ts';
import type { BookSnapshot } from '../cluster/routes.ts';

/** Wires spot events into `io`; returns the function that unwires them. */
export function attachSpotRealtime(io: Server, bus: EventBus) {
  const depth = (event: BusEvents['spot_depth'][0]) => io.to(bookRoom(event.symbol)).emit('depth', event);
  const trade = (event: BusEvents['spot_trade'][0]) => io.to(bookRoom(event.symbol)).emit('trade', event);
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

/**
 * The book snapshot, from the spot service's memory (no query per join): the committed depth first,
 * read right after the join so no later `depth` event can reach the client before it; then the latest
 * committed trades as one `trades` event (the client merges it with any `trade` that overtook it, by id).
 */
export async function sendBookSnapshot(
  socket: Socket,
  from: { markets: Markets; spot: SpotService; peerBook?: (symbolId: number) => Promise<BookSnapshot | undefined> },
  symbol: string,
) {
  const listed = from.markets.symbolByName(symbol);
  if (!listed) return;
  const depth = from.spot.depth(listed.id);
  // A book another process holds (a cluster): its snapshot is asked from there.
  const snapshot = depth ? { depth, trades: from.spot.latestTrades(listed.id) } : await from.peerBook?.(listed.id);
  if (!snapshot) return;
  socket.emit('depth', snapshot.depth);
  socket.emit('trades', { symbol, trades: snapshot.trades });
}
