/**
 * The socket.io rooms: a subscription room per screen need (see the contract's realtimeRoomInput), a
 * room per user (own `order` updates) and one per session (how a logout finds its sockets).
 */
import { realtimeRoomInput, realtimeRoomName, ROOMS_PER_SOCKET_MAX, type RealtimeRoom } from '@fairex/contract';
import type { Socket } from 'socket.io';

export const tickerRoom = (symbol: string) => realtimeRoomName({ channel: 'ticker', symbol });
export const bookRoom = (symbol: string) => realtimeRoomName({ channel: 'book', symbol });
export const klineRoom = (symbol: string, period: Extract<RealtimeRoom, { channel: 'kline' }>['period']) => realtimeRoomName({ channel: 'kline', symbol, period });
export const userRoom = (userId: number) => `user:${userId}`;
/** Named after the token's hash (as the sessions table keeps it), never the token itself. */
export const sessionRoom = (tokenHash: string) => `session:${tokenHash}`;

export type SubscriptionRules = {
  /** Whether the room's symbol is listed (and, for a book, traded); other rooms are ignored. */
  isKnown(room: RealtimeRoom): boolean;
  /** What a socket gets at once on joining a room (a book's depth and latest trades). */
  snapshot?(socket: Socket, room: RealtimeRoom): Promise<void>;
  onError(error: unknown): void;
};

/**
 * `subscribe` / `unsubscribe` of one socket. A request for an unknown room, or past
 * ROOMS_PER_SOCKET_MAX, is ignored without an error event; a client that passes an acknowledgement
 * callback learns whether it joined (after the snapshot was sent, so it arrives first).
 */
export function handleSubscriptions(socket: Socket, rules: SubscriptionRules) {
  const joined = new Set<string>();
  socket.on('subscribe', async (input: unknown, ack?: unknown) => {
    const answer = (ok: boolean) => typeof ack === 'function' && ack(ok);
    const parsed = realtimeRoomInput.safeParse(input);
    if (!parsed.success || !rules.isKnown(parsed.data)) return answer(false);
    const name = realtimeRoomName(parsed.data);
    // A room already joined gets no second snapshot, so repeated requests cannot make the server work.
    if (joined.has(name)) return answer(true);
    if (joined.size >= ROOMS_PER_SOCKET_MAX) return answer(false);
    joined.add(name);
    await socket.join(name);
    await rules.snapshot?.(socket, parsed.data).catch(rules.onError);
    answer(true);
  });
  socket.on('unsubscribe', async (input: unknown, ack?: unknown) => {
    const parsed = realtimeRoomInput.safeParse(input);
    const name = parsed.success ? realtimeRoomName(parsed.data) : undefined;
    if (name !== undefined && joined.delete(name)) await socket.leave(name);
    if (typeof ack === 'function') ack(name !== undefined);
  });
}
