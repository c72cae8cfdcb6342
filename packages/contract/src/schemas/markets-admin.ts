/**
 * Back-office markets (issue 5): symbols, spot fee rates, market-maker settings, and the order and
 * trade search. Each issue message is an error code the server translates.
 */
import { z } from 'zod';
import { cmp } from '../money.ts';
import { zAmount, zLimit, zPage, zPositiveInt } from '../validators.ts';

export const SYMBOL_KIND_NAMES = ['spot', 'futures', 'stock'] as const;

/** Spot symbols are BASE/QUOTE; futures and stocks a ticker (letters, digits, dot, dash). */
const SYMBOL_NAME = /^[A-Z0-9][A-Z0-9.\-]{0,19}(\/[A-Z0-9]{1,10})?$/;
/** Annualised volatility of the offline simulation: above 0, at most 500 %. */
export const VOLATILITY_MAX = 5;
export const SYMBOL_DECIMALS_MAX = 8;
/** A spot symbol's fine quote units (price + quantity + 6 fee decimals) must fit NUMERIC(36,18). */
export const SPOT_DECIMALS_SUM_MAX = 12;
export const START_PRICE_MAX = 100_000_000;

const zBool = z.preprocess((v) => (v === 'true' || v === '1' || v === 1 ? true : v === 'false' || v === '0' || v === 0 ? false : v), z.boolean({ error: 'parameter_error' }));
const zInt = (min: number, max: number) => z.coerce.number({ error: 'parameter_error' }).int('parameter_error').min(min, 'parameter_error').max(max, 'parameter_error');
const zVolatility = z.coerce.number({ error: 'wrong_number' }).gt(0, 'wrong_number').max(VOLATILITY_MAX, 'wrong_number');
const zStartPrice = zAmount.refine((v) => Number(v) <= START_PRICE_MAX, 'wrong_number');
const zDecimals = zInt(0, SYMBOL_DECIMALS_MAX);
/** A spot symbol's minimum order value, in its quote coin: 0 (none) up to ORDER_VALUE_MIN_MAX, at most 8 decimals. */
export const ORDER_VALUE_MIN_MAX = 1_000_000;
const zOrderValueMin = z
  .string({ error: 'wrong_number' })
  .trim()
  .regex(/^\d{1,7}(\.\d{1,8})?$/, 'wrong_number')
  .refine((v) => Number(v) <= ORDER_VALUE_MIN_MAX, 'wrong_number');

/** POST /api/admin/symbols. */
export const symbolCreateInput = z
  .object({
    symbol: z.string({ error: 'parameter_error' }).trim().toUpperCase().regex(SYMBOL_NAME, 'parameter_error'),
    kind: z.enum(SYMBOL_KIND_NAMES, { error: 'parameter_error' }),
    /** The base coin (currencies.id); required for spot. */
    base_currency_id: zPositiveInt.optional(),
    /** The quote coin; USDT when omitted. */
    quote_currency_id: zPositiveInt.optional(),
    start_price: zStartPrice,
    volatility: zVolatility,
    price_decimals: zDecimals,
    quantity_decimals: zDecimals,
    enabled: zBool.default(true),
    sort: zInt(0, 100_000).default(0),
    /** Spot only: the smallest order value in the quote coin; 0 (none) when omitted. */
    order_value_min: zOrderValueMin.default('0'),
  })
  .refine((v) => v.kind !== 'spot' || v.base_currency_id !== undefined, { message: 'parameter_error', path: ['base_currency_id'] })
  .refine((v) => v.kind !== 'spot' || v.price_decimals + v.quantity_decimals <= SPOT_DECIMALS_SUM_MAX, { message: 'wrong_number', path: ['quantity_decimals'] });
export type SymbolCreateInput = z.infer<typeof symbolCreateInput>;

/** POST /api/admin/symbols/:id: what may change on a symbol (the start price only before it trades). */
export const symbolEditInput = z.object({
  enabled: zBool.optional(),
  sort: zInt(0, 100_000).optional(),
  volatility: zVolatility.optional(),
  start_price: zStartPrice.optional(),
  order_value_min: zOrderValueMin.optional(),
});
export type SymbolEditInput = z.infer<typeof symbolEditInput>;

/** Fee rates as fractions ("0.001" = 0.1 %): at most 6 decimals and 10 %, like the spot service's limits. */
export const SPOT_FEE_RATE_MAX = '0.1';
const zFeeRate = z
  .string({ error: 'wrong_number' })
  .trim()
  .regex(/^\d+(\.\d{1,6})?$/, 'wrong_number')
  .refine((v) => Number(v) <= Number(SPOT_FEE_RATE_MAX), 'wrong_number');

/** POST /api/admin/spot/fees. */
export const spotFeesInput = z.object({ symbol_id: zPositiveInt, maker_fee_rate: zFeeRate, taker_fee_rate: zFeeRate });
export type SpotFeesInput = z.infer<typeof spotFeesInput>;

/** Safe bounds of the market maker (levels per side, basis points, USDT value per level). */
export const MARKET_MAKER_BOUNDS = {
  levels: { min: 1, max: 50 },
  spread_bps: { min: 1, max: 1000 },
  step_bps: { min: 1, max: 1000 },
  requote_bps: { min: 0, max: 1000 },
  level_value: { min: '1', max: '1000000' },
  inventory_value: { min: '0', max: '100000000000' },
} as const;

/**
 * The market maker's inventory band per spot symbol: the USDT value of what it holds of the base coin.
 * It quotes no bid that would take the holding above the maximum and no ask that would take it below
 * the minimum. The defaults sit around its funding (100,000,000 USDT of each base coin at start).
 */
export const MARKET_MAKER_INVENTORY_DEFAULT = { min_value: '50000000', max_value: '150000000' } as const;

/** A USDT value with at most 6 decimals. Tested first: zod runs every refinement, and cmp throws on a non-number. */
const INVENTORY_VALUE = /^\d{1,20}(\.\d{1,6})?$/;
const zInventoryValue = zAmount.refine(
  (v) => INVENTORY_VALUE.test(v) && cmp(v, MARKET_MAKER_BOUNDS.inventory_value.min) >= 0 && cmp(v, MARKET_MAKER_BOUNDS.inventory_value.max) <= 0,
  'wrong_number',
);

/** POST /api/admin/market-maker. */
export const marketMakerInput = z.object({
  levels: zInt(MARKET_MAKER_BOUNDS.levels.min, MARKET_MAKER_BOUNDS.levels.max),
  spread_bps: zInt(MARKET_MAKER_BOUNDS.spread_bps.min, MARKET_MAKER_BOUNDS.spread_bps.max),
  step_bps: zInt(MARKET_MAKER_BOUNDS.step_bps.min, MARKET_MAKER_BOUNDS.step_bps.max),
  level_value: zAmount.refine(
    (v) => Number(v) >= Number(MARKET_MAKER_BOUNDS.level_value.min) && Number(v) <= Number(MARKET_MAKER_BOUNDS.level_value.max) && /^\d+(\.\d{1,6})?$/.test(v),
    'wrong_number',
  ),
  requote_bps: zInt(MARKET_MAKER_BOUNDS.requote_bps.min, MARKET_MAKER_BOUNDS.requote_bps.max),
  // Optional: settings saved before the band existed keep their other values.
  inventory_min_value: zInventoryValue.default(MARKET_MAKER_INVENTORY_DEFAULT.min_value),
  inventory_max_value: zInventoryValue.default(MARKET_MAKER_INVENTORY_DEFAULT.max_value),
}).refine(
  // Compared only when both are values: a wrong one is already refused above.
  (v) => !INVENTORY_VALUE.test(v.inventory_min_value) || !INVENTORY_VALUE.test(v.inventory_max_value) || cmp(v.inventory_min_value, v.inventory_max_value) < 0,
  { message: 'wrong_number', path: ['inventory_max_value'] },
);
export type MarketMakerInput = z.infer<typeof marketMakerInput>;

/** POST /api/admin/spot/demo-trading: whether the development demo spot traders place orders. */
export const spotDemoTradingInput = z.object({ enabled: zBool });
export type SpotDemoTradingInput = z.infer<typeof spotDemoTradingInput>;

/** An ISO date-time or date; empty means no bound. */
const zTime = z.preprocess((v) => (v === '' ? undefined : v), z.coerce.date({ error: 'parameter_error' }).optional());
const zOptional = <T extends z.ZodTypeAny>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

/** GET /api/admin/spot/orders. */
export const adminSpotOrdersInput = z.object({
  page: zPage,
  limit: zLimit,
  user_id: zOptional(zPositiveInt),
  symbol_id: zOptional(zPositiveInt),
  status: zOptional(z.enum(['open', 'filled', 'cancelled'], { error: 'parameter_error' })),
  side: zOptional(z.enum(['buy', 'sell'], { error: 'parameter_error' })),
  from: zTime,
  to: zTime,
});
export type AdminSpotOrdersInput = z.infer<typeof adminSpotOrdersInput>;

/** GET /api/admin/spot/trades: user_id matches either side. */
export const adminSpotTradesInput = z.object({
  page: zPage,
  limit: zLimit,
  user_id: zOptional(zPositiveInt),
  symbol_id: zOptional(zPositiveInt),
  from: zTime,
  to: zTime,
});
export type AdminSpotTradesInput = z.infer<typeof adminSpotTradesInput>;
