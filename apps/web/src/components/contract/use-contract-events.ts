import type { ContractPosition } from '@fairex/contract';
import { useTranslation } from 'react-i18next';
import { contractKeys } from '../../api/contracts.ts';
import { toast } from '../../notify.ts';
import { USER_ROOM_JOINED, useRefresh, useUserEvent } from '../market/use-market-events.ts';

/**
 * The server pushes, on the user's room, every change of a position (`contract_position`: opened,
 * filled, TP/SL set, closed or liquidated with its reason, overnight fee) and of the account
 * (`contract_account`: available, margins, P&L, risk rate); each refreshes the positions, totals and
 * the contract balance shown. A position the server closed by itself (take-profit, stop-loss,
 * liquidation) is also told in a toast with its reason. Joining the user's room refreshes them too,
 * since changes pushed before it were missed.
 */
export const CONTRACT_POSITION_EVENT = 'contract_position';
export const CONTRACT_ACCOUNT_EVENT = 'contract_account';

type ServerClose = 'take_profit' | 'stop_loss' | 'liquidation';
const SERVER_CLOSES: readonly ServerClose[] = ['take_profit', 'stop_loss', 'liquidation'];
const isServerClose = (reason: ContractPosition['close_reason']): reason is ServerClose => SERVER_CLOSES.includes(reason as ServerClose);

export function useContractEvents() {
  const { t } = useTranslation();
  const refresh = useRefresh(contractKeys.all);
  useUserEvent(CONTRACT_POSITION_EVENT, (position: ContractPosition) => {
    refresh();
    if (position?.status === 'closed' && isServerClose(position.close_reason)) {
      toast(`${position.symbol} · ${t(position.side === 'long' ? 'contract.long' : 'contract.short')} · ${t(`contract.reason.${position.close_reason}`)} · ${position.profit}`);
    }
  });
  useUserEvent(CONTRACT_ACCOUNT_EVENT, refresh);
  useUserEvent(USER_ROOM_JOINED, refresh);
}
