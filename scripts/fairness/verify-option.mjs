#!/usr/bin/env node
/**
 * Verifies a settled seconds option from FairEx's public tick endpoints alone (no login, no account):
 * Node 20+, standard library only (fetch and node:crypto).
 *
 *   node scripts/fairness/verify-option.mjs --server https://exchange.example \
 *     --open <open tick id> --close <close tick id> --direction up|down \
 *     --accepted <accepted_at ms> --expires <expires_at ms> [--outcome win|lose|draw]
 *
 * The ids, times and direction are those the app shows for the order (its history and result). It checks:
 *  1. the chain: every tick of the symbol from the open tick to the close tick is fetched
 *     (GET /api/index/ticks, in pages) and each hash recomputes as
 *     sha256("fairex-tick-v1|" + prev_hash + "|" + symbol + "|" + id + "|" + price + "|" + time)
 *     with each prev_hash the previous tick's hash: no tick between them was changed, added or removed;
 *  2. the open: the open tick is the first tick of the symbol recorded and priced after acceptance
 *     (time and priced_at, or time where priced_at is null, after accepted_at: a public-feed tick priced
 *     from quotes requested before the order does not count), within the freshness limit (fresh_ms,
 *     served with the ticks);
 *  3. the close: the close tick is the one in force at expiry (at or before it, and the next tick is
 *     after it) and fresh (at most fresh_ms before expiry);
 *  4. the outcome: up wins on a higher close, down on a lower one, an equal close is a draw.
 * Prints a JSON report and exits 0 when every check holds, 1 when one fails, 2 on bad arguments.
 */
import { createHash } from 'node:crypto';

const PAGE = 1000;
/** Pages read at most (a one-day option has about 87 pages of ticks). */
const PAGES_MAX = 200;

function args(argv) {
  const out = {};
  for (let i = 0; i < argv.length; i += 2) {
    if (!argv[i].startsWith('--') || argv[i + 1] === undefined) throw new Error(`expected --name value pairs, got ${argv[i]}`);
    out[argv[i].slice(2)] = argv[i + 1];
  }
  for (const name of ['server', 'open', 'close', 'direction', 'accepted', 'expires']) if (!out[name]) throw new Error(`--${name} is required`);
  if (!['up', 'down'].includes(out.direction)) throw new Error('--direction is up or down');
  return out;
}

/** The decimal as the chain writes it: no trailing zeros, no trailing point. */
const canonical = (price) => (price.includes('.') ? price.replace(/0+$/, '').replace(/\.$/, '') : price);
const hashOf = (tick) =>
  createHash('sha256').update(['fairex-tick-v1', tick.prev_hash, tick.symbol, tick.id, canonical(tick.price), String(tick.time)].join('|'), 'utf8').digest('hex');

async function get(server, path, query) {
  const url = new URL(`/api${path}`, server);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, String(value));
  const response = await fetch(url);
  const body = await response.json();
  if (body.type !== 'ok') throw new Error(`${path}: ${body.message}`);
  return body.message;
}

/** Compares two decimal strings exactly (no floating point). */
function compareDecimals(a, b) {
  const [ai, af = ''] = a.split('.');
  const [bi, bf = ''] = b.split('.');
  const width = Math.max(af.length, bf.length);
  const x = BigInt(ai + af.padEnd(width, '0'));
  const y = BigInt(bi + bf.padEnd(width, '0'));
  return x === y ? 0 : x > y ? 1 : -1;
}

export async function verifyOption(input) {
  const accepted = Number(input.accepted);
  const expires = Number(input.expires);
  const checks = [];
  const check = (name, ok, detail) => checks.push({ name, ok: Boolean(ok), detail });
  const openAnswer = await get(input.server, '/index/tick', { id: input.open });
  const open = openAnswer.data[0];
  const close = (await get(input.server, '/index/tick', { id: input.close })).data[0];
  const freshMs = openAnswer.fresh_ms;
  check('same symbol', open.symbol === close.symbol, `${open.symbol} / ${close.symbol}`);

  // 1. The chain from the open tick to the close tick, page by page.
  const chain = [];
  let after = BigInt(open.id) - 1n;
  for (let page = 0; page < PAGES_MAX; page++) {
    const answer = await get(input.server, '/index/ticks', { symbol: open.symbol, after_id: after.toString(), to_id: close.id, limit: PAGE });
    chain.push(...answer.data);
    if (!answer.more || answer.data.length === 0) break;
    after = BigInt(answer.data.at(-1).id);
  }
  let broken = -1;
  for (let i = 0; i < chain.length && broken < 0; i++) {
    if (chain[i].hash === null || hashOf(chain[i]) !== chain[i].hash) broken = i;
    else if (i > 0 && chain[i - 1].hash !== chain[i].prev_hash) broken = i;
  }
  check('chain from open to close', chain.length > 0 && chain[0].id === open.id && chain.at(-1).id === close.id && broken < 0, broken < 0 ? `${chain.length} ticks linked` : `link broken at tick ${chain[broken].id}`);

  // 2. The open: the first tick (by time, then id) recorded and priced after acceptance, within fresh_ms.
  const window = (await get(input.server, '/index/ticks', { symbol: open.symbol, from: accepted + 1, to: accepted + freshMs, limit: PAGE })).data;
  const firstAfter = window
    .filter((t) => (t.priced_at ?? t.time) > accepted)
    .sort((a, b) => a.time - b.time || compareDecimals(a.id, b.id))[0];
  check('open is the first tick after acceptance', firstAfter?.id === open.id && open.time > accepted && open.time - accepted <= freshMs, `open ${open.id} at ${open.time}, accepted ${accepted}`);

  // 3. The close: in force at expiry (the next tick is after it) and fresh.
  const next = (await get(input.server, '/index/ticks', { symbol: open.symbol, after_id: close.id, limit: 1 })).data[0];
  check('close is the tick in force at expiry', close.time <= expires && (next === undefined || next.time > expires), `close ${close.id} at ${close.time}, next ${next ? `${next.id} at ${next.time}` : 'none yet'}, expiry ${expires}`);
  check('close is fresh', expires - close.time <= freshMs, `${expires - close.time} ms before expiry, limit ${freshMs} ms`);

  // 4. The outcome from the two prices alone.
  const move = compareDecimals(canonical(close.price), canonical(open.price));
  const outcome = move === 0 ? 'draw' : (move > 0) === (input.direction === 'up') ? 'win' : 'lose';
  if (input.outcome) check('outcome', outcome === input.outcome, `recomputed ${outcome}, shown ${input.outcome}`);
  return { symbol: open.symbol, open: { id: open.id, price: open.price, time: open.time }, close: { id: close.id, price: close.price, time: close.time }, outcome, verified: checks.every((c) => c.ok), checks };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  let input;
  try {
    input = args(process.argv.slice(2));
  } catch (error) {
    console.error(String(error.message ?? error));
    process.exit(2);
  }
  const report = await verifyOption(input);
  console.log(JSON.stringify(report, null, 2));
  process.exit(report.verified ? 0 : 1);
}
