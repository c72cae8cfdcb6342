// Proves the copy-trading rules on the worked examples of copy-rules.ts: ratio rounding, copied lots,
// profit share and trader statistics, and the follow input's refusals.
import { describe, expect, it } from 'vitest';
import { copyLots, followHoldsFunds, followInput, selfHoldShare, netProfit, normalizeCopyNumber, profitShare, traderFigures } from '../src/index.ts';

describe('normalizeCopyNumber', () => {
  it('rounds a multiple above 1 that is not whole to two decimals, half-up', () => {
    expect(normalizeCopyNumber('multiple', '1.255')).toBe('1.26');
    expect(normalizeCopyNumber('multiple', '1.254')).toBe('1.25');
    expect(normalizeCopyNumber('multiple', '2.5')).toBe('2.5');
    expect(normalizeCopyNumber('multiple', '3')).toBe('3');
  });
  it('keeps a multiple at or below 1 to four decimals, and refuses what rounds to nothing', () => {
    expect(normalizeCopyNumber('multiple', '0.33333')).toBe('0.3333');
    expect(normalizeCopyNumber('multiple', '1')).toBe('1');
    expect(normalizeCopyNumber('multiple', '0.00001')).toBeNull();
    expect(normalizeCopyNumber('multiple', '0')).toBeNull();
  });
  it('takes whole lots only', () => {
    expect(normalizeCopyNumber('lots', '5')).toBe('5');
    expect(normalizeCopyNumber('lots', '5.5')).toBeNull();
  });
});

describe('copyLots', () => {
  const symbol = { lotsMin: 1, lotsMax: 1000 };
  it('floors the trader lots times the multiple, and skips below the minimum', () => {
    expect(copyLots({ type: 'multiple', number: '1.5', traderLots: 3, ...symbol })).toEqual({ lots: 4 });
    expect(copyLots({ type: 'multiple', number: '0.2', traderLots: 3, ...symbol })).toEqual({ skip: 'lots_below_minimum' });
  });
  it('gives fixed lots whatever the trader opens, capped at the maximum', () => {
    expect(copyLots({ type: 'lots', number: '5', traderLots: 1, ...symbol })).toEqual({ lots: 5 });
    expect(copyLots({ type: 'multiple', number: '10', traderLots: 200, ...symbol })).toEqual({ lots: 1000 });
  });
});

describe('profitShare', () => {
  it('takes the rate of the net profit, rounded down to the unit', () => {
    const net = netProfit({ profit: '120', fee: '1.5', overnightFee: '0.5' });
    expect(net).toBe('118');
    expect(profitShare(net, '0.1', 6)).toBe('11.8');
    expect(profitShare('0.0000019', '0.5', 6)).toBe('0');
  });
  it('shares nothing on a loss, on break-even or at a rate of 0', () => {
    expect(profitShare('-5', '0.1', 6)).toBe('0');
    expect(profitShare('0', '0.1', 6)).toBe('0');
    expect(profitShare('100', '0', 6)).toBe('0');
  });
});

describe('traderFigures', () => {
  it('computes the worked example: P&L 80, return 8.00 %, accuracy 66.67 %', () => {
    const days = [
      { day: '2026-11-25', side: 'long' as const, orders: 1, wins: 1, profit: '100', margin: '500' },
      { day: '2026-11-26', side: 'short' as const, orders: 2, wins: 1, profit: '-20', margin: '500' },
    ];
    const figures = traderFigures(days, '2026-11-27', '2026-11-26', ['2026-11-25', '2026-11-26', '2026-11-27']);
    expect(figures).toMatchObject({
      total_profit: '80',
      total_return: '8.00',
      accuracy: '66.67',
      profitable_orders: 2,
      long_wins: 1,
      short_wins: 1,
      total_orders: 3,
      yesterday_trades: 2,
    });
    expect(figures.series).toEqual([
      { day: '2026-11-25', profit: '100', cumulative: '100' },
      { day: '2026-11-26', profit: '-20', cumulative: '80' },
      { day: '2026-11-27', profit: '0', cumulative: '80' },
    ]);
  });
  it('starts the series from the total before its first day, and gives zeros without trades', () => {
    const days = [{ day: '2026-10-01', side: 'long' as const, orders: 1, wins: 1, profit: '50', margin: '100' }];
    expect(traderFigures(days, '2026-11-27', '2026-11-26', ['2026-11-27']).series).toEqual([{ day: '2026-11-27', profit: '0', cumulative: '50' }]);
    expect(traderFigures([], '2026-11-27', '2026-11-26', [])).toMatchObject({ total_profit: '0', total_return: '0.00', accuracy: '0.00', total_orders: 0 });
  });
});

describe('followInput', () => {
  it('reads the spec type numbers and refuses a bad number', () => {
    expect(followInput.parse({ trader_user_id: '7', number: '1.5', type: '1' })).toEqual({ trader_user_id: 7, number: '1.5', type: 'multiple' });
    expect(followInput.parse({ trader_user_id: '7', number: '2', type: '2' }).type).toBe('lots');
    for (const number of ['', '0', '-1', 'abc', '1e3']) expect(followInput.safeParse({ trader_user_id: 7, number, type: 1 }).success).toBe(false);
  });
});

describe('self-hold and counted followers (review 2026-11-27, money 10 and fairness 5)', () => {
  const copy = { side: 'long' as const, openPrice: '65000', lots: 6, contractSize: '0.01', fee: '3.9', overnightFee: '0' };
  it('settles the trader\'s share on the profit at the mark when a follower self-holds a winning copy', () => {
    expect(selfHoldShare({ ...copy, markPrice: '66000' }, '0.1', 6)).toEqual({ profit: '60', share: '5.61' });
    expect(selfHoldShare({ ...copy, markPrice: '64000' }, '0.1', 6)).toEqual({ profit: '-60', share: '0' });
    expect(selfHoldShare({ ...copy, side: 'short', markPrice: '64000' }, '0.1', 6).share).toBe('5.61');
  });
  it('counts a follow only while it holds funds', () => {
    expect(followHoldsFunds({ contractBalance: '0', openCopies: 0 })).toBe(false);
    expect(followHoldsFunds({ contractBalance: '0.000001', openCopies: 0 })).toBe(true);
    expect(followHoldsFunds({ contractBalance: '0', openCopies: 1 })).toBe(true);
  });
});
