#!/usr/bin/env node
/**
 * Verifies a FairEx blind-box draw from public answers alone: Node 20+, standard library only
 * (node:crypto, and fetch for --server). Either from the server's public item page:
 *
 *   node scripts/fairness/verify-blind-box.mjs --server https://exchange.example --box BOX-000014
 *
 * (GET /api/bind_box/getBoxDetail?code=BOX-...: its draw and its series' seed hash and revealed seed), or
 * from figures you saved yourself (best: the seed hash noted BEFORE the sale, from the series page):
 *
 *   node scripts/fairness/verify-blind-box.mjs --seed-hash <sha256 hex> --server-seed <revealed seed> \
 *     --user-seed <box seed> --nonce <box number> --pool '[[11,70],[12,25],[13,5]]' [--item 12]
 *
 * The rule (packages/contract/src/nft-rules.ts, "Provably fair blind boxes"):
 *  1. sha256(server seed) equals the seed hash published before the sale (the seed was fixed then);
 *  2. digest = HMAC-SHA256(key: server seed, message: "<user seed>:<nonce>"), x = its first 13 hex
 *     digits (52 bits), point = floor(x * total weight / 2^52);
 *  3. walking the pool at the draw (the items and weights left, in their published order) and adding up
 *     the weights, the item drawn is the first whose running total exceeds the point; draws are without
 *     replacement, so each box's pool is the one left when it was opened (the box page shows it).
 * Prints a JSON report and exits 0 when every check holds, 1 when one fails, 2 on bad arguments.
 */
import { createHash, createHmac } from 'node:crypto';
import { pathToFileURL } from 'node:url';

const TWO_POW_52 = 2n ** 52n;

function args(argv) {
  const out = {};
  for (let i = 0; i < argv.length; i += 2) {
    if (!argv[i].startsWith('--') || argv[i + 1] === undefined) throw new Error(`expected --name value pairs, got ${argv[i]}`);
    out[argv[i].slice(2)] = argv[i + 1];
  }
  if (out.server || out.box) {
    if (!out.server || !out.box) throw new Error('--server and --box go together');
    return out;
  }
  for (const name of ['seed-hash', 'server-seed', 'user-seed', 'nonce', 'pool']) if (out[name] === undefined) throw new Error(`--${name} is required`);
  return out;
}

function parsePool(text) {
  const pool = JSON.parse(text);
  const ok = Array.isArray(pool) && pool.length > 0 && pool.every((e) => Array.isArray(e) && e.length === 2 && Number.isInteger(e[0]) && Number.isInteger(e[1]) && e[1] > 0);
  if (!ok) throw new Error('--pool is a JSON list of [item id, weight] pairs with positive whole weights');
  return pool;
}

/** The draw, exactly as the server draws it (nftDraw). */
export function draw(serverSeed, userSeed, nonce, pool) {
  const digest = createHmac('sha256', Buffer.from(serverSeed, 'utf8')).update(`${userSeed}:${nonce}`, 'utf8').digest('hex');
  const total = pool.reduce((sum, [, weight]) => sum + weight, 0);
  const point = Number((BigInt(`0x${digest.slice(0, 13)}`) * BigInt(total)) / TWO_POW_52);
  let running = 0;
  for (const [itemId, weight] of pool) {
    running += weight;
    if (point < running) return { digest, total, point, item_id: itemId };
  }
  throw new Error('the pool is empty');
}

async function fromServer(server, box) {
  const url = new URL('/api/bind_box/getBoxDetail', server);
  url.searchParams.set('code', box);
  const body = await (await fetch(url)).json();
  if (body.type !== 'ok') throw new Error(`getBoxDetail: ${body.message}`);
  const record = body.message.draw;
  if (!record) throw new Error(`${box} has no draw yet (unopened)`);
  if (record.server_seed === null) throw new Error('the server seed is revealed once the sale has ended: try again then');
  return { seedHash: record.seed_hash, serverSeed: record.server_seed, userSeed: record.user_seed, nonce: record.nonce, pool: record.pool, item: record.item_id };
}

async function main() {
  let input;
  try {
    const given = args(process.argv.slice(2));
    input = given.server
      ? await fromServer(given.server, given.box)
      : {
          seedHash: given['seed-hash'],
          serverSeed: given['server-seed'],
          userSeed: given['user-seed'],
          nonce: Number(given.nonce),
          pool: parsePool(given.pool),
          item: given.item === undefined ? undefined : Number(given.item),
        };
    if (!Number.isInteger(input.nonce) || input.nonce < 1) throw new Error('--nonce is the box number, a whole number from 1');
  } catch (error) {
    console.error(error.message);
    process.exit(2);
  }
  const hash = createHash('sha256').update(input.serverSeed, 'utf8').digest('hex');
  const result = draw(input.serverSeed, input.userSeed, input.nonce, input.pool);
  const checks = {
    seed_matches_hash: hash === input.seedHash.toLowerCase(),
    ...(input.item === undefined ? {} : { item_matches: result.item_id === input.item }),
  };
  const ok = Object.values(checks).every(Boolean);
  console.log(JSON.stringify({ ok, checks, draw: result, pool: input.pool, nonce: input.nonce, user_seed: input.userSeed }, null, 2));
  process.exit(ok ? 0 : 1);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
