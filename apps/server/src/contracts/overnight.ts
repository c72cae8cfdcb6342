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
 * Set-based: the due positions are found in one query (their last day charged beside them), locked in
 * one statement, their accounts locked and read in one; the fees are reckoned in position order (an
 * account's available drawn down as its positions pay, as one by one would), then the day rows written
 * in one statement, the money in one postMany, the positions' margins and fees in one UPDATE. A position
 * that must close is closed when reached, after what came before it is written (the close gives its
 * account back margin and P&L, which the next positions' fees may draw on). Should the batch fail, each
 * position is charged again in its own savepoint (as wealth/runs.ts eachDue), so one that fails is
 * reported and retried next run without holding back the others.
 * A position closed before a missed cut-off was charged for it at no run and is not charged afterwards.
 */
import { add, isPositive, isZero, maintenanceMargin, marginOf, notional, overnightCharge, overnightDays, overnightFee, payUnits, sub } from '@fairex/contract';
import type { Tx } from '../db/client.ts';
import { postMany, systemAccount, userAccount, type Entry } from '../ledger/index.ts';
import { chargedOvernightDays, insertOvernightFees, lockedAvailableUnits, lockPositions, overnightCandidates, updateOvernightFigures, type PositionRow } from './repository.ts';
import { distinctAccounts, type AccountRef } from './accounts.ts';
import type { ContractService } from './service.ts';
import { units, unitsAmount } from './units.ts';

/** The cut-off, minutes after 00:00 UTC. */
export const OVERNIGHT_CUTOFF_MINUTE = 0;
/** How often the job looks for cut-offs passed. */
export const OVERNIGHT_JOB_EVERY_MS = 10 * 60_000;
/** Positions one run charges at most (the next run goes on). */
export const OVERNIGHT_POSITIONS_PER_RUN_MAX = 5_000;

const DAY_MS = 86_400_000;

/** A position with the cut-offs it has not paid for. */
type Due = { id: number; days: string[] };

/** Charges every due (position, day) not charged yet; returns how many days were charged (with a fee). */
export async function chargeOvernightFees(tx: Tx, contracts: ContractService, nowMs: number, onError?: (error: unknown) => void): Promise<number> {
  // The latest cut-off passed: a position whose last day charged is that one owes nothing.
  const latest = overnightDays(nowMs - DAY_MS, nowMs, OVERNIGHT_CUTOFF_MINUTE).at(-1)!;
  const candidates = await overnightCandidates(tx, new Date(nowMs), latest, OVERNIGHT_POSITIONS_PER_RUN_MAX);
  // Days are charged in order and all of a position's at once, so what it owes is the cut-offs after its last day charged.
  const due: Due[] = candidates.flatMap((c) => {
    const days = overnightDays(c.openedAt.getTime(), nowMs, OVERNIGHT_CUTOFF_MINUTE).filter((day) => c.lastDay === null || day > c.lastDay);
    return days.length > 0 ? [{ id: c.id, days }] : [];
  });
  if (due.length === 0) return 0;
  let charged = 0;
  const touched: AccountRef[] = [];
  const run = async (list: Due[]) => {
    const result = await tx.transaction((savepoint) => chargePositions(savepoint, contracts, list, nowMs));
    charged += result.charged;
    touched.push(...result.accounts);
  };
  try {
    await run(due);
  } catch (error) {
    onError?.(error);
    if (due.length > 1) for (const one of due) await run([one]).catch((e: unknown) => onError?.(e));
  }
  await contracts.refreshAccounts(tx, distinctAccounts(touched));
  return charged;
}

/** The positions' missing days, reckoned in order and written set-based; the days charged and the accounts charged. */
async function chargePositions(tx: Tx, contracts: ContractService, due: Due[], nowMs: number): Promise<{ charged: number; accounts: AccountRef[] }> {
  const locked = await lockPositions(tx, due.map((d) => d.id));
  // Read again under the lock: another process may have charged some since they were found.
  const done = await chargedOvernightDays(tx, [...locked.keys()], [...new Set(due.flatMap((d) => d.days))]);
  const open = due.flatMap(({ id, days }) => {
    const p = locked.get(id);
    const symbol = p && contracts.symbolById(p.symbolId);
    const missing = days.filter((day) => !done.has(`${id}:${day}`));
    return p && symbol && p.status === 'open' && missing.length > 0 ? [{ p, symbol, missing }] : [];
  });
  if (open.length === 0) return { charged: 0, accounts: [] };
  const accountOf = new Map<number, number>();
  for (const { p } of open) accountOf.set(p.id, p.accountId ?? (await userAccount(tx, p.userId, p.currencyId, 'contract')));
  const system = new Map<string, number>();
  for (const currencyId of new Set(open.map(({ p }) => p.currencyId))) {
    for (const name of ['contract_margins', 'fees'] as const) system.set(`${name}:${currencyId}`, await systemAccount(tx, name, currencyId));
  }
  // Every account the fees move, locked at once in id order (as the ledger locks); the users' available is what a fee draws on first.
  const available = await lockedAvailableUnits(tx, [...new Set([...accountOf.values(), ...system.values()])]);

  let charged = 0;
  let feeRows: Parameters<typeof insertOvernightFees>[1] = [];
  let entries: Entry[] = [];
  let figures: { id: number; margin: string; overnightFee: string }[] = [];
  const flush = async () => {
    if ((await insertOvernightFees(tx, feeRows)) !== feeRows.length) throw new Error('an overnight fee day was charged by someone else meanwhile');
    await postMany(tx, entries);
    await updateOvernightFigures(tx, figures);
    feeRows = [];
    entries = [];
    figures = [];
  };
  const closedHere = new Set<number>();
  for (const { p, symbol, missing } of open) {
    if (closedHere.has(p.id)) continue;
    const account = accountOf.get(p.id)!;
    const value = notional(p.openPrice!, p.lots, p.contractSize);
    const floor = maintenanceMargin(payUnits(marginOf(value, p.multiple), symbol.coinDecimals), symbol.settings.maintenanceThreshold, symbol.coinDecimals);
    const fee = payUnits(overnightFee(value, symbol.settings.overnightRate), symbol.coinDecimals);
    let margin = p.margin;
    let total = p.overnightFee;
    let unpaid = false;
    for (const day of missing) {
      const { fromAvailable, fromMargin, close } = overnightCharge({ fee, available: unitsAmount(available.get(account)!), margin, marginFloor: floor });
      const paid = add(fromAvailable, fromMargin);
      feeRows.push({ positionId: p.id, day, amount: paid, fromMargin, fromAvailable });
      if (isPositive(paid)) {
        const legs = [
          { accountId: system.get(`contract_margins:${p.currencyId}`)!, amount: `-${fromMargin}` },
          { accountId: account, amount: `-${fromAvailable}` },
          { accountId: system.get(`fees:${p.currencyId}`)!, amount: paid },
        ].filter((l) => !isZero(l.amount));
        entries.push({ kind: 'contract_overnight', refType: 'contract_overnight', refId: `${p.id}:${day}`, legs });
        charged++;
      }
      available.set(account, available.get(account)! - units(fromAvailable));
      margin = sub(margin, fromMargin);
      total = add(total, paid);
      if (close) {
        unpaid = true;
        break;
      }
    }
    figures.push({ id: p.id, margin, overnightFee: total });
    const tick = contracts.latestTick(p.symbolId);
    if (unpaid && tick) {
      // What came before is written first: the close settles on the account as it stands now.
      await flush();
      const closed = await contracts.closeMany(tx, [{ p: { ...p, margin, overnightFee: total }, reason: 'liquidation', tick }]);
      for (const row of closed) {
        closedHere.add(row.id);
        contracts.indexPosition(row);
      }
      // Read again: the close paid the account (and a copy's profit share another one).
      for (const [id, value] of await lockedAvailableUnits(tx, [...available.keys()])) available.set(id, value);
    }
  }
  await flush();
  return { charged, accounts: distinctAccounts(open.map(({ p }) => p)) };
}
