import { realtimeRoomName, type RealtimeRoom } from '@fairex/contract';
import { useEffect, useRef } from 'react';
import { getSocket, joinRoom, leaveRoom } from '../../realtime/socket.ts';

/**
 * Joins `rooms` while mounted (a market list its tickers, the spot page its book, the chart its one
 * period) and calls `onEvent` for each `event` received. Without a connection (tests, or before launch)
 * nothing arrives and the screen shows its loaded figures.
 */
export function useMarketEvents<T>(rooms: readonly RealtimeRoom[], event: string, onEvent: (payload: T) => void) {
  const handler = useRef(onEvent);
  handler.current = onEvent;
  const joined = useRef(rooms);
  joined.current = rooms;
  const key = rooms.map(realtimeRoomName).join('\n');
  useEffect(() => {
    const socket = getSocket();
    const list = joined.current;
    const listener = (payload: T) => handler.current(payload);
    socket?.on(event, listener);
    list.forEach(joinRoom);
    return () => {
      socket?.off(event, listener);
      list.forEach(leaveRoom);
    };
  }, [key, event]);
}

/** The logged-in user's events (the server puts the socket in the user's room from its auth token). */
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
