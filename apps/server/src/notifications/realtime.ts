/**
 * Notification signals to socket.io as `notification`: a user's event to their user room; a system
 * notice to every socket (it is for every user, and the signal carries no user's data: a logged-in
 * client refreshes its list and unread count, an anonymous one ignores it).
 */
import type { Server } from 'socket.io';
import type { BusEvents, EventBus } from '../events/bus.ts';
import { userRoom } from '../realtime/rooms.ts';

/** Wires notification signals into `io`; returns the function that unwires them. */
export function attachNotificationsRealtime(io: Server, bus: EventBus) {
  const signal = ({ userId, signal }: BusEvents['notification'][0]) => (userId === null ? io : io.to(userRoom(userId))).emit('notification', signal);
  bus.on('notification', signal);
  return () => {
    bus.off('notification', signal);
  };
}
