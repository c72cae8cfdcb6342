import { randomBytes } from 'node:crypto';

/**
 * Where the simulation's randomness comes from. With MARKET_SEED set (tests, benchmarks, a replay) it is
 * the seeded PRNG below, so a run replays exactly. Without it, it is node:crypto's CSPRNG, drawn afresh
 * at every start: there is then no seed at all, nothing to print, serve or brute-force (mulberry32 has a
 * 32-bit state, so even a secret seed could be recovered from a few public ticks), and a restart never
 * replays a path.
 */
export function randomSource(seed: number | undefined): () => number {
  return seed === undefined ? secureRandom() : seededRandom(seed);
}

/** Uniform doubles in [0, 1) from node:crypto, 53 random bits each, read in blocks of 1,024. */
export function secureRandom(): () => number {
  const DRAWS_PER_BLOCK = 1024;
  let block = randomBytes(8 * DRAWS_PER_BLOCK);
  let next = 0;
  return () => {
    if (next === DRAWS_PER_BLOCK) {
      block = randomBytes(8 * DRAWS_PER_BLOCK);
      next = 0;
    }
    const high = block.readUInt32BE(8 * next) >>> 11; // 21 bits
    const low = block.readUInt32BE(8 * next + 4); // 32 bits
    next++;
    return (high * 2 ** 32 + low) / 2 ** 53;
  };
}

/** mulberry32: a small seeded PRNG, so a simulated market replays identically from its seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A standard normal draw (Box-Muller) from a uniform source. */
export function normal(random: () => number): number {
  const u = 1 - random();
  const v = random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}
