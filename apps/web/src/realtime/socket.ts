import type { RealtimeRoom } from '@fairex/contract';
import { REALTIME_RECONNECT } from '@fairex/contract/constants';
import { realtimeRoomName } from '@fairex/contract/rooms';
import { notifyManager } from '@tanstack/react-query';
import { startTransition } from 'react';
import type { Socket } from 'socket.io-client';
import { getState, subscribe as onStoreChange } from '../store/store.ts';

/**
 * The realtime connection (spec section 7), opened once at launch to the app's own origin: long polling
 * first, upgraded to a websocket when the probe answers, reconnecting without limit (spec section 9).
 * Screens join the rooms they show with joinRoom / leaveRoom (see use-market-events.ts) and listen to
 * their events with onRealtime, before or after the connection exists: socket.io-client is its own
 * chunk, loaded once the first screen has painted (start.tsx), so it is not on the first screen's path.
 */
let socket: Socket | null = null;
let stopWatchingToken: (() => void) | null = null;

/**
 * The rooms the mounted screens show, counted, since several show the same one (the order book and the
 * trade list share a book room): the first user joins it, the last one to go leaves it.
 */
const rooms = new Map<string, { room: RealtimeRoom; users: number }>();

/** The listeners of the mounted screens by event; each connection the app makes dispatches to them (dispatch). */
type Listener = Parameters<Socket['on']>[1];
const listeners = new Map<string, Set<Listener>>();

/**
 * Events are handed to the screens once per animation frame, all that came since the last one in the order
 * they came: a book, a trade list and a dozen tickers moving in the same frame make one render instead of
 * one each. Screen state they set is a transition, which React renders in slices (no long task), and the
 * query cache they write notifies its screens once for the frame (TanStack's batch). A frame never comes
 * in a hidden tab, so a timer flushes too (REALTIME_FLUSH_MAX_MS) and nothing piles up there.
 */
const REALTIME_FLUSH_MAX_MS = 250;
/** socket.io's own events, handed on at once (the connection's state, not the server's data). */
const IMMEDIATE_EVENTS = new Set(['connect', 'disconnect', 'connect_error']);
let queued: { event: string; args: unknown[] }[] = [];
let frame: number | undefined;
let timer: ReturnType<typeof setTimeout> | undefined;

/** Hands every queued event to the listeners of its event (those mounted now). Tests call it to deliver at once. */
export function flushRealtimeEvents() {
  if (frame !== undefined) cancelAnimationFrame(frame);
  clearTimeout(timer);
  frame = timer = undefined;
  const batch = queued;
  queued = [];
  if (batch.length === 0) return;
  notifyManager.batch(() =>
    startTransition(() => {
      for (const { event, args } of batch) for (const listener of [...(listeners.get(event) ?? [])]) listener(...args);
    }),
  );
}

function enqueue(event: string, args: unknown[]) {
  queued.push({ event, args });
  if (frame !== undefined) return;
  frame = requestAnimationFrame(flushRealtimeEvents);
  timer = setTimeout(flushRealtimeEvents, REALTIME_FLUSH_MAX_MS);
}

/** What a connection calls for `event`: the listeners at once for socket.io's own events, else at the next frame. */
const dispatchers = new Map<string, Listener>();
function dispatcherOf(event: string): Listener {
  let dispatch = dispatchers.get(event);
  if (!dispatch) {
    dispatch = IMMEDIATE_EVENTS.has(event)
      ? (...args: unknown[]) => [...(listeners.get(event) ?? [])].forEach((listener) => listener(...args))
      : (...args: unknown[]) => enqueue(event, args);
    dispatchers.set(event, dispatch);
  }
  return dispatch;
}

export async function connectRealtime(): Promise<Socket> {
  if (socket) return socket;
  const { io } = await import('socket.io-client');
  if (socket) return socket;
  return attachSocket(
    io({
      path: '/socket.io',
      transports: ['polling', 'websocket'],
      upgrade: true,
      ...REALTIME_RECONNECT,
    }),
  );
}

/** The token the last handshake sent (the auth callback records it). */
let handshakeToken: string | undefined;

/** Makes `next` the app's connection (connectRealtime's, or a stand-in in tests). */
export function attachSocket(next: Socket): Socket {
  socket = next;
  // Read at every handshake (set before the first goes out: it waits for the transport to open): the
  // server puts the socket in its user's room from this token.
  next.auth = (callback) => callback({ token: (handshakeToken = getState().token) });
  listeners.forEach((_set, event) => next.on(event, dispatcherOf(event)));
  // A login, a logout or a 999 changes the token: a new handshake tells the server, so own order
  // updates start after a login and stop after a logout. Only a connected socket is restarted: one
  // still opening sends the token current when its handshake goes out (restarting it mid-opening can
  // leave socket.io's manager closed), and one whose handshake went out with an older token restarts
  // once it connects.
  const handshakeAgainIfStale = () => {
    if (next.connected && getState().token !== handshakeToken) next.disconnect().connect();
  };
  // The server forgets a connection's rooms when it ends: every (re)connection joins them all again.
  next.on('connect', () => {
    if (getState().token !== handshakeToken) return handshakeAgainIfStale();
    rooms.forEach(({ room }) => next.emit('subscribe', room));
  });
  stopWatchingToken = onStoreChange(handshakeAgainIfStale);
  // A server process that stops (a rolling restart, a scale-in) says so first; socket.io takes the
  // server's disconnect that follows as final, so the app connects again itself, after a random moment
  // (the clients of one process do not all arrive at another at once), and reaches any other process.
  let leaving = false;
  next.on('server-leaving', () => {
    leaving = true;
  });
  next.on('disconnect', (reason: string) => {
    if (!leaving || reason !== 'io server disconnect') return;
    leaving = false;
    setTimeout(() => next.connect(), Math.random() * SERVER_LEAVING_SPREAD_MS);
  });
  return next;
}

/** Clients of a stopping process connect again within this long. */
export const SERVER_LEAVING_SPREAD_MS = 1_000;

export const getSocket = (): Socket | null => socket;

/** Calls `listener` for each `event` the server sends, on this connection and the next ones; returns its removal. */
export function onRealtime<T>(event: string, listener: (payload: T) => void): () => void {
  let set = listeners.get(event);
  if (!set) {
    set = new Set<Listener>();
    listeners.set(event, set);
    // One dispatcher per event on the connection, whatever the number of listeners.
    socket?.on(event, dispatcherOf(event));
  }
  set.add(listener as Listener);
  return () => set.delete(listener as Listener);
}

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
  handshakeToken = undefined;
  if (frame !== undefined) cancelAnimationFrame(frame);
  clearTimeout(timer);
  frame = timer = undefined;
  queued = [];
  stopWatchingToken?.();
  stopWatchingToken = null;
  socket?.disconnect();
  socket = null;
  rooms.clear();
}
