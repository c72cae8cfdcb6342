import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import { appRealtimeSources, attachRealtime, type RealtimeSources } from '../../src/realtime/socket.ts';
import type { TestApp } from './app.ts';

type Session = { token?: string };

export type LiveRealtime = Awaited<ReturnType<typeof liveRealtime>>;

/**
 * A test app listening on a free port with realtime attached: its `url`, the errors realtime reported,
 * and `connect`, which remembers each socket (as `track` does a raw one) so `closeSockets` (after each
 * test) or `close` (after all) closes them. The caller keeps it: files share this module (isolate: false).
 */
export async function liveRealtime(test: TestApp, sources: Pick<RealtimeSources, 'addressOf' | 'sessionRecheckMs'> = {}) {
  await test.app.listen({ port: 0, host: '127.0.0.1' });
  const errors: unknown[] = [];
  const realtime = await attachRealtime(test.app.server, { ...appRealtimeSources(test.ctx, (error) => errors.push(error)), ...sources });
  const url = `http://127.0.0.1:${(test.app.server.address() as AddressInfo).port}`;
  const sockets: Socket[] = [];
  const track = (socket: Socket) => {
    sockets.push(socket);
    return socket;
  };
  const closeSockets = () => {
    for (const socket of sockets.splice(0)) socket.close();
  };
  return {
    url,
    errors,
    realtime,
    connect: async (session: Session = {}) => track(await connectSocket(url, session)),
    track,
    closeSockets,
    async close() {
      closeSockets();
      await realtime.close();
    },
  };
}

/**
 * A websocket client of a test server, connected and, with a token, answered by the server
 * (`authenticated` or `unauthenticated`). Like the web client, it reads its token at every handshake,
 * so a test changes `session.token` and reconnects to log in or out.
 */
export async function connectSocket(url: string, session: Session = {}): Promise<Socket> {
  const socket = io(url, { path: '/socket.io', transports: ['websocket'], forceNew: true, reconnection: false, autoConnect: false, auth: (callback) => callback({ token: session.token }) });
  await handshake(socket, session);
  return socket;
}

/** Reconnects as the web client does when its stored token changes; answers how the server took the token. */
export async function reconnect(socket: Socket, session: Session) {
  socket.disconnect();
  return handshake(socket, session);
}

async function handshake(socket: Socket, session: Session): Promise<'authenticated' | 'unauthenticated' | 'anonymous'> {
  const answered = new Promise<'authenticated' | 'unauthenticated'>((resolve) => {
    socket.once('authenticated', () => resolve('authenticated'));
    socket.once('unauthenticated', () => resolve('unauthenticated'));
  });
  const connected = new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  socket.connect();
  await connected;
  return session.token ? answered : 'anonymous';
}

/** Joins a room; true when the server accepted it (its snapshot, if any, has arrived by then). */
export const subscribe = (socket: Socket, room: unknown) => socket.timeout(5000).emitWithAck('subscribe', room) as Promise<boolean>;
export const unsubscribe = (socket: Socket, room: unknown) => socket.timeout(5000).emitWithAck('unsubscribe', room) as Promise<boolean>;

/** A round trip to the server: the events it sent before answering have arrived. */
export const flush = (socket: Socket) => unsubscribe(socket, null);

/** Every payload of the given events a socket receives from now on, by event name. */
export function record(socket: Socket, events: string[]) {
  const seen: Record<string, any[]> = Object.fromEntries(events.map((e) => [e, []]));
  for (const event of events) socket.on(event, (payload: unknown) => seen[event]!.push(payload));
  return seen;
}
