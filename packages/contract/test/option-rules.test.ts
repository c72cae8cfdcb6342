// The seconds-option rules with worked examples: the outcome from the open and close ticks only, the
// fee rounded up and the profit rounded down to the coin's unit, and what settlement pays back.
import { describe, expect, it } from 'vitest';
import { optionFee, optionNet, optionOutcome, optionPayout, optionProfit, optionRemainingMs, optionSubmitInput, optionDurationInput } from '../src/index.ts';

describe('option outcome', () => {
  it('wins up when the close 101 is above the open 100, and loses down', () => {
    expect(optionOutcome('up', '100', '101')).toBe('win');
    expect(optionOutcome('down', '100', '101')).toBe('lose');
  });
  it('wins down when the close 99.99 is below the open 100, and loses up', () => {
    expect(optionOutcome('down', '100', '99.99')).toBe('win');
    expect(optionOutcome('up', '100', '99.99')).toBe('lose');
  });
  it('is a draw both ways when the close 100.00 equals the open 100', () => {
    expect(optionOutcome('up', '100', '100.00')).toBe('draw');
    expect(optionOutcome('down', '100', '100.00')).toBe('draw');
  });
  it('compares as decimals, not as text or floats: 0.1 + 0.2 style closes', () => {
    expect(optionOutcome('up', '0.3', '0.30000000000000000001')).toBe('win');
    expect(optionOutcome('up', '9', '10')).toBe('win');
  });
});

describe('option fee', () => {
  it('is 0.1 on a stake of 100 at 0.1 %', () => expect(optionFee('100', '0.001', 6)).toBe('0.1'));
  it('rounds 12.345678 x 0.001 = 0.012345678 up to 0.012346 for a 6-decimal coin', () => expect(optionFee('12.345678', '0.001', 6)).toBe('0.012346'));
  it('is 0 at a 0 rate', () => expect(optionFee('100', '0', 6)).toBe('0'));
});

describe('option payout', () => {
  it('pays 100 + 100 x 0.8 = 180 on a win of 100 at ratio 0.8', () => expect(optionPayout('win', '100', '0.8', 6)).toBe('180'));
  it('pays the stake 100 back on a draw', () => expect(optionPayout('draw', '100', '0.8', 6)).toBe('100'));
  it('pays nothing on a loss', () => expect(optionPayout('lose', '100', '0.8', 6)).toBe('0'));
  it('rounds the profit 10.000001 x 0.85 = 8.50000085 down to 8.5 for a 6-decimal coin: pays 18.500001', () => {
    expect(optionProfit('10.000001', '0.85', 6)).toBe('8.5');
    expect(optionPayout('win', '10.000001', '0.85', 6)).toBe('18.500001');
  });
  it('nets +79.9 on a win of 100 at 0.8 with fee 0.1, -100.1 on a loss and -0.1 on a draw', () => {
    expect(optionNet('180', '100', '0.1')).toBe('79.9');
    expect(optionNet('0', '100', '0.1')).toBe('-100.1');
    expect(optionNet('100', '100', '0.1')).toBe('-0.1');
  });
});

describe('option remaining time', () => {
  it('is 12000 ms 18 s into a 30 s option, and 0 after expiry', () => {
    expect(optionRemainingMs(30_000, 18_000)).toBe(12_000);
    expect(optionRemainingMs(30_000, 31_000)).toBe(0);
  });
});

describe('option inputs', () => {
  it('reads type 1 as up and 2 as down, and refuses 3', () => {
    const base = { match_id: '1', currency_id: '2', seconds: '30', number: '10' };
    expect(optionSubmitInput.parse({ ...base, type: '1' }).type).toBe('up');
    expect(optionSubmitInput.parse({ ...base, type: 2 }).type).toBe('down');
    expect(optionSubmitInput.safeParse({ ...base, type: '3' }).success).toBe(false);
    expect(optionSubmitInput.safeParse({ ...base, type: '1', number: '0' }).success).toBe(false);
  });
  it('refuses a duration whose minimum stake is above its maximum', () => {
    const base = { seconds: '30', payout_ratio: '0.8', fee_rate: '0.001' };
    expect(optionDurationInput.safeParse({ ...base, stake_min: '100', stake_max: '10' }).success).toBe(false);
    expect(optionDurationInput.safeParse({ ...base, stake_min: '10', stake_max: '100' }).success).toBe(true);
  });
});
