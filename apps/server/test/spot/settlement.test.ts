// Proves the spot money rules as pure functions on worked examples: the one rounding rule of fills
// (users pay rounded up and receive rounded down, per order over its fills, the rest to the rounding
// account, which never goes below zero), what a buy still needs frozen after a fill, and which symbol
// decimals a coin pair can hold.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { averageFillPrice, meetsOrderValueMin, toAmountString } from '@fairex/contract';
import { averagePriceText, limitMeetsValueMin, buyFreeze, buyNeeds, fromUnits, marketBuyCap, settleFill, symbolDecimalsProblem, toUnits, type FillTotals } from '../../src/spot/amounts.ts';

const none: FillTotals = { quote: 0n, fee: 0n };
/** Units of 1.00 in a fine scale of 2 decimals: amounts below are hundredths. */
const UNIT = 100n;

describe('settleFill: pay rounded up, receive rounded down, the difference to the rounding account', () => {
  it('rounds the running totals of each order, not each fill', () => {
    // 10.40 with fees 0.02 (buyer) and 0.01 (seller).
    const first = settleFill(UNIT, { quote: 1040n, buyerFee: 2n, sellerFee: 1n }, none, none);
    expect(first).toEqual({ buyerPays: 1100n, sellerReceives: 1000n, buyerFee: 0n, sellerFee: 0n, rounding: 100n });
    // The same fill again: the buyer's total 20.84 rounds up to 21, of which 11 is paid; the seller's 20.78 down to 20.
    const second = settleFill(UNIT, { quote: 1040n, buyerFee: 2n, sellerFee: 1n }, { quote: 1040n, fee: 2n }, { quote: 1040n, fee: 1n });
    expect(second).toEqual({ buyerPays: 1000n, sellerReceives: 1000n, buyerFee: 0n, sellerFee: 0n, rounding: 0n });
  });

  it('posts exact amounts unchanged when they are whole units', () => {
    // BTC/USDT: 0.01 at 65,000 (650 USDT) with fees 1.3 and 0.65, in fine units of 10^-14 and USDT units of 10^-6.
    const unit = 10n ** 8n;
    const fine = (text: string) => toUnits(text, 14);
    const settled = settleFill(unit, { quote: fine('650'), buyerFee: fine('1.3'), sellerFee: fine('0.65') }, none, none);
    expect(settled).toEqual({ buyerPays: fine('651.3'), sellerReceives: fine('649.35'), buyerFee: fine('1.3'), sellerFee: fine('0.65'), rounding: 0n });
  });

  it('keeps every posted amount a whole unit, balanced, and the rounding account never below zero over random fills', () => {
    const fill = fc.record({ quote: fc.bigInt({ min: 1n, max: 10n ** 6n }), buyerRate: fc.bigInt({ min: 0n, max: 100n }), sellerRate: fc.bigInt({ min: 0n, max: 100n }) });
    fc.assert(
      fc.property(fc.array(fc.record({ fill, buyer: fc.nat(3), seller: fc.nat(3) }), { maxLength: 60 }), (steps) => {
        const buyers = Array.from({ length: 4 }, () => ({ ...none }));
        const sellers = Array.from({ length: 4 }, () => ({ ...none }));
        const paid = [0n, 0n, 0n, 0n];
        let rounding = 0n;
        for (const step of steps) {
          const { quote } = step.fill;
          const buyerFee = (quote * step.fill.buyerRate) / 1000n;
          const sellerFee = (quote * step.fill.sellerRate) / 1000n;
          const buyer = buyers[step.buyer]!;
          const seller = sellers[step.seller]!;
          const s = settleFill(UNIT, { quote, buyerFee, sellerFee }, buyer, seller);
          for (const amount of [s.buyerPays, s.sellerReceives, s.buyerFee, s.sellerFee, s.rounding]) expect(amount % UNIT).toBe(0n);
          expect(s.buyerPays).toBe(s.sellerReceives + s.buyerFee + s.sellerFee + s.rounding);
          expect(s.buyerPays >= 0n && s.sellerReceives >= 0n).toBe(true);
          rounding += s.rounding;
          expect(rounding >= 0n).toBe(true);
          paid[step.buyer]! += s.buyerPays;
          buyers[step.buyer] = { quote: buyer.quote + quote, fee: buyer.fee + buyerFee };
          sellers[step.seller] = { quote: seller.quote + quote, fee: seller.fee + sellerFee };
        }
        // A buyer has paid exactly its exact cost rounded up: never more than one unit above it.
        buyers.forEach((b, i) => expect(paid[i]).toBe(((b.quote + b.fee + UNIT - 1n) / UNIT) * UNIT));
      }),
    );
  });
});

describe('buyNeeds: what a buy still needs frozen after a fill', () => {
  const unit = 10n ** 8n; // USDT in BTC/USDT's fine units
  const fine = (text: string) => toUnits(text, 14);

  it('releases what a fill below the limit saved (worked example of the issue)', () => {
    // Buy 0.02 at 65,000.00 (ticks of 0.01, lots of 0.000001) froze 0.02 x 65,000 x 1.002 = 1302.6.
    const order = { price: 6_500_000, quantity: 20_000, frozen: buyFreeze(6_500_000, 20_000, 2_000n, unit), filledLots: 10_000n };
    expect(order.frozen).toBe(fine('1302.6'));
    // 0.01 filled at 60,000 with the 0.2 % taker fee: 600 + 1.2 spent; the resting 0.01 needs 650 x 1.002.
    expect(buyNeeds(unit, order, { quote: fine('600'), fee: fine('1.2') })).toBe(fine('651.3'));
    // Nothing left to fill: nothing needed.
    expect(buyNeeds(unit, { ...order, filledLots: 20_000n }, { quote: fine('1200'), fee: fine('2.4') })).toBe(0n);
  });

  it('rounds the need as payments round, so hold minus need is never negative', () => {
    // 3 lots at 1.01 with a 0.2 % fee, in units of 1.00: the freeze 3.03606 rounds up to 4.
    const order = { price: 101, quantity: 3, frozen: buyFreeze(101, 3, 2_000n, 10n ** 8n), filledLots: 1n };
    expect(order.frozen).toBe(4n * 10n ** 8n);
    // One lot filled at 1.01: 1.01202 spent (paid 2 rounded up); two lots need ceil(3.03606) - 2 = 2.
    const spent = { quote: 101n * 10n ** 6n, fee: 202_000n };
    expect(buyNeeds(10n ** 8n, order, spent)).toBe(2n * 10n ** 8n);
  });
});

describe('market buy protection', () => {
  it('caps a market buy at the best ask at arrival plus 1 %, rounded up to a tick', () => {
    expect(marketBuyCap(300_000, 10_000_000_000)).toBe(303_000);
    expect(marketBuyCap(10_001, 10_000_000_000)).toBe(10_102);
  });
});

describe('symbolDecimalsProblem: decimals a coin pair can hold', () => {
  it('accepts the seeded pairs and refuses decimals finer than the coins', () => {
    expect(symbolDecimalsProblem({ priceDecimals: 2, quantityDecimals: 6, baseDecimals: 8, quoteDecimals: 6 })).toBeNull();
    // A lot of 10^-9 BTC cannot be posted to an account of 10^-8 units.
    expect(symbolDecimalsProblem({ priceDecimals: 2, quantityDecimals: 9, baseDecimals: 8, quoteDecimals: 6 })).toBe('quantity_decimals');
    // A price tick of 10^-7 USDT is finer than USDT's unit.
    expect(symbolDecimalsProblem({ priceDecimals: 7, quantityDecimals: 2, baseDecimals: 8, quoteDecimals: 6 })).toBe('price_decimals');
    // 8 + 8 + 6 fee decimals do not fit NUMERIC(36,18).
    expect(symbolDecimalsProblem({ priceDecimals: 8, quantityDecimals: 8, baseDecimals: 8, quoteDecimals: 8 })).toBe('fine_decimals');
  });
});

describe('averagePriceText: the average fill price from exact totals', () => {
  it('answers what the contract\'s averageFillPrice answers (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 8 }), fc.bigInt({ min: 0n, max: 10n ** 15n }), fc.bigInt({ min: 0n, max: 10n ** 12n }), (pd, qd, quote, lots) => {
        const spec = { symbol: 'X/Y', priceDecimals: pd, quantityDecimals: qd, priceMax: '1', quantityMax: '1' };
        const expected = toAmountString(averageFillPrice(fromUnits(quote, pd + qd), fromUnits(lots, qd), pd) ?? '0');
        expect(averagePriceText(spec, quote, lots)).toBe(expected);
      }),
      { numRuns: 2000 },
    );
    const btc = { symbol: 'BTC/USDT', priceDecimals: 2, quantityDecimals: 1, priceMax: '1', quantityMax: '1' };
    expect(averagePriceText(btc, 24_000_300n, 4n)).toBe('60000.75');
    expect(averagePriceText(btc, 0n, 0n)).toBe('0');
  });
});

describe('limitMeetsValueMin: the minimum order value in whole quote units', () => {
  it('answers what the contract\'s meetsOrderValueMin answers for the quantity and price (property)', () => {
    const minimum = fc.tuple(fc.bigInt({ min: 0n, max: 10n ** 20n }), fc.integer({ min: 0, max: 18 })).map(([units, decimals]) => fromUnits(units, decimals));
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 8 }), fc.integer({ min: 1, max: 2 ** 40 }), fc.integer({ min: 1, max: 2 ** 40 }), minimum, (pd, qd, lots, ticks, min) => {
        const spec = { symbol: 'X/Y', priceDecimals: pd, quantityDecimals: qd, priceMax: '1', quantityMax: '1' };
        expect(limitMeetsValueMin(spec, lots, ticks, min)).toBe(meetsOrderValueMin(fromUnits(BigInt(lots), qd), fromUnits(BigInt(ticks), pd), min));
      }),
      { numRuns: 2000 },
    );
    const btc = { symbol: 'BTC/USDT', priceDecimals: 2, quantityDecimals: 6, priceMax: '1', quantityMax: '1' };
    expect(limitMeetsValueMin(btc, 200, 6_500_012, '5')).toBe(true);
    expect(limitMeetsValueMin(btc, 76, 6_500_000, '5')).toBe(false);
    expect(limitMeetsValueMin(btc, 77, 6_500_000, '5.000000000000000000')).toBe(true);
  });
});
