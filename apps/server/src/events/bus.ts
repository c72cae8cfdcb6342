import { EventEmitter } from 'node:events';
import type { Candle } from '../markets/candles.ts';

/** What domains publish for realtime delivery: engine and markets -> bus -> socket.io rooms. */
export type BusEvents = {
  ticker: [{ symbol: string; price: string; time: number }];
  kline: [Candle];
};

export type EventBus = EventEmitter<BusEvents>;
export const createEventBus = (): EventBus => new EventEmitter<BusEvents>();
