import { z } from 'zod';

export const CANDLE_PERIOD_NAMES = ['1min', '5min', '15min', '30min', '60min', '4hour', '1day', '1week', '1mon'] as const;

const zEpochSeconds = z.coerce.number({ message: 'parameter_error' }).int('parameter_error').min(0, 'parameter_error');

/** GET /currency/new_timeshar: candles of one symbol and period between two times (epoch seconds). */
export const timesharInput = z
  .object({
    symbol: z.string({ message: 'parameter_error' }).trim().min(1, 'parameter_error').max(32, 'parameter_error'),
    period: z.enum(CANDLE_PERIOD_NAMES, { message: 'parameter_error' }),
    from: zEpochSeconds,
    to: zEpochSeconds,
  })
  .refine((v) => v.from <= v.to, { message: 'parameter_error' });

export const candleItem = z.object({
  time: z.number().int(),
  open: z.string(),
  high: z.string(),
  low: z.string(),
  close: z.string(),
  volume: z.string(),
  amount: z.string(),
});

export const quotationItem = z.object({
  id: z.number().int(),
  symbol: z.string(),
  kind: z.enum(['spot', 'futures', 'stock']),
  currency_id: z.number().int().nullable(),
  legal_id: z.number().int(),
  price: z.string(),
  change: z.string(),
  high: z.string(),
  low: z.string(),
  volume: z.string(),
  amount: z.string(),
});
