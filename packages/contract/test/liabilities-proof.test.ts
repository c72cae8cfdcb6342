// The proof-of-liabilities Merkle sum tree (liabilities-proof.ts): its documented worked example, every
// leaf's proof verifying in trees of 1 to 67 random leaves, and each way of tampering with a proof
// failing for its own reason (checked against a proof that verifies, so a failure is the tampering's).
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  buildLevels,
  detailSums,
  emptyNode,
  fromPolUnits,
  leafNode,
  leafText,
  nextLevel,
  parentNode,
  pathOf,
  POL_EMPTY_HASH,
  toPolUnits,
  verifyProof,
  type LiabilitiesProof,
  type PolLeafInput,
} from '../src/liabilities-proof.ts';

const sha = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const COINS = ['BTC', 'ETH', 'USDT'];

/** mulberry32: the same leaves at every run. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Leaves of users 1..count: each coin held or not (some leaves hold nothing), up to 18 decimals, one frozen line now and then. */
function randomLeaves(count: number, random: () => number): PolLeafInput[] {
  return Array.from({ length: count }, (_, i) => {
    const salt = Array.from({ length: 64 }, () => Math.floor(random() * 16).toString(16)).join('');
    const sums = COINS.map(() => 0n);
    const detail: string[] = [];
    COINS.forEach((coin, c) => {
      if (random() < 0.45) return;
      for (const bucket of random() < 0.2 ? ['available', 'frozen'] : ['available']) {
        const units = BigInt(Math.floor(random() * 1e6)) * 10n ** 18n + BigInt(Math.floor(random() * 1e9)) * BigInt(Math.floor(random() * 1e9));
        sums[c]! += units;
        detail.push(`${coin}:spot:${bucket}=${fromPolUnits(units)}`);
      }
    });
    if (random() < 0.1) detail.push(`USDT:position:BTC/USDT:${random() < 0.5 ? 'long' : 'short'}:2=-3.5`);
    return { user_id: i + 1, salt, sums, detail: detail.sort() };
  });
}

/** The tree as the server builds it (leaves ordered by hash) and each user's proof. */
function treeOf(inputs: PolLeafInput[]) {
  const nodes = inputs.map((input) => ({ input, node: leafNode(input, sha) })).sort((a, b) => (a.node.hash < b.node.hash ? -1 : 1));
  const levels = buildLevels(
    nodes.map((n) => n.node),
    COINS.length,
    sha,
  );
  const root = levels.at(-1)![0]!;
  const proofOf = (position: number): LiabilitiesProof => {
    const { input } = nodes[position]!;
    return {
      version: 1,
      snapshot: { id: 1, taken_at: '2026-11-28T00:00:00.000Z', coins: COINS, root: root.hash, totals: root.sums.map(String) },
      leaf: { position, user_id: input.user_id, salt: input.salt, sums: input.sums.map(String), detail: [...input.detail] },
      path: pathOf(levels, position, COINS.length),
    };
  };
  return { levels, root, proofOf };
}

const copy = (proof: LiabilitiesProof): LiabilitiesProof => structuredClone(proof);
const verify = (proof: LiabilitiesProof) => verifyProof(proof, sha);

describe('the leaf and node texts', () => {
  it('hashes the worked example of the module comment', () => {
    const leaf = { user_id: 7, salt: '0'.repeat(63) + '1', sums: [0n, 100n * 10n ** 18n], detail: ['USDT:spot:available=100'] };
    expect(leafText(leaf)).toBe(`fairex-pol-leaf-v1|${'0'.repeat(63)}1|7|0,100000000000000000000|USDT:spot:available=100`);
    expect(leafNode(leaf).hash).toBe('89b3a146a6832cea8e6de6eca50d0a797ac35562d18aefa7fd69a9825689f813');
    expect(leafNode(leaf, sha).hash).toBe(leafNode(leaf).hash);
    expect(detailSums(leaf.detail, ['BTC', 'USDT'])).toEqual(leaf.sums);
  });

  it('hashes a node over both children and their sums, and carries their sum', () => {
    const left = { hash: 'a'.repeat(64), sums: [1n, 2n] };
    const right = { hash: 'b'.repeat(64), sums: [10n, 0n] };
    expect(parentNode(left, right)).toEqual({ hash: sha(`fairex-pol-node-v1|${'a'.repeat(64)}|1,2|${'b'.repeat(64)}|10,0`), sums: [11n, 2n] });
  });

  it('turns ledger amounts into base units of 10^-18 and back', () => {
    expect(toPolUnits('100')).toBe(100n * 10n ** 18n);
    expect(toPolUnits('0.000000000000000001')).toBe(1n);
    expect(fromPolUnits(1_500_000_000_000_000_000n)).toBe('1.5');
  });

  it('refuses a leaf with a negative sum, a salt that is not 64 hex, or a detail line holding a separator', () => {
    const leaf = { user_id: 1, salt: 'f'.repeat(64), sums: [0n, -1n, 0n], detail: [] };
    expect(() => leafNode(leaf)).toThrow(/negative/);
    expect(() => leafNode({ ...leaf, sums: [0n, 0n, 0n], salt: 'f'.repeat(63) + '|' })).toThrow(/malformed/);
    expect(() => leafNode({ ...leaf, sums: [0n, 0n, 0n], detail: ['USDT:spot:available=1;BTC:spot:available=2'] })).toThrow(/malformed/);
  });
});

describe('the tree', () => {
  it('has the empty node as its root when there is no leaf', () => {
    const levels = buildLevels([], COINS.length, sha);
    expect(levels).toEqual([[emptyNode(COINS.length)]]);
    expect(levels[0]![0]!.hash).toBe(POL_EMPTY_HASH);
  });

  it('is its only leaf when there is one, whose proof has an empty path', () => {
    const [input] = randomLeaves(1, seeded(1));
    const { levels, root, proofOf } = treeOf([input!]);
    expect(levels).toHaveLength(1);
    expect(root).toEqual(leafNode(input!, sha));
    expect(proofOf(0).path).toEqual([]);
    expect(verify(proofOf(0))).toEqual({ ok: true, root: root.hash });
  });

  it('pairs the last node of an odd level with the empty node', () => {
    const nodes = randomLeaves(3, seeded(2)).map((input) => leafNode(input, sha));
    const up = nextLevel(nodes, COINS.length, sha);
    expect(up).toEqual([parentNode(nodes[0]!, nodes[1]!, sha), parentNode(nodes[2]!, emptyNode(COINS.length), sha)]);
    expect(buildLevels(nodes, COINS.length, sha).map((level) => level.length)).toEqual([3, 2, 1]);
    expect(pathOf(buildLevels(nodes, COINS.length, sha), 2, COINS.length)[0]).toEqual({ side: 'right', hash: POL_EMPTY_HASH, sums: ['0', '0', '0'] });
  });

  it("verifies every leaf's proof in trees of 1 to 67 random leaves, whose totals are the sum of the leaves", () => {
    const random = seeded(26);
    for (let count = 1; count <= 67; count++) {
      const inputs = randomLeaves(count, random);
      const { levels, root, proofOf } = treeOf(inputs);
      expect(levels).toHaveLength(Math.ceil(Math.log2(count)) + 1);
      expect(root.sums).toEqual(COINS.map((_, c) => inputs.reduce((sum, input) => sum + input.sums[c]!, 0n)));
      for (let position = 0; position < count; position++) {
        expect(verify(proofOf(position)), `leaf ${position} of ${count}`).toEqual({ ok: true, root: root.hash });
      }
    }
  });

  it('verifies with the default SHA-256 (@noble/hashes) as with node:crypto', () => {
    const { root, proofOf } = treeOf(randomLeaves(5, seeded(3)));
    expect(verifyProof(proofOf(4))).toEqual({ ok: true, root: root.hash });
  });
});

describe('a tampered proof', () => {
  // 13 leaves (odd levels, padded); user 5 holds 2 BTC and 0.5 USDT.
  const inputs = randomLeaves(13, seeded(7));
  inputs[4] = { ...inputs[4]!, sums: [2n * 10n ** 18n, 0n, 5n * 10n ** 17n], detail: ['BTC:spot:available=2', 'USDT:spot:available=0.5'] };
  const { root, proofOf } = treeOf(inputs);
  const good = proofOf([...Array(13).keys()].find((position) => proofOf(position).leaf.user_id === 5)!);

  const tampered = (change: (proof: LiabilitiesProof) => void) => {
    const proof = copy(good);
    change(proof);
    return verify(proof);
  };

  it('starts from a proof that verifies', () => {
    expect(verify(good)).toEqual({ ok: true, root: root.hash });
    expect(good.leaf.sums).toEqual(['2000000000000000000', '0', '500000000000000000']);
  });

  it('fails when a leaf sum is changed alone (its detail no longer adds up)', () => {
    expect(tampered((p) => (p.leaf.sums[0] = '1000000000000000000'))).toMatchObject({ ok: false, reason: 'detail_mismatch' });
  });

  it('fails when a leaf sum and its detail are changed together (the leaf hash changes)', () => {
    expect(
      tampered((p) => {
        p.leaf.sums[0] = '1000000000000000000';
        p.leaf.detail[0] = 'BTC:spot:available=1';
      }),
    ).toMatchObject({ ok: false, reason: 'root_mismatch' });
  });

  it("fails when a sibling's hash is changed", () => {
    expect(tampered((p) => (p.path[0]!.hash = p.path[0]!.hash.replace(/^./, (c) => (c === '0' ? '1' : '0'))))).toMatchObject({ ok: false, reason: 'root_mismatch' });
  });

  it("fails when a sibling's sums are changed", () => {
    expect(tampered((p) => (p.path[1]!.sums[2] = String(BigInt(p.path[1]!.sums[2]!) + 1n)))).toMatchObject({ ok: false, reason: 'root_mismatch' });
  });

  it("fails when an amount is moved from a sibling's sums to the leaf's (the totals unchanged)", () => {
    const moved = 10n ** 18n;
    const sibling = good.path.findIndex((step) => BigInt(step.sums[0]!) >= moved);
    expect(sibling).toBeGreaterThanOrEqual(0);
    const check = tampered((p) => {
      p.path[sibling]!.sums[0] = String(BigInt(p.path[sibling]!.sums[0]!) - moved);
      p.leaf.sums[0] = String(BigInt(p.leaf.sums[0]!) + moved);
      p.leaf.detail[0] = 'BTC:spot:available=3';
    });
    expect(check).toMatchObject({ ok: false, reason: 'root_mismatch' });
  });

  it('fails when a sibling sum is negative', () => {
    expect(tampered((p) => (p.path[0]!.sums[1] = '-5'))).toEqual({ ok: false, reason: 'negative' });
  });

  it("fails when a step's side is wrong, or the side and the position both", () => {
    expect(tampered((p) => (p.path[0]!.side = p.path[0]!.side === 'left' ? 'right' : 'left'))).toEqual({ ok: false, reason: 'malformed' });
    expect(
      tampered((p) => {
        p.path[0]!.side = p.path[0]!.side === 'left' ? 'right' : 'left';
        p.leaf.position ^= 1;
      }),
    ).toMatchObject({ ok: false, reason: 'root_mismatch' });
  });

  it('fails under a different salt or user id', () => {
    expect(tampered((p) => (p.leaf.salt = p.leaf.salt.replace(/.$/, (c) => (c === '0' ? '1' : '0'))))).toMatchObject({ ok: false, reason: 'root_mismatch' });
    expect(tampered((p) => (p.leaf.user_id = 6))).toMatchObject({ ok: false, reason: 'root_mismatch' });
  });

  it('fails when the published totals are changed', () => {
    expect(tampered((p) => (p.snapshot.totals[2] = String(BigInt(p.snapshot.totals[2]!) + 1n)))).toEqual({ ok: false, reason: 'totals_mismatch', root: root.hash });
    expect(tampered((p) => (p.snapshot.root = 'f'.repeat(64)))).toMatchObject({ ok: false, reason: 'root_mismatch' });
  });

  it('fails when a detail amount carries more than 18 decimals (it would be cut when summed)', () => {
    expect(tampered((p) => (p.leaf.detail[0] = 'BTC:spot:available=2.0000000000000000001'))).toMatchObject({ ok: false, reason: 'detail_mismatch' });
  });

  it('is malformed when a sum is not a whole number or a field is missing', () => {
    expect(tampered((p) => (p.path[0]!.sums[0] = '1.5'))).toEqual({ ok: false, reason: 'malformed' });
    expect(tampered((p) => (p.path[0]!.sums = p.path[0]!.sums.slice(1)))).toEqual({ ok: false, reason: 'malformed' });
    expect(tampered((p) => ((p.path as unknown) = null))).toEqual({ ok: false, reason: 'malformed' });
    expect(tampered((p) => (p.leaf.position = 2 ** p.path.length))).toEqual({ ok: false, reason: 'malformed' });
  });
});

describe('one leaf read as two users', () => {
  // Users 7 and 8 both hold 100 USDT. Before salts and detail lines were checked, one leaf text could be
  // read at two "|" boundaries: user 8 with a position line swallowing the rest, user 7 with a salt
  // swallowing the start. Both proofs then verified against one leaf, counting 100 USDT once.
  const salt = 'a'.repeat(64);
  const sums = [0n, 0n, 100n * 10n ** 18n];
  const tail = '|7|0,0,100000000000000000000|USDT:spot:available=100';
  const text = `fairex-pol-leaf-v1|${salt}|8|0,0,100000000000000000000|USDT:spot:available=100;USDT:position:X:long:1=0${tail}`;
  const shared = { hash: sha(text), sums };
  const other = leafNode({ user_id: 9, salt: 'b'.repeat(64), sums: [1n, 0n, 0n], detail: ['BTC:spot:available=0.000000000000000001'] }, sha);
  const root = parentNode(shared, other, sha);
  const proof = (leaf: LiabilitiesProof['leaf']): LiabilitiesProof => ({
    version: 1,
    snapshot: { id: 1, taken_at: '2026-11-28T00:00:00.000Z', coins: COINS, root: root.hash, totals: root.sums.map(String) },
    leaf,
    path: [{ side: 'right', hash: other.hash, sums: other.sums.map(String) }],
  });

  it('is refused for both readings', () => {
    const asUser8 = proof({ position: 0, user_id: 8, salt, sums: sums.map(String), detail: ['USDT:spot:available=100', `USDT:position:X:long:1=0${tail}`] });
    const asUser7 = proof({ position: 0, user_id: 7, salt: `${salt}|8|0,0,100000000000000000000|USDT:spot:available=100;USDT:position:X:long:1=0`, sums: sums.map(String), detail: ['USDT:spot:available=100'] });
    // The texts are the same: only the checks on the fields stop them.
    expect(sha(leafText({ ...asUser8.leaf, sums }))).toBe(shared.hash);
    expect(sha(leafText({ ...asUser7.leaf, sums }))).toBe(shared.hash);
    expect(verify(asUser8)).toEqual({ ok: false, reason: 'detail_mismatch' });
    expect(verify(asUser7)).toEqual({ ok: false, reason: 'malformed' });
  });
});
