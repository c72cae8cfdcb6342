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
 * Batched: the followers' accounts are locked and read at once (id order, as the ledger locks), the
 * copies written in one statement, the money in entries of up to BATCH_LEGS_PER_ENTRY_MAX legs, each leg
 * naming its copy.
 *
 * Close: the copies still following (not taken over) close at the trader's close price and tick (reason
 * `copy`), through the contract service's own close.
 *
 * Profit share, one rule whatever closed a copy still following its trader (the trader's close, its
 * account's liquidation or settlement with another position, an overnight fee it could not pay): a net
 * profit pays the trader the share its follow agreed (copy-rules.ts profitShare), from the follower's
 * contract account to the trader's, in the close's own transaction (payProfitShares, which the contract
 * service's close calls through CopyService.record). A self-held copy settled its share when taken over.
 */
import {
  copyLots,
  handlingFee,
  isPositive,
  marginOf,
  minOf,
  Money,
  money,
  netProfit,
  notional,
  payUnits,
  profitShare,
  sum,
  tickFreshAt,
  toAmountString,
  type CopySkipReason,
  type MoneyValue,
} from '@fairex/contract';
import { DomainError } from '../http/errors.ts';
import type { Tx } from '../db/client.ts';
import { BATCH_LEGS_PER_ENTRY_MAX, post, systemAccount, userAccount, type Leg } from '../ledger/index.ts';
import { lockedAvailables, lockPositions, type PositionRow } from '../contracts/repository.ts';
import { followsTrader, type ContractService } from '../contracts/service.ts';
import type { Locked } from '../contracts/settlement.ts';
import { contractPositions } from '../contracts/tables.ts';
import { eq } from 'drizzle-orm';
import type { NotificationService } from '../notifications/service.ts';
import { maskAccount } from '../referrals/rules.ts';
import { followingCopyIds, followsToMirror, insertCopies, insertSkips, setCopyShares, userNames } from './repository.ts';

/** Copies written in one INSERT at most. */
export const COPIES_PER_INSERT_MAX = 2_000;

export type MirrorResult = { rows: PositionRow[]; copies: number; skipped: number };

async function traderPosition(tx: Tx, id: number): Promise<PositionRow | undefined> {
  const [row] = await tx.select().from(contractPositions).where(eq(contractPositions.id, id));
  return row;
}

/**
 * Groups of legs in entries of up to BATCH_LEGS_PER_ENTRY_MAX legs, each named after its first group's
 * position; `summed` adds the legs that balance an entry's groups as one (a system account's total).
 */
async function postGrouped(tx: Tx, kind: string, groups: { positionId: number; legs: Leg[] }[], summed: (chunk: typeof groups) => Leg[] = () => []) {
  const room = BATCH_LEGS_PER_ENTRY_MAX - summed([]).length;
  for (let from = 0; from < groups.length; ) {
    let to = from;
    let legs: Leg[] = [];
    while (to < groups.length && legs.length + groups[to]!.legs.length <= room) legs = legs.concat(groups[to++]!.legs);
    const total = summed(groups.slice(from, to)).filter((l) => !money(l.amount).isZero());
    await post(tx, { kind, refType: 'contract_position', refId: groups[from]!.positionId, legs: legs.concat(total) }, BATCH_LEGS_PER_ENTRY_MAX);
    from = to;
  }
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
  const follows = await followsToMirror(tx, trader.userId, trader.currencyId);
  const skips: { follow_id: number; follower_id: number; trader_id: number; trader_position_id: number; reason: CopySkipReason; created_at: string }[] = [];
  const skip = (f: { id: number; follower_id: number }, reason: CopySkipReason) =>
    skips.push({ follow_id: Number(f.id), follower_id: f.follower_id, trader_id: trader.userId, trader_position_id: trader.id, reason, created_at: now.toISOString() });
  if (trader.status !== 'open') {
    for (const f of follows) skip(f, 'trader_closed');
    await insertSkips(tx, skips);
    return { rows: [], copies: 0, skipped: skips.length };
  }
  const mark = contracts.latestTick(trader.symbolId);
  // Tick ids grow as ticks are recorded: a mark before the trader's own (a store behind) waits for a later one.
  if (!tickFreshAt(mark, now.getTime(), contracts.indexFreshMs) || Number(mark!.id) < (trader.openTickId ?? 0)) throw new DomainError('index_unavailable');
  const available: Map<number, MoneyValue> = await lockedAvailables(
    tx,
    follows.flatMap((f) => (f.account_id === null ? [] : [f.account_id])),
  );
  const planned: { follow: (typeof follows)[number]; lots: number; margin: string; fee: string }[] = [];
  // Margin and fee depend on the lots alone (one price, size and multiple): computed once per lot count.
  const costs = new Map<number, { margin: string; fee: string; total: MoneyValue }>();
  const costOf = (lots: number) => {
    let cost = costs.get(lots);
    if (!cost) {
      const value = notional(mark!.price, lots, trader.contractSize);
      const margin = payUnits(marginOf(value, trader.multiple), symbol.coinDecimals);
      const fee = payUnits(handlingFee(value, symbol.settings.feeRate), symbol.coinDecimals);
      costs.set(lots, (cost = { margin, fee, total: money(margin).plus(fee) }));
    }
    return cost;
  };
  for (const f of follows) {
    const sized = copyLots({ type: f.type, number: f.number, traderLots: trader.lots, lotsMin: symbol.settings.lotsMin, lotsMax: symbol.settings.lotsMax });
    if ('skip' in sized) {
      skip(f, sized.skip);
      continue;
    }
    const { margin, fee, total } = costOf(sized.lots);
    const left = f.account_id === null ? undefined : available.get(f.account_id);
    if (!left || left.lt(total)) {
      skip(f, 'insufficient_balance');
      continue;
    }
    available.set(f.account_id!, left.minus(total));
    planned.push({ follow: f, lots: sized.lots, margin, fee });
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
      chunk.map((c) => ({ user_id: c.follow.follower_id, lots: c.lots, margin: c.margin, fee: c.fee, follow_id: Number(c.follow.id), share_rate: c.follow.profit_share_rate })),
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
        margin: c.margin,
        fee: c.fee,
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
    const marginOfCopy = new Map(planned.map((c, i) => [rows[i]!.id, c.margin]));
    // Each copy's own legs: the follower pays margin and fee, the fee lands in `fees` naming the copy (the
    // rebate job reads fee postings one by one); the margins reach contract_margins summed per entry.
    await postGrouped(
      tx,
      'contract_open',
      planned.map((c, i) => {
        const ref = { refType: 'contract_position', refId: rows[i]!.id };
        const legs: Leg[] = [
          { accountId: c.follow.account_id!, amount: `-${toAmountString(money(c.margin).plus(c.fee))}`, ...ref },
          { accountId: fees, amount: c.fee, ...ref },
        ];
        return { positionId: rows[i]!.id, legs: legs.filter((l) => !money(l.amount).isZero()) };
      }),
      (chunk) => [{ accountId: margins, amount: sum(chunk.map((g) => marginOfCopy.get(g.positionId)!)) }],
    );
  }
  await tellSkipped(tx, notifications, trader, symbol.symbol, await insertSkips(tx, skips));
  return { rows, copies: rows.length, skipped: skips.length };
}

/**
 * Pays the trader's shares of copies that closed still following their trader (the rule above), each
 * written on its copy (0 without one), in the close's transaction. Never more than the follower's
 * available once the close is settled (the close's credits are there first): a share never makes an
 * account short, nor is it ever paid by the insurance fund.
 */
export async function payProfitShares(tx: Tx, contracts: ContractService, closed: Locked[]): Promise<void> {
  const copies = closed.filter(followsTrader);
  if (copies.length === 0) return;
  const accountOf = new Map<number, number>();
  for (const p of copies) accountOf.set(p.id, p.accountId ?? (await userAccount(tx, p.userId, p.currencyId, 'contract')));
  const available = await lockedAvailables(tx, [...new Set(accountOf.values())]);
  const shares: { p: Locked; share: string }[] = [];
  for (const p of copies) {
    const owed = profitShare(netProfit({ profit: p.profit ?? '0', fee: p.fee, overnightFee: p.overnightFee }), p.copyShareRate ?? '0', contracts.symbolById(p.symbolId)!.coinDecimals);
    const left = available.get(accountOf.get(p.id)!) ?? money(0);
    const share = minOf(owed, Money.max(left, 0));
    if (!isPositive(share)) continue;
    available.set(accountOf.get(p.id)!, left.minus(share));
    shares.push({ p, share });
  }
  const traderAccounts = new Map<string, number>();
  for (const { p } of shares) {
    const key = `${p.copyTraderId}:${p.currencyId}`;
    if (!traderAccounts.has(key)) traderAccounts.set(key, await userAccount(tx, p.copyTraderId!, p.currencyId, 'contract'));
  }
  await postGrouped(
    tx,
    'copy_profit_share',
    shares.map(({ p, share }) => {
      const ref = { refType: 'contract_position', refId: p.id };
      return { positionId: p.id, legs: [{ accountId: accountOf.get(p.id)!, amount: `-${share}`, ...ref }, { accountId: traderAccounts.get(`${p.copyTraderId}:${p.currencyId}`)!, amount: share, ...ref }] };
    }),
  );
  const shared = new Map(shares.map(({ p, share }) => [p.id, share]));
  await setCopyShares(tx, copies.map((p) => ({ id: p.id, share: shared.get(p.id) ?? '0' })));
}

export async function closeCopies(tx: Tx, contracts: ContractService, traderPositionId: number): Promise<MirrorResult> {
  const trader = await traderPosition(tx, traderPositionId);
  const symbol = trader && contracts.symbolById(trader.symbolId);
  if (!trader || !symbol || trader.status !== 'closed' || trader.closePrice === null || trader.closeTickId === null) return { rows: [], copies: 0, skipped: 0 };
  const locked = await lockPositions(tx, await followingCopyIds(tx, trader.id));
  const tick = { id: String(trader.closeTickId), symbol: symbol.symbol, price: trader.closePrice, time: trader.closedAt!.getTime() };
  const items = [...locked.values()].filter((p) => p.status === 'open' && p.selfHeldAt === null).map((p) => ({ p, reason: 'copy' as const, tick }));
  // The close pays their shares, and those of any copy its account-level settlement took with them.
  const all = await contracts.closeMany(tx, items);
  return { rows: all, copies: all.filter((p) => p.copyOf === trader.id).length, skipped: 0 };
}
