/**
 * Closing positions, settled at account level (cross margin; contract-rules.ts settleTogether): every
 * close, whatever asked for it (the user, a batch, TP/SL, liquidation, a trader's copies), goes through
 * here in the transaction of its position rows.
 *  - Each position gives back margin + P&L at its tick's price. An account's credits are settled before
 *    its debits, so one position's profit pays another's loss before anything else is asked.
 *  - A loss its account's available cannot pay first cancels the account's pending limit orders (their
 *    frozen margin and fee back to available, as an exchange cancels open orders before liquidating), and
 *    if still short while the account holds other open positions, closes those too, at their latest marks
 *    (reason `account`), and the account is settled as a whole: the user keeps its equity; closing one leg
 *    of a hedge can never leave the rest with negative equity. A close the user asked for is refused
 *    (index_unavailable) when another position would close on a mark that is not fresh.
 *  - Only what an account lacks with nothing left open (its net negative equity) comes from the
 *    insurance fund, while the fund holds any; the platform's side (contract_pnl) takes the rest of the
 *    margins released, so each entry sums to zero.
 * A few statements however many positions: the accounts are locked and read at once (id order, as the
 * ledger locks; the insurance fund's balance with them), one ledger entry per BATCH_LEGS_PER_ENTRY_MAX
 * legs (a user's and an insurance payout's leg naming its position, an account's credits posted before
 * its debits; the margins released and the platform's side summed per entry), all posted in one
 * postMany, one UPDATE for the rows.
 */
import type { ContractCloseReason } from '@fairex/contract';
import type { Tx } from '../db/client.ts';
import { BATCH_LEGS_PER_ENTRY_MAX, postMany, userAccount, type Entry, type Leg } from '../ledger/index.ts';
import type { RecordedTick } from '../markets/ticks.ts';
import { DomainError } from '../http/errors.ts';
import { lockedAvailableUnits, lockPositions, markClosed, positionIdsOfAccounts, type ContractSymbol, type PositionRow } from './repository.ts';
import { closeProfitUnits, settleUnits, units, unitsAmount } from './units.ts';

/** A position as locked for a change, with its owner's contract account id where known. */
export type Locked = PositionRow & { accountId?: number | null };
/** A position to close, why, and at which tick. */
export type Closing = { p: Locked; reason: ContractCloseReason; tick: RecordedTick };

export type SettlementDeps = {
  symbolById(id: number): ContractSymbol | undefined;
  /** The latest recorded tick of a symbol (an account close takes the other positions at it). */
  latestTick(symbol: string): RecordedTick | undefined;
  systemId(tx: Tx, name: 'contract_margins' | 'contract_pnl' | 'insurance_fund', currencyId: number): Promise<number> | number;
  now(): number;
  /** Told of the closed rows, with their owners' account ids, in the transaction before they are written (copy trading: mirrors, profit shares in copyShare). */
  recordClosed?(tx: Tx, rows: Locked[]): Promise<void>;
  /** Cancels locked pending limit orders in the transaction, their frozen amounts back to available. */
  cancelPending(tx: Tx, rows: PositionRow[]): Promise<unknown>;
  /** Whether a tick is fresh now (index-freshness.ts): an account close the user asked for needs fresh marks. */
  fresh(tick: RecordedTick): boolean;
};

/** A close's figures in units of 10^-18 (units.ts: the contract rules' results, in integers; a thousand closes at once). */
type Figures = { profit: bigint; back: bigint };

export async function closePositions(tx: Tx, requested: Closing[], deps: SettlementDeps): Promise<PositionRow[]> {
  if (requested.length === 0) return [];
  const items = [...requested];
  const figuresOf = new Map<number, Figures>();
  const figure = ({ p, tick }: Closing) => {
    let f = figuresOf.get(p.id);
    if (!f) {
      const profit = closeProfitUnits(p.side, p.openPrice!, tick.price, p.lots, p.contractSize, deps.symbolById(p.symbolId)!.coinDecimals);
      figuresOf.set(p.id, (f = { profit, back: units(p.margin) + profit }));
    }
    return f;
  };
  const accountOf = new Map<number, number>();
  const resolveAccounts = async () => {
    for (const { p } of items) if (!accountOf.has(p.id)) accountOf.set(p.id, p.accountId ?? (await userAccount(tx, p.userId, p.currencyId, 'contract')));
  };
  await resolveAccounts();
  // Every account the closes post to, locked at once in id order (the order every ledger entry locks
  // in, so no deadlock with another entry); the users' available is what a loss beyond a margin draws
  // on. Without such a loss nothing here depends on a balance: the ledger entry locks them all itself
  // (all or none are locked here, never a subset first).
  const touched = new Set(accountOf.values());
  for (const currencyId of new Set(items.map(({ p }) => p.currencyId))) {
    for (const name of ['contract_margins', 'contract_pnl', 'insurance_fund'] as const) touched.add(await deps.systemId(tx, name, currencyId));
  }
  const available = items.some((c) => figure(c).back < 0n) ? await lockedAvailableUnits(tx, [...touched]) : new Map<number, bigint>();
  const availableOf = (account: number) => available.get(account) ?? 0n;

  // Accounts whose closes leave a shortfall while other positions stay open: those close with them.
  const byAccount = () => {
    const groups = new Map<number, Closing[]>();
    for (const item of items) {
      const account = accountOf.get(item.p.id)!;
      const group = groups.get(account);
      if (group) group.push(item);
      else groups.set(account, [item]);
    }
    return groups;
  };
  const shortAccounts = () =>
    [...byAccount().entries()].filter(
      ([account, group]) => settleUnits(availableOf(account), group.map((c) => ({ id: c.p.id, back: figure(c).back }))).shortfall !== 0n,
    );
  const refsOf = (groups: [number, Closing[]][]) => groups.map(([, group]) => ({ userId: group[0]!.p.userId, currencyId: group[0]!.p.currencyId }));
  let short = shortAccounts();
  if (short.length > 0) {
    // Money frozen for the account's pending limits is its money too: released before anything else is asked.
    const pending = [...(await lockPositions(tx, await positionIdsOfAccounts(tx, refsOf(short), 'pending'))).values()].filter((p) => p.status === 'pending');
    if (pending.length > 0) {
      await deps.cancelPending(tx, pending);
      for (const [account, value] of await lockedAvailableUnits(tx, short.map(([account]) => account))) available.set(account, value);
      short = shortAccounts();
    }
  }
  if (short.length > 0) {
    const closing = new Set(items.map((c) => c.p.id));
    const userAsked = requested.some((c) => c.reason === 'user' || c.reason === 'batch');
    const others = (await positionIdsOfAccounts(tx, refsOf(short), 'open')).filter((id) => !closing.has(id));
    for (const p of (await lockPositions(tx, others)).values()) {
      const tick = p.status === 'open' ? deps.latestTick(deps.symbolById(p.symbolId)?.symbol ?? '') : undefined;
      // The user cannot pick the moment another position closes on a mark that is no longer the market.
      if (p.status === 'open' && userAsked && !(tick && deps.fresh(tick))) throw new DomainError('index_unavailable');
      if (tick) items.push({ p, reason: 'account', tick });
    }
    await resolveAccounts();
  }

  // The fund's balance, locked with the accounts above (a system account holds it all in available).
  const insurance = new Map<number, bigint>();
  for (const currencyId of new Set(items.map(({ p }) => p.currencyId))) {
    const fund = availableOf(await deps.systemId(tx, 'insurance_fund', currencyId));
    insurance.set(currencyId, fund > 0n ? fund : 0n);
  }
  // Per position, the legs naming it: the user's (back or loss) and the insurance fund's payout. The
  // margin released (contract_margins) and the platform's side (contract_pnl) are summed per entry and
  // coin, one leg each, as copy mirroring sums its margins: a thousand closes write ~1,000 postings, not 3,000.
  type Part = { id: number; currencyId: number; margin: bigint; paid: bigint; legs: Leg[] };
  const credits: Part[] = [];
  const debits: Part[] = [];
  for (const [account, group] of byAccount()) {
    const settled = settleUnits(availableOf(account), group.map((c) => ({ id: c.p.id, back: figure(c).back })));
    available.set(account, settled.available);
    for (const [i, line] of settled.lines.entries()) {
      const { p } = group[i]!;
      const ref = { refType: 'contract_position', refId: p.id };
      const left = insurance.get(p.currencyId)!;
      const fromInsurance = line.shortfall < left ? line.shortfall : left;
      insurance.set(p.currencyId, left - fromInsurance);
      const toUser = line.toUser - line.fromUser;
      const legs: Leg[] = [];
      if (toUser !== 0n) legs.push({ accountId: account, amount: unitsAmount(toUser), ...ref });
      if (fromInsurance !== 0n) legs.push({ accountId: await deps.systemId(tx, 'insurance_fund', p.currencyId), amount: unitsAmount(-fromInsurance), ...ref });
      (line.toUser === 0n ? debits : credits).push({ id: p.id, currencyId: p.currencyId, margin: units(p.margin), paid: toUser - fromInsurance, legs });
    }
  }
  const parts = [...credits, ...debits];
  // Whole positions per entry, named after its first position (each closes once); an entry balances
  // per coin: what its positions' legs do not account for of the margins released is the platform's.
  const reasons = new Set(items.map((c) => c.reason));
  const coins = new Set(parts.map((part) => part.currencyId)).size;
  const entries: Entry[] = [];
  for (let from = 0; from < parts.length; ) {
    let to = from;
    let count = 2 * coins;
    while (to < parts.length && (to === from || count + parts[to]!.legs.length <= BATCH_LEGS_PER_ENTRY_MAX)) count += parts[to++]!.legs.length;
    const legs: Leg[] = [];
    const released = new Map<number, bigint>();
    const paid = new Map<number, bigint>();
    for (const part of parts.slice(from, to)) {
      legs.push(...part.legs);
      released.set(part.currencyId, (released.get(part.currencyId) ?? 0n) + part.margin);
      paid.set(part.currencyId, (paid.get(part.currencyId) ?? 0n) + part.paid);
    }
    for (const [currencyId, margins] of released) {
      const platform = margins - paid.get(currencyId)!;
      if (margins !== 0n) legs.push({ accountId: await deps.systemId(tx, 'contract_margins', currencyId), amount: unitsAmount(-margins) });
      if (platform !== 0n) legs.push({ accountId: await deps.systemId(tx, 'contract_pnl', currencyId), amount: unitsAmount(platform) });
    }
    // Closes that move nothing (no margin, no P&L) need no entry.
    if (legs.length > 0) entries.push({ kind: 'contract_close', refType: 'contract_close', refId: parts[from]!.id, memo: reasons.size === 1 ? [...reasons][0] : undefined, legs });
    from = to;
  }
  await postMany(tx, entries, BATCH_LEGS_PER_ENTRY_MAX);
  const closedAt = new Date(deps.now());
  const rows = items.map((c) => ({
    ...c.p,
    accountId: accountOf.get(c.p.id),
    status: 'closed' as const,
    closePrice: c.tick.price,
    closeTickId: Number(c.tick.id),
    profit: unitsAmount(figure(c).profit),
    closeReason: c.reason,
    closedAt,
  }));
  // Told before the rows are written: copy trading sets the profit share of closed copies (copyShare),
  // which is written with the close in the same statement.
  await deps.recordClosed?.(tx, rows);
  await markClosed(tx, rows);
  return rows;
}
