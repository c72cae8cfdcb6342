// Proves candle periods start where a trader expects (UTC, Monday weeks, calendar months) and that
// trades and ticks fold into open/high/low/close/volume correctly: a traded bar is drawn from its trades
// alone, so no bar's open lies outside [low, high] (worked examples and a property over random sequences).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { money } from '@fairex/contract';
import { CandleBuilder, periodStart, type Candle } from '../../src/markets/candles.ts';

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

  it('starts a bar afresh at its first trade: the review\'s bar (open 64851.27 from ticks, trades at 64880.59) opens at the trade, not outside its range', () => {
    const builder = new CandleBuilder(['1min']);
    builder.tick('BTC/USDT', '64851.27', at('2026-01-01T00:00:01Z'));
    builder.tick('BTC/USDT', '64860', at('2026-01-01T00:00:02Z'));
    const [traded] = builder.trade('BTC/USDT', '64880.59', '0.01', at('2026-01-01T00:00:03Z'));
    expect(traded).toMatchObject({ open: '64880.59', high: '64880.59', low: '64880.59', close: '64880.59', volume: '0.01' });
    // Ticks 100, 103 then trades 101, 99, 100.5: O 101 H 101 L 99 C 100.5.
    builder.tick('ETH/USDT', '100', at('2026-01-01T00:00:01Z'));
    builder.tick('ETH/USDT', '103', at('2026-01-01T00:00:02Z'));
    builder.trade('ETH/USDT', '101', '1', at('2026-01-01T00:00:03Z'));
    builder.trade('ETH/USDT', '99', '1', at('2026-01-01T00:00:04Z'));
    const [last] = builder.trade('ETH/USDT', '100.5', '1', at('2026-01-01T00:00:05Z'));
    expect(last).toMatchObject({ open: '101', high: '101', low: '99', close: '100.5', volume: '3' });
  });

  it('never draws an open or close outside [low, high], and a traded bar shows exactly its trades (property, random ticks and trades)', () => {
    const event = fc.record({ trade: fc.boolean(), price: fc.integer({ min: 1, max: 100_000 }), second: fc.integer({ min: 0, max: 179 }) });
    fc.assert(
      fc.property(fc.array(event, { minLength: 1, maxLength: 60 }), (events) => {
        const builder = new CandleBuilder(['1min']);
        const bars = new Map<number, Candle>();
        const trades = new Map<number, number[]>();
        for (const e of [...events].sort((a, b) => a.second - b.second)) {
          const time = e.second * 1000;
          const price = String(e.price / 100);
          const changed = e.trade ? builder.trade('X/USDT', price, '1', time) : builder.tick('X/USDT', price, time);
          for (const c of changed) bars.set(c.openTime, c);
          if (e.trade) trades.set(periodStart(time, '1min'), [...(trades.get(periodStart(time, '1min')) ?? []), e.price / 100]);
        }
        for (const bar of bars.values()) {
          const [open, high, low, close] = [bar.open, bar.high, bar.low, bar.close].map((v) => money(v));
          expect(low!.lte(open!) && open!.lte(high!) && low!.lte(close!) && close!.lte(high!)).toBe(true);
          const traded = trades.get(bar.openTime);
          if (traded) {
            expect([Number(bar.open), Number(bar.high), Number(bar.low), Number(bar.close)]).toEqual([traded[0], Math.max(...traded), Math.min(...traded), traded.at(-1)]);
            expect(bar.volume).toBe(String(traded.length));
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('folds a batch of trades as it folds them one after the other, answering each changed candle once as it ends (property)', () => {
    const trade = fc.record({ price: fc.integer({ min: 1, max: 10_000_000 }), lots: fc.integer({ min: 1, max: 900_000 }), gap: fc.integer({ min: 0, max: 40_000 }) });
    fc.assert(
      fc.property(fc.array(trade, { minLength: 1, maxLength: 40 }), fc.integer({ min: 1, max: 40 }), (list, size) => {
        let time = at('2026-01-01T00:59:30Z');
        const trades = list.map((t) => ({ price: String(t.price / 100), quantity: String(t.lots / 1_000_000), time: (time += t.gap) }));
        const one = new CandleBuilder();
        const many = new CandleBuilder();
        for (const b of [one, many]) b.tick('X/USDT', '50000', at('2026-01-01T00:59:00Z'));
        const last = new Map<string, Candle>();
        for (const t of trades) for (const c of one.trade('X/USDT', t.price, t.quantity, t.time)) last.set(`${c.period}:${c.openTime}`, c);
        const answered = new Map<string, Candle>();
        for (let i = 0; i < trades.length; i += size) {
          for (const c of many.trades('X/USDT', trades.slice(i, i + size))) {
            const key = `${c.period}:${c.openTime}`;
            // Once per candle per batch.
            expect(answered.get(key) === c).toBe(false);
            answered.set(key, c);
          }
        }
        expect(answered).toEqual(last);
        expect(many.tick('X/USDT', '1', time)).toEqual(one.tick('X/USDT', '1', time));
      }),
      { numRuns: 200 },
    );
  });

  it('updates every period at once', () => {
    const builder = new CandleBuilder();
    expect(builder.trade('BNB/USDT', '580', '1', at('2026-01-01T00:00:00Z')).map((c) => c.period)).toHaveLength(9);
  });
});
