// Security review of the proof of liabilities (issue 26), as an operator who wants to publish less than
// it owes while each user's proof still checks: a leaf whose detail shows the user every bucket they
// hold but nets part of it away with a negative ledger line, a proof built from a private tree whose
// root is not the published one, and a proof of the published tree whose coin list is reordered (the
// hashes commit to amounts by place, not to coin names), so a user's BTC sits in a cheap coin's column.
// Each case is checked with the contract's verifier and with scripts/verify-liabilities-proof.mjs as a
// user runs it, given the published list (GET /api/transparency/liabilities) saved to a file.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildLevels, fromPolUnits, leafNode, matchesPublished, pathOf, verifyProof, type LiabilitiesProof, type PolLeafInput } from '../src/liabilities-proof.ts';
import type { LiabilitiesSnapshotView } from '../src/schemas/transparency.ts';

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
const write = (value: unknown) => {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.json`);
  fs.writeFileSync(file, JSON.stringify(value));
  return file;
};
/** The script on a proof, and on the published list where given (as the API answers it: the envelope). */
function runScript(proof: LiabilitiesProof, published?: LiabilitiesSnapshotView[]) {
  const args = [write(proof), ...(published ? [write({ type: 'ok', message: published })] : [])];
  const result = spawnSync(process.execPath, [script, ...args], { encoding: 'utf8' });
  return { code: result.status, output: result.stdout + result.stderr };
}
/** The public list's view of a proof's snapshot (totals in coins, as the API answers them). */
const viewOf = (snapshot: LiabilitiesProof['snapshot']): LiabilitiesSnapshotView => ({
  id: snapshot.id,
  day: snapshot.taken_at.slice(0, 10),
  taken_at: snapshot.taken_at,
  reason: 'daily',
  coins: snapshot.coins,
  root: snapshot.root,
  totals: snapshot.totals.map((t) => fromPolUnits(BigInt(t))),
  leaf_count: 2,
  demo: false,
});

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
  const publishedProof = proofIn([honest, other], 0);
  const published = [viewOf(publishedProof.snapshot)];
  const privateProof = proofIn([honest], 0);

  it('is consistent with itself, so only the published snapshot can tell', () => {
    expect(verifyProof(privateProof, sha)).toMatchObject({ ok: true });
    expect(matchesPublished(privateProof, published)).toBe(false);
    expect(matchesPublished(publishedProof, published)).toBe(true);
  });

  it('fails the script given the published list, which passes the proof of the published tree', () => {
    const wrong = runScript(privateProof, published);
    expect(wrong.output).toContain('FAILED');
    expect(wrong.code).toBe(1);
    expect(runScript(publishedProof, published).code).toBe(0);
    const missing = runScript(publishedProof, [{ ...published[0]!, id: 4 }]);
    expect(missing.code).toBe(1);
  });

  it('reminds a user who gives no published list to compare it', () => {
    const { code, output } = runScript(privateProof);
    expect(code).toBe(0);
    expect(output).toContain('compare');
  });
});

describe('a proof with the coins relabelled', () => {
  // User 7 holds 1 BTC. In the published tree (columns BTC, USDT) the operator puts their 1 in the USDT
  // column, and hands them a proof listing the coins as [USDT, BTC]: their detail line "BTC:…=1" then adds
  // up to the leaf's sums, the root and totals are the published ones, and the published totals show
  // 1 USDT owed where 1 BTC is.
  const relabelled: PolLeafInput = { user_id: 7, salt: '7'.repeat(64), sums: [0n, E18], detail: ['BTC:spot:available=1'] };
  const inTree = proofIn([relabelled, other], 0);
  const published = [viewOf(inTree.snapshot)];
  const proof: LiabilitiesProof = { ...inTree, snapshot: { ...inTree.snapshot, coins: ['USDT', 'BTC'] } };

  it('verifies against the published root, so the root alone cannot tell', () => {
    expect(verifyProof(proof, sha)).toEqual({ ok: true, root: published[0]!.root });
  });

  it('fails against the published snapshot, whose coins are in another order', () => {
    expect(matchesPublished(proof, published)).toBe(false);
    const { code, output } = runScript(proof, published);
    expect(output).toContain('FAILED');
    expect(code).toBe(1);
  });
});
