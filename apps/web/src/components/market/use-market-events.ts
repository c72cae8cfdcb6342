import type { RealtimeRoom } from '@fairex/contract';
import { realtimeRoomName } from '@fairex/contract/rooms';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { joinRoom, leaveRoom, onRealtime } from '../../realtime/socket.ts';

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
    const list = joined.current;
    const stop = onRealtime<T>(event, (payload) => handler.current(payload));
    list.forEach(joinRoom);
    return () => {
      stop();
      list.forEach(leaveRoom);
    };
  }, [key, event]);
}

/**
 * Sent by the server once a socket is in its user's room (after a login, a reconnection or a new token).
 * An own update sent before that moment never reached this connection, so screens that keep own rows
 * up to date with user events reload them on it too.
 */
export const USER_ROOM_JOINED = 'authenticated';

/** The logged-in user's events (the server puts the socket in the user's room from its auth token). */
export function useUserEvent<T>(event: string, onEvent: (payload: T) => void) {
  const handler = useRef(onEvent);
  handler.current = onEvent;
  useEffect(() => {
    return onRealtime<T>(event, (payload) => handler.current(payload));
  }, [event]);
}

/**
 * What a user event does to the queries it concerns: reads them again. A read already on its way began
 * before the event, so it is dropped and started afresh; left alone, TanStack lets a first read in flight
 * answer for the refresh, and the change the event told of stayed missing (seen with a spot order placed
 * while the trade page's order list was still loading).
 */
export function useRefresh(queryKey: readonly unknown[]) {
  const queryClient = useQueryClient();
  return () => void queryClient.cancelQueries({ queryKey }).then(() => queryClient.invalidateQueries({ queryKey }));
}

