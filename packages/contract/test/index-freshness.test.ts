// The freshness rule's worked examples (index-freshness.ts): an order opens on the first tick after it,
// a settlement uses the tick in force only when fresh, and an outage voids rather than settles.
import { describe, expect, it } from 'vitest';
import { openingTick, pricedAtOf, settlementTick, tickAfter, tickFreshAt } from '../src/index-freshness.ts';

const MAX = 1_500;
const t = (time: number) => ({ time, id: String(time) });

describe('index freshness', () => {
  it('accepts an order only while the latest tick is at most one interval old', () => {
    expect(tickFreshAt(t(10_000), 11_200, MAX)).toBe(true);
    expect(tickFreshAt(t(10_000), 11_600, MAX)).toBe(false);
    expect(tickFreshAt(undefined, 11_000, MAX)).toBe(false);
    // a tick from after the moment asked about is not "in force" then
    expect(tickFreshAt(t(12_000), 11_000, MAX)).toBe(false);
  });

  it('opens on the first tick recorded after acceptance, never on one before it', () => {
    expect(openingTick(11_200, t(12_000), 12_100, MAX)).toEqual({ kind: 'use', tick: t(12_000) });
    expect(openingTick(11_200, t(11_000), 12_100, MAX)).toEqual({ kind: 'void' });
    expect(openingTick(11_200, undefined, 12_000, MAX)).toEqual({ kind: 'wait' });
    expect(openingTick(11_200, undefined, 12_800, MAX)).toEqual({ kind: 'void' });
    expect(openingTick(11_200, t(13_000), 13_000, MAX)).toEqual({ kind: 'void' });
  });

  it('public feed: never opens on a tick recorded after the order but priced from quotes requested before it (12,000 priced at 10,900, order at 11,200)', () => {
    const early = { ...t(12_000), pricedAt: 10_900 };
    expect(tickAfter(early, 11_200)).toBe(false);
    expect(openingTick(11_200, early, 12_100, MAX)).toEqual({ kind: 'void' });
    const next = { ...t(12_400), pricedAt: 11_900 };
    expect(tickAfter(next, 11_200)).toBe(true);
    expect(openingTick(11_200, next, 12_500, MAX)).toEqual({ kind: 'use', tick: next });
    // No pricedAt (the simulation, rows from before it was kept): priced at its time.
    expect(pricedAtOf(t(12_000))).toBe(12_000);
    expect(pricedAtOf({ time: 12_000, pricedAt: null })).toBe(12_000);
  });

  it('settles on a fresh tick in force, voids after an outage, waits until the decision is final', () => {
    expect(settlementTick(t(19_000), true, 20_000, 20_100, MAX)).toEqual({ kind: 'use', tick: t(19_000) });
    expect(settlementTick(t(2_000), true, 20_000, 20_100, MAX)).toEqual({ kind: 'void' });
    expect(settlementTick(t(19_000), false, 20_000, 20_700, MAX)).toEqual({ kind: 'wait' });
    expect(settlementTick(t(19_000), false, 20_000, 21_500, MAX)).toEqual({ kind: 'use', tick: t(19_000) });
    expect(settlementTick(undefined, true, 20_000, 20_100, MAX)).toEqual({ kind: 'void' });
  });
});
