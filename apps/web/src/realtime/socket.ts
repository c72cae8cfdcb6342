import { REALTIME_RECONNECT, realtimeRoomName, type RealtimeRoom } from '@fairex/contract';
import { io, type Socket } from 'socket.io-client';
import { getState, subscribe as onStoreChange } from '../store/store.ts';

/**
 * The realtime connection (spec section 7), opened once at launch to the app's own origin: long polling
 * first, upgraded to a websocket when the probe answers, reconnecting without limit (spec section 9).
 * Screens join the rooms they show with joinRoom / leaveRoom (see use-market-events.ts) and listen to
 * their events on `getSocket()`.
 */
let socket: Socket | null = null;
let stopWatchingToken: (() => void) | null = null;

/**
 * The rooms the mounted screens show, counted, since several show the same one (the order book and the
 * trade list share a book room): the first user joins it, the last one to go leaves it.
 */
const rooms = new Map<string, { room: RealtimeRoom; users: number }>();

export function connectRealtime(): Socket {
  if (socket) return socket;
  return attachSocket(
    io({
      path: '/socket.io',
      transports: ['polling', 'websocket'],
      upgrade: true,
      ...REALTIME_RECONNECT,
      // Read at every handshake: the server puts the socket in its user's room from this token.
      auth: (callback) => callback({ token: getState().token }),
    }),
  );
}

/** Makes `next` the app's connection (connectRealtime's, or a stand-in in tests). */
export function attachSocket(next: Socket): Socket {
  socket = next;
  // The server forgets a connection's rooms when it ends: every (re)connection joins them all again.
  next.on('connect', () => rooms.forEach(({ room }) => next.emit('subscribe', room)));
  // A login, a logout or a 999 changes the token: a new handshake tells the server, so own order
  // updates start after a login and stop after a logout.
  let token = getState().token;
  stopWatchingToken = onStoreChange(() => {
    if (getState().token === token) return;
    token = getState().token;
    next.disconnect().connect();
  });
  return next;
}

export const getSocket = (): Socket | null => socket;

export function joinRoom(room: RealtimeRoom) {
  const name = realtimeRoomName(room);
  const entry = rooms.get(name);
  if (entry) return void entry.users++;
  rooms.set(name, { room, users: 1 });
  // While disconnected the next connection joins it; emitting now would send it twice.
  if (socket?.connected) socket.emit('subscribe', room);
}

export function leaveRoom(room: RealtimeRoom) {
  const name = realtimeRoomName(room);
  const entry = rooms.get(name);
  if (!entry) return;
  if (--entry.users > 0) return;
  rooms.delete(name);
  if (socket?.connected) socket.emit('unsubscribe', room);
}

export function disconnectRealtime() {
  stopWatchingToken?.();
  stopWatchingToken = null;
  socket?.disconnect();
  socket = null;
  rooms.clear();
}
