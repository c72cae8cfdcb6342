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
 * handled late). Copies carry no take-profit or stop-loss of their own: they close with the trader.
 * Batched: the followers' accounts are locked and read at once (id order, as the ledger locks), the
 * copies written in one statement, the money in entries of up to BATCH_LEGS_PER_ENTRY_MAX legs, each leg
 * naming its copy.
 *
 * Close: the copies still following (not taken over) close at the trader's close price and tick (reason
 * `copy`), through the contract service's own close; each copy that made a net profit pays the trader the
 * share its follow agreed (copy-rules.ts profitShare), from the follower's contract account to the
 * trader's, in the same transaction.
 */
import { copyLots, handlingFee, marginOf, money, netProfit, notional, payUnits, profitShare, sum, tickFreshAt, toAmountString, type CopySkipReason, type MoneyValue } from '@fairex/contract';
import { DomainError } from '../http/errors.ts';
import type { Tx } from '../db/client.ts';
import { BATCH_LEGS_PER_ENTRY_MAX, post, systemAccount, userAccount, type Leg } from '../ledger/index.ts';
import { lockedAvailables, lockPositions, type PositionRow } from '../contracts/repository.ts';
import type { ContractService } from '../contracts/service.ts';
import { contractPositions } from '../contracts/tables.ts';
import { eq } from 'drizzle-orm';
import { followingCopyIds, followsToMirror, insertCopies, insertSkips, setCopyShares } from './repository.ts';

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

export async function openCopies(tx: Tx, contracts: ContractService, traderPositionId: number, now: Date): Promise<MirrorResult> {
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
  await insertSkips(tx, skips);
  return { rows, copies: rows.length, skipped: skips.length };
}

export async function closeCopies(tx: Tx, contracts: ContractService, traderPositionId: number): Promise<MirrorResult> {
  const trader = await traderPosition(tx, traderPositionId);
  const symbol = trader && contracts.symbolById(trader.symbolId);
  if (!trader || !symbol || trader.status !== 'closed' || trader.closePrice === null || trader.closeTickId === null) return { rows: [], copies: 0, skipped: 0 };
  const locked = await lockPositions(tx, await followingCopyIds(tx, trader.id));
  const tick = { id: String(trader.closeTickId), symbol: symbol.symbol, price: trader.closePrice, time: trader.closedAt!.getTime() };
  const items = [...locked.values()].filter((p) => p.status === 'open' && p.selfHeldAt === null).map((p) => ({ p, reason: 'copy' as const, tick }));
  // An account-level close may take a follower's other positions with a copy (reason account): only this
  // trader's copies share their profit with this trader.
  const all = await contracts.closeMany(tx, items);
  const closed = all.filter((p) => p.copyOf === trader.id);
  const shares = closed.flatMap((p) => {
    const share = profitShare(netProfit({ profit: p.profit ?? '0', fee: p.fee, overnightFee: p.overnightFee }), p.copyShareRate ?? '0', symbol.coinDecimals);
    return money(share).isZero() ? [] : [{ p, share }];
  });
  if (shares.length > 0) {
    const traderAccount = await userAccount(tx, trader.userId, trader.currencyId, 'contract');
    await postGrouped(
      tx,
      'copy_profit_share',
      shares.map(({ p, share }) => {
        const ref = { refType: 'contract_position', refId: p.id };
        return { positionId: p.id, legs: [{ accountId: locked.get(p.id)!.accountId!, amount: `-${share}`, ...ref }, { accountId: traderAccount, amount: share, ...ref }] };
      }),
    );
  }
  const shared = new Map(shares.map(({ p, share }) => [p.id, share]));
  await setCopyShares(tx, closed.map((p) => ({ id: p.id, share: shared.get(p.id) ?? '0' })));
  return { rows: all.map((p) => (p.copyOf === trader.id ? { ...p, copyShare: shared.get(p.id) ?? '0' } : p)), copies: closed.length, skipped: 0 };
}
