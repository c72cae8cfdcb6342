#!/usr/bin/env node
// Checks a FairEx proof of liabilities with nothing but Node and its SHA-256:
//   node scripts/verify-liabilities-proof.mjs proof.json [published.json]
// published.json: GET /api/transparency/liabilities saved to a file. The proof's snapshot must be the one published
// under its id, with the same root, coins in the same order and totals: a proof from a tree that was never
// published is consistent with itself, and the hashes commit to amounts by place, not to coin names.
// The rule (packages/contract/src/liabilities-proof.ts): a leaf hashes "fairex-pol-leaf-v1|salt|user_id|sums|detail",
// a node "fairex-pol-node-v1|left hash|left sums|right hash|right sums", sums in base units of 10^-18 joined by ",".
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

const sha256 = (text) => createHash('sha256').update(text, 'utf8').digest('hex');
const fail = (why) => {
  console.error(`FAILED: ${why}`);
  process.exit(1);
};
const HEX_64 = /^[0-9a-f]{64}$/;
const AMOUNT = String.raw`-?\d+(?:\.\d{1,18})?`;
const LEDGER_LINE = new RegExp(String.raw`^([^:=;|]+):([^:=;|]+):([^:=;|]+)=(${AMOUNT})$`);
const POSITION_LINE = new RegExp(String.raw`^[^:=;|]+:position:[^:=;|]+:(?:long|short):\d+=${AMOUNT}$`);
/** "100.5" → 100500000000000000000n (18 decimals, never a float). */
const toUnits = (amount) => {
  const [whole, fraction = ''] = amount.replace('-', '').split('.');
  return (amount.startsWith('-') ? -1n : 1n) * BigInt(whole + fraction.padEnd(18, '0'));
};
const fromUnits = (units) => `${units / 10n ** 18n}.${String(units % 10n ** 18n).padStart(18, '0')}`.replace(/\.?0+$/, '');

const readJson = (file) => {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    fail(`cannot read ${file}: ${error.message}`);
  }
};
const file = process.argv[2] ?? fail('usage: node scripts/verify-liabilities-proof.mjs <proof.json> [published.json]');
const proof = readJson(file);
// The API's envelope ({type, message: [...]}) or the list itself.
const publishedList = process.argv[3] === undefined ? undefined : readJson(process.argv[3]);
const { snapshot, leaf, path } = proof;
const coins = snapshot?.coins ?? [];
/** Every sum is a whole, non-negative number of base units, one per coin. */
const sumsOf = (sums, what) => {
  if (!Array.isArray(sums) || sums.length !== coins.length || !sums.every((s) => /^\d+$/.test(s))) fail(`${what}: every sum must be a non-negative integer, one per coin (${sums})`);
  return sums.map(BigInt);
};

// 1. Your leaf: its fields, and its detail lines adding up to its sums (position lines are shown, not summed).
if (!HEX_64.test(leaf?.salt) || !(Number.isSafeInteger(leaf.user_id) && leaf.user_id >= 0) || !Array.isArray(leaf.detail) || !Array.isArray(path)) fail('the proof is malformed');
const sums = sumsOf(leaf.sums, 'your leaf');
const fromDetail = coins.map(() => 0n);
for (const line of leaf.detail) {
  if (POSITION_LINE.test(line)) continue;
  const match = LEDGER_LINE.exec(line);
  if (!match || match[2] === 'position' || !coins.includes(match[1])) fail(`unreadable detail line: ${line}`);
  // No ledger bucket of a user is ever negative: such a line would net away what the others show.
  if (match[4].startsWith('-')) fail(`negative detail line: ${line}`);
  fromDetail[coins.indexOf(match[1])] += toUnits(match[4]);
}
if (fromDetail.some((s, i) => s !== sums[i])) fail(`your detail lines add up to ${fromDetail.join(',')}, not to your sums ${sums.join(',')}`);

// 2. Up the path: each sibling on its side, the sums added.
let node = { hash: sha256(['fairex-pol-leaf-v1', leaf.salt, leaf.user_id, sums.join(','), leaf.detail.join(';')].join('|')), sums };
path.forEach((step, level) => {
  if (!HEX_64.test(step.hash) || !['left', 'right'].includes(step.side)) fail(`step ${level} is malformed`);
  const sibling = { hash: step.hash, sums: sumsOf(step.sums, `step ${level}`) };
  const [left, right] = step.side === 'left' ? [sibling, node] : [node, sibling];
  node = { hash: sha256(['fairex-pol-node-v1', left.hash, left.sums.join(','), right.hash, right.sums.join(',')].join('|')), sums: left.sums.map((s, i) => s + right.sums[i]) };
});

// 3. The top must be the published root and totals.
console.log(`root   ${node.hash}`);
console.log(`totals ${coins.map((coin, i) => `${coin} ${fromUnits(node.sums[i])}`).join(', ')}`);
if (node.hash !== snapshot.root) fail(`the path leads to root ${node.hash}, not to the published ${snapshot.root}`);
const totals = sumsOf(snapshot.totals, 'published totals');
if (node.sums.some((s, i) => s !== totals[i])) fail(`the path adds up to totals ${node.sums.join(',')}, not to the published ${snapshot.totals.join(',')}`);
if (publishedList !== undefined) {
  const list = Array.isArray(publishedList) ? publishedList : publishedList?.message;
  const published = Array.isArray(list) ? list.find((s) => s?.id === snapshot.id) : undefined;
  if (!published) fail(`snapshot ${snapshot.id} is not in the published list`);
  if (published.root !== node.hash) fail(`the proof's root ${node.hash} is not the published root ${published.root}`);
  if (!Array.isArray(published.coins) || published.coins.length !== coins.length || published.coins.some((c, i) => c !== coins[i])) fail(`the proof lists the coins ${coins.join(',')}, the published snapshot ${published.coins}`);
  if (!Array.isArray(published.totals) || published.totals.length !== coins.length || published.totals.some((t, i) => !/^\d+(\.\d{1,18})?$/.test(t) || toUnits(t) !== totals[i])) {
    fail(`the proof's totals ${snapshot.totals.join(',')} are not the published ${published.totals}`);
  }
}
console.log(`OK: your balances are included in root ${node.hash} (user ${leaf.user_id}, snapshot ${snapshot.id}, ${snapshot.taken_at})`);
if (publishedList === undefined) {
  console.log(`Now compare root ${node.hash} and the coins in this order (${coins.join(', ')}) with snapshot ${snapshot.id} as GET /api/transparency/liabilities publishes it, or save that list to a file and pass it as a second argument.`);
}
