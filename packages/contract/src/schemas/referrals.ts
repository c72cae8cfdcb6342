/**
 * Invitations and rebates (/pages/setting/share) and their back office. An inviter earns a share of each
 * invitee's trading fees, paid in the fee's coin to the inviter's spot account; a second level (the
 * inviter's inviter) earns only when the operator sets its share above 0. Shares are fractions ("0.2"
 * is 20 %); amounts are plain decimal strings; times are epoch milliseconds. Account names of other
 * users are masked (a***@example.com, 138****1234).
 */
import { z } from 'zod';
import { zLimit, zPage, zPositiveInt } from '../validators.ts';

export const REFERRAL_LEVELS = [1, 2] as const;
export type ReferralLevel = (typeof REFERRAL_LEVELS)[number];
/** The products whose trading fees pay rebates (each a kind of fee posting the server reads). */
export const FEE_PRODUCTS = ['spot', 'contract', 'options'] as const;
export type FeeProduct = (typeof FEE_PRODUCTS)[number];

/** A share: 0 to 1 with at most 4 decimals ("0.2" is 20 % of the fee). */
const zShare = z
  .string({ error: 'referral_shares_invalid' })
  .trim()
  .regex(/^(0(\.\d{1,4})?|1(\.0{1,4})?)$/, 'referral_shares_invalid');
/** An optional id filter of a back-office list (blank: none). */
export const zOptionalId = z.preprocess((v) => (v === '' || v === null ? undefined : v), zPositiveInt.optional());

/** GET /share/info: the user's invite code and what inviting has earned. */
export type ShareInfo = {
  /** The invite code (users.extension_code); the link is the registration page with ?code=. */
  extension_code: string;
  /** Users registered with this code. */
  invited: number;
  /** Rebates received, per coin. */
  rebates: { currency: string; amount: string }[];
  /** The shares in force: of a direct invitee's fees, and of a second-level invitee's (0: none). */
  level1_share: string;
  level2_share: string;
};

/** GET /share/invitees and /share/rebates: own lists, newest first, 10 a page. */
export const shareListInput = z.object({ page: zPage, limit: zLimit });
export type ShareListInput = z.infer<typeof shareListInput>;

/** One user who registered with the code, masked. */
export type InviteeView = { account: string; registered_at: number };

/** One rebate the user received: the invitee's fee, the share and what it paid. */
export type RebateView = {
  id: string;
  level: ReferralLevel;
  product: FeeProduct;
  /** The invitee whose fee paid it (masked); for level 2, the invitee of the user's invitee. */
  invitee: string;
  currency: string;
  /** The fee posting's amount, what a fee coupon refunded of it, the share and the rebate (rounded down to the coin's unit). */
  fee: string;
  refunded: string;
  share: string;
  amount: string;
  created_at: number;
};

// ================================================================ back office

/** POST /api/admin/referrals/settings (admin, logged): both shares; together at most 1. */
export const referralSharesInput = z
  .object({ level1_share: zShare, level2_share: zShare })
  .refine((v) => Number(v.level1_share) + Number(v.level2_share) <= 1, 'referral_shares_invalid');
export type ReferralSharesInput = z.infer<typeof referralSharesInput>;

export type ReferralSettingsView = { level1_share: string; level2_share: string; updated_at: number | null };

/** GET /api/admin/referrals/inviters: users who invited someone, with their totals; `inviter_id` narrows to one. */
export const adminInviterListInput = z.object({
  page: zPage,
  limit: zLimit,
  inviter_id: zOptionalId,
});
export type AdminInviterListInput = z.infer<typeof adminInviterListInput>;

export type InviterTotalsRow = {
  inviter_id: number;
  account: string;
  invitees: number;
  rebates: number;
  totals: { currency: string; amount: string }[];
};

/** GET /api/admin/referrals/rebates: rebate records, newest first, by inviter and/or invitee. */
export const adminRebateListInput = z.object({
  page: zPage,
  limit: zLimit,
  inviter_id: zOptionalId,
  invitee_id: zOptionalId,
});
export type AdminRebateListInput = z.infer<typeof adminRebateListInput>;

export type AdminRebateRow = Omit<RebateView, 'invitee'> & {
  inviter_id: number;
  invitee_id: number;
  inviter: string;
  invitee: string;
  /** The ledger posting into the fees account the rebate was paid on, and the business row it names. */
  posting_id: string;
  source: string;
};
