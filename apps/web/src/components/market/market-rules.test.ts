/** Proves the pure market rules: the order form's client checks and a ticker's effect on a quotation. */
import { describe, expect, it } from 'vitest';
import { quotation } from './fake-server.ts';
import { formatChange, formatVolume, trendOf } from './format.ts';
import { bestPrice, validateOrder } from './trade-form.tsx';
import { applyTicker } from './use-live-quotations.ts';

describe('validateOrder', () => {
  it('asks for the entrust price when a limit order has none', () => {
    expect(validateOrder('limit', ' ', '1')).toBe('priceRequired');
  });

  it('refuses a price or an amount that is not a correct positive number', () => {
    expect(validateOrder('limit', '1e3', '1')).toBe('wrongPrice');
    expect(validateOrder('limit', '0', '1')).toBe('wrongPrice');
    expect(validateOrder('limit', '100', '-1')).toBe('wrongAmount');
    expect(validateOrder('market', '', '0.000')).toBe('wrongAmount');
  });

  it('accepts a market order without a price', () => {
    expect(validateOrder('market', '', '0.5')).toBeNull();
  });

  it('refuses an order worth less than the symbol’s minimum, valuing a market order at the price it is given', () => {
    const minimum = { orderValueMin: '5', marketPrice: '60000' };
    // 0.000099 x 50,000 = 4.95; 0.0001 x 50,000 = 5.
    expect(validateOrder('limit', '50000', '0.000099', minimum)).toBe('belowMinimum');
    expect(validateOrder('limit', '50000', '0.0001', minimum)).toBeNull();
    // 0.00008 x 60,000 = 4.8; 0.0001 x 60,000 = 6.
    expect(validateOrder('market', '', '0.00008', minimum)).toBe('belowMinimum');
    expect(validateOrder('market', '', '0.0001', minimum)).toBeNull();
    // Nothing to value a market order at: the server answers for it.
    expect(validateOrder('market', '', '0.00008', { orderValueMin: '5', marketPrice: undefined })).toBeNull();
  });
});

describe('bestPrice', () => {
  it('finds the lowest ask and the highest bid whatever the order of the levels, compared as decimals', () => {
    const levels = [['60010.5', '1'], ['9999.99', '2'], ['60000', '1']] as const;
    expect(bestPrice(levels, 'ask')).toBe('9999.99');
    expect(bestPrice(levels, 'bid')).toBe('60010.5');
    expect(bestPrice([], 'ask')).toBeUndefined();
  });
});

describe('applyTicker', () => {
  it('recomputes the 24h change against the implied opening price and widens the high', () => {
    const item = quotation({ id: 1, symbol: 'BTC/USDT', price: '110', change: '10', high: '112', low: '95' });
    const next = applyTicker(item, { symbol: 'BTC/USDT', price: '120', time: 0 });
    expect(next).toMatchObject({ price: '120', change: '20.00', high: '120', low: '95' });
  });

  it('ignores a ticker without a usable price', () => {
    const item = quotation({ id: 1, symbol: 'BTC/USDT', price: '110', change: '10' });
    expect(applyTicker(item, { symbol: 'BTC/USDT', price: 'x', time: 0 })).toBe(item);
  });
});

describe('format', () => {
  it('signs and colours the change and shortens volumes', () => {
    expect([formatChange('1.5'), trendOf('1.5'), trendOf('-0.1'), trendOf('0')]).toEqual(['+1.50%', 'up', 'down', 'flat']);
    expect([formatVolume('2500000'), formatVolume('1500'), formatVolume('12.5')]).toEqual(['2.5M', '1.5K', '12.5']);
  });
});
