/** Proves the pure market rules: the order form's client checks and a ticker's effect on a quotation. */
import { describe, expect, it } from 'vitest';
import { quotation } from './fake-server.ts';
import { formatChange, formatVolume, trendOf } from './format.ts';
import { validateOrder } from './trade-form.tsx';
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
