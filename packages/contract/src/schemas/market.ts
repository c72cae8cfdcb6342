import { z } from 'zod';

import { CANDLE_PERIOD_NAMES } from '../constants.ts';
export { CANDLE_PERIOD_NAMES };

const zEpochSeconds = z.coerce.number({ message: 'parameter_error' }).int('parameter_error').min(0, 'parameter_error');

/**
 * The periods index candles come in (source=index): built from the stored index ticks of the last
 * INDEX_CANDLES_SPAN_MS, the span a chart beside a seconds option needs; longer periods would read
 * millions of ticks.
 */
export const INDEX_CANDLE_PERIODS = ['1min', '5min', '15min', '30min', '60min'] as const;
/** How far back index candles reach: one day of ticks (86,400 per symbol at one a second). */
export const INDEX_CANDLES_SPAN_MS = 24 * 60 * 60 * 1000;

/**
 * GET /currency/new_timeshar: candles of one symbol and period between two times (epoch seconds).
 * source "trades" (default): the stored candles, a bar drawn from its trades where it has any, else from
 * the index; "index": the index the options settle on, from its ticks (INDEX_CANDLE_PERIODS only).
 */
export const timesharInput = z
  .object({
    symbol: z.string({ message: 'parameter_error' }).trim().min(1, 'parameter_error').max(32, 'parameter_error'),
    period: z.enum(CANDLE_PERIOD_NAMES, { message: 'parameter_error' }),
    from: zEpochSeconds,
    to: zEpochSeconds,
    source: z.enum(['trades', 'index'], { message: 'parameter_error' }).default('trades'),
  })
  .refine((v) => v.from <= v.to, { message: 'parameter_error' })
  .refine((v) => v.source === 'trades' || (INDEX_CANDLE_PERIODS as readonly string[]).includes(v.period), { message: 'parameter_error' });

export const candleItem = z.object({
  time: z.number().int(),
  open: z.string(),
  high: z.string(),
  low: z.string(),
  close: z.string(),
  volume: z.string(),
  amount: z.string(),
});

/**
 * What a spot order freezes (see spot-rules.ts): a limit buy price x quantity x (1 + the higher fee rate),
 * a market buy its protection price (the best ask at arrival plus market_protection_bps) x quantity x
 * (1 + taker fee rate); a market sell never sells below the best bid less market_protection_bps.
 * Fee rates are fractions ("0.001" = 0.1 %).
 */
export const spotRules = z.object({
  maker_fee_rate: z.string(),
  taker_fee_rate: z.string(),
  market_protection_bps: z.number().int(),
  /** Decimals of the quote coin: a buy's freeze is rounded up to its smallest unit (absent: no rounding). */
  quote_decimals: z.number().int().optional(),
  /** The smallest order value accepted, in the quote coin (quantity x limit price, or x the best price for a market order); "0" for none. */
  order_value_min: z.string(),
});
export type SpotRules = z.infer<typeof spotRules>;

export const quotationItem = z.object({
  id: z.number().int(),
  symbol: z.string(),
  kind: z.enum(['spot', 'futures', 'stock']),
  currency_id: z.number().int().nullable(),
  legal_id: z.number().int(),
  /**
   * The index price, or null while the symbol has no index (a public feed with too few agreeing sources,
   * a stock on the public feed): no price is shown then, never a configured start price (fairness 1d).
   * change, high and low are null with it.
   */
  price: z.string().nullable(),
  change: z.string().nullable(),
  high: z.string().nullable(),
  low: z.string().nullable(),
  volume: z.string(),
  amount: z.string(),
  /** Decimals of a price (its tick) and of a quantity (its lot). */
  price_decimals: z.number().int(),
  quantity_decimals: z.number().int(),
  /** Spot symbols that take orders: what their orders freeze, so a client can size one that fits; null otherwise. */
  spot_rules: spotRules.nullable(),
});
