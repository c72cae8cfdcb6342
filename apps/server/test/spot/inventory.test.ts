// Proves the market maker's inventory band as a pure rule, with worked examples: how many levels of
// each side it may quote so that, all filled, its holding stays within [min, max].
import { describe, expect, it } from 'vitest';
import { levelsWithinInventory } from '../../src/spot/inventory.ts';

describe('levelsWithinInventory', () => {
  it('allows every level when the band has room for all of them', () => {
    // Holding 100M, band 50M..150M, 10 levels of 2000: 50M of room on each side.
    expect(levelsWithinInventory(10, '2000', '100000000', { min: '50000000', max: '150000000' })).toEqual({ buy: 10, sell: 10 });
  });

  it('quotes only the bids that fit below the maximum', () => {
    // 5000 of room above: two bids of 2000 fit, a third would take the holding to 151,000,001.
    expect(levelsWithinInventory(10, '2000', '149995000', { min: '50000000', max: '150000000' })).toEqual({ buy: 2, sell: 10 });
    // Exactly at the maximum, or above it: no bid at all.
    expect(levelsWithinInventory(10, '2000', '150000000', { min: '50000000', max: '150000000' }).buy).toBe(0);
    expect(levelsWithinInventory(10, '2000', '170000000', { min: '50000000', max: '150000000' }).buy).toBe(0);
  });

  it('quotes only the asks that keep the holding above the minimum', () => {
    // 3999.99 above the minimum: one ask of 2000 fits, not two.
    expect(levelsWithinInventory(10, '2000', '50003999.99', { min: '50000000', max: '150000000' })).toEqual({ buy: 10, sell: 1 });
    expect(levelsWithinInventory(10, '2000', '0', { min: '50000000', max: '150000000' })).toEqual({ buy: 10, sell: 0 });
  });

  it('quotes nothing with a level of no value', () => {
    expect(levelsWithinInventory(10, '0', '100', { min: '0', max: '1000' })).toEqual({ buy: 0, sell: 0 });
  });
});
