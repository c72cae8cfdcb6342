import { useEffect, useRef } from 'react';
import type { Socket } from 'socket.io-client';
import { getSocket } from '../../realtime/socket.ts';

/**
 * Rooms are shared by every component showing a symbol (prices, book, trades, chart), so they are
 * counted: the first user joins the room, the last one to go leaves it.
 */
const roomUsers = new Map<string, number>();

function join(socket: Socket, symbol: string) {
  const count = roomUsers.get(symbol) ?? 0;
  roomUsers.set(symbol, count + 1);
  if (count === 0) socket.emit('subscribe', symbol);
}

function leave(socket: Socket, symbol: string) {
  const count = (roomUsers.get(symbol) ?? 1) - 1;
  if (count > 0) return void roomUsers.set(symbol, count);
  roomUsers.delete(symbol);
  socket.emit('unsubscribe', symbol);
}

/**
 * Joins the symbols' rooms on the realtime connection (again after every reconnection, since the
 * server forgets rooms) and calls `onEvent` for each `event` it receives. Without a connection (tests,
 * or before launch) nothing happens and the page shows its loaded figures.
 */
export function useMarketEvents<T>(symbols: readonly string[], event: string, onEvent: (payload: T) => void) {
  const handler = useRef(onEvent);
  handler.current = onEvent;
  const key = symbols.join(',');
  useEffect(() => {
    const socket = getSocket();
    if (!socket || key === '') return;
    const list = key.split(',');
    const rejoin = () => list.forEach((symbol) => socket.emit('subscribe', symbol));
    const listener = (payload: T) => handler.current(payload);
    list.forEach((symbol) => join(socket, symbol));
    socket.on('connect', rejoin);
    socket.on(event, listener);
    return () => {
      socket.off('connect', rejoin);
      socket.off(event, listener);
      list.forEach((symbol) => leave(socket, symbol));
    };
  }, [key, event]);
}

/** The logged-in user's events (the socket joins the user's room from its auth token). */
export function useUserEvent<T>(event: string, onEvent: (payload: T) => void) {
  const handler = useRef(onEvent);
  handler.current = onEvent;
  useEffect(() => {
    const socket = getSocket();
    if (!socket) return;
    const listener = (payload: T) => handler.current(payload);
    socket.on(event, listener);
    return () => void socket.off(event, listener);
  }, [event]);
}
