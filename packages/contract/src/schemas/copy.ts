/**
 * Copy trading (/pages/follow/*, /pages/copytrade/*; calls under /follow/*; back office under
 * /api/admin/copy/*): input schemas and answer shapes. The rules (ratio rounding, copied lots, profit
 * share, statistics) are in copy-rules.ts. Amounts are decimal strings in the margin coin (USDT); percent
 * figures carry two decimals ("8.00" is 8 %); rates are fractions ("0.1" is 10 %); times are epoch ms.
 */
import { z } from 'zod';
import {
  COPY_AGREEMENTS,
  COPY_FOLLOW_STATUSES,
  COPY_LOTS_LIMIT,
  COPY_PROFIT_SHARE_MAX,
  COPY_RATIO_LIMIT,
  COPY_REASON_LENGTH_MAX,
  COPY_SORTS,
  COPY_TRADER_STATUSES,
  COPY_TRADERS_PER_FOLLOWER_LIMIT,
  COPY_TYPES,
  type CopyFollowStatus,
  type CopySkipReason,
  type CopyTraderStatus,
  type CopyType,
  type TraderFigures,
} from '../copy-rules.ts';
import { zBigId, zBool, zPage, zPositiveInt } from '../validators.ts';
import type { ContractPosition } from './contracts.ts';


const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** Spec type: 1 (or "multiple") a fixed multiple of the trader's lots, 2 (or "lots") fixed lots. */
export const zCopyType = z.preprocess(
  (v) => (v === '1' || v === 1 ? 'multiple' : v === '2' || v === 2 ? 'lots' : v),
  z.enum(COPY_TYPES, { message: 'parameter_error' }),
);
/** The multiple or the lots as typed: a plain positive decimal (normalizeCopyNumber keeps it). */
const zCopyNumber = z
  .string({ error: 'wrong_number' })
  .trim()
  .regex(/^\d{1,6}(\.\d{1,8})?$/, 'wrong_number')
  .refine((v) => Number(v) > 0, 'wrong_number');

// ================================================================ the app

/** The statistics every trader card shows (copy-rules.ts traderFigures, refreshed hourly) and the live counts. */
export type TraderStatsView = Omit<TraderFigures, 'series'> & {
  /** Open own positions now, and counted active follows now. */
  current_positions: number;
  followers: number;
  /** When the figures were computed (hourly), and the first closed own position they cover; null before any. */
  computed_at: number | null;
  first_trade_at: number | null;
};

/** One trader in GET /follow/index. */
export type TraderCard = {
  trader_user_id: number;
  /** The nickname, else the masked account. */
  name: string;
  avatar: string | null;
  /** A demo account of a development start (labelled as such). */
  demo: boolean;
  since: number;
  /** The profit share a new follow agrees to (a fraction). */
  profit_share_rate: string;
  stats: TraderStatsView;
  /** Whether the caller follows this trader (false when logged out). */
  following: boolean;
};

/** GET /follow/index (page, sort): approved traders, 10 a page. */
export const followIndexInput = z.object({
  page: zPage,
  sort: z.preprocess(blankToUndefined, z.enum(COPY_SORTS, { message: 'parameter_error' }).default('return')),
});

/** A follow as its follower sees it, with what it has at work and what it earned. */
export type FollowView = {
  id: number;
  trader_user_id: number;
  trader_name: string;
  type: CopyType;
  number: string;
  status: CopyFollowStatus;
  profit_share_rate: string;
  created_at: number;
  updated_at: number;
  cancelled_at: number | null;
  /** Margin of the open copies of this trader's positions now (the follow amount); self-held positions are not part of it. */
  follow_amount: string;
  /** Open copies now (they close with the trader's positions), and copies closed so far. */
  open_copies: number;
  closed_copies: number;
  /** Open positions the follower took over from this follow (self-hold): their own, closed by hand, not counted as copies. */
  self_held: number;
  /** Net result of the closed copies (P&L less fees and the profit share paid): the follow earnings. */
  earnings: string;
  /** Profit share paid to the trader so far. */
  profit_share_paid: string;
  /** Trader positions this follow got no copy of. */
  skipped: number;
};

/** GET /follow/traderDetail (trader_user_id). */
export const traderIdInput = z.object({ trader_user_id: zPositiveInt });
export type TraderDetail = TraderCard & {
  series: TraderFigures['series'];
  /** The operator's time zone the days and "yesterday" follow. */
  time_zone: string;
  /** The caller's follow of this trader (null when none, or logged out), and whether the caller may follow. */
  my_follow: FollowView | null;
  can_follow: boolean;
  /** Why not, when the caller may not follow (self, is a trader, limit reached); null when they may. */
  cannot_follow_reason: 'self' | 'is_trader' | 'follows_max' | 'not_logged_in' | null;
  /** What the settings allow a follow. */
  limits: CopyLimits;
};

/** A trader's closed own position, as GET /follow/historyTrade lists it (newest first, 10 a page). */
export const historyTradeInput = z.object({ trader_user_id: zPositiveInt, page: zPage });
export type TraderTrade = {
  id: number;
  symbol: string;
  side: 'long' | 'short';
  share: number;
  multiple: number;
  open_price: string;
  close_price: string;
  margin: string;
  /** Net of fees (copy-rules.ts netProfit). */
  profit: string;
  opened_at: number;
  closed_at: number;
};
export type TraderTradePage = { data: TraderTrade[]; total: number; page: number; limit: number };

/** What the operator allows a follow (back office, *Copy trading*). */
export type CopyLimits = { traders_per_follower_max: number; ratio_max: string; lots_max: number; profit_share_rate: string };

/**
 * POST /follow/follow (trader_user_id, number, type): follows, or edits the caller's follow of this
 * trader. A multiple above 1 that is not whole is rounded to two decimals (the answer has the kept number).
 */
export const followInput = z.object({ trader_user_id: zPositiveInt, number: zCopyNumber, type: zCopyType });
export type FollowInput = z.infer<typeof followInput>;

/**
 * POST /follow/cancel (follow_user_id: the trader followed). Open copies stay linked and close with the trader's
 * positions; self-held positions are the follower's own and stay open until the follower closes them.
 */
export const followCancelInput = z.object({ follow_user_id: zPositiveInt });

/** POST /follow/selfHolding (transaction_id: the copied position): the position becomes the follower's own. */
export const selfHoldingInput = z.object({ transaction_id: zBigId });

/** GET /follow/myFollows (status, page): the caller's follows, newest first. */
export const myFollowsInput = z.object({
  status: z.preprocess(blankToUndefined, z.enum([...COPY_FOLLOW_STATUSES, 'all'], { message: 'parameter_error' }).default('following')),
  page: zPage,
});
export type FollowPage = { data: FollowView[]; total: number; page: number; limit: number };

/** A copied position: the contract position with the trader it copies. */
export type CopyPositionView = ContractPosition & {
  trader_user_id: number;
  trader_name: string;
  /** The trader's position it copies. */
  copy_of: number;
  self_held: boolean;
  /** Profit share paid when it closed with the trader (null while open). */
  profit_share: string | null;
};
/** GET /follow/myCopies (status current | history, page). */
export const myCopiesInput = z.object({
  status: z.preprocess(blankToUndefined, z.enum(['current', 'history'], { message: 'parameter_error' }).default('current')),
  page: zPage,
});
export type CopyPositionPage = { data: CopyPositionView[]; total: number; page: number; limit: number };

/** A trader position a follower got no copy of, and why. */
export type CopySkipView = { id: number; trader_user_id: number; trader_name: string; symbol: string; side: 'long' | 'short'; trader_lots: number; reason: CopySkipReason; created_at: number };
/** GET /follow/mySkips (page). */
export const mySkipsInput = z.object({ page: zPage });
export type CopySkipPage = { data: CopySkipView[]; total: number; page: number; limit: number };

/** POST /follow/apply: become a trader, having accepted one of the agreement pages. */
export const followApplyInput = z.object({
  agreement: z.enum(COPY_AGREEMENTS, { message: 'parameter_error' }),
  accept: zBool.refine((v) => v, 'copy_agreement_required'),
});

/** GET /follow/me: the caller's side of copy trading: as a trader (application and results) and as a follower (totals). */
export type CopyMe = {
  trader: {
    status: CopyTraderStatus;
    reason: string | null;
    applied_at: number;
    decided_at: number | null;
    /** Present once approved. */
    card: TraderCard | null;
    /** Profit share received from followers so far. */
    profit_share_received: string;
  } | null;
  /** Whether the caller may apply now, and why not. */
  can_apply: boolean;
  cannot_apply_reason: 'following' | 'pending' | 'approved' | null;
  /** Over every follow: open_copies close with their traders; self_held are positions taken over, closed by hand. */
  follower: { following: number; follow_amount: string; earnings: string; open_copies: number; self_held: number };
  limits: CopyLimits;
};

// ================================================================ back office

/** A trader application or trader, as the back office lists them. */
export type CopyTraderAdminView = {
  user_id: number;
  account: string;
  name: string;
  status: CopyTraderStatus;
  agreement: string;
  reason: string | null;
  demo: boolean;
  applied_at: number;
  decided_at: number | null;
  decided_by: string | null;
  stats: TraderStatsView | null;
};
export const copyTradersAdminInput = z.object({
  status: z.preprocess(blankToUndefined, z.enum([...COPY_TRADER_STATUSES, 'all'], { message: 'parameter_error' }).default('all')),
  page: zPage,
});
/** Approve or refuse a pending application; revoke an approved trader (their follows end; open copies stay linked). */
export const copyTraderDecisionInput = z.object({
  user_id: zPositiveInt,
  decision: z.enum(['approve', 'reject', 'revoke'], { message: 'parameter_error' }),
  reason: z.preprocess(
    (v) => (v === null || v === undefined ? '' : v),
    z.string().trim().max(COPY_REASON_LENGTH_MAX, 'parameter_error').refine((v) => !/[<>]/.test(v), 'parameter_error'),
  ),
}).refine((v) => v.decision === 'approve' || v.reason.length > 0, { message: 'parameter_error', path: ['reason'] });

/** Back office: follows (all users), newest first. */
export const copyFollowsAdminInput = z.object({
  status: z.preprocess(blankToUndefined, z.enum([...COPY_FOLLOW_STATUSES, 'all'], { message: 'parameter_error' }).default('all')),
  trader_user_id: z.preprocess(blankToUndefined, zPositiveInt.optional()),
  page: zPage,
});
export type CopyFollowAdminView = FollowView & { follower_user_id: number; follower_account: string };

/** Back office: skipped copies, newest first. */
export const copySkipsAdminInput = z.object({ page: zPage });
export type CopySkipAdminView = CopySkipView & { follower_user_id: number; follower_account: string };

/** Back office (admins, logged): the limits every new or edited follow is held to. */
export const copySettingsInput = z.object({
  traders_per_follower_max: z.coerce.number({ error: 'parameter_error' }).int('parameter_error').min(1, 'parameter_error').max(COPY_TRADERS_PER_FOLLOWER_LIMIT, 'parameter_error'),
  ratio_max: z.string().trim().regex(/^\d{1,3}(\.\d{1,2})?$/, 'wrong_number').refine((v) => Number(v) > 0 && Number(v) <= COPY_RATIO_LIMIT, 'wrong_number'),
  lots_max: z.coerce.number({ error: 'parameter_error' }).int('parameter_error').min(1, 'parameter_error').max(COPY_LOTS_LIMIT, 'parameter_error'),
  profit_share_rate: z.string().trim().regex(/^0(\.\d{1,4})?$/, 'wrong_number').refine((v) => Number(v) <= COPY_PROFIT_SHARE_MAX, 'wrong_number'),
  /** Development only: the demo traders' own trading (never on in production, where there are none). */
  demo_trading: zBool,
});
export type CopySettingsInput = z.infer<typeof copySettingsInput>;
export type CopySettingsView = CopyLimits & { demo_trading: boolean; updated_at: number | null };
