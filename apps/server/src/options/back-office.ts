/**
 * Back office for seconds options: durations (payout ratio, stake range, fee rate) and exposure limits
 * (per symbol, the same for both directions: exposure.ts), edited by admins and logged with the values
 * before and after; open stake per symbol, up, down and in all; the option pool's balance; and
 * a read-only order search. There is deliberately no call that writes an order's outcome or result:
 * settlement alone decides it from the recorded ticks (test/options/no-override.test.ts).
 */
import { toAmountString, type OptionDurationInput, type OptionExposureInput, type OptionOrderSearchInput } from '@fairex/contract';
import { logAction, type Operator } from '../admin/operators.ts';
import type { AppContext } from '../app-context.ts';
import { DomainError } from '../http/errors.ts';
import { systemAccount } from '../ledger/index.ts';
import { symbolById } from '../markets/repository.ts';
import { OPTION_STAKE_COIN } from './pool.ts';
import { OPTION_EXPOSURE_DEFAULTS } from './exposure.ts';
import { currencyByName, exposureRows, findDuration, findExposureLimits, listDurations, lockedAvailable, orderFilter, pageOrders, setExposureLimits, upsertDuration } from './repository.ts';
import { viewOf } from './service.ts';

const durationView = (d: Awaited<ReturnType<typeof listDurations>>[number]) => ({
  seconds: d.seconds,
  payout_ratio: toAmountString(d.payoutRatio),
  stake_min: toAmountString(d.stakeMin),
  stake_max: toAmountString(d.stakeMax),
  fee_rate: toAmountString(d.feeRate),
  enabled: d.enabled,
});

/** GET /api/admin/options: durations, exposure limits and open stake per symbol, the pool's balance. */
export async function optionsOverview(ctx: Pick<AppContext, 'db'>) {
  const durations = (await listDurations(ctx.db, { enabledOnly: false })).map(durationView);
  const exposure = (await exposureRows(ctx.db, OPTION_EXPOSURE_DEFAULTS)).map((r) => ({
    ...r,
    stake_max: toAmountString(r.stake_max),
    user_stake_max: toAmountString(r.user_stake_max),
    open_up: toAmountString(r.open_up),
    open_down: toAmountString(r.open_down),
    open_stake: toAmountString(r.open_stake),
  }));
  const coin = await currencyByName(ctx.db, OPTION_STAKE_COIN);
  const pool = coin
    ? await ctx.db.transaction(async (tx) => ({ currency: coin.name, balance: toAmountString(await lockedAvailable(tx, await systemAccount(tx, 'option_pool', coin.id))) }))
    : null;
  return { durations, exposure, pool, stake_coin: OPTION_STAKE_COIN };
}

/** POST /api/admin/options/durations: adds or edits one duration; logged with before and after. */
export async function editDuration(ctx: Pick<AppContext, 'db'>, operator: Operator, input: OptionDurationInput) {
  const after = {
    seconds: input.seconds,
    payoutRatio: input.payout_ratio,
    stakeMin: input.stake_min,
    stakeMax: input.stake_max,
    feeRate: input.fee_rate,
    enabled: input.enabled,
  };
  await ctx.db.transaction(async (tx) => {
    const before = await findDuration(tx, input.seconds);
    await upsertDuration(tx, after);
    await logAction(tx, operator.id, 'option_duration_edit', `option_duration:${input.seconds}`, {
      before: before ? durationView(before) : null,
      after: input,
    });
  });
  return input;
}

/**
 * POST /api/admin/options/exposure: a symbol's limits of open stake, all users' and one user's, the same
 * for both directions (there is no direction to name); logged with the limits before and after.
 */
export async function editExposure(ctx: Pick<AppContext, 'db'>, operator: Operator, input: OptionExposureInput) {
  const symbol = await symbolById(ctx.db, input.symbol_id);
  if (!symbol) throw new DomainError('not_found');
  const after = { stake_max: toAmountString(input.stake_max), user_stake_max: toAmountString(input.user_stake_max) };
  await ctx.db.transaction(async (tx) => {
    const row = await findExposureLimits(tx, input.symbol_id);
    const before = row ? { stake_max: toAmountString(row.stakeMax), user_stake_max: toAmountString(row.userStakeMax) } : null;
    await setExposureLimits(tx, input.symbol_id, { stakeMax: after.stake_max, userStakeMax: after.user_stake_max });
    await logAction(tx, operator.id, 'option_exposure_edit', `symbol:${input.symbol_id}`, { before, after });
  });
  return { symbol_id: input.symbol_id, ...after };
}

/** GET /api/admin/options/orders: read-only search, newest first. */
export async function searchOptionOrders(ctx: Pick<AppContext, 'db'>, input: OptionOrderSearchInput) {
  const where = orderFilter({ userId: input.user_id, symbolId: input.symbol_id, status: input.status });
  const { rows, total } = await pageOrders(ctx.db, where, input.page, input.limit);
  const now = Date.now();
  return { data: rows.map((r) => ({ ...viewOf(r, now), user_id: r.order.userId })), total, page: input.page, limit: input.limit };
}
