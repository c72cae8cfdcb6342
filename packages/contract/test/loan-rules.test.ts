// The loan rules with the worked examples of loan-rules.ts: the most one may borrow and the collateral a
// loan needs, LTV and the index prices of the margin call and the liquidation, interest per started day
// (overdue days at 3 x), repayment interest first, and liquidation with and without a shortfall. What a
// user pays is rounded up to the coin's unit, what a user receives rounded down.
import { describe, expect, it } from 'vitest';
import {
  DAY_MS,
  loanCollateralFor,
  loanDayInterest,
  loanDayOverdue,
  loanDayStartsAt,
  loanDebt,
  loanDueAt,
  loanLiquidation,
  loanLtvPercent,
  loanLtvReaches,
  loanMaxAmount,
  loanNextChargeAt,
  loanOverdueLiquidationAt,
  loanRepaySplit,
  loanTermInterest,
  loanToValue,
  loanTriggerPrice,
  money,
} from '../src/index.ts';

describe('borrowing', () => {
  it('lends at most what keeps the debt after day 1 within 1 BTC x 60,000 x 65 % = 39,000: 38,980.509745 + 19.490255 of interest', () => {
    expect(loanMaxAmount('1', '60000', '0.65', '0.0005', 6)).toBe('38980.509745');
    expect(loanDayInterest('38980.509745', '0.0005', false, 6)).toBe('19.490255');
  });
  it('rounds 4,913.88484397499 / 1.0005 down to the USDT unit: 4,911.429128, whose debt after day 1 stays within', () => {
    expect(loanMaxAmount('0.12345678', '61234.57', '0.65', '0.0005', 6)).toBe('4911.429128');
    expect(money('4911.429128').plus(loanDayInterest('4911.429128', '0.0005', false, 6)).lte(money('0.12345678').times('61234.57').times('0.65'))).toBe(true);
  });
  it('takes one unit off when the rounded-up interest would pass the cap: 0.001 BTC x 60,000.37 x 65 % = 39.0002405', () => {
    // 39.0002405 / 1.0005 = 38.98075 (rounded down), but 38.98075 + 0.019491 = 39.000241 is above the cap.
    expect(loanMaxAmount('0.001', '60000.37', '0.65', '0.0005', 6)).toBe('38.980749');
    expect(money('38.980749').plus(loanDayInterest('38.980749', '0.0005', false, 6)).toString()).toBe('39.00024');
  });
  it('lends nothing against nothing', () => expect(loanMaxAmount('0', '60000', '0.65', '0.0005', 6)).toBe('0'));
  it('needs 1,000 / (60,000 x 65 %) = 0.025641025... rounded up to 0.02564103 BTC to lend 1,000 USDT', () =>
    expect(loanCollateralFor('1000', '60000', '0.65', 8)).toBe('0.02564103'));
  it('puts 30,000 against 1 BTC at 60,000 at an LTV of 50 %', () => {
    expect(loanToValue('30000', '1', '60000')).toBe('0.5');
    expect(loanLtvPercent('0.5')).toBe('50');
  });
  it('shows an LTV of 30,015 / 60,000 = 50.025 % rounded up to 50.03 %', () => expect(loanLtvPercent(loanToValue('30015', '1', '60000')!)).toBe('50.03'));
  it('has no LTV for collateral worth nothing', () => expect(loanToValue('1', '0', '60000')).toBeNull());
});

describe('interest per started day', () => {
  it('charges 30,000 x 0.05 % = 15 USDT a day', () => expect(loanDayInterest('30000', '0.0005', false, 6)).toBe('15'));
  it('rounds 1,234.567891 x 0.05 % = 0.6172839455 up to 0.617284', () => expect(loanDayInterest('1234.567891', '0.0005', false, 6)).toBe('0.617284'));
  it('charges an overdue day 3 x: 1,000 x 0.05 % x 3 = 1.5', () => expect(loanDayInterest('1000', '0.0005', true, 6)).toBe('1.5'));
  it('previews a 7-day term of 30,000 as 7 x 15 = 105', () => expect(loanTermInterest('30000', '0.0005', 7, 6)).toBe('105'));
  it('starts day 1 at borrowing and day 3 two days later', () => {
    expect(loanDayStartsAt(1_000, 1)).toBe(1_000);
    expect(loanDayStartsAt(1_000, 3)).toBe(1_000 + 2 * DAY_MS);
  });
  it('makes day 8 of a 7-day loan overdue, never a day of a flexible one', () => {
    expect(loanDayOverdue(7, 7)).toBe(false);
    expect(loanDayOverdue(7, 8)).toBe(true);
    expect(loanDayOverdue(0, 400)).toBe(false);
  });
  it('is due after its term and liquidated 3 days later; a flexible loan neither', () => {
    expect(loanDueAt(0, 7)).toBe(7 * DAY_MS);
    expect(loanOverdueLiquidationAt(0, 7)).toBe(10 * DAY_MS);
    expect(loanDueAt(0, 0)).toBeNull();
    expect(loanOverdueLiquidationAt(0, 0)).toBeNull();
  });
  it('charges a 7-day loan up to day 10, the day starting at its overdue liquidation not at all; a flexible loan on and on', () => {
    expect(loanNextChargeAt(0, 7, 1)).toBe(DAY_MS);
    expect(loanNextChargeAt(0, 7, 9)).toBe(9 * DAY_MS);
    expect(loanNextChargeAt(0, 7, 10)).toBeNull();
    expect(loanNextChargeAt(0, 0, 1000)).toBe(1000 * DAY_MS);
  });
});

describe('margin call and liquidation prices', () => {
  it('calls for margin on a debt of 30,015 against 1 BTC at 30,015 / 0.75 = 40,020', () => {
    expect(loanTriggerPrice('30015', '1', '0.75', 2)).toBe('40020');
    expect(loanLtvReaches('30015', '1', '40020', '0.75')).toBe(true);
    expect(loanLtvReaches('30015', '1', '40020.01', '0.75')).toBe(false);
  });
  it('liquidates at 30,015 / 0.85 = 35,311.7647..., i.e. at 35,311.76 or below on a 2-decimal index', () => {
    expect(loanTriggerPrice('30015', '1', '0.85', 2)).toBe('35311.76');
    expect(loanTriggerPrice('30015', '1', '0.85')).toBe('35311.764705882352941177');
    expect(loanLtvReaches('30015', '1', '35311.76', '0.85')).toBe(true);
    expect(loanLtvReaches('30015', '1', '35311.77', '0.85')).toBe(false);
  });
});

describe('repayment', () => {
  it('pays 15 of interest, then 85 of principal, out of 100', () => expect(loanRepaySplit('100', '15')).toEqual({ interest: '15', principal: '85' }));
  it('pays only interest out of 10 against 15 of interest', () => expect(loanRepaySplit('10', '15')).toEqual({ interest: '10', principal: '0' }));
  it('owes 30,000 + 15 = 30,015', () => expect(loanDebt('30000', '15')).toBe('30015'));
});

describe('liquidation at the index', () => {
  it('takes 30,045 / 35,000 = 0.858428571... rounded up to 0.85842858 BTC (worth 30,045.0003) and returns 0.14157142', () =>
    expect(loanLiquidation({ principal: '30000', interest: '45', collateral: '1', price: '35000', collateralDecimals: 8, loanDecimals: 6 })).toEqual({
      debt: '30045',
      sold: '0.85842858',
      returned: '0.14157142',
      proceeds: '30045.0003',
      shortfall: '0',
    }));
  it('takes all the collateral after a gap down to 28,000 and leaves a 2,045 shortfall for the reserve', () =>
    expect(loanLiquidation({ principal: '30000', interest: '45', collateral: '1', price: '28000', collateralDecimals: 8, loanDecimals: 6 })).toEqual({
      debt: '30045',
      sold: '1',
      returned: '0',
      proceeds: '28000',
      shortfall: '2045',
    }));
  it('never sells more than the collateral nor leaves proceeds below the debt when it covers it', () => {
    for (const price of ['35311.76', '34000.01', '30045', '40000']) {
      const result = loanLiquidation({ principal: '30000', interest: '15', collateral: '1', price, collateralDecimals: 8, loanDecimals: 6 });
      expect(Number(result.sold)).toBeLessThanOrEqual(1);
      if (result.shortfall === '0') expect(Number(result.proceeds)).toBeGreaterThanOrEqual(30015);
    }
  });
});
