/**
 * Who a socket is: at the handshake, a live session token in `auth.token` puts the socket in its user's
 * room (own `order` updates) and its session's room. A client that logs in or out reconnects with its
 * new token; when a session is revoked (logout, password reset or change) its sockets leave the user
 * room on every server process, whatever the client does.
 */
import type { Server } from 'socket.io';
import { sha256 } from '../accounts/passwords.ts';
import { parseToken } from '../accounts/sessions.ts';
import type { BusEvents, EventBus } from '../events/bus.ts';
import { sessionRoom, userRoom } from './rooms.ts';

/** The user id of a live session token, or undefined (unknown, revoked, expired, frozen user). */
export type UserOfToken = (token: string) => Promise<number | undefined>;

/** Wires sessions into `io`; returns the function that unwires them. */
export function attachSessions(io: Server, bus: EventBus, userOfToken: UserOfToken, onError: (error: unknown) => void) {
  io.on('connection', (socket) => {
    const token = parseToken((socket.handshake.auth as { token?: unknown } | undefined)?.token);
    if (token === undefined) return;
    userOfToken(token).then(
      (userId) => {
        if (userId === undefined || !socket.connected) return void socket.emit('unauthenticated');
        void socket.join([userRoom(userId), sessionRoom(sha256(token))]);
        socket.emit('authenticated', { user_id: userId });
      },
      (error: unknown) => {
        onError(error);
        socket.emit('unauthenticated');
      },
    );
  });
  const revoked = ({ userId, tokenHash, keptTokenHash }: BusEvents['session_revoked'][0]) => {
    const sockets = io.in(tokenHash === undefined ? userRoom(userId) : sessionRoom(tokenHash));
    (keptTokenHash === undefined ? sockets : sockets.except(sessionRoom(keptTokenHash))).socketsLeave(userRoom(userId));
  };
  bus.on('session_revoked', revoked);
  return () => void bus.off('session_revoked', revoked);
}
