// Proves the simulated feed is a geometric random walk: a MARKET_SEED replays the same prices, without
// one every start draws a new path from node:crypto (two starts differ, nothing to predict),
// prices stay positive at the symbol's precision, and volatility shows in the spread of returns.
import { describe, expect, it } from 'vitest';
import { SimulatedPriceFeed, type SimulatedSymbol } from '../../src/markets/price-feed.ts';

const BTC: SimulatedSymbol = { symbol: 'BTC/USDT', startPrice: '65000', volatility: 0.6, priceDecimals: 2 };
const DOGE: SimulatedSymbol = { symbol: 'DOGE/USDT', startPrice: '0.0001', volatility: 3, priceDecimals: 4 };

describe('simulated price feed', () => {
  it('replays identically from the same seed and differs with another', () => {
    const run = (seed: number) => {
      const feed = new SimulatedPriceFeed([BTC], seed, () => 0);
      return Array.from({ length: 100 }, () => feed.step()[0]!.price);
    };
    expect(run(42)).toEqual(run(42));
    expect(run(42)).not.toEqual(run(43));
  });

  it('never replays a path when MARKET_SEED is unset: two starts from the same price go different ways (the review predicted 360 of 360 ticks from the default seed)', () => {
    const run = () => {
      const feed = new SimulatedPriceFeed([BTC], undefined, () => 0);
      return Array.from({ length: 100 }, () => feed.step()[0]!.price);
    };
    const first = run();
    expect(run()).not.toEqual(first);
    expect(first.every((price) => /^\d+(\.\d{1,2})?$/.test(price))).toBe(true);
  });

  it('keeps prices positive and at the symbol precision', () => {
    const feed = new SimulatedPriceFeed([BTC, DOGE], 7, () => 0);
    for (let i = 0; i < 2000; i++) {
      for (const tick of feed.step()) {
        const decimals = tick.symbol === 'BTC/USDT' ? 2 : 4;
        expect(tick.price).toMatch(new RegExp(`^\\d+(\\.\\d{1,${decimals}})?$`));
        expect(Number(tick.price)).toBeGreaterThan(0);
      }
    }
  });

  it('moves by about the configured volatility', () => {
    const feed = new SimulatedPriceFeed([BTC], 1, () => 0);
    const returns: number[] = [];
    let last = 65000;
    for (let i = 0; i < 5000; i++) {
      const price = Number(feed.step()[0]!.price);
      returns.push(Math.log(price / last));
      last = price;
    }
    const mean = returns.reduce((a, b) => a + b, 0) / returns.length;
    const perSecond = Math.sqrt(returns.reduce((a, r) => a + (r - mean) ** 2, 0) / returns.length);
    const annualised = perSecond * Math.sqrt(365 * 24 * 3600);
    expect(annualised).toBeGreaterThan(0.5);
    expect(annualised).toBeLessThan(0.7);
  });

  it('notifies listeners on every tick until they unsubscribe', () => {
    const feed = new SimulatedPriceFeed([BTC], 3, () => 1234);
    const seen: string[] = [];
    const off = feed.onTick((t) => seen.push(`${t.symbol}@${t.time}`));
    feed.step();
    off();
    feed.step();
    expect(seen).toEqual(['BTC/USDT@1234']);
    expect(feed.price('BTC/USDT')).toMatch(/^\d+\.?\d*$/);
  });
});
