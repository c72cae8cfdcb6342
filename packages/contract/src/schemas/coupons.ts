/**
 * Coupons (/pages/setting/coupon, the home's coupon centre) and their back office. An operator issues a
 * batch (kind, value in a coin, who may claim, how many, how many per user, when, and how long a claimed
 * coupon stays valid); a user claims from the centre and uses a coupon:
 *  - fee_discount: once applied ("use"), it refunds the user's spot trading fees in its coin from the
 *    fees account, fill by fill, until its value is used up or it expires;
 *  - experience: the stake of one trial seconds option (POST /microtrade/submit with coupon_id), paid
 *    by the platform's coupon fund; only a win's profit is the user's.
 * Amounts are plain decimal strings; times are epoch milliseconds.
 */
import { z } from 'zod';
import { zAmount, zBool, zLimit, zPage, zPositiveInt } from '../validators.ts';
import { zOptionalId } from './referrals.ts';

export const COUPON_KINDS = ['fee_discount', 'experience'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];
/** Who may claim a batch: anyone, users who registered with an invite code, users with verified identity (level 1 or more). */
export const COUPON_ELIGIBILITIES = ['all', 'invited', 'verified'] as const;
export type CouponEligibility = (typeof COUPON_ELIGIBILITIES)[number];
/**
 * A claimed coupon: available (not used yet), active (a fee discount applied and refunding), used (its
 * value spent, or its trial option placed), expired (past its validity; nothing more is refunded).
 */
export const COUPON_STATUSES = ['available', 'active', 'used', 'expired'] as const;
export type CouponStatus = (typeof COUPON_STATUSES)[number];
/** The tabs of "my coupons": available (available and active), used, expired. */
export const COUPON_TABS = ['available', 'used', 'expired'] as const;
export type CouponTab = (typeof COUPON_TABS)[number];

/** Limits of a batch. */
export const COUPON_QUANTITY_MAX = 1_000_000;
export const COUPON_PER_USER_MAX = 100;
export const COUPON_VALID_DAYS_MAX = 365;
export const COUPON_NAME_LENGTH_MAX = 60;
/** The largest value one coupon may have. */
export const COUPON_VALUE_MAX = 1_000_000;

/** One batch in the coupon centre (GET /coupon/centre): claimable now, with what is left and the user's claims. */
export type CouponOfferView = {
  id: number;
  kind: CouponKind;
  /** In the request's language (English where none was written). */
  name: string;
  currency_id: number;
  currency: string;
  value: string;
  eligibility: CouponEligibility;
  /** A claimed coupon is valid this many days from its claim. */
  valid_days: number;
  quantity: number;
  left: number;
  per_user_limit: number;
  claimed_by_me: number;
  /** Whether this user meets the batch's eligibility. */
  eligible: boolean;
  claim_ends_at: number;
  /** Seeded by a development start: the app shows its Demo badge (false on every production row). */
  demo: boolean;
};

/** POST /coupon/claim */
export const couponClaimInput = z.object({ batch_id: zPositiveInt });

/** GET /coupon/mine: own coupons of a tab, the soonest to expire first among available ones, newest first otherwise. */
export const couponMineInput = z.object({
  status: z.preprocess((v) => (v === '' || v === null || v === undefined ? 'available' : v), z.enum(COUPON_TABS, { error: 'parameter_error' })),
  page: zPage,
  limit: zLimit,
});
export type CouponMineInput = z.infer<typeof couponMineInput>;

/** POST /coupon/use: applies one of the user's own available fee-discount coupons. */
export const couponUseInput = z.object({ id: zPositiveInt });

export type CouponView = {
  id: number;
  batch_id: number;
  kind: CouponKind;
  name: string;
  currency_id: number;
  currency: string;
  value: string;
  /** What is left to refund (fee discount), the value until used (experience), 0 once used. */
  remaining: string;
  status: CouponStatus;
  claimed_at: number;
  expires_at: number;
  activated_at: number | null;
  used_at: number | null;
  /** The trial option an experience coupon staked (its id), once placed. */
  option_order_id: string | null;
  /** The trial option's outcome and what it paid the holder (a win's profit; 0 otherwise), once settled. */
  option_outcome: 'win' | 'lose' | 'draw' | null;
  option_profit: string | null;
  /** Claimed from a demo batch of a development start. */
  demo: boolean;
};

// ================================================================ back office

const zTime = z.coerce.number({ error: 'parameter_error' }).int('parameter_error').min(0, 'parameter_error').max(8_640_000_000_000, 'parameter_error');
const zCount = (max: number) => z.coerce.number({ error: 'parameter_error' }).int('parameter_error').min(1, 'parameter_error').max(max, 'parameter_error');
const zName = (min: number) =>
  z
    .string({ error: 'parameter_error' })
    .trim()
    .min(min, 'parameter_error')
    .max(COUPON_NAME_LENGTH_MAX, 'parameter_error')
    .refine((v) => !/[<>]/.test(v), 'parameter_error');

/** POST /api/admin/coupons/batches (admin, logged): a new batch; it cannot be edited after, only switched off or on. */
export const couponBatchInput = z
  .object({
    kind: z.enum(COUPON_KINDS, { error: 'parameter_error' }),
    name_en: zName(1),
    name_zh: z.preprocess((v) => v ?? '', zName(0)),
    currency_id: zPositiveInt,
    value: zAmount.refine((v) => /^\d{1,7}(\.\d{1,18})?$/.test(v) && Number(v) <= COUPON_VALUE_MAX, 'wrong_number'),
    eligibility: z.enum(COUPON_ELIGIBILITIES, { error: 'parameter_error' }),
    quantity: zCount(COUPON_QUANTITY_MAX),
    per_user_limit: zCount(COUPON_PER_USER_MAX),
    valid_days: zCount(COUPON_VALID_DAYS_MAX),
    claim_starts_at: zTime,
    claim_ends_at: zTime,
  })
  .refine((v) => v.claim_ends_at > v.claim_starts_at, 'wealth_times_invalid');
export type CouponBatchInput = z.infer<typeof couponBatchInput>;

/** POST /api/admin/coupons/batches/enabled (admin, logged): stops or resumes claims of a batch. */
export const couponBatchEnabledInput = z.object({ id: zPositiveInt, enabled: zBool });

/** GET /api/admin/coupons/batches */
export const adminCouponBatchListInput = z.object({ page: zPage, limit: zLimit });

export type CouponBatchRow = {
  id: number;
  kind: CouponKind;
  name_en: string;
  name_zh: string;
  currency_id: number;
  currency: string;
  value: string;
  eligibility: CouponEligibility;
  quantity: number;
  claimed: number;
  per_user_limit: number;
  valid_days: number;
  claim_starts_at: number;
  claim_ends_at: number;
  enabled: boolean;
  demo: boolean;
  /** Claimed coupons by status, and the value they have moved (fee refunds paid, trial stakes placed). */
  used: number;
  expired: number;
  value_used: string;
  created_at: number;
};

/** GET /api/admin/coupons/claims: claimed coupons (claims and uses), newest first. */
export const adminCouponListInput = z.object({
  page: zPage,
  limit: zLimit,
  batch_id: zOptionalId,
  user_id: zOptionalId,
  status: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(COUPON_STATUSES, { error: 'parameter_error' }).optional()),
});
export type AdminCouponListInput = z.infer<typeof adminCouponListInput>;

export type AdminCouponRow = Omit<CouponView, 'name'> & {
  user_id: number;
  name: string;
  /** Fee refunds paid from this coupon so far (fee discount). */
  refunds: number;
  refunded: string;
};
