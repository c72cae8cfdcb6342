/** Proves the pure market rules: the order form's client checks and a ticker's effect on a quotation. */
import { describe, expect, it } from 'vitest';
import { quotation } from './fake-server.ts';
import { fiatValue, formatChange, formatVolume, trendOf, withDecimals } from './format.ts';
import { matchesPair } from './pair-picker.tsx';
import { bestPrice, orderTotal, validateOrder } from './trade-form.tsx';
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

describe('validateOrder on the symbol’s grid', () => {
  const grid = { price_decimals: 2, quantity_decimals: 6 };
  it('refuses a price off the tick and an amount off the step, as the server does', () => {
    expect(validateOrder('limit', '65000.001', '1', undefined, grid)).toBe('priceTick');
    expect(validateOrder('limit', '65000.01', '0.0000001', undefined, grid)).toBe('amountStep');
    expect(validateOrder('market', '65000.001', '0.1', undefined, grid)).toBeNull();
    expect(validateOrder('limit', '65000.10', '0.100000', undefined, grid)).toBeNull();
  });
});

describe('orderTotal', () => {
  it('is price x amount, exactly, once both are correct numbers', () => {
    expect(orderTotal('65000.5', '0.01')).toBe('650.005');
    expect(orderTotal('0.1', '0.3')).toBe('0.03');
    expect(orderTotal('', '1')).toBeUndefined();
    expect(orderTotal(undefined, '1')).toBeUndefined();
    expect(orderTotal('100', 'abc')).toBeUndefined();
  });
});

describe('fiatValue', () => {
  const usdt = (coin: string) => (coin === 'ETH' ? '3200' : undefined);
  it('values a USDT price at the fiat rate, with two decimals', () => {
    expect(fiatValue('65000', 'USDT', usdt, '7.1')).toBe('461500.00');
    expect(fiatValue('65000.129', 'USDT', usdt, '1')).toBe('65000.12');
  });

  it('keeps four significant digits of a small value, and goes through the quote coin’s USDT price', () => {
    expect(fiatValue('0.0612', 'USDT', usdt, '1')).toBe('0.06120');
    expect(fiatValue('0.00000123456', 'USDT', usdt, '1')).toBe('0.00000123');
    expect(fiatValue('0.05', 'ETH', usdt, '1')).toBe('160.00');
    expect(fiatValue('1', 'BNB', usdt, '1')).toBeUndefined();
  });
});

describe('matchesPair', () => {
  it('finds a pair however its name is typed', () => {
    expect(['eth', 'ETH/USDT', 'ethusdt', 'eth usdt'].every((text) => matchesPair('ETH/USDT', text))).toBe(true);
    expect(matchesPair('BTC/USDT', 'eth')).toBe(false);
  });
});

describe('a symbol without an index', () => {
  it('shows - for its price and change, a flat trend and no fiat value (the quotation answers null, never the start price)', () => {
    expect([withDecimals(null, 2), formatChange(null), trendOf(null), fiatValue(null, 'USDT', () => undefined, '7.1')]).toEqual(['-', '-', 'flat', undefined]);
    expect(withDecimals('65079.5', 2)).toBe('65079.50');
  });
});
