/**
 * The index tick chain (issue 22): every recorded index tick carries a hash that chains it to the
 * previous recorded tick of its symbol, so a published tick cannot be changed, inserted or removed
 * later without breaking every hash after it. Anyone can recompute it from the public tick endpoint
 * (GET /api/index/ticks) with a SHA-256 and this text:
 *
 *   hash = hex(sha256("fairex-tick-v1|" + prev_hash + "|" + symbol + "|" + id + "|" + price + "|" + time))
 *
 *  - prev_hash: the hash of the previous tick of the same symbol (by id), or TICK_CHAIN_GENESIS for the
 *    first tick of a symbol;
 *  - id: the tick's id in decimal; time: epoch milliseconds in decimal;
 *  - price: the decimal without trailing zeros or a trailing point ("64909.7", not "64909.70").
 * Hex is lowercase, 64 characters.
 *
 * Worked example (the test checks it):
 *   prev = TICK_CHAIN_GENESIS, symbol BTC/USDT, id 1, price 100, time 1700000000000
 *   text = "fairex-tick-v1|0000…0000|BTC/USDT|1|100|1700000000000"
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { toAmountString } from './money.ts';

/** The prev_hash of each symbol's first tick: 64 zeros. */
/** Ticks one answer of GET /api/index/ticks carries at most (a page; `more` says a next one exists, read from the last id). */
export const INDEX_TICKS_PAGE_MAX = 1000;
export const TICK_CHAIN_GENESIS = '0'.repeat(64);
export const TICK_CHAIN_PREFIX = 'fairex-tick-v1';

export type ChainTick = { id: string; symbol: string; price: string; time: number };

/** The canonical text a tick's hash is taken of. */
export function tickChainText(prevHash: string, tick: ChainTick): string {
  return [TICK_CHAIN_PREFIX, prevHash, tick.symbol, tick.id, toAmountString(tick.price), String(tick.time)].join('|');
}

/** The tick's hash, chained to `prevHash`. */
export function tickHash(prevHash: string, tick: ChainTick): string {
  return bytesToHex(sha256(utf8ToBytes(tickChainText(prevHash, tick))));
}

export type HashedTick = ChainTick & { prev_hash: string; hash: string };

/**
 * Checks a run of consecutive ticks of one symbol (ascending ids, as the endpoint pages them): each
 * hash recomputes from its own fields and prev_hash, and each prev_hash is the previous tick's hash.
 * Answers the index of the first tick that breaks the chain, or -1 when all hold.
 */
export function firstBrokenLink(ticks: HashedTick[]): number {
  for (let i = 0; i < ticks.length; i++) {
    const tick = ticks[i]!;
    if (tickHash(tick.prev_hash, tick) !== tick.hash) return i;
    if (i > 0 && ticks[i - 1]!.hash !== tick.prev_hash) return i;
  }
  return -1;
}
