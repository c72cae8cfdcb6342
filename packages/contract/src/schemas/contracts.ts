import { z } from 'zod';
import { CONTRACT_SIDES } from '../contract-rules.ts';
import { CONTRACT_NOTICED_FIELDS } from '../contract-settings-rules.ts';
import { zBigId, zPositiveInt } from '../validators.ts';

/**
 * Contracts (futures and stocks), spec sections 3, 4 and 7: the legacy /lever/* calls. Inside the code
 * they are "contracts"; the legacy numbers are mapped here:
 *  - `currency_id` is the contract symbol's id (GET /currency/quotation_new `id` of a futures or stock
 *    symbol), `legal_id` the coin it is margined in (the symbol's `legal_id`, USDT);
 *  - `type` 1 long, 2 short; `status` 1 market, 0 limit;
 *  - `share` is the number of lots; `multiple` the leverage, one of the symbol's allowed multiples.
 * Amounts are plain decimal strings on the wire.
 */

const PLAIN_DECIMAL = /^\d{1,20}(\.\d{1,18})?$/;
const zPrice = z
  .string({ message: 'wrong_number' })
  .trim()
  .regex(PLAIN_DECIMAL, 'wrong_number')
  .refine((v) => /[1-9]/.test(v), 'wrong_number');
/** An optional price: empty, null, missing or 0 means none (the legacy client sends 0 to clear a stop). */
const zOptionalPrice = z.preprocess((v) => (v === '' || v === null || v === '0' || v === 0 ? undefined : typeof v === 'number' ? String(v) : v), zPrice.optional());
const zId = zPositiveInt;
const zPage = z.coerce.number({ message: 'parameter_error' }).int('parameter_error').min(1, 'parameter_error').max(100_000, 'parameter_error').default(1);

export { CONTRACT_PAGE_SIZE } from '../constants.ts';
/** Lots and multiples are whole numbers; the symbol's settings bound them further. */
export const CONTRACT_LOTS_MAX = 1_000_000;
/**
 * The highest leverage a symbol may offer: 125x, the most major venues offer on BTC perpetuals. At 1000x
 * (allowed before issue 22) a 0.1 % move, less than the spread bound, took a whole margin.
 */
export const CONTRACT_MULTIPLE_MAX = 125;

const zSide = z.preprocess((v) => (v === '1' || v === 1 ? 'long' : v === '2' || v === 2 ? 'short' : v), z.enum(CONTRACT_SIDES, { message: 'parameter_error' }));
export const CONTRACT_ORDER_KINDS = ['market', 'limit'] as const;
const zOrderKind = z.preprocess((v) => (v === '1' || v === 1 ? 'market' : v === '0' || v === 0 ? 'limit' : v), z.enum(CONTRACT_ORDER_KINDS, { message: 'parameter_error' }));

/** POST /lever/deal: the trading screen of one symbol. */
export const contractDealInput = z.object({ currency_id: zId, legal_id: zId });

/** A symbol's contract settings (the back office edits them; the order form reads them). */
export const contractSession = z.object({
  open: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'parameter_error'),
  close: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'parameter_error'),
  weekdays: z.array(z.number().int().min(0).max(6)).min(1, 'parameter_error').max(7, 'parameter_error'),
  time_zone: z.string().min(1, 'parameter_error').max(64, 'parameter_error'),
});
export type ContractSession = z.infer<typeof contractSession>;

export const contractSettings = z.object({
  symbol_id: z.number().int(),
  symbol: z.string(),
  kind: z.enum(['futures', 'stock']),
  legal_id: z.number().int(),
  /** Units of the underlying per lot. */
  contract_size: z.string(),
  /** Allowed leverage values, ascending. */
  multiples: z.array(z.number().int()),
  lots_min: z.number().int(),
  lots_max: z.number().int(),
  /** Fractions: "0.001" = 0.1 %. */
  fee_rate: z.string(),
  overnight_rate: z.string(),
  /** Added to the mark for a long's market open, taken off it for a short's (a price). */
  spread: z.string(),
  /** Risk rate (percent) at or below which the account's positions are liquidated. */
  maintenance_threshold: z.string(),
  /** Stocks only: orders are taken inside it; null for futures (always open). */
  session: contractSession.nullable(),
  enabled: z.boolean(),
  /**
   * Changes of the maintenance threshold, overnight rate or spread an operator made that apply later
   * (contract-settings-rules.ts: 24 h after the change): the new value and from when. The values above
   * are the ones in force now.
   */
  scheduled_changes: z.array(z.object({ field: z.enum(CONTRACT_NOTICED_FIELDS), value: z.string(), effective_at: z.string() })),
});
export type ContractSettings = z.infer<typeof contractSettings>;

/** GET /api/admin/contracts/exposure: open positions and margin per symbol, and the users' P&L at the mark. */
export type ContractExposure = {
  symbol_id: number;
  symbol: string;
  kind: 'futures' | 'stock';
  mark_price: string | null;
  positions: number;
  long_lots: number;
  short_lots: number;
  margin: string;
  /** The users' unrealised P&L at the mark (null without a mark); the platform's exposure is its opposite. */
  profit: string | null;
};

export const CONTRACT_POSITION_STATUSES = ['pending', 'open', 'closed', 'cancelled'] as const;
/**
 * Why a position closed. `copy`: a follower's copy, closed with the trader's position at the same tick.
 * `account`: closed with another position of the account whose loss its available could not pay
 * (account-level settlement, contract-rules settleTogether).
 */
export const CONTRACT_CLOSE_REASONS = ['user', 'take_profit', 'stop_loss', 'liquidation', 'batch', 'copy', 'account'] as const;
export type ContractCloseReason = (typeof CONTRACT_CLOSE_REASONS)[number];

export const contractPosition = z.object({
  id: z.number().int(),
  symbol_id: z.number().int(),
  symbol: z.string(),
  currency_id: z.number().int(),
  legal_id: z.number().int(),
  side: z.enum(CONTRACT_SIDES),
  /** The legacy numbers: type 1 long 2 short, status 1 market 0 limit. */
  type: z.union([z.literal(1), z.literal(2)]),
  order_kind: z.enum(CONTRACT_ORDER_KINDS),
  status: z.enum(CONTRACT_POSITION_STATUSES),
  share: z.number().int(),
  multiple: z.number().int(),
  /** A limit order's price (null for market). */
  target_price: z.string().nullable(),
  /** Null while a limit order waits. */
  open_price: z.string().nullable(),
  /** The mark now (open) or the close price (closed). */
  current_price: z.string().nullable(),
  margin: z.string(),
  handling_fee: z.string(),
  overnight_fee: z.string(),
  target_profit_price: z.string().nullable(),
  stop_loss_price: z.string().nullable(),
  /** Unrealised while open, realised once closed. */
  profit: z.string(),
  /** The isolated view: the mark at which this position alone would be liquidated. */
  liquidation_price: z.string().nullable(),
  close_reason: z.enum(CONTRACT_CLOSE_REASONS).nullable(),
  /** The recorded index ticks that opened and closed it (check any result against them). */
  open_tick_id: z.string().nullable(),
  close_tick_id: z.string().nullable(),
  /** A copy of a trader's position (copy trading): the trader's user id; null for the user's own positions. */
  copy_trader_id: z.number().int().nullable(),
  /** A copy the follower took over (self-hold): it no longer closes with the trader and is closed by hand. */
  self_held: z.boolean(),
  created_at: z.string(),
  opened_at: z.string().nullable(),
  closed_at: z.string().nullable(),
});
export type ContractPosition = z.infer<typeof contractPosition>;

/** The account's figures: available in the contract account, margins, P&L and the risk rate. */
export const contractAccountSummary = z.object({
  legal_id: z.number().int(),
  /** Contract account figures in the margin coin. */
  balance: z.string(),
  available: z.string(),
  frozen: z.string(),
  margin_total: z.string(),
  profit_total: z.string(),
  /** Percent; null without open positions. */
  risk_rate: z.string().nullable(),
});
export type ContractAccountSummary = z.infer<typeof contractAccountSummary>;

export const contractDealAnswer = z.object({
  settings: contractSettings,
  /** The index (mark) price now and the recorded tick it comes from (null before the first tick). */
  mark_price: z.string(),
  tick_id: z.string().nullable(),
  /** Whether orders are taken now (stocks outside their session: false). */
  in_session: z.boolean(),
  account: contractAccountSummary,
  /** Open positions on this symbol: count, lots long and short. */
  positions: z.object({ count: z.number().int(), long_lots: z.number().int(), short_lots: z.number().int() }),
});
export type ContractDealAnswer = z.infer<typeof contractDealAnswer>;

/**
 * POST /lever/submit. `target_price` is required for a limit order (status 0) and ignored for market.
 * Take-profit and stop-loss are optional and checked against the side (a long's TP above the price,
 * SL below). `client_id` is the idempotency key.
 */
export const contractSubmitInput = z
  .object({
    currency_id: zId,
    legal_id: zId,
    share: z.coerce.number({ message: 'parameter_error' }).int('parameter_error').min(1, 'parameter_error').max(CONTRACT_LOTS_MAX, 'parameter_error'),
    multiple: z.coerce.number({ message: 'parameter_error' }).int('parameter_error').min(1, 'parameter_error').max(CONTRACT_MULTIPLE_MAX, 'parameter_error'),
    type: zSide,
    status: zOrderKind,
    target_price: zOptionalPrice,
    target_profit_price: zOptionalPrice,
    stop_loss_price: zOptionalPrice,
  })
  .refine((v) => v.status === 'market' || v.target_price !== undefined, { message: 'wrong_number', path: ['target_price'] });
export type ContractSubmitInput = z.infer<typeof contractSubmitInput>;

/** POST /lever/close: close an open position at the mark, or cancel a pending limit order. */
export const contractCloseInput = z.object({ id: zBigId });

/** POST /lever/setstop: set or clear (empty/0) the take-profit and stop-loss of an open position. */
export const contractSetStopInput = z.object({ id: zBigId, target_profit_price: zOptionalPrice, stop_loss_price: zOptionalPrice });

export const CONTRACT_BATCH_CLOSE_TYPES = ['all', 'long', 'short'] as const;
/** POST /lever/batch_close: type 0 all, 1 longs only, 2 shorts only. */
export const contractBatchCloseInput = z.object({
  type: z.preprocess(
    (v) => (v === '0' || v === 0 || v === undefined || v === '' ? 'all' : v === '1' || v === 1 ? 'long' : v === '2' || v === 2 ? 'short' : v),
    z.enum(CONTRACT_BATCH_CLOSE_TYPES, { message: 'parameter_error' }),
  ),
  /** Optionally one symbol only. */
  currency_id: zId.optional(),
});
export const contractBatchCloseAnswer = z.object({ closed: z.number().int(), profit: z.string() });

/** POST /lever/dealall: open positions (optionally of one symbol) with the account totals. */
export const contractDealAllInput = z.object({ currency_id: zId.optional(), legal_id: zId.optional(), page: zPage });
export const contractDealAllAnswer = z.object({
  data: z.array(contractPosition),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  totals: contractAccountSummary,
});

export const CONTRACT_LIST_STATUSES = ['current', 'pending', 'history'] as const;
/**
 * POST /lever/my_trade: status 1 (or "current") open positions, 0 (or "pending") waiting limit orders,
 * 2/3 (or "history") closed and cancelled ones; newest first.
 */
export const contractMyTradeInput = z.object({
  currency_id: zId.optional(),
  legal_id: zId.optional(),
  page: zPage,
  status: z.preprocess(
    (v) => (v === undefined || v === '' || v === '1' || v === 1 ? 'current' : v === '0' || v === 0 ? 'pending' : v === '2' || v === 2 || v === '3' || v === 3 ? 'history' : v),
    z.enum(CONTRACT_LIST_STATUSES, { message: 'parameter_error' }),
  ),
});
export const contractPositionPage = z.object({
  data: z.array(contractPosition),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});

/** Realtime, in the user's room: `contract_position` on every change, `contract_account` with the risk rate. */
export const contractPositionEvent = contractPosition;
export const contractAccountEvent = contractAccountSummary;

/** Back office: edit one symbol's settings (logged). */
export const contractSettingsUpdateInput = z.object({
  symbol_id: zId,
  contract_size: zPrice,
  multiples: z.array(z.coerce.number().int().min(1).max(CONTRACT_MULTIPLE_MAX)).min(1, 'parameter_error').max(20, 'parameter_error'),
  lots_min: z.coerce.number().int().min(1, 'parameter_error').max(CONTRACT_LOTS_MAX, 'parameter_error'),
  lots_max: z.coerce.number().int().min(1, 'parameter_error').max(CONTRACT_LOTS_MAX, 'parameter_error'),
  fee_rate: z.string().trim().regex(PLAIN_DECIMAL, 'wrong_number'),
  overnight_rate: z.string().trim().regex(PLAIN_DECIMAL, 'wrong_number'),
  spread: z.string().trim().regex(PLAIN_DECIMAL, 'wrong_number'),
  maintenance_threshold: z.string().trim().regex(PLAIN_DECIMAL, 'wrong_number'),
  session: contractSession.nullable(),
  enabled: z.boolean(),
}).refine((v) => v.lots_min <= v.lots_max && Number(v.maintenance_threshold) < 100 && Number(v.fee_rate) < 1 && Number(v.overnight_rate) < 1, {
  message: 'parameter_error',
});
export type ContractSettingsUpdateInput = z.infer<typeof contractSettingsUpdateInput>;

/** Back office: the insurance fund and margins held, per margin coin. */
export const contractFundsAnswer = z.array(z.object({ currency_id: z.number().int(), insurance_fund: z.string(), margins_held: z.string() }));
