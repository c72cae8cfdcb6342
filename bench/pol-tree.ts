// npm run bench:pol: the proof-of-liabilities Merkle sum tree (packages/contract liabilities-proof.ts) alone,
// no database: BENCH_USERS users (1,000,000) over 5 coins, most holding 1 to 3 of them, amounts with up to
// 18 decimals built as bigint base units. Each leaf is made as the server makes it (snapshot.ts: 32 random
// bytes of salt as hex, "COIN:spot:available=…" detail lines, node:crypto's SHA-256 as the HashHex), the
// leaves are ordered by hash, then every level is built up to the root. Prints the time of each phase and
// the peak RSS and heap, sampled inside the hash function while the tree is built (a synchronous build
// gives a timer no chance to run) and checked against the process's own maximum RSS. Checks that the root's
// totals are the sum of every leaf and that a few users' proofs verify.
// BENCH_SMOKE=1 (npm test): 1,000 users.
import { createHash, randomBytes } from 'node:crypto';
import os from 'node:os';
import { seededRandom } from '../apps/server/src/markets/random.ts';
import { buildLevels, fromPolUnits, leafNode, pathOf, verifyProof, type HashHex, type LiabilitiesProof, type PolNode } from '../packages/contract/src/liabilities-proof.ts';
import { smokeCheck, smokeOr } from './support.ts';

const USERS = Number(process.env.BENCH_USERS ?? smokeOr(1_000_000, 1_000));
const COINS = ['BTC', 'ETH', 'SOL', 'TRX', 'USDT'];
/** Largest whole part of a random amount (the fraction adds up to 18 decimals). */
const WHOLE_MAX = 1_000_000;
/** Hash calls between two memory samples. */
const SAMPLE_EVERY_HASHES = 50_000;
/** Proofs checked after the build. */
const PROOFS_CHECKED = 20;
const TIME_TARGET_S = 30;
const RSS_TARGET_BYTES = 1024 ** 3;
const SEED = 0x9017_2026;

const random = seededRandom(SEED);
const peak = { rss: 0, heap: 0 };
function sampleMemory() {
  const usage = process.memoryUsage();
  peak.rss = Math.max(peak.rss, usage.rss);
  peak.heap = Math.max(peak.heap, usage.heapUsed);
}
let hashes = 0;
const sha256: HashHex = (text) => {
  if (++hashes % SAMPLE_EVERY_HASHES === 0) sampleMemory();
  return createHash('sha256').update(text).digest('hex');
};

/** A random amount in base units: up to WHOLE_MAX whole, with 0 to 18 decimals (an integer built from two draws). */
function randomUnits(): bigint {
  const whole = BigInt(Math.floor(random() * random() * WHOLE_MAX));
  const decimals = Math.floor(random() * 19);
  const fraction = BigInt(Math.floor(random() * 1e9)) * 1_000_000_000n + BigInt(Math.floor(random() * 1e9));
  return whole * 10n ** 18n + (fraction / 10n ** BigInt(18 - decimals)) * 10n ** BigInt(18 - decimals) + 1n;
}

/** How many coins a user holds: 1 to 3 mostly, sometimes 4 or 5, sometimes none (an open position only). */
function coinCount(): number {
  const roll = random();
  return roll < 0.02 ? 0 : roll < 0.92 ? 1 + Math.floor(random() * 3) : 4 + Math.floor(random() * 2);
}

const totals = COINS.map(() => 0n);
const started = performance.now();
sampleMemory();
const leaves: PolNode[] = new Array(USERS);
const sample: { user_id: number; salt: string; sums: bigint[]; detail: string[] }[] = [];
for (let user = 0; user < USERS; user++) {
  const sums = COINS.map(() => 0n);
  const detail: string[] = [];
  const held = coinCount();
  for (let n = 0; n < held; n++) {
    const coin = Math.floor(random() * COINS.length);
    const units = randomUnits();
    sums[coin]! += units;
    totals[coin]! += units;
    detail.push(`${COINS[coin]}:spot:available=${fromPolUnits(units)}`);
  }
  detail.sort();
  const leaf = { user_id: user + 1, salt: randomBytes(32).toString('hex'), sums, detail };
  leaves[user] = leafNode(leaf, sha256);
  // Kept for the proofs checked at the end (their positions are found after the sort).
  if (user % Math.max(1, Math.floor(USERS / PROOFS_CHECKED)) === 0) sample.push(leaf);
}
// Ordered by hash, as the server stores them.
leaves.sort((a, b) => (a.hash < b.hash ? -1 : a.hash > b.hash ? 1 : 0));
const leavesDone = performance.now();
sampleMemory();
const levels = buildLevels(leaves, COINS.length, sha256);
const treeDone = performance.now();
sampleMemory();
const maxRss = process.resourceUsage().maxRSS * 1024;

const root = levels.at(-1)![0]!;
smokeCheck(
  root.sums.every((sum, i) => sum === totals[i]),
  `root totals ${root.sums.join(',')} differ from the leaves' ${totals.join(',')}`,
);
const positionOf = new Map(leaves.map((node, position) => [node.hash, position]));
let verified = 0;
for (const leaf of sample) {
  const node = leafNode(leaf, sha256);
  const position = positionOf.get(node.hash)!;
  const proof: LiabilitiesProof = {
    version: 1,
    snapshot: { id: 1, taken_at: new Date().toISOString(), coins: COINS, root: root.hash, totals: root.sums.map(String) },
    leaf: { position, user_id: leaf.user_id, salt: leaf.salt, sums: leaf.sums.map(String), detail: leaf.detail },
    path: pathOf(levels, position, COINS.length),
  };
  const check = verifyProof(proof, sha256);
  if (smokeCheck(check.ok, `the proof of user ${leaf.user_id} fails: ${JSON.stringify(check)}`)) verified++;
}
smokeCheck(verified > 0, 'no proof was checked');

const seconds = (ms: number) => (ms / 1000).toFixed(2);
const mib = (bytes: number) => Math.round(bytes / 1024 ** 2);
const totalMs = treeDone - started;
console.log(`node ${process.version}, ${os.cpus()[0]?.model ?? 'cpu'}, ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(2)}`);
console.table([
  {
    users: USERS,
    coins: COINS.length,
    'leaves s': seconds(leavesDone - started),
    'tree s': seconds(treeDone - leavesDone),
    'total s': seconds(totalMs),
    'peak RSS MiB': mib(Math.max(peak.rss, maxRss)),
    'peak heap MiB': mib(peak.heap),
    levels: levels.length,
    'proofs verified': `${verified}/${sample.length}`,
  },
]);
console.log(`root ${root.hash}`);
console.log(`totals ${root.sums.map((sum, i) => `${COINS[i]} ${fromPolUnits(sum)}`).join(', ')}`);
const within = totalMs / 1000 < TIME_TARGET_S && Math.max(peak.rss, maxRss) < RSS_TARGET_BYTES;
console.log(`target (under ${TIME_TARGET_S} s and 1 GiB): ${within ? 'met' : 'MISSED'}`);
