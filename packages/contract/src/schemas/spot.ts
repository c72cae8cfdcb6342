import { z } from 'zod';
import { SPOT_PAGE_SIZE } from '../constants.ts';
import { zBigId, zPositiveInt } from '../validators.ts';

/**
 * Spot trading (spec sections 3, 4, 7): POST /coin/trade, PUT /coin/trade?id=, GET /coin/list and the
 * favourites under /optional/. Amounts are plain decimal strings; their precision is the symbol's
 * and is checked by the server (wrong_number).
 */

const PLAIN_DECIMAL = /^\d{1,20}(\.\d{1,18})?$/;
const zDecimal = z
  .string({ message: 'wrong_number' })
  .trim()
  .regex(PLAIN_DECIMAL, 'wrong_number')
  .refine((v) => /[1-9]/.test(v), 'wrong_number');
/** Symbols and coins are serial rows; orders are bigserial (zBigId). */
const zId = zPositiveInt;

export const SPOT_ORDER_SIDES = ['buy', 'sell'] as const;
/** The client sends buy/sell; 1 and 2 are accepted as their legacy numbers. */
const zSide = z.preprocess((v) => (v === '1' || v === 1 ? 'buy' : v === '2' || v === 2 ? 'sell' : v), z.enum(SPOT_ORDER_SIDES, { message: 'parameter_error' }));

/**
 * POST /coin/trade. `amount` is the base quantity (limit orders, market sells and market buys alike).
 * An empty or missing `target_price` makes a market order. A market buy freezes the quote needed to
 * buy `amount` at the asks then resting (plus a small margin and the fee) and never pays above that
 * protection price; a market sell never sells below the best bid less the same margin. Whatever cannot
 * fill within its protection price is cancelled. The margin and fee rates are in the quotation list
 * (spot_rules), and the contract's spot-rules.ts sizes the largest order a balance affords.
 */
export const spotTradeInput = z.object({
  amount: zDecimal,
  target_price: z.preprocess((v) => (v === '' || v === null ? undefined : v), zDecimal.optional()),
  currency_id: zId,
  legal_id: zId,
  type: zSide,
});
export type SpotTradeInput = z.infer<typeof spotTradeInput>;

/** PUT /coin/trade?id=: cancel one of the caller's open orders. */
export const spotCancelInput = z.object({ id: zBigId });

/** The spec's two list states: in progress (open) and completed (filled or cancelled). */
export const SPOT_LIST_STATUSES = ['in_progress', 'completed'] as const;
export { SPOT_PAGE_SIZE };
export const SPOT_PAGE_SIZE_MAX = 50;

/** GET /coin/list: own orders, newest first. status also accepts 1 (in progress) and 2 (completed). */
export const spotListInput = z.object({
  status: z.preprocess(
    (v) => (v === undefined || v === '' || v === '1' || v === 1 ? 'in_progress' : v === '2' || v === 2 ? 'completed' : v),
    z.enum(SPOT_LIST_STATUSES, { message: 'parameter_error' }),
  ),
  page: z.coerce.number({ message: 'parameter_error' }).int('parameter_error').min(1, 'parameter_error').max(100_000, 'parameter_error').default(1),
  limit: z.coerce
    .number({ message: 'parameter_error' })
    .int('parameter_error')
    .min(1, 'parameter_error')
    .max(SPOT_PAGE_SIZE_MAX, 'parameter_error')
    .default(SPOT_PAGE_SIZE),
  currency_id: zId.optional(),
});

export const SPOT_ORDER_STATUSES = ['open', 'filled', 'cancelled'] as const;

export const spotOrderItem = z.object({
  id: z.number().int(),
  symbol: z.string(),
  symbol_id: z.number().int(),
  currency_id: z.number().int(),
  legal_id: z.number().int(),
  side: z.enum(SPOT_ORDER_SIDES),
  order_type: z.enum(['limit', 'market']),
  /** Limit price, or a market order's protection price (a buy pays no more, a sell takes no less). */
  price: z.string().nullable(),
  quantity: z.string(),
  filled_quantity: z.string(),
  filled_quote: z.string(),
  /** Average fill price (filled_quote / filled_quantity, spot-order-rules' averageFillPrice), "0" before any fill: clients show "-". */
  average_price: z.string(),
  /** Fee paid, exact, in fee_currency (the quote coin); clients show it with feeShown(fee, fee_decimals). */
  fee: z.string(),
  fee_currency: z.string(),
  fee_decimals: z.number().int(),
  status: z.enum(SPOT_ORDER_STATUSES),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SpotOrderItem = z.infer<typeof spotOrderItem>;

export const spotOrderPage = z.object({
  data: z.array(spotOrderItem),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});

/** POST /optional/add: currency_id is the market symbol's id (GET /currency/quotation_new `id`). */
export const favouriteAddInput = z.object({ currency_id: zId });
/** POST /optional/del: the favourite's id, or the symbol's id as currency_id. */
export const favouriteDelInput = z
  .object({ id: zId.optional(), currency_id: zId.optional() })
  .refine((v) => v.id !== undefined || v.currency_id !== undefined, { message: 'parameter_error' });

export const favouriteItem = z.object({
  id: z.number().int(),
  currency_id: z.number().int(),
  symbol: z.string(),
  price: z.string(),
});

/** Realtime payloads: `depth` and `trade` in the symbol's room, `order` in the user's room. */
export const spotDepthEvent = z.object({
  symbol: z.string(),
  bids: z.array(z.tuple([z.string(), z.string()])),
  asks: z.array(z.tuple([z.string(), z.string()])),
  time: z.number(),
});
export const spotTradeEvent = z.object({
  symbol: z.string(),
  id: z.number().int(),
  price: z.string(),
  quantity: z.string(),
  side: z.enum(SPOT_ORDER_SIDES),
  time: z.number(),
});

/**
 * GET /coin/market_maker: who quotes the spot books, so the market page can say so (fairness review,
 * section 6). `account` is the platform market maker's account as the back office names it (its orders
 * are real and funded from the platform's equity); `demo_traders` the nicknames of the development
 * start's demo traders while they trade against it (empty in production, where none are seeded).
 */
export type SpotMarketMakerView = { account: string; demo_traders: string[] };
