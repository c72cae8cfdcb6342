// Worked examples of what a spot order shows and why it is refused: the grid a price and an amount must
// sit on (with the step named), the average fill price from fills, the fee in its coin's precision, and
// the hot-search ranking; plus the refusal messages carrying their figures in every language.
import { describe, expect, it } from 'vitest';
import { errorMessage } from '../src/i18n/messages.ts';
import { LANGS } from '../src/lang.ts';
import { hotSymbols } from '../src/market-rules.ts';
import { averageFillPrice, feeShown, orderStepProblem, stepOf } from '../src/spot-order-rules.ts';

const BTC_USDT = { price_decimals: 2, quantity_decimals: 6 };

describe('orderStepProblem', () => {
  it('names the tick a price broke, then the step an amount broke', () => {
    expect(orderStepProblem(BTC_USDT, '65000.001', '1')).toEqual({ code: 'price_tick', params: { tick: '0.01' } });
    expect(orderStepProblem(BTC_USDT, '65000', '0.0000001')).toEqual({ code: 'quantity_step', params: { step: '0.000001' } });
    expect(orderStepProblem(BTC_USDT, '65000.001', '0.0000001')?.code).toBe('price_tick');
  });

  it('admits figures on the grid, trailing zeros included, and checks only the amount of a market order', () => {
    expect(orderStepProblem(BTC_USDT, '65000.10', '0.500000')).toBeNull();
    expect(orderStepProblem(BTC_USDT, undefined, '0.123456')).toBeNull();
    expect(orderStepProblem({ price_decimals: 0, quantity_decimals: 0 }, '5.5', '1')).toEqual({ code: 'price_tick', params: { tick: '1' } });
  });

  it('writes a step as a plain decimal', () => {
    expect([stepOf(0), stepOf(1), stepOf(2), stepOf(8)]).toEqual(['1', '0.1', '0.01', '0.00000001']);
  });
});

describe('averageFillPrice', () => {
  it('is the quote of the fills over their base, half-up to the price decimals', () => {
    // 0.1 at 60,000 and 0.3 at 60,001: 24,000.3 / 0.4.
    expect(averageFillPrice('24000.3', '0.4', 2)).toBe('60000.75');
    // 1 at 3000 and 0.5 at 2970: 4485 / 1.5 = 2990, shown with the symbol's decimals.
    expect(averageFillPrice('4485', '1.5', 2)).toBe('2990.00');
    // 1 / 3 = 0.333... -> 0.33; 2 / 3 = 0.666... -> 0.67.
    expect([averageFillPrice('1', '3', 2), averageFillPrice('2', '3', 2)]).toEqual(['0.33', '0.67']);
  });

  it('is null before any fill (shown as "-")', () => {
    expect(averageFillPrice('0', '0', 2)).toBeNull();
  });
});

describe('feeShown', () => {
  it('rounds a fee up to its coin’s decimals, as the user pays it', () => {
    expect(feeShown('1.3000012', 6)).toBe('1.300002');
    expect(feeShown('0.25', 2)).toBe('0.25');
    expect(feeShown('0.000000000001', 6)).toBe('0.000001');
    expect(feeShown('0', 6)).toBe('0');
  });
});

describe('hotSymbols', () => {
  const row = (symbol: string, amount: string, kind = 'spot') => ({ symbol, amount, kind });

  it('ranks spot pairs by 24 h turnover in the quote coin, not by their base volume', () => {
    // 900 BTC is worth more than 5,000 ETH.
    const list = [row('ETH/USDT', '16000000'), row('BTC/USDT', '58500000'), row('DOGE/USDT', '0'), row('BTCUSDT', '99999999999', 'futures')];
    expect(hotSymbols(list).map((q) => q.symbol)).toEqual(['BTC/USDT', 'ETH/USDT']);
  });

  it('keeps the alphabetical order on ties and at most the maximum', () => {
    const list = [row('LTC/USDT', '5'), row('BNB/USDT', '5'), row('ETH/USDT', '7')];
    expect(hotSymbols(list, 2).map((q) => q.symbol)).toEqual(['ETH/USDT', 'BNB/USDT']);
    expect(hotSymbols([row('BTC/USDT', '0')])).toEqual([]);
  });
});

describe('refusal messages with their figures', () => {
  it.each(LANGS)('%s names the tick, step and minimum', (lang) => {
    const tick = errorMessage('price_tick', lang, { tick: '0.01' });
    const step = errorMessage('quantity_step', lang, { step: '0.000001' });
    const minimum = errorMessage('order_value_too_small', lang, { min: '5', coin: 'USDT' });
    expect(tick).toContain('0.01');
    expect(step).toContain('0.000001');
    expect(minimum).toMatch(/5 USDT/);
    for (const text of [tick, step, minimum]) expect(text).not.toContain('{{');
  });

  it('reads in English as exchanges write it', () => {
    expect(errorMessage('price_tick', 'en', { tick: '0.01' })).toBe('Price must be a multiple of 0.01');
    expect(errorMessage('order_value_too_small', 'en', { min: '5', coin: 'USDT' })).toBe('The order value must be at least 5 USDT');
  });
});
