import { REALTIME_RECONNECT } from '@fairex/contract';
import { io, type Socket } from 'socket.io-client';
import { getState } from '../store/store.ts';

/**
 * The realtime connection (spec section 7), opened once at launch to the app's own origin: long polling
 * first, upgraded to a websocket when the probe answers, reconnecting without limit (spec section 9).
 * Later features subscribe to their events on `getSocket()`.
 */
let socket: Socket | null = null;

export function connectRealtime(): Socket {
  if (socket) return socket;
  socket = io({
    path: '/socket.io',
    transports: ['polling', 'websocket'],
    upgrade: true,
    ...REALTIME_RECONNECT,
    // Read on every (re)connection, so a login or logout applies to the next handshake.
    auth: (callback) => callback({ token: getState().token }),
  });
  return socket;
}

export const getSocket = (): Socket | null => socket;

export function disconnectRealtime() {
  socket?.disconnect();
  socket = null;
}
