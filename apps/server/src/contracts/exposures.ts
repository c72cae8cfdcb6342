/**
 * The open positions' figures per account and symbol (margins, exposure E, cost C: contract-rules.ts
 * exposureOf), kept in memory beside the trigger index, so recomputing the liquidation triggers of the
 * accounts a bulk close touched costs a read of their balances, not of every position they still hold
 * (a tick closing 1,000 positions of accounts holding 100 each would read 100,000 rows). A pure core with
 * no I/O, like trigger-index.ts.
 * The database stays the truth: what is kept here is rebuilt from it at start and replaced from it by the
 * periodic trigger refresh (service.ts TRIGGER_REFRESH_EVERY_MS), and a liquidation is decided on figures
 * read in its transaction (a trigger computed from stale figures that fires early is checked and put back).
 * Between reads it follows the rows this process commits:
 *  - `apply` (after commit): an open position adds its share to its account and symbol, or replaces the
 *    share it had (a fill, a margin paid towards an overnight fee); a closed or cancelled one removes
 *    it, for good (an `open` row told late, after its close, cannot bring it back). Applying a row twice
 *    changes nothing.
 *  - `replace` (a read from the database): the accounts' positions as read, except what was applied
 *    after the read began (`mark`), which is newer than the read, and positions known to have ended.
 * Sums are kept exactly, in integer units (10^-18 for margins and exposures, 10^-36 for costs: a price
 * times a size), so they equal the database's own sums; bigint arithmetic, not decimal.js, as a bulk
 * close applies a thousand rows at once.
 */
import { toUnits } from '@fairex/contract';
import { accountKey, type AccountRef } from './accounts.ts';
import type { ExposureRow, RiskPosition } from './repository.ts';
import { FIGURE_DECIMALS, fineAmount, roundFine, units, unitsAmount } from './units.ts';

/** An account's open positions on one symbol summed, in integer units: margin and exposure of 10^-18, cost of 10^-36. */
export type HeldUnits = { symbolId: number; margin: bigint; exposure: bigint; cost: bigint };

/** A sum read from the database (accountExposures) in integer units. */
export const heldUnits = (row: ExposureRow): HeldUnits => ({
  symbolId: row.symbolId,
  margin: units(row.margin),
  exposure: units(row.exposure),
  cost: toUnits(row.cost, 2 * FIGURE_DECIMALS),
});

/**
 * The P&L of held positions at a mark (in 10^-18 units), E x mark - C rounded half away from zero to
 * 18 decimals: contract-rules exposureProfit, exactly, in integers.
 */
export const profitUnits = (held: HeldUnits, markUnits: bigint): bigint => roundFine(held.exposure * markUnits - held.cost);

/** Ended position ids remembered (a late `open` row of one is ignored); the oldest are forgotten first. */
export const ENDED_POSITIONS_KEPT_MAX = 100_000;

/** A row as committed: its status says whether it is open (tracked) or ended (removed). */
export type TrackedRow = RiskPosition & { status: 'pending' | 'open' | 'closed' | 'cancelled' };

/**
 * An open position's share of its account's sums on its symbol, in integer units: margin, weight
 * (signed lots x size, 10^-18) and cost (weight x open price, 10^-36). A read from the database computes
 * them there (repository.ts openPositionUnits).
 */
export type PositionUnits = { id: number; userId: number; currencyId: number; symbolId: number; margin: bigint; weight: bigint; cost: bigint };
type Share = PositionUnits & { seq: number };
type Sums = { margin: bigint; exposure: bigint; cost: bigint; count: number };
/** `version`: stamped anew on every change to the account's positions (what was computed from them may be kept until it changes). */
type Account = { userId: number; currencyId: number; positions: Map<number, Share>; bySymbol: Map<number, Sums>; version: number };

/** A committed row's share (rows a change hands over; a read brings its own). */
export function unitsOf(p: RiskPosition): PositionUnits {
  const weight = BigInt(p.lots) * units(p.contractSize) * (p.side === 'long' ? 1n : -1n);
  return { id: p.id, userId: p.userId, currencyId: p.currencyId, symbolId: p.symbolId, margin: units(p.margin), weight, cost: weight * units(p.openPrice ?? '0') };
}

export class AccountExposures {
  private readonly byAccount = new Map<string, Account>();
  /** Account key by tracked position id. */
  private readonly accountOf = new Map<number, string>();
  private readonly ended = new Set<number>();
  private seq = 0;
  private versions = 0;

  /** Positions tracked (tests). */
  get size() {
    return this.accountOf.size;
  }

  /** Rows as committed: open ones tracked (or replaced), ended ones removed for good. */
  apply(rows: readonly TrackedRow[]) {
    for (const row of rows) {
      if (row.status === 'open') {
        if (!this.ended.has(row.id)) this.put({ ...unitsOf(row), seq: ++this.seq });
      } else if (row.status !== 'pending') {
        this.remove(row.id);
        this.end(row.id);
      }
    }
  }

  /** Call before reading positions from the database; hand the answer to `replace` with the read. */
  mark(): number {
    return this.seq;
  }

  /** The accounts' open positions as read since `since` (mark): they replace what was tracked of them. */
  replace(accounts: readonly AccountRef[], positions: readonly PositionUnits[], since: number) {
    const read = new Map<string, PositionUnits[]>();
    for (const p of positions) {
      const key = accountKey(p.userId, p.currencyId);
      const list = read.get(key);
      if (list) list.push(p);
      else read.set(key, [p]);
    }
    for (const { userId, currencyId } of accounts) {
      const key = accountKey(userId, currencyId);
      const before = this.byAccount.get(key);
      const kept = before ? [...before.positions.values()].filter((s) => s.seq > since) : [];
      if (before) for (const id of before.positions.keys()) this.accountOf.delete(id);
      this.byAccount.delete(key);
      const newer = new Set(kept.map((s) => s.id));
      for (const p of read.get(key) ?? []) if (!newer.has(p.id) && !this.ended.has(p.id)) this.put({ ...p, seq: 0 });
      for (const s of kept) this.put(s);
    }
  }

  /** The accounts holding a tracked position. */
  accounts(): AccountRef[] {
    return [...this.byAccount.values()].map(({ userId, currencyId }) => ({ userId, currencyId }));
  }

  /** An account's open positions summed per symbol, in integer units (what accountExposures reads from the database). */
  held(userId: number, currencyId: number): HeldUnits[] {
    const account = this.byAccount.get(accountKey(userId, currencyId));
    if (!account) return [];
    return [...account.bySymbol].map(([symbolId, s]) => ({ symbolId, margin: s.margin, exposure: s.exposure, cost: s.cost }));
  }

  /** A stamp that changes whenever the account's positions do (0: none kept). */
  version(userId: number, currencyId: number): number {
    return this.byAccount.get(accountKey(userId, currencyId))?.version ?? 0;
  }

  /** `held` as accountExposures answers it (amount strings). */
  exposures(userId: number, currencyId: number): ExposureRow[] {
    return this.held(userId, currencyId).map((h) => ({ userId, currencyId, symbolId: h.symbolId, margin: unitsAmount(h.margin), exposure: unitsAmount(h.exposure), cost: fineAmount(h.cost) }));
  }

  private put(share: Share) {
    const key = accountKey(share.userId, share.currencyId);
    if (this.accountOf.has(share.id)) this.remove(share.id);
    let account = this.byAccount.get(key);
    if (!account) this.byAccount.set(key, (account = { userId: share.userId, currencyId: share.currencyId, positions: new Map(), bySymbol: new Map(), version: 0 }));
    account.positions.set(share.id, share);
    this.accountOf.set(share.id, key);
    this.add(account, share.symbolId, share, 1n);
  }

  private remove(id: number) {
    const key = this.accountOf.get(id);
    if (key === undefined) return;
    this.accountOf.delete(id);
    const account = this.byAccount.get(key)!;
    const share = account.positions.get(id)!;
    account.positions.delete(id);
    this.add(account, share.symbolId, share, -1n);
    if (account.positions.size === 0) this.byAccount.delete(key);
  }

  private add(account: Account, symbolId: number, share: Share, sign: 1n | -1n) {
    let sums = account.bySymbol.get(symbolId);
    if (!sums) account.bySymbol.set(symbolId, (sums = { margin: 0n, exposure: 0n, cost: 0n, count: 0 }));
    sums.margin += sign * share.margin;
    sums.exposure += sign * share.weight;
    sums.cost += sign * share.cost;
    sums.count += Number(sign);
    account.version = ++this.versions;
    if (sums.count === 0) account.bySymbol.delete(symbolId);
  }

  private end(id: number) {
    this.ended.add(id);
    if (this.ended.size > ENDED_POSITIONS_KEPT_MAX) this.ended.delete(this.ended.values().next().value!);
  }
}
