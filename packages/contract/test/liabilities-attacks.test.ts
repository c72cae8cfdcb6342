// Security review of the proof of liabilities (issue 26), as an operator who wants to publish less than
// it owes while each user's proof still checks: a leaf whose detail shows the user every bucket they
// hold but nets part of it away with a negative ledger line, and a proof built from a private tree whose
// root is not the published one. Each case is checked with the contract's verifier and with
// scripts/verify-liabilities-proof.mjs as a user runs it.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildLevels, leafNode, pathOf, verifyProof, type LiabilitiesProof, type PolLeafInput } from '../src/liabilities-proof.ts';

const script = path.resolve(import.meta.dirname, '../../../scripts/verify-liabilities-proof.mjs');
const sha = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const COINS = ['BTC', 'USDT'];
const E18 = 10n ** 18n;

/** A proof of the leaf at `position` in a tree of `inputs`. */
function proofIn(inputs: PolLeafInput[], position: number): LiabilitiesProof {
  const levels = buildLevels(
    inputs.map((input) => leafNode(input, sha)),
    COINS.length,
    sha,
  );
  const root = levels.at(-1)![0]!;
  const leaf = inputs[position]!;
  return {
    version: 1,
    snapshot: { id: 3, taken_at: '2026-11-28T00:05:00.000Z', coins: COINS, root: root.hash, totals: root.sums.map(String) },
    leaf: { position, user_id: leaf.user_id, salt: leaf.salt, sums: leaf.sums.map(String), detail: leaf.detail },
    path: pathOf(levels, position, COINS.length),
  };
}

const other: PolLeafInput = { user_id: 2, salt: '2'.repeat(64), sums: [E18, 0n], detail: ['BTC:spot:available=1'] };

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fairex-pol-attacks-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
function runScript(proof: LiabilitiesProof, ...args: string[]) {
  const file = path.join(dir, `proof-${Math.random().toString(36).slice(2)}.json`);
  fs.writeFileSync(file, JSON.stringify(proof));
  const result = spawnSync(process.execPath, [script, file, ...args], { encoding: 'utf8' });
  return { code: result.status, output: result.stdout + result.stderr };
}

describe('an operator understating a leaf with a negative ledger line', () => {
  // User 7 holds 150 USDT available and 50 USDT frozen (200 owed). The leaf shows both lines, so a glance
  // at the detail finds them, and nets 100 away in a third line: its sums say 100.
  const understated: PolLeafInput = {
    user_id: 7,
    salt: '7'.repeat(64),
    sums: [0n, 100n * E18],
    detail: ['USDT:contract:available=-100', 'USDT:spot:available=150', 'USDT:spot:frozen=50'],
  };
  const proof = proofIn([understated, other], 0);

  it('is refused by the contract verifier (no ledger bucket of a user is ever negative)', () => {
    expect(verifyProof(proof, sha)).toMatchObject({ ok: false, reason: 'negative' });
  });

  it('is refused by the script a user runs', () => {
    const { code, output } = runScript(proof);
    expect(output).toContain('FAILED');
    expect(code).toBe(1);
  });

  it('still passes an open position at a loss (committed, not summed, and it may be negative)', () => {
    const honest: PolLeafInput = { user_id: 7, salt: '7'.repeat(64), sums: [0n, 200n * E18], detail: ['USDT:position:BTC/USDT:long:2=-3.5', 'USDT:spot:available=150', 'USDT:spot:frozen=50'] };
    const good = proofIn([honest, other], 0);
    expect(verifyProof(good, sha)).toMatchObject({ ok: true });
    expect(runScript(good).code).toBe(0);
  });
});

describe('a proof from a private tree, not the published one', () => {
  // The published tree holds user 7's 200 USDT; the operator hands user 7 a proof from a second tree where
  // they are alone, whose root it never publishes: the proof is consistent with itself.
  const honest: PolLeafInput = { user_id: 7, salt: '7'.repeat(64), sums: [0n, 200n * E18], detail: ['USDT:spot:available=200'] };
  const published = proofIn([honest, other], 0).snapshot;
  const privateProof = proofIn([honest], 0);

  it('is consistent with itself, so only the published root can tell', () => {
    expect(verifyProof(privateProof, sha)).toMatchObject({ ok: true });
    expect(privateProof.snapshot.root).not.toBe(published.root);
  });

  it('fails the script given the published root, and passes it given the right one', () => {
    const wrong = runScript(privateProof, published.root);
    expect(wrong.output).toContain('FAILED');
    expect(wrong.code).toBe(1);
    expect(runScript(proofIn([honest, other], 0), published.root).code).toBe(0);
  });

  it('reminds a user who gives no published root to compare it', () => {
    const { code, output } = runScript(privateProof);
    expect(code).toBe(0);
    expect(output).toContain('compare');
  });
});
