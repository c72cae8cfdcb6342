/**
 * A user's own proof (GET /api/liabilities/proof): their leaf and the siblings on its path, read from the
 * stored leaves and nodes. Level sizes follow from the leaf count (each level halves, rounded up, until
 * one node); a sibling past a level's end is the empty node, as the tree was built. A snapshot whose leaves
 * and nodes are gone (retention.ts keeps them 90 days, deleting a batch at a time) is not_found: "no leaf"
 * must mean the user was owed nothing, and a sibling read as empty when its row is missing would hand out
 * a proof that fails as if the operator had cheated.
 */
import { emptyNode, leafNode, type LiabilitiesProof, type LiabilitiesProofAnswer, type PolStep } from '@fairex/contract';
import type { Executor } from '../db/client.ts';
import { DomainError } from '../http/errors.ts';
import { leafAt, leafOf, nodesAt, snapshotRow, snapshotView } from './repository.ts';
import { nodeSha256 } from './snapshot.ts';

/** The size of each level, leaves first, root last. */
export function levelSizes(leafCount: number): number[] {
  const sizes = [Math.max(1, leafCount)];
  while (sizes.at(-1)! > 1) sizes.push(Math.ceil(sizes.at(-1)! / 2));
  return sizes;
}

const splitSums = (sums: string) => (sums === '' ? [] : sums.split(','));

export async function proofOf(db: Executor, userId: number, snapshotId?: number): Promise<LiabilitiesProofAnswer> {
  const snapshot = await snapshotRow(db, snapshotId);
  if (!snapshot) throw new DomainError('not_found');
  const leaf = await leafOf(db, snapshot.id, userId);
  if (!leaf) {
    if (snapshot.leafCount > 0 && !(await leafAt(db, snapshot.id, 0))) throw new DomainError('not_found');
    return { snapshot: snapshotView(snapshot), proof: null };
  }
  const coins = snapshot.coins.length;
  const sizes = levelSizes(snapshot.leafCount);
  const siblings = sizes.slice(0, -1).map((_, level) => ({ level, position: (leaf.position >> level) ^ 1 }));
  const leafSibling = await leafAt(db, snapshot.id, leaf.position ^ 1);
  const nodes = await nodesAt(db, snapshot.id, siblings.slice(1));
  const stored = (level: number, position: number) => (level === 0 ? leafSibling !== undefined : nodes.some((n) => n.level === level && n.position === position));
  if (siblings.some(({ level, position }) => position < sizes[level]! && !stored(level, position))) throw new DomainError('not_found');
  const path: PolStep[] = siblings.map(({ level, position }) => {
    const side = position < leaf.position >> level ? 'left' : 'right';
    if (level === 0) {
      const node = leafSibling
        ? leafNode({ user_id: leafSibling.userId, salt: leafSibling.salt, sums: splitSums(leafSibling.sums).map(BigInt), detail: leafSibling.detail }, nodeSha256)
        : emptyNode(coins);
      return { side, hash: node.hash, sums: node.sums.map(String) };
    }
    const node = nodes.find((n) => n.level === level && n.position === position);
    return node ? { side, hash: node.hash, sums: splitSums(node.sums) } : { side, hash: emptyNode(coins).hash, sums: emptyNode(coins).sums.map(String) };
  });
  const proof: LiabilitiesProof = {
    version: 1,
    snapshot: { id: snapshot.id, taken_at: snapshot.takenAt.toISOString(), coins: snapshot.coins, root: snapshot.rootHash, totals: snapshot.totals },
    leaf: { position: leaf.position, user_id: leaf.userId, salt: leaf.salt, sums: splitSums(leaf.sums), detail: leaf.detail },
    path,
  };
  return { snapshot: snapshotView(snapshot), proof };
}
