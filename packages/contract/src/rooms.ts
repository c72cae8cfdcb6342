// `@fairex/contract/rooms`, apart from the rules: the web app's realtime module is in its first bundle,
// and this keeps decimal.js out of it.
import type { RealtimeRoom } from './schemas/realtime.ts';

/** The socket.io room of a subscription; the client uses it as the key of its shared subscriptions. */
export const realtimeRoomName = (room: RealtimeRoom) => (room.channel === 'kline' ? `kline:${room.symbol}:${room.period}` : `${room.channel}:${room.symbol}`);
