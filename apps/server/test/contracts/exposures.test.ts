// Proves the kept figures of open positions (contracts/exposures.ts): after any sequence of opens, closes,
// repeated and late rows, and reads from the database, an account's sums per symbol equal those of its
// open positions computed from scratch (contract-rules exposureOf, exact decimals), as the database would
// sum them; a late `open` row of an ended position and a read older than a row told since change nothing.
import { exposureOf, exposureProfit, money, sum } from '@fairex/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AccountExposures, heldUnits, profitUnits, unitsOf, type TrackedRow } from '../../src/contracts/exposures.ts';
import { unitsAmount } from '../../src/contracts/units.ts';
import { priceUnits } from '../../src/contracts/trigger-index.ts';

const row = (id: number, over: Partial<TrackedRow> = {}): TrackedRow => ({
  id,
  userId: 1,
  currencyId: 1,
  symbolId: 5,
  side: 'long',
  openPrice: '65000.123456789',
  lots: 2,
  contractSize: '0.01',
  margin: '130.000001',
  status: 'open',
  ...over,
});

/** The sums from scratch: what accountExposures reads from the database. */
function fromScratch(open: TrackedRow[], userId: number, currencyId: number) {
  const mine = open.filter((p) => p.userId === userId && p.currencyId === currencyId);
  const symbols = [...new Set(mine.map((p) => p.symbolId))];
  return symbols.map((symbolId) => {
    const held = mine.filter((p) => p.symbolId === symbolId);
    const { exposure, cost } = exposureOf(held.map((p) => ({ side: p.side, openPrice: p.openPrice!, lots: p.lots, contractSize: p.contractSize })));
    return { symbolId, margin: sum(held.map((p) => p.margin)), exposure, cost };
  });
}

const figures = (kept: AccountExposures, userId: number, currencyId: number) =>
  kept
    .exposures(userId, currencyId)
    .map(({ symbolId, margin, exposure, cost }) => ({ symbolId, margin: money(margin).toFixed(), exposure: money(exposure).toFixed(), cost: money(cost).toFixed() }))
    .sort((a, b) => a.symbolId - b.symbolId);
const expected = (open: TrackedRow[], userId: number, currencyId: number) =>
  fromScratch(open, userId, currencyId)
    .map(({ symbolId, margin, exposure, cost }) => ({ symbolId, margin: money(margin).toFixed(), exposure: money(exposure).toFixed(), cost: money(cost).toFixed() }))
    .sort((a, b) => a.symbolId - b.symbolId);

describe('kept exposures', () => {
  it('sums an account per symbol, forgets a closed position for good and changes nothing on a repeated row', () => {
    const kept = new AccountExposures();
    kept.apply([row(1), row(2, { side: 'short', lots: 3, openPrice: '64000' }), row(3, { symbolId: 6, margin: '10' })]);
    kept.apply([row(1)]);
    expect(figures(kept, 1, 1)).toEqual([
      { symbolId: 5, margin: '260.000002', exposure: '-0.01', cost: '-619.99753086422' },
      { symbolId: 6, margin: '10', exposure: '0.02', cost: '1300.00246913578' },
    ]);
    kept.apply([row(1, { status: 'closed' })]);
    // Told late (its open after its close): stays closed.
    kept.apply([row(1)]);
    expect(figures(kept, 1, 1)).toEqual(expected([row(2, { side: 'short', lots: 3, openPrice: '64000' }), row(3, { symbolId: 6, margin: '10' })], 1, 1));
    kept.apply([row(2, { status: 'closed' }), row(3, { status: 'cancelled' })]);
    expect(kept.exposures(1, 1)).toEqual([]);
    expect(kept.size).toBe(0);
  });

  it('replaces an account from a read, keeping what was told after the read began and leaving out ended positions', () => {
    const kept = new AccountExposures();
    kept.apply([row(1), row(2)]);
    const since = kept.mark();
    // Told while the read runs: 3 opened, 2's margin paid down, 1 closed (the read still sees 1 and 2 as they were).
    kept.apply([row(3), row(2, { margin: '100' }), row(1, { status: 'closed' })]);
    kept.replace([{ userId: 1, currencyId: 1 }], [row(1), row(2), row(4)].map(unitsOf), since);
    expect(figures(kept, 1, 1)).toEqual(expected([row(2, { margin: '100' }), row(3), row(4)], 1, 1));
    // A later read is the truth again: 3 closed elsewhere (another process) is gone.
    kept.replace([{ userId: 1, currencyId: 1 }], [row(2, { margin: '100' }), row(4)].map(unitsOf), kept.mark());
    expect(figures(kept, 1, 1)).toEqual(expected([row(2, { margin: '100' }), row(4)], 1, 1));
  });

  it('equals the sums from scratch after any sequence of opens, changes and closes (property)', () => {
    const event = fc.record({
      id: fc.integer({ min: 1, max: 12 }),
      userId: fc.integer({ min: 1, max: 3 }),
      symbolId: fc.integer({ min: 1, max: 2 }),
      side: fc.constantFrom('long' as const, 'short' as const),
      lots: fc.integer({ min: 1, max: 1000 }),
      price: fc.integer({ min: 1, max: 10 ** 9 }),
      margin: fc.integer({ min: 1, max: 10 ** 9 }),
      close: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(event, { maxLength: 60 }), (events) => {
        const kept = new AccountExposures();
        const open = new Map<number, TrackedRow>();
        const ended = new Set<number>();
        for (const e of events) {
          // A position keeps its owner and symbol; its margin may change (an overnight fee) until it ends.
          const before = open.get(e.id);
          const r = row(e.id, {
            userId: before?.userId ?? e.userId,
            symbolId: before?.symbolId ?? e.symbolId,
            side: before?.side ?? e.side,
            lots: before?.lots ?? e.lots,
            openPrice: before?.openPrice ?? `${e.price / 1000}`,
            contractSize: '0.001',
            margin: `${e.margin / 10 ** 6}`,
            status: e.close ? 'closed' : 'open',
          });
          kept.apply([r]);
          if (e.close) {
            open.delete(e.id);
            ended.add(e.id);
          } else if (!ended.has(e.id)) open.set(e.id, r);
        }
        for (const userId of [1, 2, 3]) expect(figures(kept, userId, 1)).toEqual(expected([...open.values()], userId, 1));
      }),
      { numRuns: 200 },
    );
  });

  it('prices held positions at a mark as exposureProfit does, rounded half away from zero (property)', () => {
    const decimal = (scale: number) => fc.tuple(fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }), fc.constant(scale)).map(([units, s]) => money(units.toString()).dividedBy(money(10).pow(s)).toFixed());
    fc.assert(
      fc.property(decimal(6), decimal(12), fc.integer({ min: 1, max: 10 ** 9 }), (exposure, cost, mark) => {
        const price = money(mark).dividedBy(1000).toFixed();
        const row = { userId: 1, currencyId: 1, symbolId: 1, margin: '1', exposure, cost };
        expect(unitsAmount(profitUnits(heldUnits(row), priceUnits(price)))).toBe(exposureProfit(row, price));
      }),
      { numRuns: 500 },
    );
    // Half a unit at the 18th decimal rounds away from zero, either sign.
    const half = { userId: 1, currencyId: 1, symbolId: 1, margin: '1', exposure: '0.000000000000000001', cost: '0' };
    expect(unitsAmount(profitUnits(heldUnits(half), priceUnits('0.5')))).toBe(exposureProfit(half, '0.5'));
    expect(unitsAmount(profitUnits(heldUnits({ ...half, exposure: '-0.000000000000000001' }), priceUnits('0.5')))).toBe(exposureProfit({ ...half, exposure: '-0.000000000000000001' }, '0.5'));
  });
});
