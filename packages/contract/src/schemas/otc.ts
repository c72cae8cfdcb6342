/**
 * OTC and quick buy (/pages/otc/otc): merchants (a user applies at verification Lv2, an operator
 * approves), their buy and sell ads, orders with the coins escrowed through the ledger, the order chat,
 * appeals decided by operators, and the back office. The rules it prices and sizes by are in
 * otc-rules.ts. Amounts and prices are plain decimal strings; times are epoch milliseconds.
 */
import { z } from 'zod';
import { KEPT_FIAT_CURRENCIES } from '../constants.ts';
import {
  OTC_ACCOUNT_FIELD_CHARS_MAX,
  OTC_AD_METHODS_MAX,
  OTC_AD_STATUSES,
  OTC_AMOUNT_UNITS,
  OTC_APPEAL_REASON_CHARS_MAX,
  OTC_MARGIN_DECIMALS,
  OTC_MARGIN_MAX,
  OTC_MERCHANT_NAME_CHARS,
  OTC_MERCHANT_STATUSES,
  OTC_MESSAGE_CHARS_MAX,
  OTC_METHOD_NAME_CHARS_MAX,
  OTC_PAY_MINUTES,
  OTC_RELEASE_MINUTES,
  OTC_PRICE_TYPES,
  OTC_REMARK_CHARS_MAX,
  OTC_SIDES,
  type OtcAdStatus,
  type OtcCancelReason,
  type OtcMerchantStatus,
  type OtcMethodKind,
  type OtcOrderStatus,
  type OtcPriceType,
  type OtcReleasedBy,
  type OtcSide,
} from '../otc-rules.ts';
import { zUploadReference } from '../uploads.ts';
import { zAmount, zBigId, zBool, zLimit, zPage, zPositiveInt } from '../validators.ts';
import { confirmationFields } from './funds.ts';

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
/**
 * What the two sides of an order write to each other (chat, an appeal's reason): any text, trimmed, within
 * `max` characters; every screen shows it as plain text, never as markup, so "price > 7" or "<3" is fine
 * (review 2026-11-27: the angle-bracket rule answered them "too long").
 */
const zWritten = (max: number, code: 'otc_message_too_long' | 'otc_appeal_reason_required') =>
  z
    .string({ error: code })
    .trim()
    .refine((v) => [...v].length <= max, code);
/** Names, payment details and ad remarks: trimmed, within `max` characters, no angle brackets. */
const zPlain = (max: number, code: 'parameter_error' | 'otc_merchant_name_invalid') =>
  z
    .string({ error: code })
    .trim()
    .refine((v) => [...v].length <= max, code)
    .refine((v) => !/[<>]/.test(v), code);
/** A figure above zero with at most 18 decimals and 20 digits before the point. */
const zFigure = zAmount.refine((v) => /^\d{1,20}(\.\d{1,18})?$/.test(v), 'wrong_number');
const zFiat = z.preprocess((v) => (typeof v === 'string' ? v.trim().toUpperCase() : v), z.enum(KEPT_FIAT_CURRENCIES, { error: 'otc_fiat_unavailable' }));
const zSide = z.enum(OTC_SIDES, { error: 'parameter_error' });
const zUnit = z.preprocess(blankToUndefined, z.enum(OTC_AMOUNT_UNITS, { error: 'parameter_error' }).default('fiat'));
/** A margin over the index: a signed fraction within ±OTC_MARGIN_MAX, at most OTC_MARGIN_DECIMALS decimals. */
const zMargin = z
  .string({ error: 'otc_margin_out_of_range' })
  .trim()
  .regex(new RegExp(`^-?\\d{1,2}(\\.\\d{1,${OTC_MARGIN_DECIMALS}})?$`), 'otc_margin_out_of_range')
  .refine((v) => Math.abs(Number(v)) <= Number(OTC_MARGIN_MAX), 'otc_margin_out_of_range');
/** Method ids as a form sends them ("1,3") or as a JSON array: one to OTC_AD_METHODS_MAX, no repeats. */
const zMethodIds = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(',').map((s) => s.trim()).filter((s) => s !== '') : v),
  z
    .array(zPositiveInt, { error: 'otc_payment_method_missing' })
    .min(1, 'otc_payment_method_missing')
    .max(OTC_AD_METHODS_MAX, 'parameter_error')
    .refine((ids) => new Set(ids).size === ids.length, 'parameter_error'),
);

// ================================================================ what the screens read

/** A payment method on offer: the user's domestic or international card, or an account of an operator's method. */
export type OtcPaymentMethod = { id: number; kind: OtcMethodKind; name: string };

/** A merchant as takers see them, with counters computed from the orders on their ads (otc-rules.ts). */
export type OtcMerchantView = {
  id: number;
  name: string;
  completed_orders: number;
  /** Percent with 2 decimals of completed / (completed + failed at the merchant's fault, otc-rules.ts); null before one counts. */
  completion_rate: string | null;
  /** Mean seconds from "paid" to release over the orders they released as the seller; null before the first. */
  avg_release_seconds: number | null;
};

/** GET /otc/config: what the screens choose from, the user's limit and merchant state, and their fiat (legal) account balances. */
export type OtcConfig = {
  coins: { id: number; name: string; decimals: number }[];
  /** The kept fiat list with each rate against USD. */
  fiats: { code: string; rate: string }[];
  methods: OtcPaymentMethod[];
  /** The user's verification level and per-order fiat trade limit in USDT ('0' before Lv1). */
  level: 0 | 1 | 2;
  fiat_limit_usdt: string;
  /** The user's merchant application or standing; null before applying. */
  merchant: { id: number; name: string; status: OtcMerchantStatus; reason: string | null } | null;
  /** Available coins in the user's fiat (legal) account, by currency id: what a sell ad freezes and a sale escrows. */
  balances: Record<string, string>;
};

/** One ad, its price as it stands now (a floating ad's from the index). */
export type OtcAdView = {
  id: number;
  side: OtcSide;
  merchant: OtcMerchantView;
  currency_id: number;
  coin: string;
  decimals: number;
  fiat: string;
  price_type: OtcPriceType;
  /** The price now, fiat per coin. */
  price: string;
  /** The fixed price, or the floating margin (a fraction). */
  fixed_price: string | null;
  margin: string | null;
  quantity: string;
  remaining: string;
  min_fiat: string;
  max_fiat: string;
  /** The most one order may take now: max_fiat, or what remains at the price if less. */
  fiat_max_now: string;
  /** The coin's index in USDT now (null without one): a taker's per-order limit is quantity x this (otcUsdtValue). */
  index_usdt: string | null;
  methods: OtcPaymentMethod[];
  pay_minutes: number;
  remark: string;
  status: OtcAdStatus;
  created_at: number;
  /** Whether the reader posted it. */
  own: boolean;
};

/** A seller's payment details copied onto an order when it is placed: a card's fields, or an account's holder and number. */
export type OtcPaymentDetail = { method_id: number; kind: OtcMethodKind; name: string; fields: Record<string, string> };

export type OtcAppealView = {
  by: 'buyer' | 'seller';
  /** Opened by the release time limit rather than by a side (`by` is then the buyer waiting for the coins). */
  automatic: boolean;
  reason: string;
  created_at: number;
  decision: 'release' | 'return' | null;
  note: string | null;
  decided_at: number | null;
};

/** One order as one of its two sides sees it. */
export type OtcOrderView = {
  id: string;
  ad_id: number;
  /** The reader's side: buyer or seller; `maker` when the reader posted the ad. */
  role: 'buyer' | 'seller';
  maker: boolean;
  counterparty: { name: string; merchant: OtcMerchantView | null };
  currency_id: number;
  coin: string;
  decimals: number;
  fiat: string;
  price: string;
  quantity: string;
  fiat_amount: string;
  status: OtcOrderStatus;
  cancel_reason: OtcCancelReason | null;
  released_by: OtcReleasedBy | null;
  created_at: number;
  pay_deadline: number;
  paid_at: number | null;
  /** Marked paid and not released by then, the order goes to appeal by itself. */
  release_due_at: number | null;
  released_at: number | null;
  cancelled_at: number | null;
  /** The seller's payment details (copied when the order was placed); the buyer pays to one of these. */
  payment_details: OtcPaymentDetail[];
  paid_method_id: number | null;
  /** The buyer's proof of payment (a signed upload URL), once marked paid. */
  proof: string | null;
  appeal: OtcAppealView | null;
};

export type OtcMessageView = {
  id: string;
  /** Who wrote it, from the reader's side: themselves, the other side, or an operator. */
  author: 'me' | 'counterparty' | 'operator';
  body: string;
  image: string | null;
  created_at: number;
};
export type OtcMessagePage = { messages: OtcMessageView[]; has_more: boolean };

/** GET /otc/quick/quote: the ad quick buy (or sell) would take now, and what the order would be. */
export type OtcQuote = { ad: OtcAdView; price: string; quantity: string; fiat_amount: string };

/** The realtime `otc` event to both sides' user rooms: a sign to refresh the order (and its chat). */
/** `reason`: why the status changed when no side did it (the release time limit sent it to appeal). */
export type OtcSignal = { order_id: string; status: OtcOrderStatus; message_id?: string; reason?: 'release_timeout' };

/** A user's account of an operator's method (cards live in settings). */
export type OtcPaymentAccountView = { method_id: number; holder: string; account: string; updated_at: number };
/** GET /otc/payment/accounts: every method on offer with what the user filled in for it (a card's fields, or an account), or null. */
export type OtcPaymentSetup = { method: OtcPaymentMethod; detail: OtcPaymentDetail | null }[];

// ================================================================ user calls

/** GET /otc/ads: the online ads of one side, coin and fiat, best price first (sell ads cheapest, buy ads dearest). */
export const otcAdListInput = z.object({
  side: zSide,
  currency_id: zPositiveInt,
  fiat: zFiat,
  method_id: z.preprocess(blankToUndefined, zPositiveInt.optional()),
  page: zPage,
  limit: zLimit,
});
export type OtcAdListInput = z.infer<typeof otcAdListInput>;

/** POST /otc/merchant/apply: the name takers will see. */
export const otcMerchantApplyInput = z.object({
  name: zPlain(OTC_MERCHANT_NAME_CHARS.max, 'otc_merchant_name_invalid').refine((v) => [...v].length >= OTC_MERCHANT_NAME_CHARS.min, 'otc_merchant_name_invalid'),
});

/** POST /otc/ad/post: a fixed price, or a floating margin over the index; limits are per order, in fiat. */
export const otcAdPostInput = z
  .object({
    side: zSide,
    currency_id: zPositiveInt,
    fiat: zFiat,
    price_type: z.enum(OTC_PRICE_TYPES, { error: 'parameter_error' }),
    price: z.preprocess(blankToUndefined, zFigure.optional()),
    margin: z.preprocess(blankToUndefined, zMargin.optional()),
    quantity: zFigure,
    min_fiat: zFigure,
    max_fiat: zFigure,
    method_ids: zMethodIds,
    pay_minutes: z.coerce.number({ error: 'otc_pay_minutes_invalid' }).int('otc_pay_minutes_invalid').min(OTC_PAY_MINUTES.min, 'otc_pay_minutes_invalid').max(OTC_PAY_MINUTES.max, 'otc_pay_minutes_invalid'),
    remark: z.preprocess((v) => v ?? '', zPlain(OTC_REMARK_CHARS_MAX, 'parameter_error')),
  })
  .refine((v) => (v.price_type === 'fixed' ? v.price !== undefined : v.margin !== undefined), { message: 'wrong_number', path: ['price'] })
  .refine((v) => Number(v.min_fiat) <= Number(v.max_fiat), { message: 'otc_limits_invalid', path: ['min_fiat'] });
export type OtcAdPostInput = z.infer<typeof otcAdPostInput>;

/** POST /otc/ad/close, and the back office's. */
export const otcAdInput = z.object({ id: zPositiveInt });

/** GET /otc/my/ads */
export const otcMyAdListInput = z.object({
  status: z.preprocess(blankToUndefined, z.enum(OTC_AD_STATUSES, { error: 'parameter_error' }).optional()),
  page: zPage,
  limit: zLimit,
});

/** POST /otc/payment/save: the holder's name and the account number of an operator's method; confirmed like a card. */
export const otcPaymentSaveInput = z.object({
  method_id: zPositiveInt,
  holder: zPlain(OTC_ACCOUNT_FIELD_CHARS_MAX, 'parameter_error').refine((v) => v !== '', 'parameter_error'),
  account: zPlain(OTC_ACCOUNT_FIELD_CHARS_MAX, 'parameter_error').refine((v) => v !== '', 'parameter_error'),
  ...confirmationFields,
});
export type OtcPaymentSaveInput = z.infer<typeof otcPaymentSaveInput>;
/** POST /otc/payment/delete */
export const otcPaymentDeleteInput = z.object({ method_id: zPositiveInt });

/** POST /otc/order/place: an amount in the ad's fiat (default) or in its coin. */
export const otcOrderPlaceInput = z.object({ ad_id: zPositiveInt, amount: zFigure, amount_in: zUnit });
export type OtcOrderPlaceInput = z.infer<typeof otcOrderPlaceInput>;

/** GET /otc/quick/quote and POST /otc/quick: `side` is the user's (buy takes the cheapest sell ad, sell the dearest buy ad). */
export const otcQuickInput = z.object({ side: zSide, currency_id: zPositiveInt, fiat: zFiat, amount: zFigure, amount_in: zUnit });
export type OtcQuickInput = z.infer<typeof otcQuickInput>;

/** GET /otc/orders: open (pending, paid, appealed) or ended (released, cancelled); none: all. */
export const otcOrderListInput = z.object({
  status: z.preprocess(blankToUndefined, z.enum(['open', 'ended'], { error: 'parameter_error' }).optional()),
  page: zPage,
  limit: zLimit,
});
export type OtcOrderListInput = z.infer<typeof otcOrderListInput>;

/** GET /otc/order, POST /otc/order/cancel. */
export const otcOrderInput = z.object({ id: zBigId });
/** POST /otc/order/paid: the buyer paid outside the platform with one of the seller's methods; the proof is their own upload. */
export const otcOrderPaidInput = z.object({ id: zBigId, method_id: zPositiveInt, proof: zUploadReference('otc_proof_required') });
/** POST /otc/order/release: the seller received the fiat; confirmed by the pay password. */
export const otcOrderReleaseInput = z.object({ id: zBigId, pay_password: z.string({ error: 'pay_password_required' }).min(1, 'pay_password_required').max(200, 'pay_password_wrong') });
/** POST /otc/order/appeal: either side of a paid order. */
export const otcOrderAppealInput = z.object({
  id: zBigId,
  reason: zWritten(OTC_APPEAL_REASON_CHARS_MAX, 'otc_appeal_reason_required').refine((v) => v !== '', 'otc_appeal_reason_required'),
});
/** GET /otc/order/messages: the newest page, or the page older than the message `before`. */
export const otcMessagesInput = z.object({ id: zBigId, before: z.preprocess(blankToUndefined, zBigId.optional()) });
/** POST /otc/order/message: text, an image (the writer's own upload), or both. */
export const otcMessageSendInput = z
  .object({ id: zBigId, body: zWritten(OTC_MESSAGE_CHARS_MAX, 'otc_message_too_long').default(''), image: z.preprocess(blankToUndefined, zUploadReference('upload_missing').optional()) })
  .refine((v) => v.body !== '' || v.image !== undefined, 'otc_message_empty');
export type OtcMessageSendInput = z.infer<typeof otcMessageSendInput>;

// ================================================================ back office (/api/admin/otc/*)

export const otcAdminMerchantListInput = z.object({
  status: z.preprocess(blankToUndefined, z.enum(OTC_MERCHANT_STATUSES, { error: 'parameter_error' }).optional()),
  user_id: z.preprocess(blankToUndefined, zPositiveInt.optional()),
  page: zPage,
  limit: zLimit,
});
/** Approve or reject an application; suspend an approved merchant (their online ads close) or reinstate one. A reason for reject and suspend. */
export const otcMerchantDecideInput = z
  .object({
    id: zPositiveInt,
    decision: z.enum(['approve', 'reject', 'suspend', 'reinstate'], { error: 'parameter_error' }),
    reason: z.preprocess((v) => v ?? '', zPlain(OTC_REMARK_CHARS_MAX, 'parameter_error')),
  })
  .refine((v) => (v.decision === 'reject' || v.decision === 'suspend' ? v.reason !== '' : true), { message: 'parameter_error', path: ['reason'] });
export type OtcMerchantDecideInput = z.infer<typeof otcMerchantDecideInput>;

export const otcAdminAdListInput = z.object({
  status: z.preprocess(blankToUndefined, z.enum(OTC_AD_STATUSES, { error: 'parameter_error' }).optional()),
  user_id: z.preprocess(blankToUndefined, zPositiveInt.optional()),
  page: zPage,
  limit: zLimit,
});
/** An operator takes an ad offline (its frozen coins return to the merchant), with a reason. */
export const otcAdminAdCloseInput = z.object({ id: zPositiveInt, reason: zPlain(OTC_REMARK_CHARS_MAX, 'parameter_error').refine((v) => v !== '', 'parameter_error') });

/** Orders of a user (as buyer or seller), of a state, or appealed and undecided (the appeals queue). */
export const otcAdminOrderListInput = z.object({
  status: z.preprocess(blankToUndefined, z.enum(['pending', 'paid', 'appealed', 'released', 'cancelled'], { error: 'parameter_error' }).optional()),
  user_id: z.preprocess(blankToUndefined, zPositiveInt.optional()),
  page: zPage,
  limit: zLimit,
});
export const otcAdminOrderInput = z.object({ id: zBigId });
/** Decides an appealed order: release the coins to the buyer, or return them to the seller; the note is kept with the decision. */
export const otcAppealDecideInput = z.object({
  id: zBigId,
  decision: z.enum(['release', 'return'], { error: 'parameter_error' }),
  note: zPlain(OTC_REMARK_CHARS_MAX, 'parameter_error').refine((v) => v !== '', 'parameter_error'),
});
export type OtcAppealDecideInput = z.infer<typeof otcAppealDecideInput>;
/** The OTC settings (admins): the release time limit, in whole minutes within OTC_RELEASE_MINUTES. */
export const otcSettingsInput = z.object({
  release_minutes: z.coerce
    .number({ error: 'parameter_error' })
    .int('parameter_error')
    .min(OTC_RELEASE_MINUTES.min, 'parameter_error')
    .max(OTC_RELEASE_MINUTES.max, 'parameter_error'),
});
export type OtcSettingsInput = z.infer<typeof otcSettingsInput>;
export type OtcSettingsView = OtcSettingsInput & { release_minutes_min: number; release_minutes_max: number; updated_at: number | null };
/** A method the operator offers besides cards (create without id); the built-in card methods may only be switched on and off or re-sorted. */
export const otcPaymentMethodInput = z.object({
  id: z.preprocess(blankToUndefined, zPositiveInt.optional()),
  name: zPlain(OTC_METHOD_NAME_CHARS_MAX, 'parameter_error').refine((v) => v !== '', 'parameter_error'),
  enabled: zBool,
  sort: z.coerce.number({ error: 'parameter_error' }).int('parameter_error').min(0, 'parameter_error').max(100_000, 'parameter_error'),
});
export type OtcPaymentMethodInput = z.infer<typeof otcPaymentMethodInput>;

/** An order as the back office shows it: both sides named, both sides' proof and messages in the detail. */
export type OtcAdminOrderRow = Omit<OtcOrderView, 'role' | 'maker' | 'counterparty'> & {
  buyer: { id: number; account: string };
  seller: { id: number; account: string };
  maker_id: number;
  ad_side: OtcSide;
};
export type OtcAdminMessage = { id: string; author: 'buyer' | 'seller' | 'operator'; body: string; image: string | null; created_at: number };
export type OtcAdminOrderDetail = { order: OtcAdminOrderRow; messages: OtcAdminMessage[] };
export type OtcAdminMerchantRow = OtcMerchantView & {
  user_id: number;
  account: string;
  status: OtcMerchantStatus;
  reason: string | null;
  applied_at: number;
  decided_at: number | null;
  online_ads: number;
  demo: boolean;
};
export type OtcAdminAdRow = OtcAdView & { user_id: number; closed_at: number | null; closed_by: string | null; demo: boolean };
export type OtcAdminMethodRow = OtcPaymentMethod & { enabled: boolean; sort: number };
