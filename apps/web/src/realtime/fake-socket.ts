import type { RealtimeRoom } from '@fairex/contract';
import { realtimeRoomName } from '@fairex/contract/rooms';
import { act } from '@testing-library/react';
import type { Socket } from 'socket.io-client';
import { attachSocket, flushRealtimeEvents } from './socket.ts';

type Listener = (payload?: unknown) => void;

/**
 * Test helper: a stand-in for the socket.io connection, made the app's one. It records what the app
 * sends, lets the test play the server (`serverSends`), and tells which rooms the app holds now.
 */
export function fakeSocket() {
  const listeners = new Map<string, Set<Listener>>();
  const sent: { event: string; payload: unknown }[] = [];
  const fire = (event: string, payload?: unknown) => [...(listeners.get(event) ?? [])].forEach((listener) => listener(payload));
  const socket = {
    connected: true,
    reconnections: 0,
    on(event: string, listener: Listener) {
      listeners.set(event, (listeners.get(event) ?? new Set()).add(listener));
      return socket;
    },
    off(event: string, listener: Listener) {
      listeners.get(event)?.delete(listener);
      return socket;
    },
    emit(event: string, payload: unknown) {
      sent.push({ event, payload });
      return socket;
    },
    disconnect() {
      socket.connected = false;
      sent.push({ event: 'disconnect', payload: undefined });
      return socket;
    },
    /** Set by attachSocket; called at each connection as socket.io calls it for the handshake. */
    auth: undefined as ((callback: (data: object) => void) => void) | undefined,
    connect() {
      socket.auth?.(() => undefined);
      socket.connected = true;
      socket.reconnections++;
      sent.push({ event: 'connect', payload: undefined });
      fire('connect');
      return socket;
    },
  };
  attachSocket(socket as unknown as Socket);
  // Connected from the start, as after a first handshake.
  socket.auth?.(() => undefined);
  return {
    sent,
    get reconnections() {
      return socket.reconnections;
    },
    /** The rooms the server would hold for this connection: the subscriptions since the last connection. */
    rooms() {
      const held = new Map<string, RealtimeRoom>();
      for (const { event, payload } of sent) {
        if (event === 'connect') held.clear();
        const room = payload as RealtimeRoom;
        if (event === 'subscribe') held.set(realtimeRoomName(room), room);
        if (event === 'unsubscribe') held.delete(realtimeRoomName(room));
      }
      return [...held.keys()].sort();
    },
    /** The network drops (socket.io reconnects by itself later: `connectAgain`). */
    dropConnection() {
      socket.connected = false;
    },
    connectAgain() {
      socket.connect();
    },
    /** A handshake goes out now (the token is read) and its answer comes with `answer()`. */
    startHandshake() {
      socket.auth?.(() => undefined);
      return {
        answer() {
          socket.connected = true;
          act(() => fire('connect'));
        },
      };
    },
    /** The server's event, handed to the screens at once (the app waits for the next animation frame). */
    serverSends(event: string, payload: unknown) {
      act(() => {
        fire(event, payload);
        flushRealtimeEvents();
      });
    },
  };
}
