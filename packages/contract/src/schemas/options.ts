/**
 * Seconds options (spec sections 3, 4, 7 "microtrade/*") and their back office. The payout, fee and
 * outcome rules are in option-rules.ts. Each issue message is an error code the server translates.
 */
import { z } from 'zod';
import type { OptionDirection } from '../option-rules.ts';
import { zAmount, zBigId, zLimit, zPage, zPositiveInt } from '../validators.ts';

/** Options lists page by 5 (DESIGN.md "The API envelope"). */
export const OPTION_PAGE_SIZE = 5;
export const OPTION_PAGE_SIZE_MAX = 50;
/** Durations an operator may configure: 5 s to one day. */
export const OPTION_SECONDS_MIN = 5;
export const OPTION_SECONDS_MAX = 86_400;
/** A payout ratio (profit per unit of stake on a win) above 0 and at most 10; a fee rate 0 to 50 %. */
export const OPTION_RATIO_MAX = 10;
export const OPTION_FEE_RATE_MAX = 0.5;
/** The biggest stake or exposure an operator may set, per order, per symbol or per user on a symbol. */
export const OPTION_AMOUNT_MAX = 1_000_000_000;

const zInt = (min: number, max: number) => z.coerce.number({ error: 'parameter_error' }).int('parameter_error').min(min, 'parameter_error').max(max, 'parameter_error');
const zBool = z.preprocess((v) => (v === 'true' || v === '1' || v === 1 ? true : v === 'false' || v === '0' || v === 0 ? false : v), z.boolean({ error: 'parameter_error' }));
/** A plain decimal with at most 8 decimals, 0 allowed (rates), bounded. */
const zRate = (max: number) =>
  z
    .string({ error: 'wrong_number' })
    .trim()
    .regex(/^\d{1,10}(\.\d{1,8})?$/, 'wrong_number')
    .refine((v) => Number(v) <= max, 'wrong_number');
const zBoundedAmount = zAmount.refine((v) => Number(v) <= OPTION_AMOUNT_MAX, 'wrong_number');

/** type: 1 up, 2 down (also accepted as the words). */
const zDirection = z.preprocess(
  (v) => (v === '1' || v === 1 ? 'up' : v === '2' || v === 2 ? 'down' : v),
  z.enum(['up', 'down'] as const satisfies readonly OptionDirection[], { error: 'parameter_error' }),
);
export const OPTION_DIRECTION_TYPES: Record<OptionDirection, 1 | 2> = { up: 1, down: 2 };

/**
 * POST /microtrade/submit: match_id is the symbol, currency_id the stake coin, number the stake.
 * coupon_id (optional): one of the user's experience coupons stakes the order instead (number is then
 * the coupon's value, the fee is waived; see coupons.ts).
 */
export const optionSubmitInput = z.object({
  match_id: zPositiveInt,
  currency_id: zPositiveInt,
  type: zDirection,
  seconds: zInt(1, OPTION_SECONDS_MAX),
  number: zAmount,
  coupon_id: z.preprocess((v) => (v === '' || v === null || v === '0' || v === 0 ? undefined : v), zPositiveInt.optional()),
});
export type OptionSubmitInput = z.infer<typeof optionSubmitInput>;

export const OPTION_LIST_STATUSES = ['holding', 'history'] as const;
/** GET /microtrade/lists: own orders, newest first; status also accepts 1 (holding) and 2 (history). */
export const optionListInput = z.object({
  match_id: z.preprocess((v) => (v === '' || v === '0' || v === 0 ? undefined : v), zPositiveInt.optional()),
  status: z.preprocess(
    (v) => (v === undefined || v === '' || v === '1' || v === 1 ? 'holding' : v === '2' || v === 2 ? 'history' : v),
    z.enum(OPTION_LIST_STATUSES, { error: 'parameter_error' }),
  ),
  page: zPage,
  limit: zInt(1, OPTION_PAGE_SIZE_MAX).default(OPTION_PAGE_SIZE),
});
export type OptionListInput = z.infer<typeof optionListInput>;

/** GET /microtrade/get_result?id= */
export const optionResultInput = z.object({ id: zBigId });

/** A recorded index tick as the answers show it. */
export type OptionTick = { id: string; price: string; time: number };

/**
 * One order as the lists and get_result answer. status: opening (accepted, waiting for the first index
 * tick recorded after acceptance, its open tick), holding (open), settled (with its outcome), or void
 * (no fresh tick to open or settle on: stake and fee refunded in full; void_reason says which).
 */
export type OptionOrderView = {
  id: string;
  match_id: number;
  symbol: string;
  currency_id: number;
  currency: string;
  type: 1 | 2;
  seconds: number;
  number: string;
  fee: string;
  payout_ratio: string;
  status: 'opening' | 'holding' | 'settled' | 'void';
  void_reason: 'no_opening_tick' | 'stale_close' | null;
  outcome: 'win' | 'lose' | 'draw' | null;
  /** What settlement paid the user: payout, or for a coupon order only a win's profit. */
  payout: string | null;
  /** payout - number - fee once settled; for a coupon order, what the user received (the stake was the coupon's). */
  profit: string | null;
  /** The experience coupon that staked the order (absent or null: none). */
  coupon_id?: number | null;
  /** The open tick; null while opening and on an order void before it opened. */
  open: OptionTick | null;
  close: OptionTick | null;
  created_at: number;
  /** Epoch ms of acceptance: the open tick is the first recorded after it; expires_at = accepted_at + seconds. */
  accepted_at: number;
  expires_at: number;
  remaining_ms: number;
};

/** Back office: POST /api/admin/options/durations (add or edit one duration by its seconds). */
export const optionDurationInput = z
  .object({
    seconds: zInt(OPTION_SECONDS_MIN, OPTION_SECONDS_MAX),
    payout_ratio: zRate(OPTION_RATIO_MAX).refine((v) => Number(v) > 0, 'wrong_number'),
    stake_min: zBoundedAmount,
    stake_max: zBoundedAmount,
    fee_rate: zRate(OPTION_FEE_RATE_MAX),
    enabled: zBool.default(true),
  })
  .refine((v) => Number(v.stake_min) <= Number(v.stake_max), { message: 'wrong_number', path: ['stake_max'] });
export type OptionDurationInput = z.infer<typeof optionDurationInput>;

const zExposureLimit = z
  .string({ error: 'wrong_number' })
  .trim()
  .regex(/^\d{1,10}(\.\d{1,8})?$/, 'wrong_number')
  .refine((v) => Number(v) <= OPTION_AMOUNT_MAX, 'wrong_number');
/**
 * Back office: POST /api/admin/options/exposure, a symbol's limits of open stake in the stake coin, the
 * same for both directions (server options/exposure.ts): all users' and one user's. There is no
 * direction: an operator cannot limit one side only.
 */
export const optionExposureInput = z.object({
  symbol_id: zPositiveInt,
  stake_max: zExposureLimit,
  user_stake_max: zExposureLimit,
});
export type OptionExposureInput = z.infer<typeof optionExposureInput>;

/** Back office: GET /api/admin/options/orders (read-only search). */
export const optionOrderSearchInput = z.object({
  page: zPage,
  limit: zLimit,
  user_id: z.preprocess((v) => (v === '' ? undefined : v), zPositiveInt.optional()),
  symbol_id: z.preprocess((v) => (v === '' ? undefined : v), zPositiveInt.optional()),
  status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['open', 'settled'], { error: 'parameter_error' }).optional()),
});
export type OptionOrderSearchInput = z.infer<typeof optionOrderSearchInput>;
