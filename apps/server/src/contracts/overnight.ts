/**
 * The overnight fee (a recurring job): every open position held over a day's cut-off (00:00 UTC) pays
 * notional (at its open price) x the symbol's overnight rate for that day, once: a row per position and
 * day (primary key) is written in the transaction that moves the money, so a second run, a second
 * process or a catch-up after downtime charges each missed day exactly once. The fee comes from the
 * position's margin first, then from the user's available balance; what neither holds is waived (no
 * balance goes negative). A position closed before a missed cut-off was charged for it at no run and is
 * not charged afterwards (its margin was already paid back).
 */
import { maxOf, minOf, money, notional, overnightDays, overnightFee, payUnits, sub, toAmountString } from '@fairex/contract';
import type { Tx } from '../db/client.ts';
import { post, systemAccount, userAccount } from '../ledger/index.ts';
import { contractAccount, insertOvernightFee, lockPosition, openPositionsBefore, overnightDaysCharged, updatePosition } from './repository.ts';
import { distinctAccounts, type AccountRef } from './accounts.ts';
import type { ContractService } from './service.ts';

/** The cut-off, minutes after 00:00 UTC. */
export const OVERNIGHT_CUTOFF_MINUTE = 0;
/** How often the job looks for cut-offs passed. */
export const OVERNIGHT_JOB_EVERY_MS = 10 * 60_000;
/** Positions one run charges at most (the next run goes on). */
export const OVERNIGHT_POSITIONS_PER_RUN_MAX = 5_000;


/** Charges every due (position, day) not charged yet; returns how many were charged. */
export async function chargeOvernightFees(tx: Tx, contracts: ContractService, nowMs: number): Promise<number> {
  const candidates = (await openPositionsBefore(tx, new Date(nowMs))).slice(0, OVERNIGHT_POSITIONS_PER_RUN_MAX);
  let charged = 0;
  const touched: AccountRef[] = [];
  for (const candidate of candidates) {
    const due = overnightDays(candidate.openedAt!.getTime(), nowMs, OVERNIGHT_CUTOFF_MINUTE);
    if (due.length === 0) continue;
    const done = new Set(await overnightDaysCharged(tx, candidate.id));
    const missing = due.filter((day) => !done.has(day));
    if (missing.length === 0) continue;
    const p = await lockPosition(tx, candidate.id);
    const symbol = p && contracts.symbolById(p.symbolId);
    if (!p || p.status !== 'open' || !symbol) continue;
    let margin = toAmountString(p.margin);
    let total = toAmountString(p.overnightFee);
    for (const day of missing) {
      const fee = payUnits(overnightFee(notional(p.openPrice!, p.lots, p.contractSize), symbol.settings.overnightRate), symbol.coinDecimals);
      const fromMargin = minOf(fee, margin);
      const available = (await contractAccount(tx, p.userId, p.currencyId)).available;
      const fromAvailable = minOf(sub(fee, fromMargin), maxOf(available, 0));
      const paid = toAmountString(money(fromMargin).plus(fromAvailable));
      if (!(await insertOvernightFee(tx, { positionId: p.id, day, amount: paid, fromMargin, fromAvailable }))) continue;
      if (money(paid).isPositive()) {
        const legs = [
          { accountId: await systemAccount(tx, 'contract_margins', p.currencyId), amount: `-${fromMargin}` },
          { accountId: await userAccount(tx, p.userId, p.currencyId, 'contract'), amount: `-${fromAvailable}` },
          { accountId: await systemAccount(tx, 'fees', p.currencyId), amount: paid },
        ].filter((l) => !money(l.amount).isZero());
        await post(tx, { kind: 'contract_overnight', refType: 'contract_overnight', refId: `${p.id}:${day}`, legs });
      }
      margin = sub(margin, fromMargin);
      total = toAmountString(money(total).plus(paid));
      charged++;
    }
    await updatePosition(tx, p.id, { margin, overnightFee: total });
    touched.push(p);
  }
  await contracts.refreshAccounts(tx, distinctAccounts(touched));
  return charged;
}
