/**
 * Proof of liabilities (issue 26): a Merkle sum tree over every user's balances. Each leaf commits to one
 * user's balances under a fresh random salt, so its hash says nothing about who it is or what it holds;
 * each node commits to both children's hashes and sums, and carries their sum per coin; the root's hash
 * and sums are published. A user given their leaf and the siblings on its path recomputes the root and
 * the totals: their balances are in the published totals, counted once, and no sibling can hide a
 * negative amount (every sum is a non-negative integer, checked at each step).
 *
 * Amounts are integers in base units of 10^-18 (the ledger's NUMERIC(36,18) scale), written in decimal.
 * The texts hashed (SHA-256, lowercase hex):
 *
 *   leaf = hex(sha256("fairex-pol-leaf-v1|" + salt + "|" + user_id + "|" + sums + "|" + detail))
 *   node = hex(sha256("fairex-pol-node-v1|" + left.hash + "|" + left.sums + "|" + right.hash + "|" + right.sums))
 *
 *  - sums: the amounts per coin, in the snapshot's coin order, joined by "," (node sums = left + right);
 *  - detail: the leaf's lines joined by ";": "COIN:kind:bucket=amount" for each ledger bucket the sums
 *    add up (available, frozen, locked of each account kind; never negative: verifyProof refuses one),
 *    and "COIN:position:SYMBOL:side:lots=pnl" for each open contract position at the snapshot's mark
 *    (committed, not summed: the ledger settles a position's result only at its close, and it may be negative);
 *  - salt: 32 random bytes as 64 lowercase hex; user_id a whole number; no detail line holds ";" or "|"
 *    (the text is read back at those separators, so verifyProof refuses anything that could move them);
 *  - a level with an odd count is paired with the empty node: hash of 64 zeros, every sum 0;
 *  - leaves are ordered by their hash (fresh salts reshuffle them at every snapshot).
 *
 * Worked example (the test checks it): coins [BTC, USDT], one leaf with salt "00…01" (64 hex), user 7,
 * sums [0, 100000000000000000000] (100 USDT), detail ["USDT:spot:available=100"].
 *
 * What a proof shows besides the user's own leaf: the sibling hashes and sums on the path. The first
 * sibling's sums are the balances of one other, anonymous leaf (salted, shuffled again the next day);
 * no identity and no other detail can be read.
 */
import { sha256Hex } from './nft-rules.ts';
import { fromUnits, toUnits } from './spot-rules.ts';

export const POL_LEAF_PREFIX = 'fairex-pol-leaf-v1';
export const POL_NODE_PREFIX = 'fairex-pol-node-v1';
/** The empty node's hash (pads an odd level). */
export const POL_EMPTY_HASH = '0'.repeat(64);
/** Decimal places of a base unit (the ledger's NUMERIC(36,18) scale: nothing is ever cut). */
export const POL_SCALE = 18;

/** SHA-256 as lowercase hex (the server passes node:crypto's for speed; browsers and scripts use @noble/hashes'). */
export type HashHex = (text: string) => string;

/** A ledger amount in base units, and back ("100", "0.5"). */
export const toPolUnits = (amount: string): bigint => toUnits(amount, POL_SCALE);
export const fromPolUnits = (units: bigint): string => fromUnits(units, POL_SCALE);

export type PolNode = { hash: string; sums: bigint[] };
export type PolLeafInput = { user_id: number; salt: string; sums: bigint[]; detail: string[] };

const joinSums = (sums: readonly bigint[]) => sums.join(',');
/** A hash, or a salt (32 random bytes): lowercase hex, so no separator can hide in it. */
const HEX_64 = /^[0-9a-f]{64}$/;
const isId = (n: unknown): n is number => Number.isSafeInteger(n) && (n as number) >= 0;

export function leafText(leaf: PolLeafInput): string {
  return [POL_LEAF_PREFIX, leaf.salt, String(leaf.user_id), joinSums(leaf.sums), leaf.detail.join(';')].join('|');
}

/**
 * A leaf's node; refuses a negative sum (the ledger never holds one for a user, and the tree must not hide one),
 * and a salt, user id or detail line that could move the text's "|" or ";" boundaries (see verifyProof).
 */
export function leafNode(leaf: PolLeafInput, hash: HashHex = sha256Hex): PolNode {
  if (leaf.sums.some((s) => s < 0n)) throw new Error(`negative balance in the leaf of user ${leaf.user_id}`);
  if (!HEX_64.test(leaf.salt) || !isId(leaf.user_id) || leaf.detail.some((line) => /[;|]/.test(line))) {
    throw new Error(`malformed leaf of user ${leaf.user_id}`);
  }
  return { hash: hash(leafText(leaf)), sums: leaf.sums };
}

export const emptyNode = (coins: number): PolNode => ({ hash: POL_EMPTY_HASH, sums: Array.from({ length: coins }, () => 0n) });

export function parentNode(left: PolNode, right: PolNode, hash: HashHex = sha256Hex): PolNode {
  const text = [POL_NODE_PREFIX, left.hash, joinSums(left.sums), right.hash, joinSums(right.sums)].join('|');
  return { hash: hash(text), sums: left.sums.map((s, i) => s + right.sums[i]!) };
}

/** The next level up: pairs in order, the last one with the empty node when the count is odd. */
export function nextLevel(level: readonly PolNode[], coins: number, hash: HashHex = sha256Hex): PolNode[] {
  const up: PolNode[] = new Array(Math.ceil(level.length / 2));
  for (let i = 0; i < level.length; i += 2) up[i / 2] = parentNode(level[i]!, level[i + 1] ?? emptyNode(coins), hash);
  return up;
}

/**
 * Every level from the leaves (level 0) up to the root (one node). No leaf: the root is the empty node.
 * `onLevel` sees each level as it is built (the server stores it, the bench measures it).
 */
export function buildLevels(leaves: readonly PolNode[], coins: number, hash: HashHex = sha256Hex): PolNode[][] {
  const levels: PolNode[][] = [leaves.length ? [...leaves] : [emptyNode(coins)]];
  while (levels.at(-1)!.length > 1) levels.push(nextLevel(levels.at(-1)!, coins, hash));
  return levels;
}

/** The siblings on the path of the leaf at `position`, bottom up. */
export function pathOf(levels: readonly PolNode[][], position: number, coins: number): PolStep[] {
  const path: PolStep[] = [];
  let index = position;
  for (let level = 0; level < levels.length - 1; level++) {
    const siblingIndex = index ^ 1;
    const sibling = levels[level]![siblingIndex] ?? emptyNode(coins);
    path.push({ side: siblingIndex < index ? 'left' : 'right', hash: sibling.hash, sums: sibling.sums.map(String) });
    index >>= 1;
  }
  return path;
}

/** One step of a path: the sibling's side, hash and sums (base units as decimal strings). */
export type PolStep = { side: 'left' | 'right'; hash: string; sums: string[] };

/** What a user downloads: enough to recompute the published root with any SHA-256. */
export type LiabilitiesProof = {
  version: 1;
  snapshot: { id: number; taken_at: string; coins: string[]; root: string; totals: string[] };
  leaf: { position: number; user_id: number; salt: string; sums: string[]; detail: string[] };
  path: PolStep[];
};

export type ProofCheck =
  | { ok: true; root: string }
  | { ok: false; reason: 'malformed' | 'negative' | 'detail_mismatch' | 'root_mismatch' | 'totals_mismatch'; root?: string };

const INTEGER = /^\d+$/;
/** An amount in a detail line: at most POL_SCALE decimals, so nothing is cut when it is summed. */
const AMOUNT = '-?\\d+(?:\\.\\d{1,18})?';
/** "COIN:kind:bucket=amount", summed. */
const LEDGER_LINE = new RegExp(`^([^:=;|]+):([^:=;|]+):([^:=;|]+)=(${AMOUNT})$`);
/** "COIN:position:SYMBOL:side:lots=pnl", committed, not summed. */
const POSITION_LINE = new RegExp(`^[^:=;|]+:position:[^:=;|]+:(?:long|short):\\d+=${AMOUNT}$`);

/** The ledger lines of a leaf's detail ("COIN:kind:bucket=amount"), summed per coin in base units; undefined when a line is neither kind. */
export function detailSums(detail: readonly string[], coins: readonly string[]): bigint[] | undefined {
  const sums = coins.map(() => 0n);
  for (const line of detail) {
    if (typeof line !== 'string') return undefined;
    if (POSITION_LINE.test(line)) continue;
    const match = LEDGER_LINE.exec(line);
    if (!match || match[2] === 'position') return undefined;
    const coin = coins.indexOf(match[1]!);
    if (coin < 0) return undefined;
    sums[coin]! += toPolUnits(match[4]!);
  }
  return sums;
}

/**
 * Checks a downloaded proof: the leaf's detail adds up to its sums, no ledger line of it and no sum on the
 * path is negative, and hashing up the path gives the root and totals the proof names. The proof's snapshot
 * must still be compared with the published one (matchesPublished, against GET /api/transparency/liabilities):
 * a proof is consistent with itself even when it comes from a tree that was never published, or lists the
 * coins in another order than the published tree's.
 *
 * The leaf's fields are checked before they are hashed (salt 64 hex, user id a whole number, detail lines
 * of the two documented shapes): the leaf text is read back by its "|" and ";", so a salt or a line holding
 * them would let one leaf read as two users' (each with the same sums), counting their balances once.
 */
export function verifyProof(proof: LiabilitiesProof, hash: HashHex = sha256Hex): ProofCheck {
  const { snapshot, leaf, path } = proof;
  const coins = snapshot.coins.length;
  const steps: unknown[] = Array.isArray(path) ? path : [];
  const sumLists = [leaf.sums, snapshot.totals, ...steps.map((step) => (step as PolStep | null)?.sums)];
  if (sumLists.some((sums) => Array.isArray(sums) && sums.some((s) => typeof s === 'string' && s.startsWith('-')))) return { ok: false, reason: 'negative' };
  const wellFormed = (sums: unknown): sums is string[] => Array.isArray(sums) && sums.length === coins && sums.every((s) => typeof s === 'string' && INTEGER.test(s));
  const stepFormed = (step: unknown) => {
    const { side, hash: sibling, sums } = (step ?? {}) as Partial<PolStep>;
    return (side === 'left' || side === 'right') && typeof sibling === 'string' && HEX_64.test(sibling) && wellFormed(sums);
  };
  const leafFormed =
    typeof leaf.salt === 'string' && HEX_64.test(leaf.salt) && isId(leaf.user_id) && isId(leaf.position) && leaf.position < 2 ** steps.length && Array.isArray(leaf.detail);
  if (!Array.isArray(path) || !path.every(stepFormed) || !wellFormed(leaf.sums) || !wellFormed(snapshot.totals) || !leafFormed) {
    return { ok: false, reason: 'malformed' };
  }
  // A user's ledger bucket is never negative (the audit's user_accounts_not_negative): a negative line could only
  // net away part of what the other lines show the user they are owed.
  if (leaf.detail.some((line) => typeof line === 'string' && !POSITION_LINE.test(line) && LEDGER_LINE.exec(line)?.[4]!.startsWith('-'))) {
    return { ok: false, reason: 'negative' };
  }
  const sums = leaf.sums.map(BigInt);
  const fromDetail = detailSums(leaf.detail, snapshot.coins);
  if (!fromDetail || fromDetail.some((s, i) => s !== sums[i])) return { ok: false, reason: 'detail_mismatch' };
  let node = leafNode({ user_id: leaf.user_id, salt: leaf.salt, sums, detail: leaf.detail }, hash);
  let index = leaf.position;
  for (const step of path) {
    const sibling: PolNode = { hash: step.hash, sums: step.sums.map(BigInt) };
    if ((step.side === 'left') !== (index % 2 === 1)) return { ok: false, reason: 'malformed' };
    node = step.side === 'left' ? parentNode(sibling, node, hash) : parentNode(node, sibling, hash);
    index = Math.floor(index / 2);
  }
  if (node.hash !== snapshot.root) return { ok: false, reason: 'root_mismatch', root: node.hash };
  if (node.sums.some((s, i) => s !== BigInt(snapshot.totals[i]!))) return { ok: false, reason: 'totals_mismatch', root: node.hash };
  return { ok: true, root: node.hash };
}

/** A published snapshot as GET /api/transparency/liabilities lists it (totals in coins, not base units). */
export type PublishedPolSnapshot = { id: number; root: string; coins: readonly string[]; totals: readonly string[] };

/**
 * Whether a proof's snapshot is the one published under its id: the same root, the same coins in the same
 * order, the same totals. The root is not enough: the hashes commit to each coin's amount by its place, not
 * to the coin's name, so a proof listing the coins in another order can place the user's BTC in a cheap
 * coin's column of the published tree and still verify against the published root.
 */
export function matchesPublished(proof: LiabilitiesProof, published: readonly PublishedPolSnapshot[]): boolean {
  const { snapshot } = proof;
  const view = published.find((p) => p.id === snapshot.id);
  if (!view || view.root !== snapshot.root || view.coins.length !== snapshot.coins.length || view.totals.length !== snapshot.totals.length) return false;
  if (view.coins.some((coin, i) => coin !== snapshot.coins[i])) return false;
  try {
    return view.totals.every((total, i) => toPolUnits(total) === BigInt(snapshot.totals[i]!));
  } catch {
    return false;
  }
}
