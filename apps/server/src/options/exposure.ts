/**
 * Option exposure limits, symmetric by rule (issue 22, fairness review 1d): an operator limits how much
 * may be staked on a symbol, never on one direction. A symbol has two limits, both the same for up and
 * down:
 *  - stake_max: the open stake of all users on the symbol, both directions together;
 *  - user_stake_max: one user's open stake on the symbol, both directions together;
 * and each order stays within its duration's stake range (the per-order limit, option_durations).
 * An order is accepted or refused on the same figures whichever direction it takes, so no setting can
 * refuse "up" while accepting "down" (a direction-blind total, not a net: a net limit would refuse the
 * crowded side and accept the other). The pool check (service.ts, option_pool_short) is direction-blind
 * as well: it counts every open order's full payout.
 *  Example: stake_max 150, user_stake_max 120, nothing open. A's 100 up passes (100 <= 150, 100 <= 120);
 *  A's 50 down is refused (A's own 150 > 120), as 50 up would be; B's 60 down is refused (160 > 150), as
 *  60 up would be; B's 50 either way passes.
 */
import type { OptionDirection } from './repository.ts';
import { addOpenStake, lockExposureLimits, openStakes } from './repository.ts';
import { cmp, money } from '@fairex/contract';
import type { Tx } from '../db/client.ts';

/** The limits of a symbol no operator has set, in the stake coin. */
export const OPTION_EXPOSURE_DEFAULTS = { stakeMax: '100000', userStakeMax: '50000' } as const;

/**
 * Checks an order's stake against its symbol's limits and adds it to the open stake, in the order's
 * transaction (the symbol's limits row stays locked to its end). Answers the refusal's error code, or
 * null when accepted.
 */
export async function acceptStake(
  tx: Tx,
  order: { userId: number; symbolId: number; direction: OptionDirection; stake: string },
): Promise<'option_exposure_exceeded' | 'option_user_exposure_exceeded' | null> {
  const limits = await lockExposureLimits(tx, order.symbolId, OPTION_EXPOSURE_DEFAULTS);
  const open = await openStakes(tx, order.symbolId, order.userId);
  if (cmp(money(open.total).plus(order.stake), limits.stakeMax) > 0) return 'option_exposure_exceeded';
  if (cmp(money(open.user).plus(order.stake), limits.userStakeMax) > 0) return 'option_user_exposure_exceeded';
  await addOpenStake(tx, order.symbolId, order.direction, order.stake);
  return null;
}
