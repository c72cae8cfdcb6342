/** Customer-service answers to socket.io: each operator reply to its user's room as `support`. */
import { SUPPORT_REALTIME_EVENT } from '@fairex/contract';
import type { Server } from 'socket.io';
import type { BusEvents, EventBus } from '../events/bus.ts';
import { userRoom } from '../realtime/rooms.ts';

/** Wires support events into `io`; returns the function that unwires them. */
export function attachSupportRealtime(io: Server, bus: EventBus) {
  const relay = (event: BusEvents['support_message'][0]) => io.to(userRoom(event.userId)).emit(SUPPORT_REALTIME_EVENT, event.message);
  bus.on('support_message', relay);
  return () => {
    bus.off('support_message', relay);
  };
}
