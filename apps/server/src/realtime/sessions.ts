/**
 * Who a socket is: at the handshake, a live session token in `auth.token` puts the socket in its user's
 * room (own `order` updates) and its session's room. A client that logs in or out reconnects with its
 * new token; when a session is revoked (logout, password reset or change) its sockets leave the user
 * room on every server process, whatever the client does.
 *
 * A session also ends without an event: 2 hours idle, 30 days remembered, or revoked or frozen by
 * another process (security review finding 9). So every SESSION_RECHECK_INTERVAL_MS each process asks,
 * in one query per SESSION_RECHECK_BATCH_MAX sessions, which of its sockets' sessions are still live (a
 * check that does not renew them: an open socket is not a use); a socket whose session ended leaves its
 * user's room and is told `unauthenticated`, at most one interval after the end.
 */
import type { Server, Socket } from 'socket.io';
import { sha256 } from '../accounts/passwords.ts';
import { parseToken } from '../accounts/sessions.ts';
import type { BusEvents, EventBus } from '../events/bus.ts';
import { sessionRoom, userRoom } from './rooms.ts';

/** How often a process re-checks the sessions of its authenticated sockets. */
export const SESSION_RECHECK_INTERVAL_MS = 60_000;
/** Session hashes asked about in one query. */
export const SESSION_RECHECK_BATCH_MAX = 1000;

/** The user id of a live session token, or undefined (unknown, revoked, expired, frozen user). */
export type UserOfToken = (token: string) => Promise<number | undefined>;
/** Which of these session token hashes are live now (not revoked, expired or frozen), without renewing them. */
export type LiveSessions = (tokenHashes: string[]) => Promise<Set<string>>;

type Authenticated = { socket: Socket; userId: number; tokenHash: string };

/** Wires sessions into `io`; returns the function that unwires them. */
export function attachSessions(
  io: Server,
  bus: EventBus,
  userOfToken: UserOfToken,
  onError: (error: unknown) => void,
  recheck?: { liveSessions: LiveSessions; intervalMs?: number },
) {
  const authenticated = new Map<string, Authenticated>();
  io.on('connection', (socket) => {
    const token = parseToken((socket.handshake.auth as { token?: unknown } | undefined)?.token);
    if (token === undefined) return;
    socket.once('disconnect', () => authenticated.delete(socket.id));
    userOfToken(token).then(
      (userId) => {
        if (userId === undefined || !socket.connected) return void socket.emit('unauthenticated');
        const tokenHash = sha256(token);
        void socket.join([userRoom(userId), sessionRoom(tokenHash)]);
        authenticated.set(socket.id, { socket, userId, tokenHash });
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

  let checking = false;
  const recheckSessions = async () => {
    if (!recheck || checking || authenticated.size === 0) return;
    checking = true;
    try {
      const hashes = [...new Set([...authenticated.values()].map((a) => a.tokenHash))];
      const live = new Set<string>();
      for (let i = 0; i < hashes.length; i += SESSION_RECHECK_BATCH_MAX) {
        for (const hash of await recheck.liveSessions(hashes.slice(i, i + SESSION_RECHECK_BATCH_MAX))) live.add(hash);
      }
      for (const [id, { socket, userId, tokenHash }] of authenticated) {
        if (live.has(tokenHash)) continue;
        authenticated.delete(id);
        void socket.leave(userRoom(userId));
        void socket.leave(sessionRoom(tokenHash));
        socket.emit('unauthenticated');
      }
    } catch (error) {
      onError(error);
    } finally {
      checking = false;
    }
  };
  const timer = recheck ? setInterval(() => void recheckSessions(), recheck.intervalMs ?? SESSION_RECHECK_INTERVAL_MS) : undefined;
  return () => {
    if (timer) clearInterval(timer);
    bus.off('session_revoked', revoked);
  };
}
