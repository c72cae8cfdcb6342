import { copyKeys } from '../../api/copy.ts';
import { CONTRACT_ACCOUNT_EVENT, CONTRACT_POSITION_EVENT } from '../contract/use-contract-events.ts';
import { USER_ROOM_JOINED, useRefresh, useUserEvent } from '../market/use-market-events.ts';

/**
 * Copies are ordinary contract positions: the user's room tells when one opens or closes
 * (`contract_position`) and when the contract account moves (`contract_account`). Each refreshes the copy
 * lists and totals, as joining the room does (changes pushed before it were missed).
 */
export function useCopyEvents() {
  const refresh = useRefresh(copyKeys.all);
  useUserEvent(CONTRACT_POSITION_EVENT, refresh);
  useUserEvent(CONTRACT_ACCOUNT_EVENT, refresh);
  useUserEvent(USER_ROOM_JOINED, refresh);
}
