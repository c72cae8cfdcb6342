import { z } from 'zod';
import { CANDLE_PERIOD_NAMES } from './market.ts';

/**
 * The realtime rooms a client asks for with socket.io `subscribe` / `unsubscribe`, so a screen gets only
 * what it shows: `ticker` (a symbol's price: the market lists and the spot header), `book` (a spot
 * symbol's `depth` and `trade` events, with a snapshot of both on joining) and `kline` (one symbol's
 * candles of one period).
 */
const symbol = z.string().min(1).max(32);
export const realtimeRoomInput = z.discriminatedUnion('channel', [
  z.object({ channel: z.literal('ticker'), symbol }),
  z.object({ channel: z.literal('book'), symbol }),
  z.object({ channel: z.literal('kline'), symbol, period: z.enum(CANDLE_PERIOD_NAMES) }),
]);
export type RealtimeRoom = z.infer<typeof realtimeRoomInput>;
export type RealtimeChannel = RealtimeRoom['channel'];

export { realtimeRoomName } from '../rooms.ts';

/** Subscription rooms one connection may hold at once (a long market list shows fewer tickers). */
export const ROOMS_PER_SOCKET_MAX = 64;
export { RECENT_TRADES_SNAPSHOT_SIZE } from '../constants.ts';
