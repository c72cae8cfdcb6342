/**
 * Takes a proof-of-liabilities snapshot (issue 26): in one repeatable-read transaction, what every user
 * is owed (repository.ts says what counts) and the ledger's own totals of the same, read from the same
 * moment; one leaf per user with a fresh salt; the Merkle sum tree (@fairex/contract liabilities-proof.ts);
 * the snapshot, its leaves and its inner nodes stored together, so a half-written snapshot never shows.
 *
 * The rule for a leaf, with an example: user 7 holds 100 USDT available in spot, 5 USDT frozen by an
 * open order and 40 USDT of margin in an open long of 2 lots on BTC/USDT that is 3.5 USDT up at the
 * mark. Leaf sums: USDT 145. Detail lines (sorted): "USDT:held:contract_margin=40",
 * "USDT:position:BTC/USDT:long:2=3.5", "USDT:spot:available=100", "USDT:spot:frozen=5". The position's
 * 3.5 is committed, not summed (the ledger settles it at the close, and it may be negative).
 */
import { createHash, randomBytes } from 'node:crypto';
import { buildLevels, fromPolUnits, leafNode, profitLoss, toPolUnits, utcDay, type HashHex, type PolNode } from '@fairex/contract';
import type { Db } from '../db/client.ts';
import { selectHeldCoins, selectHoldersMaxId, selectHoldings, selectLedgerTotals, selectOpenPositions } from './repository.ts';
import { polLeaves, polNodes, polSnapshots, type PolReason } from './tables.ts';

/** node:crypto's SHA-256 (the same digest as the contract's; several times faster on the server). */
export const nodeSha256: HashHex = (text) => createHash('sha256').update(text).digest('hex');

/** User ids whose holdings one read takes (a million users' rows at once would take gigabytes). */
const HOLDERS_PER_READ = 50_000;
/** Rows per multi-row insert (PostgreSQL takes at most 65,535 parameters per statement). */
const INSERT_CHUNK = 5_000;

export type SnapshotOptions = {
  reason: PolReason;
  now: number;
  /** The mark an open position is shown at (the latest recorded tick), when there is one. */
  markOf: (symbol: string) => string | undefined;
  operatorId?: number;
  demo?: boolean;
};

export type Leaf = { userId: number; salt: string; sums: bigint[]; detail: string[] };

/** Builds one leaf per user who is owed anything or holds an open position, in coin order. Pure. */
export function leavesOf(
  coins: readonly string[],
  holdings: readonly { user_id: number; coin: string; line: string; amount: string }[],
  positions: readonly { user_id: number; coin: string; symbol: string; side: 'long' | 'short'; lots: number; open_price: string; contract_size: string }[],
  markOf: (symbol: string) => string | undefined,
  salt: () => string,
): Leaf[] {
  const byUser = new Map<number, Leaf>();
  const leaf = (userId: number) => {
    let found = byUser.get(userId);
    if (!found) byUser.set(userId, (found = { userId, salt: salt(), sums: coins.map(() => 0n), detail: [] }));
    return found;
  };
  for (const h of holdings) {
    const l = leaf(h.user_id);
    const units = toPolUnits(h.amount);
    l.sums[coins.indexOf(h.coin)]! += units;
    l.detail.push(`${h.coin}:${h.line}=${fromPolUnits(units)}`);
  }
  for (const p of positions) {
    const mark = markOf(p.symbol);
    const pnl = mark ? profitLoss(p.side, p.open_price, mark, p.lots, p.contract_size) : '0';
    leaf(p.user_id).detail.push(`${p.coin}:position:${p.symbol}:${p.side}:${p.lots}=${fromPolUnits(toPolUnits(pnl))}`);
  }
  const leaves = [...byUser.values()];
  for (const l of leaves) l.detail.sort();
  return leaves;
}

/** Takes and stores a snapshot; answers its id. */
export async function takeSnapshot(db: Db, options: SnapshotOptions): Promise<number> {
  return db.transaction(
    async (tx) => {
      // One after the other: a transaction is one connection.
      const ledger = await selectLedgerTotals(tx);
      const coins = [...new Set([...(await selectHeldCoins(tx)).map((h) => h.coin), ...ledger.map((l) => l.coin)])].sort();
      const positions = await selectOpenPositions(tx);
      const positionsByRange = new Map<number, typeof positions>();
      for (const p of positions) {
        const range = Math.floor(p.user_id / HOLDERS_PER_READ);
        const list = positionsByRange.get(range);
        if (list) list.push(p);
        else positionsByRange.set(range, [p]);
      }
      const maxId = await selectHoldersMaxId(tx);
      const leaves: Leaf[] = [];
      for (let range = 0; range * HOLDERS_PER_READ <= maxId; range++) {
        const holdings = await selectHoldings(tx, range * HOLDERS_PER_READ, (range + 1) * HOLDERS_PER_READ - 1);
        for (const leaf of leavesOf(coins, holdings, positionsByRange.get(range) ?? [], options.markOf, () => randomBytes(32).toString('hex'))) leaves.push(leaf);
      }
      // Ordered by hash: fresh salts reshuffle the leaves at every snapshot, so a position says nothing.
      const hashed = leaves.map((l) => ({ leaf: l, node: leafNode({ user_id: l.userId, salt: l.salt, sums: l.sums, detail: l.detail }, nodeSha256) }));
      hashed.sort((a, b) => (a.node.hash < b.node.hash ? -1 : a.node.hash > b.node.hash ? 1 : 0));
      const levels = buildLevels(
        hashed.map((h) => h.node),
        coins.length,
        nodeSha256,
      );
      const root = levels.at(-1)![0]!;
      const ledgerTotals = coins.map((coin) => String(toPolUnits(ledger.find((l) => l.coin === coin)?.total ?? '0')));
      const [snapshot] = await tx
        .insert(polSnapshots)
        .values({
          takenAt: new Date(options.now),
          day: utcDay(options.now),
          reason: options.reason,
          operatorId: options.operatorId ?? null,
          coins,
          rootHash: root.hash,
          totals: root.sums.map(String),
          ledgerTotals,
          leafCount: leaves.length,
          demo: options.demo ?? false,
        })
        .returning({ id: polSnapshots.id });
      const snapshotId = snapshot!.id;
      // Written a chunk at a time from the built levels, so no second copy of a million rows is held.
      for (let i = 0; i < hashed.length; i += INSERT_CHUNK) {
        await tx.insert(polLeaves).values(
          hashed.slice(i, i + INSERT_CHUNK).map((h, j) => ({ snapshotId, position: i + j, userId: h.leaf.userId, salt: h.leaf.salt, sums: h.leaf.sums.join(','), detail: h.leaf.detail })),
        );
      }
      for (const [index, level] of levels.slice(1).entries()) {
        for (let i = 0; i < level.length; i += INSERT_CHUNK) {
          await tx.insert(polNodes).values(level.slice(i, i + INSERT_CHUNK).map((node: PolNode, j) => ({ snapshotId, level: index + 1, position: i + j, hash: node.hash, sums: node.sums.join(',') })));
        }
      }
      return snapshotId;
    },
    { isolationLevel: 'repeatable read' },
  );
}
