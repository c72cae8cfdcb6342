// The tick chain's canonical text and hash (tick-chain.ts), checked against node:crypto's SHA-256, and
// the chain check finding a tampered price and a removed tick.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { firstBrokenLink, TICK_CHAIN_GENESIS, tickChainText, tickHash, type HashedTick } from '../src/tick-chain.ts';

const sha = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

function chain(prices: string[]): HashedTick[] {
  let prev = TICK_CHAIN_GENESIS;
  return prices.map((price, i) => {
    const tick = { id: String(i + 1), symbol: 'BTC/USDT', price, time: 1_700_000_000_000 + i * 1000 };
    const hash = tickHash(prev, tick);
    const hashed = { ...tick, prev_hash: prev, hash };
    prev = hash;
    return hashed;
  });
}

describe('the tick chain', () => {
  it('hashes the documented text: prefix, prev hash, symbol, id, price without trailing zeros, time', () => {
    const tick = { id: '1', symbol: 'BTC/USDT', price: '100.500', time: 1_700_000_000_000 };
    expect(tickChainText(TICK_CHAIN_GENESIS, tick)).toBe(`fairex-tick-v1|${'0'.repeat(64)}|BTC/USDT|1|100.5|1700000000000`);
    expect(tickHash(TICK_CHAIN_GENESIS, tick)).toBe(sha(`fairex-tick-v1|${'0'.repeat(64)}|BTC/USDT|1|100.5|1700000000000`));
  });

  it('holds for an untouched run of ticks', () => {
    expect(firstBrokenLink(chain(['100', '101', '100.5', '99']))).toBe(-1);
  });

  it('breaks at a tampered price (64909.7 rewritten as 64999.7)', () => {
    const ticks = chain(['64900', '64909.7', '64899.85']);
    ticks[1] = { ...ticks[1]!, price: '64999.7' };
    expect(firstBrokenLink(ticks)).toBe(1);
  });

  it('breaks where a tick was removed, and where a removed tick was papered over by rehashing it alone', () => {
    const ticks = chain(['100', '101', '102', '103']);
    expect(firstBrokenLink([ticks[0]!, ticks[2]!, ticks[3]!])).toBe(1);
    const forged = { ...ticks[2]!, prev_hash: ticks[0]!.hash };
    forged.hash = tickHash(forged.prev_hash, forged);
    expect(firstBrokenLink([ticks[0]!, forged, ticks[3]!])).toBe(2);
  });
});
