/**
 * Contract events to socket.io, in the owner's user room: `contract_position` for every position opened,
 * changed or closed (a closed one carries its close_reason: user, batch, take_profit, stop_loss,
 * liquidation), and `contract_account` with the account's figures and risk rate after each change.
 */
import type { Server } from 'socket.io';
import type { BusEvents, EventBus } from '../events/bus.ts';
import { userRoom } from '../realtime/rooms.ts';

/** Wires contract events into `io`; returns the function that unwires them. */
export function attachContractsRealtime(io: Server, bus: EventBus) {
  const position = (event: BusEvents['contract_position'][0]) => io.to(userRoom(event.userId)).emit('contract_position', event.position);
  const account = (event: BusEvents['contract_account'][0]) => io.to(userRoom(event.userId)).emit('contract_account', event.account);
  bus.on('contract_position', position);
  bus.on('contract_account', account);
  return () => {
    bus.off('contract_position', position);
    bus.off('contract_account', account);
  };
}
