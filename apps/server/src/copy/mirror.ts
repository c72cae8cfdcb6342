/**
 * Mirroring a trader's positions to followers, from one row of the copy_mirrors outbox (written in the
 * trader's own transaction), in one transaction that also marks the row done, so each happens once
 * whatever process or retry runs it.
 *
 * Open: every active follow gets a copy at the mark when the mirror runs (the latest recorded tick, which
 * it cites, refused unless fresh by the shared rule, index-freshness.ts: the row is retried later), never
 * at the trader's past price, so a mirror that runs late or a trader's through-the-market limit gives
 * followers no price they could not get themselves. Nor ever on a tick older than the trader's own
 * opening tick (the first after the trader's order, contracts/service.ts): the mirror runs once that tick
 * is recorded, so it is the trader's tick itself, or a later one when the mirror runs late. Same side
 * and multiple, with copyLots lots, margin
 * and fee sized at that mark and taken from the follower's contract account, or a skip with its reason
 * (lots below the minimum, not enough available, or the trader's position already closed when the row is
 * handled late); a follower skipped for want of balance is notified in the same transaction. Copies carry
 * no take-profit or stop-loss of their own: they close with the trader.
 * Set-based, a handful of statements however many followers: the follows read with their accounts' ids,
 * those accounts locked and read at once (id order, as the ledger locks), every copy inserted in one
 * statement (a column array each), the money in one postMany of entries of up to
 * BATCH_LEGS_PER_ENTRY_MAX legs (each leg naming its copy), the skips in one insert.
 *
 * Close: the copies still following (not taken over), locked in one statement, close at the trader's
 * close price and tick (reason `copy`), through the contract service's own close (one settlement for all).
 *
 * Profit share, one rule whatever closed a copy still following its trader (the trader's close, its
 * account's liquidation or settlement with another position, an overnight fee it could not pay): a net
 * profit pays the trader the share its follow agreed (copy-rules.ts profitShare), from the follower's
 * contract account to the trader's, in the close's own transaction (payProfitShares, which the contract
 * service's close calls through CopyService.record): the shares in one postMany, each written on its copy
 * by the close's own update. A self-held copy settled its share when taken over.
 */
import {
  copyLots,
  handlingFee,
  isPositive,
  marginOf,
  Money,
  money,
  netProfit,
  notional,
  payUnits,
  profitShare,
  tickFreshAt,
  toAmountString,
  type CopySkipReason,
  type MoneyValue,
} from '@fairex/contract';
import { DomainError } from '../http/errors.ts';
import type { Tx } from '../db/client.ts';
import { BATCH_LEGS_PER_ENTRY_MAX, postMany, systemAccount, userAccount, type Entry, type Leg } from '../ledger/index.ts';
import { lockedAvailables, type PositionRow } from '../contracts/repository.ts';
import { followsTrader, type ContractService } from '../contracts/service.ts';
import type { Locked } from '../contracts/settlement.ts';
import { contractPositions } from '../contracts/tables.ts';
import { eq } from 'drizzle-orm';
import type { NotificationService } from '../notifications/service.ts';
import { maskAccount } from '../referrals/rules.ts';
import { accountAvailables, followsToMirror, insertCopies, insertSkips, lockFollowingCopies, userNames } from './repository.ts';

/** Copies written in one INSERT at most (a column array each, so the size of the statement does not grow with them). */
export const COPIES_PER_INSERT_MAX = 20_000;

export type MirrorResult = { rows: PositionRow[]; copies: number; skipped: number };

async function traderPosition(tx: Tx, id: number): Promise<PositionRow | undefined> {
  const [row] = await tx.select().from(contractPositions).where(eq(contractPositions.id, id));
  return row;
}

/**
 * Ledger entries of up to BATCH_LEGS_PER_ENTRY_MAX legs from groups of legs (each group whole in one
 * entry), each entry named after its first group's position; `summed` adds the legs that balance an
 * entry's groups as one (a system account's total). Posted together in one postMany.
 */
export function groupedEntries(kind: string, groups: { positionId: number; legs: Leg[] }[], summed: (chunk: typeof groups) => Leg[] = () => []): Entry[] {
  const room = BATCH_LEGS_PER_ENTRY_MAX - summed([]).length;
  const entries: Entry[] = [];
  for (let from = 0; from < groups.length; ) {
    let to = from;
    const legs: Leg[] = [];
    while (to < groups.length && legs.length + groups[to]!.legs.length <= room) legs.push(...groups[to++]!.legs);
    const total = summed(groups.slice(from, to)).filter((l) => !money(l.amount).isZero());
    entries.push({ kind, refType: 'contract_position', refId: groups[from]!.positionId, legs: legs.concat(total) });
    from = to;
  }
  return entries;
}

/**
 * Followers skipped because their contract account could not pay are told (they can act on it: fund it);
 * the other reasons are the follow's own setting or timing, shown under Skipped only.
 */
async function tellSkipped(tx: Tx, notifications: NotificationService | undefined, trader: PositionRow, symbol: string, written: { id: number; follower_id: number; reason: CopySkipReason }[]) {
  const short = written.filter((k) => k.reason === 'insufficient_balance');
  if (!notifications || short.length === 0) return;
  const name = (await userNames(tx, [trader.userId])).get(trader.userId);
  const figures = { trader_name: name?.nickname || maskAccount(name?.account ?? ''), symbol, side: trader.side, trader_lots: trader.lots };
  await notifications.recordMany(tx, short.map((k) => ({ userId: k.follower_id, refId: k.id, event: { kind: 'copy_skipped' as const, figures } })));
}

export async function openCopies(tx: Tx, contracts: ContractService, traderPositionId: number, now: Date, notifications?: NotificationService): Promise<MirrorResult> {
  const trader = await traderPosition(tx, traderPositionId);
  const symbol = trader && contracts.symbolById(trader.symbolId);
  if (!trader || !symbol || trader.copyOf !== null) return { rows: [], copies: 0, skipped: 0 };
  const skips: { follow_id: number; follower_id: number; trader_id: number; trader_position_id: number; reason: CopySkipReason; created_at: string }[] = [];
  const skip = (f: { id: number; follower_id: number }, reason: CopySkipReason) =>
    skips.push({ follow_id: Number(f.id), follower_id: f.follower_id, trader_id: trader.userId, trader_position_id: trader.id, reason, created_at: now.toISOString() });
  if (trader.status !== 'open') {
    for (const f of await followsToMirror(tx, trader.userId, trader.currencyId)) skip(f, 'trader_closed');
    await insertSkips(tx, skips);
    return { rows: [], copies: 0, skipped: skips.length };
  }
  const mark = contracts.latestTick(trader.symbolId);
  // Tick ids grow as ticks are recorded: a mark before the trader's own (a store behind) waits for a later one.
  if (!tickFreshAt(mark, now.getTime(), contracts.indexFreshMs) || Number(mark!.id) < (trader.openTickId ?? 0)) throw new DomainError('index_unavailable');
  const follows = await followsToMirror(tx, trader.userId, trader.currencyId);
  // The followers' contract accounts locked and read at once (id order, as the ledger locks).
  const available = await lockedAvailables(
    tx,
    follows.flatMap((f) => (f.account_id === null ? [] : [f.account_id])),
  );
  // Margin and fee depend on the lots alone (one price, size and multiple), and the lots on the follow's
  // type and number: each computed once, however many followers share them.
  type Cost = { margin: string; fee: string; total: MoneyValue; marginValue: MoneyValue; paid: string; feeMoves: boolean };
  const costs = new Map<number, Cost>();
  const costOf = (lots: number) => {
    let cost = costs.get(lots);
    if (!cost) {
      const value = notional(mark!.price, lots, trader.contractSize);
      const margin = payUnits(marginOf(value, trader.multiple), symbol.coinDecimals);
      const fee = payUnits(handlingFee(value, symbol.settings.feeRate), symbol.coinDecimals);
      const total = money(margin).plus(fee);
      costs.set(lots, (cost = { margin, fee, total, marginValue: money(margin), paid: `-${toAmountString(total)}`, feeMoves: !money(fee).isZero() }));
    }
    return cost;
  };
  const sizes = new Map<string, ReturnType<typeof copyLots>>();
  const sizeOf = (f: (typeof follows)[number]) => {
    const key = `${f.type}:${f.number}`;
    let sized = sizes.get(key);
    if (!sized) sizes.set(key, (sized = copyLots({ type: f.type, number: f.number, traderLots: trader.lots, lotsMin: symbol.settings.lotsMin, lotsMax: symbol.settings.lotsMax })));
    return sized;
  };
  const planned: { follow: (typeof follows)[number]; lots: number; cost: Cost }[] = [];
  for (const f of follows) {
    const sized = sizeOf(f);
    if ('skip' in sized) {
      skip(f, sized.skip);
      continue;
    }
    const cost = costOf(sized.lots);
    const left = f.account_id === null ? undefined : available.get(f.account_id);
    if (!left || left.lt(cost.total)) {
      skip(f, 'insufficient_balance');
      continue;
    }
    available.set(f.account_id!, left.minus(cost.total));
    planned.push({ follow: f, lots: sized.lots, cost });
  }
  const template = {
    symbol_id: trader.symbolId,
    currency_id: trader.currencyId,
    side: trader.side,
    multiple: trader.multiple,
    contract_size: trader.contractSize,
    open_price: mark!.price,
    open_tick_id: Number(mark!.id),
    created_at: now.toISOString(),
    copy_of: trader.id,
    copy_trader_id: trader.userId,
  };
  const rows: PositionRow[] = [];
  for (let i = 0; i < planned.length; i += COPIES_PER_INSERT_MAX) {
    const chunk = planned.slice(i, i + COPIES_PER_INSERT_MAX);
    const ids = await insertCopies(
      tx,
      template,
      chunk.map((c) => ({ user_id: c.follow.follower_id, lots: c.lots, margin: c.cost.margin, fee: c.cost.fee, follow_id: Number(c.follow.id), share_rate: c.follow.profit_share_rate })),
    );
    for (const c of chunk) {
      rows.push({
        ...trader,
        id: ids.get(Number(c.follow.id))!,
        userId: c.follow.follower_id,
        orderKind: 'market',
        lots: c.lots,
        openPrice: mark!.price,
        openTickId: Number(mark!.id),
        targetPrice: null,
        margin: c.cost.margin,
        fee: c.cost.fee,
        overnightFee: '0',
        takeProfit: null,
        stopLoss: null,
        createdAt: now,
        openedAt: now,
        copyOf: trader.id,
        copyTraderId: trader.userId,
        copyFollowId: Number(c.follow.id),
        copyShareRate: c.follow.profit_share_rate,
        copyShare: null,
        selfHeldAt: null,
      });
    }
  }
  if (planned.length > 0) {
    const margins = await systemAccount(tx, 'contract_margins', trader.currencyId);
    const fees = await systemAccount(tx, 'fees', trader.currencyId);
    const costOfCopy = new Map(planned.map((c, i) => [rows[i]!.id, c.cost]));
    // Each copy's own legs: the follower pays margin and fee, the fee lands in `fees` naming the copy (the
    // rebate job reads fee postings one by one); the margins reach contract_margins summed per entry.
    const groups = planned.map(({ follow, cost }, i) => {
      const ref = { refType: 'contract_position', refId: rows[i]!.id };
      // A copy always pays a margin (its notional is above 0, rounded up); a fee rate of 0 moves no fee.
      const legs: Leg[] = [{ accountId: follow.account_id!, amount: cost.paid, ...ref }];
      if (cost.feeMoves) legs.push({ accountId: fees, amount: cost.fee, ...ref });
      return { positionId: rows[i]!.id, legs };
    });
    const summed = (chunk: typeof groups) => [
      { accountId: margins, amount: toAmountString(chunk.reduce((total, g) => total.plus(costOfCopy.get(g.positionId)!.marginValue), money(0))) },
    ];
    await postMany(tx, groupedEntries('contract_open', groups, summed), BATCH_LEGS_PER_ENTRY_MAX);
  }
  await tellSkipped(tx, notifications, trader, symbol.symbol, await insertSkips(tx, skips));
  return { rows, copies: rows.length, skipped: skips.length };
}

/**
 * Pays the trader's shares of copies that closed still following their trader (the rule above), in the
 * close's transaction, before its rows are written: each share is set on its row's copyShare (0 without
 * one), which the close writes. Never more than the follower's
 * available once the close is settled (the close's credits are there first): a share never makes an
 * account short, nor is it ever paid by the insurance fund.
 */
export async function payProfitShares(tx: Tx, contracts: ContractService, closed: Locked[]): Promise<void> {
  const copies = closed.filter(followsTrader);
  if (copies.length === 0) return;
  // What a copy owes depends on its figures, rate and coin alone: copies of one trader position mostly
  // share them, so each is computed once.
  const owedOf = new Map<string, { owed: MoneyValue; text: string } | null>();
  const owedBy = (p: Locked) => {
    const key = `${p.profit}|${p.fee}|${p.overnightFee}|${p.copyShareRate}|${p.symbolId}`;
    let found = owedOf.get(key);
    if (found === undefined) {
      const owed = profitShare(netProfit({ profit: p.profit ?? '0', fee: p.fee, overnightFee: p.overnightFee }), p.copyShareRate ?? '0', contracts.symbolById(p.symbolId)!.coinDecimals);
      owedOf.set(key, (found = isPositive(owed) ? { owed: money(owed), text: owed } : null));
    }
    return found;
  };
  // Only copies that made a net profit owe a share (none when the trader's close lost).
  const owing = copies.flatMap((p) => {
    const found = owedBy(p);
    return found ? [{ p, ...found }] : [];
  });
  const accountOf = new Map<number, number>();
  for (const { p } of owing) accountOf.set(p.id, p.accountId ?? (await userAccount(tx, p.userId, p.currencyId, 'contract')));
  // Read, not locked again: the close locked every account it posted to (settlement.ts), postMany checks them.
  const available = await accountAvailables(tx, [...new Set(accountOf.values())]);
  const shares: { p: Locked; share: string }[] = [];
  for (const { p, owed, text } of owing) {
    const account = accountOf.get(p.id)!;
    const left = available.get(account) ?? money(0);
    // Never more than the available: all it owes when it can, else what it has (nothing when short).
    const whole = left.gte(owed);
    const share = whole ? owed : Money.max(left, 0);
    if (share.isZero()) continue;
    available.set(account, left.minus(share));
    shares.push({ p, share: whole ? text : toAmountString(share) });
  }
  const traderAccounts = new Map<string, number>();
  for (const { p } of shares) {
    const key = `${p.copyTraderId}:${p.currencyId}`;
    if (!traderAccounts.has(key)) traderAccounts.set(key, await userAccount(tx, p.copyTraderId!, p.currencyId, 'contract'));
  }
  const groups = shares.map(({ p, share }) => {
    const ref = { refType: 'contract_position', refId: p.id };
    return { positionId: p.id, legs: [{ accountId: accountOf.get(p.id)!, amount: `-${share}`, ...ref }, { accountId: traderAccounts.get(`${p.copyTraderId}:${p.currencyId}`)!, amount: share, ...ref }] };
  });
  await postMany(tx, groupedEntries('copy_profit_share', groups), BATCH_LEGS_PER_ENTRY_MAX);
  // Written with the close itself (settlement.ts markClosed), not by a second update of the same rows.
  for (const p of copies) p.copyShare = '0';
  for (const { p, share } of shares) p.copyShare = share;
}

export async function closeCopies(tx: Tx, contracts: ContractService, traderPositionId: number): Promise<MirrorResult> {
  const trader = await traderPosition(tx, traderPositionId);
  const symbol = trader && contracts.symbolById(trader.symbolId);
  if (!trader || !symbol || trader.status !== 'closed' || trader.closePrice === null || trader.closeTickId === null) return { rows: [], copies: 0, skipped: 0 };
  const locked = await lockFollowingCopies(tx, trader.id);
  const tick = { id: String(trader.closeTickId), symbol: symbol.symbol, price: trader.closePrice, time: trader.closedAt!.getTime() };
  const items = locked.filter((p) => p.status === 'open' && p.selfHeldAt === null).map((p) => ({ p, reason: 'copy' as const, tick }));
  // The close pays their shares, and those of any copy its account-level settlement took with them.
  const all = await contracts.closeMany(tx, items);
  return { rows: all, copies: all.filter((p) => p.copyOf === trader.id).length, skipped: 0 };
}
