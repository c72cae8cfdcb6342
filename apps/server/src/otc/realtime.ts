/** OTC order signals to socket.io as `otc`: each to the rooms of both sides of the order. */
import { OTC_REALTIME_EVENT } from '@fairex/contract';
import type { Server } from 'socket.io';
import type { BusEvents, EventBus } from '../events/bus.ts';
import { userRoom } from '../realtime/rooms.ts';

/** Wires OTC events into `io`; returns the function that unwires them. */
export function attachOtcRealtime(io: Server, bus: EventBus) {
  const relay = ({ userIds, signal }: BusEvents['otc_order'][0]) => io.to(userIds.map(userRoom)).emit(OTC_REALTIME_EVENT, signal);
  bus.on('otc_order', relay);
  return () => {
    bus.off('otc_order', relay);
  };
}
