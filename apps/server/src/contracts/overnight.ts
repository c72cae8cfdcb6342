/**
 * The overnight fee (a recurring job): every open position held over a day's cut-off (00:00 UTC) pays
 * notional (at its open price) x the symbol's overnight rate for that day, once: a row per position and
 * day (primary key) is written in the transaction that moves the money, so a second run, a second
 * process or a catch-up after downtime charges each missed day exactly once.
 * How a fee is paid (contract-rules.ts overnightCharge): from the user's available balance first, then
 * from the position's margin, never below its maintenance margin (opening margin x the threshold %), so
 * fees cannot leave an open position without margin. A position whose available and spare margin cannot
 * pay the day's fee pays what they hold and is closed at the mark, citing the tick (reason
 * liquidation, settled at account level like every close). A zero fee (a zero rate) moves nothing.
 * Each position is charged in its own savepoint (as wealth/runs.ts eachDue), so one that fails is
 * reported and retried next run without holding back the others.
 * A position closed before a missed cut-off was charged for it at no run and is not charged afterwards.
 */
import { add, isPositive, isZero, maintenanceMargin, marginOf, notional, overnightCharge, overnightDays, overnightFee, payUnits, sub } from '@fairex/contract';
import type { Tx } from '../db/client.ts';
import { post, systemAccount, userAccount } from '../ledger/index.ts';
import { contractAccount, insertOvernightFee, lockPosition, openPositionsBefore, overnightDaysCharged, updatePosition, type PositionRow } from './repository.ts';
import { distinctAccounts, type AccountRef } from './accounts.ts';
import type { ContractService } from './service.ts';

/** The cut-off, minutes after 00:00 UTC. */
export const OVERNIGHT_CUTOFF_MINUTE = 0;
/** How often the job looks for cut-offs passed. */
export const OVERNIGHT_JOB_EVERY_MS = 10 * 60_000;
/** Positions one run charges at most (the next run goes on). */
export const OVERNIGHT_POSITIONS_PER_RUN_MAX = 5_000;

/** Charges every due (position, day) not charged yet; returns how many days were charged (with a fee). */
export async function chargeOvernightFees(tx: Tx, contracts: ContractService, nowMs: number, onError?: (error: unknown) => void): Promise<number> {
  const candidates = (await openPositionsBefore(tx, new Date(nowMs))).slice(0, OVERNIGHT_POSITIONS_PER_RUN_MAX);
  let charged = 0;
  const touched: AccountRef[] = [];
  for (const candidate of candidates) {
    try {
      charged += await tx.transaction((savepoint) => chargePosition(savepoint, contracts, candidate, nowMs));
      touched.push(candidate);
    } catch (error) {
      onError?.(error);
    }
  }
  await contracts.refreshAccounts(tx, distinctAccounts(touched));
  return charged;
}

/** One position's missing days, in its own savepoint; the number of days charged. */
async function chargePosition(tx: Tx, contracts: ContractService, candidate: PositionRow, nowMs: number): Promise<number> {
  const due = overnightDays(candidate.openedAt!.getTime(), nowMs, OVERNIGHT_CUTOFF_MINUTE);
  if (due.length === 0) return 0;
  const done = new Set(await overnightDaysCharged(tx, candidate.id));
  const missing = due.filter((day) => !done.has(day));
  if (missing.length === 0) return 0;
  const p = await lockPosition(tx, candidate.id);
  const symbol = p && contracts.symbolById(p.symbolId);
  if (!p || p.status !== 'open' || !symbol) return 0;
  const value = notional(p.openPrice!, p.lots, p.contractSize);
  const floor = maintenanceMargin(payUnits(marginOf(value, p.multiple), symbol.coinDecimals), symbol.settings.maintenanceThreshold, symbol.coinDecimals);
  const fee = payUnits(overnightFee(value, symbol.settings.overnightRate), symbol.coinDecimals);
  let margin = p.margin;
  let total = p.overnightFee;
  let charged = 0;
  let unpaid = false;
  for (const day of missing) {
    const available = (await contractAccount(tx, p.userId, p.currencyId)).available;
    const { fromAvailable, fromMargin, close } = overnightCharge({ fee, available, margin, marginFloor: floor });
    const paid = add(fromAvailable, fromMargin);
    if (!(await insertOvernightFee(tx, { positionId: p.id, day, amount: paid, fromMargin, fromAvailable }))) continue;
    if (isPositive(paid)) {
      const legs = [
        { accountId: await systemAccount(tx, 'contract_margins', p.currencyId), amount: `-${fromMargin}` },
        { accountId: await userAccount(tx, p.userId, p.currencyId, 'contract'), amount: `-${fromAvailable}` },
        { accountId: await systemAccount(tx, 'fees', p.currencyId), amount: paid },
      ].filter((l) => !isZero(l.amount));
      await post(tx, { kind: 'contract_overnight', refType: 'contract_overnight', refId: `${p.id}:${day}`, legs });
      charged++;
    }
    margin = sub(margin, fromMargin);
    total = add(total, paid);
    if (close) {
      unpaid = true;
      break;
    }
  }
  await updatePosition(tx, p.id, { margin, overnightFee: total });
  const tick = contracts.latestTick(p.symbolId);
  if (unpaid && tick) {
    const [closed] = await contracts.closeMany(tx, [{ p: { ...p, margin, overnightFee: total }, reason: 'liquidation', tick }]);
    if (closed) contracts.indexPosition(closed);
  }
  return charged;
}
