// scripts/verify-liabilities-proof.mjs, run as a user runs it (node, a downloaded proof file): a proof of a
// tree built by liabilities-proof.ts passes and prints its root; tampered proofs exit 1 saying what failed.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildLevels, leafNode, pathOf, type LiabilitiesProof, type PolLeafInput } from '../src/liabilities-proof.ts';

const script = path.resolve(import.meta.dirname, '../../../scripts/verify-liabilities-proof.mjs');
const sha = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const COINS = ['BTC', 'USDT'];
const E18 = 10n ** 18n;

// Five users; user 3 holds 1.25 BTC and 100 USDT (30 frozen) and an open position (committed, not summed).
const inputs: PolLeafInput[] = [
  { user_id: 1, salt: '1'.repeat(64), sums: [E18, 0n], detail: ['BTC:spot:available=1'] },
  { user_id: 2, salt: '2'.repeat(64), sums: [0n, 5n * E18], detail: ['USDT:spot:available=5'] },
  {
    user_id: 3,
    salt: '3'.repeat(64),
    sums: [125n * 10n ** 16n, 100n * E18],
    detail: ['BTC:spot:available=1.25', 'USDT:position:BTC/USDT:long:2=-3.5', 'USDT:spot:available=70', 'USDT:spot:frozen=30'],
  },
  { user_id: 4, salt: '4'.repeat(64), sums: [0n, 0n], detail: [] },
  { user_id: 5, salt: '5'.repeat(64), sums: [1n, 7n], detail: ['BTC:spot:available=0.000000000000000001', 'USDT:spot:available=0.000000000000000007'] },
];
const leaves = inputs.map((input) => leafNode(input, sha));
const levels = buildLevels(leaves, COINS.length, sha);
const root = levels.at(-1)![0]!;
const proof: LiabilitiesProof = {
  version: 1,
  snapshot: { id: 12, taken_at: '2026-11-28T00:00:00.000Z', coins: COINS, root: root.hash, totals: root.sums.map(String) },
  leaf: { position: 2, user_id: 3, salt: inputs[2]!.salt, sums: inputs[2]!.sums.map(String), detail: inputs[2]!.detail },
  path: pathOf(levels, 2, COINS.length),
};

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fairex-pol-verify-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function run(changed: LiabilitiesProof) {
  const file = path.join(dir, `proof-${Math.random().toString(36).slice(2)}.json`);
  fs.writeFileSync(file, JSON.stringify(changed, null, 2));
  const result = spawnSync(process.execPath, [script, file], { encoding: 'utf8' });
  return { code: result.status, output: result.stdout + result.stderr };
}
const tampered = (change: (p: LiabilitiesProof) => void) => {
  const copy = structuredClone(proof);
  change(copy);
  return run(copy);
};

describe('scripts/verify-liabilities-proof.mjs', () => {
  it('passes a proof of the tree and prints its root and totals', () => {
    const { code, output } = run(proof);
    expect(output).toContain(`root   ${root.hash}`);
    expect(output).toContain('totals BTC 2.250000000000000001, USDT 105.000000000000000007');
    expect(output).toContain(`OK: your balances are included in root ${root.hash}`);
    expect(code).toBe(0);
  });

  it('exits 1 when an amount is moved from a sibling to the leaf (detail and sums changed together)', () => {
    const { code, output } = tampered((p) => {
      p.path[1]!.sums[1] = String(BigInt(p.path[1]!.sums[1]!) - E18);
      p.leaf.sums[1] = String(BigInt(p.leaf.sums[1]!) + E18);
      p.leaf.detail[2] = 'USDT:spot:available=71';
    });
    expect(output).toMatch(/FAILED: the path leads to root [0-9a-f]{64}, not to the published/);
    expect(code).toBe(1);
  });

  it('exits 1 when the detail does not add up, a sibling sum is negative, or the published totals differ', () => {
    expect(tampered((p) => (p.leaf.sums[0] = '0'))).toMatchObject({ code: 1, output: expect.stringContaining('your detail lines add up to') });
    expect(tampered((p) => (p.path[1]!.sums[0] = '-1'))).toMatchObject({ code: 1, output: expect.stringContaining('non-negative integer') });
    expect(tampered((p) => (p.snapshot.totals[0] = '1'))).toMatchObject({ code: 1, output: expect.stringContaining('not to the published 1,') });
  });

  it('exits 1 on a file that is not JSON', () => {
    const file = path.join(dir, 'broken.json');
    fs.writeFileSync(file, '{');
    expect(spawnSync(process.execPath, [script, file], { encoding: 'utf8' }).status).toBe(1);
  });
});
