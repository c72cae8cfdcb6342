// Proves the integer-unit figures of bulk closes (contracts/units.ts) give exactly the decimal rules'
// results (contract-rules.ts, money.ts) on random inputs: a close's P&L, the account-level settlement,
// rounding, and amounts written without a decimal parse.
import { money, profitLoss, receiveUnits, riskRate, settleTogether, toAmountString } from '@fairex/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { closeProfitUnits, floorToCoin, plainAmount, riskRateUnits, roundFine, settleUnits, units, unitsAmount } from '../../src/contracts/units.ts';

/** A decimal string with up to `scale` decimals (as NUMERIC(36,18) holds), either sign when asked. */
const decimal = (scale: number, signed = true, digits = 12) =>
  fc
    .tuple(fc.bigInt({ min: signed ? -(10n ** BigInt(digits)) : 0n, max: 10n ** BigInt(digits) }), fc.integer({ min: 0, max: scale }))
    .map(([value, s]) => money(value.toString()).dividedBy(money(10).pow(s)).toFixed());

/** A NUMERIC(36,18) figure in units of 10^-18, of any magnitude up to 10^17. */
const figure = (signed: boolean) =>
  fc.tuple(fc.bigInt({ min: signed ? -(10n ** 35n) : 0n, max: 10n ** 35n }), fc.integer({ min: 0, max: 34 })).map(([value, cut]) => value / 10n ** BigInt(cut));

describe('contract figures in units', () => {
  it('writes amounts as toAmountString does, without a parse (property, and the database form)', () => {
    fc.assert(
      fc.property(decimal(18, true, 30), (x) => {
        expect(plainAmount(x)).toBe(toAmountString(x));
      }),
      { numRuns: 1000 },
    );
    for (const text of ['650.000000000000000000', '-20.500000000000000000', '0.000000000000000000', '0007.10', '-0.000', '1e5', '0.1234567890123456789']) {
      expect(plainAmount(text)).toBe(toAmountString(text));
    }
  });

  it('rounds half away from zero to 18 decimals and down to a coin unit as the money rules do (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }), fc.integer({ min: 0, max: 18 }), (fine, coin) => {
        const text = money(fine.toString()).dividedBy(money(10).pow(36)).toFixed();
        expect(unitsAmount(roundFine(fine))).toBe(toAmountString(text));
        const amount = unitsAmount(roundFine(fine));
        expect(unitsAmount(floorToCoin(units(amount), coin))).toBe(receiveUnits(amount, coin));
      }),
      { numRuns: 1000 },
    );
  });

  it('gives a close the P&L receiveUnits(profitLoss(...)) gives (property)', () => {
    const price = decimal(8, false, 13).filter((x) => money(x).gt(0));
    fc.assert(
      fc.property(fc.constantFrom('long' as const, 'short' as const), price, price, fc.integer({ min: 1, max: 10_000 }), fc.constantFrom('0.01', '0.1', '1', '0.001', '100'), fc.integer({ min: 0, max: 18 }), (side, open, close, lots, size, coin) => {
        expect(unitsAmount(closeProfitUnits(side, open, close, lots, size, coin))).toBe(receiveUnits(profitLoss(side, open, close, lots, size), coin));
      }),
      { numRuns: 1000 },
    );
  });

  it('settles an account as settleTogether does: credits first, each deficit from what is left, the rest short (property)', () => {
    const item = fc.record({ id: fc.integer({ min: 1, max: 10 ** 6 }), back: decimal(6) });
    fc.assert(
      fc.property(decimal(6, false), fc.array(item, { maxLength: 12 }), (available, items) => {
        const expected = settleTogether(available, items);
        const got = settleUnits(units(available), items.map((i) => ({ id: i.id, back: units(i.back) })));
        expect({
          available: unitsAmount(got.available),
          shortfall: unitsAmount(got.shortfall),
          lines: got.lines.map((l) => ({ id: l.id, toUser: unitsAmount(l.toUser), fromUser: unitsAmount(l.fromUser), shortfall: unitsAmount(l.shortfall) })),
        }).toEqual({ available: expected.available, shortfall: expected.shortfall, lines: expected.lines });
      }),
      { numRuns: 1000 },
    );
  });

  it('gives an account the risk rate riskRate gives, its quotient rounded to 40 digits as decimal.js divides (property)', () => {
    fc.assert(
      // Figures NUMERIC(36,18) holds (below 10^18), of any scale: small margins make long quotients.
      fc.property(figure(false), figure(false).filter((m) => m > 0n), figure(true), (available, margin, profit) => {
        expect(riskRateUnits(available, margin, profit)).toBe(riskRate(unitsAmount(available), [unitsAmount(margin)], [unitsAmount(profit)]));
      }),
      { numRuns: 2000 },
    );
    expect(riskRateUnits(units('868.7'), units('130'), units('20'))).toBe(riskRate('868.7', ['130'], ['20']));
    expect(riskRateUnits(0n, 0n, units('-5'))).toBe(riskRate('0', ['0'], ['-5']));
    expect(riskRateUnits(0n, units('65'), units('-65'))).toBe(riskRate('0', ['65'], ['-65']));
  });
});
