/** Seconds-option events to socket.io: each accepted or settled order to its owner's user room as `option`. */
import type { Server } from 'socket.io';
import type { BusEvents, EventBus } from '../events/bus.ts';
import { userRoom } from '../realtime/rooms.ts';

/** Wires option events into `io`; returns the function that unwires them. */
export function attachOptionsRealtime(io: Server, bus: EventBus) {
  const order = (event: BusEvents['option_order'][0]) => io.to(userRoom(event.userId)).emit('option', event.order);
  bus.on('option_order', order);
  return () => {
    bus.off('option_order', order);
  };
}
