// Proves candle periods start where a trader expects (UTC, Monday weeks, calendar months) and that
// trades and ticks fold into open/high/low/close/volume correctly.
import { describe, expect, it } from 'vitest';
import { CandleBuilder, periodStart } from '../../src/markets/candles.ts';

const at = (iso: string) => Date.parse(iso);

describe('period starts', () => {
  it('aligns fixed periods, Monday weeks and calendar months in UTC', () => {
    const t = at('2026-11-22T13:47:31.500Z'); // a Sunday
    expect(new Date(periodStart(t, '1min')).toISOString()).toBe('2026-11-22T13:47:00.000Z');
    expect(new Date(periodStart(t, '15min')).toISOString()).toBe('2026-11-22T13:45:00.000Z');
    expect(new Date(periodStart(t, '4hour')).toISOString()).toBe('2026-11-22T12:00:00.000Z');
    expect(new Date(periodStart(t, '1day')).toISOString()).toBe('2026-11-22T00:00:00.000Z');
    expect(new Date(periodStart(t, '1week')).toISOString()).toBe('2026-11-16T00:00:00.000Z');
    expect(new Date(periodStart(at('2026-11-16T00:00:00Z'), '1week')).toISOString()).toBe('2026-11-16T00:00:00.000Z');
    expect(new Date(periodStart(t, '1mon')).toISOString()).toBe('2026-11-01T00:00:00.000Z');
  });
});

describe('candle builder', () => {
  it('folds trades into OHLC and volume, and starts a new candle each period', () => {
    const builder = new CandleBuilder(['1min']);
    builder.trade('BTC/USDT', '100', '1', at('2026-01-01T00:00:05Z'));
    builder.trade('BTC/USDT', '105', '0.5', at('2026-01-01T00:00:20Z'));
    builder.trade('BTC/USDT', '98', '2', at('2026-01-01T00:00:40Z'));
    const [last] = builder.trade('BTC/USDT', '101', '1', at('2026-01-01T00:00:59Z'));
    expect(last).toMatchObject({ open: '100', high: '105', low: '98', close: '101', volume: '4.5', amount: '449.5' });
    const [next] = builder.trade('BTC/USDT', '102', '1', at('2026-01-01T00:01:00Z'));
    expect(next).toMatchObject({ open: '102', close: '102', volume: '1', openTime: at('2026-01-01T00:01:00Z') });
  });

  it('draws quiet markets from ticks, and ignores ticks once the candle has trades', () => {
    const builder = new CandleBuilder(['1min']);
    builder.tick('ETH/USDT', '3000', at('2026-01-01T00:00:01Z'));
    const [ticked] = builder.tick('ETH/USDT', '3010', at('2026-01-01T00:00:02Z'));
    expect(ticked).toMatchObject({ open: '3000', high: '3010', low: '3000', close: '3010', volume: '0' });
    builder.trade('ETH/USDT', '3005', '1', at('2026-01-01T00:00:03Z'));
    expect(builder.tick('ETH/USDT', '4000', at('2026-01-01T00:00:04Z'))).toEqual([]);
  });

  it('updates every period at once', () => {
    const builder = new CandleBuilder();
    expect(builder.trade('BNB/USDT', '580', '1', at('2026-01-01T00:00:00Z')).map((c) => c.period)).toHaveLength(9);
  });
});
