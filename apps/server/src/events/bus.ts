import { EventEmitter } from 'node:events';
import type { ContractAccountSummary, ContractPosition, NotificationSignal, OptionOrderView } from '@fairex/contract';
import type { Candle } from '../markets/candles.ts';
import type { SupportMessage } from '@fairex/contract';
import type { OtcSignal } from '@fairex/contract';

/** What domains publish for realtime delivery: engine and markets -> bus -> socket.io rooms. */
export type BusEvents = {
  /** A recorded index tick (its id names its row in index_ticks). */
  ticker: [{ id: string; symbol: string; price: string; time: number }];
  kline: [Candle];
  spot_depth: [{ symbol: string; bids: [string, string][]; asks: [string, string][]; time: number }];
  spot_trade: [{ symbol: string; id: number; price: string; quantity: string; side: 'buy' | 'sell'; time: number }];
  spot_order: [{ userId: number; order: { id: number; symbol: string; status: string } & Record<string, unknown> }];
  /** A seconds option accepted or settled (options/service.ts), for its owner's user room. */
  option_order: [{ userId: number; order: OptionOrderView }];
  /** A contract position opened, changed or closed (with its reason), and the account's figures with the risk rate (contracts/service.ts). */
  contract_position: [{ userId: number; position: ContractPosition }];
  contract_account: [{ userId: number; account: ContractAccountSummary }];
  /** Sessions ended (logout, password reset or change): their sockets stop getting the user's events. */
  session_revoked: [{ userId: number; tokenHash?: string; keptTokenHash?: string }];
  /** An operator answered a customer-service thread (support/service.ts), for the user's room. */
  support_message: [{ userId: number; message: SupportMessage }];
  /** A user's event recorded, or a system notice shown (userId null: everyone) (notifications/service.ts): a sign to refresh. */
  notification: [{ userId: number | null; signal: NotificationSignal }];
  /** An OTC order changed or got a message (otc/service.ts), for both sides' user rooms: a sign to refresh. */
  otc_order: [{ userIds: number[]; signal: OtcSignal }];
};

export type EventBus = EventEmitter<BusEvents>;
export const createEventBus = (): EventBus => new EventEmitter<BusEvents>();
