/**
 * Notifications (settings): the user's own events and the system notices operators publish. An event is
 * stored as its kind and its figures, never as a sentence: each client renders it in the reader's
 * language. A system notice is operator text per language, English required (the fallback).
 */
import { z } from 'zod';
import { PAGE_SIZE } from '../constants.ts';
import { LANGS, type Lang } from '../lang.ts';
import { zBigId, zLimit, zPage, zPositiveInt } from '../validators.ts';

export const NOTIFICATION_PAGE_SIZE = PAGE_SIZE;
export const NOTIFICATION_PAGE_SIZE_MAX = 50;
/** A system notice's title and text, per language. */
export const NOTICE_TITLE_LENGTH_MAX = 100;
export const NOTICE_BODY_LENGTH_MAX = 2_000;
/** The latest publish time an operator may set: 2100-01-01 (epoch ms). */
export const NOTICE_PUBLISH_AT_MAX = 4_102_444_800_000;

export const NOTIFICATION_EVENT_KINDS = [
  'deposit_credited',
  'withdrawal_approved',
  'withdrawal_rejected',
  'identity_approved',
  'identity_rejected',
  'spot_order_filled',
  'loan_margin_call',
  'loan_liquidated',
  'mining_unlocked',
  'dual_settled',
  'ieo_allocated',
  'copy_skipped',
] as const;
export type NotificationEventKind = (typeof NOTIFICATION_EVENT_KINDS)[number];

/** What each event records: the figures its sentence is made of (amounts as strings, as everywhere). */
export type NotificationFigures = {
  deposit_credited: { amount: string; currency: string };
  withdrawal_approved: { number: string; arrival: string; fee: string; currency: string };
  withdrawal_rejected: { number: string; currency: string; reason: string };
  identity_approved: { level: 1 | 2 };
  identity_rejected: { level: 1 | 2; reason: string };
  spot_order_filled: { order_id: number; symbol: string; side: 'buy' | 'sell'; quantity: string; average_price: string };
  /** A loan's LTV (fractions) reached its margin-call level at the index `price` of `symbol`. */
  loan_margin_call: { loan_id: string; symbol: string; price: string; ltv: string; margin_call_ltv: string; liquidation_ltv: string; currency: string; collateral_currency: string };
  /** A loan's collateral was sold at the index to repay `debt` (LTV past its liquidation level, or overdue). */
  loan_liquidated: {
    loan_id: string;
    reason: 'ltv' | 'overdue';
    price: string;
    debt: string;
    currency: string;
    collateral_sold: string;
    collateral_returned: string;
    collateral_currency: string;
  };
  /** A lock-up mining order reached its term: the whole principal is back in the spot account; `interest` was paid over the term. */
  mining_unlocked: { order_id: number; amount: string; currency: string; interest: string };
  /**
   * A dual investment settled at its maturity: paid `payout` in `payout_currency` (`success`), or refunded its
   * `amount` in full because the index was not known at the settlement time (`fail`).
   */
  dual_settled: { order_id: number; symbol: string; status: 'success' | 'fail'; amount: string; currency: string; payout: string; payout_currency: string };
  /** An IEO subscription allocated at the project's end: tokens received, payment kept and refunded; locked until `unlock_at` (epoch ms) when not null. */
  ieo_allocated: { order_id: number; project: string; allocated: string; token: string; charged: string; refunded: string; pay_currency: string; unlock_at: number | null };
  /** A trader's position the follower got no copy of because their contract account could not pay its margin and fee. */
  copy_skipped: { trader_name: string; symbol: string; side: 'long' | 'short'; trader_lots: number };
};

/** An event as a kind with its figures, typed together. */
export type NotificationEvent = { [K in NotificationEventKind]: { kind: K; figures: NotificationFigures[K] } }[NotificationEventKind];

export const NOTIFICATION_SOURCES = ['event', 'system'] as const;
export type NotificationSource = (typeof NOTIFICATION_SOURCES)[number];

/**
 * One row of the list, newest first. `created_at` (epoch ms) is when the event happened or the notice
 * was published; a system notice comes in the reader's language, else English (`lang` says which).
 */
export type NotificationItem =
  | ({ source: 'event'; id: number; created_at: number; read: boolean } & NotificationEvent)
  | { source: 'system'; id: number; kind: 'system'; title: string; body: string; lang: Lang; created_at: number; read: boolean };

export type NotificationPage = { data: NotificationItem[]; total: number; page: number; limit: number };
/** GET /notification/unread, and what marking read answers: the unread count after it. */
export type NotificationUnread = { unread: number };

/** The realtime `notification` event (to the user's room, or to everyone for a system notice): a sign to refresh. */
export type NotificationSignal = { source: NotificationSource; id: number; kind: NotificationEventKind | 'system' };

/** GET /notification/list */
export const notificationListInput = z.object({
  page: zPage,
  limit: z.coerce.number({ error: 'parameter_error' }).int('parameter_error').min(1, 'parameter_error').max(NOTIFICATION_PAGE_SIZE_MAX, 'parameter_error').default(NOTIFICATION_PAGE_SIZE),
});
export type NotificationListInput = z.infer<typeof notificationListInput>;

/** POST /notification/read: one of the user's events (a bigserial id) or a system notice (a serial id). */
export const notificationReadInput = z.discriminatedUnion(
  'source',
  [z.object({ source: z.literal('event'), id: zBigId }), z.object({ source: z.literal('system'), id: zPositiveInt })],
  { error: 'parameter_error' },
);
export type NotificationReadInput = z.infer<typeof notificationReadInput>;

// ================================================================ back office

export type NoticeText = { title: string; body: string };
/** A notice's versions: English always, any other language the operator wrote. */
export type NoticeTexts = { en: NoticeText } & Partial<Record<Lang, NoticeText>>;

const zNoticeField = (max: number) => z.string({ error: 'notice_text_invalid' }).trim().min(1, 'notice_text_invalid').max(max, 'notice_text_invalid');
const zNoticeText = z.object({ title: zNoticeField(NOTICE_TITLE_LENGTH_MAX), body: zNoticeField(NOTICE_BODY_LENGTH_MAX) }, { error: 'notice_text_invalid' });
const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** A language whose title and text are both left blank has no version of its own (readers get English); no texts at all lack English. */
function dropBlankVersions(value: unknown) {
  if (value === undefined) return {};
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  return Object.fromEntries(
    Object.entries(value).filter(([, text]) => !(text && typeof text === 'object' && isBlank((text as NoticeText).title) && isBlank((text as NoticeText).body))),
  );
}

/** POST /api/admin/notices: creates (no id) or edits a system notice; `publish_at` (epoch ms) absent or passed means now. */
export const noticeSaveInput = z.object({
  id: zPositiveInt.optional(),
  publish_at: z.coerce.number({ error: 'parameter_error' }).int('parameter_error').min(0, 'parameter_error').max(NOTICE_PUBLISH_AT_MAX, 'parameter_error').optional(),
  texts: z.preprocess(
    dropBlankVersions,
    z
      .partialRecord(z.enum(LANGS, { error: 'parameter_error' }), zNoticeText, { error: 'parameter_error' })
      .refine((texts): texts is NoticeTexts => texts.en !== undefined, 'notice_english_required'),
  ),
});
export type NoticeSaveInput = z.infer<typeof noticeSaveInput>;

/** GET /api/admin/notices (the back office's page sizes, up to PAGE_SIZE_MAX) */
export const noticeListInput = z.object({ page: zPage, limit: zLimit });

export const NOTICE_STATES = ['scheduled', 'published', 'withdrawn'] as const;
export type NoticeState = (typeof NOTICE_STATES)[number];

/** A system notice as the back office lists it: every version, its state and how many users read it. */
export type NoticeRow = {
  id: number;
  texts: NoticeTexts;
  publish_at: number;
  withdrawn_at: number | null;
  state: NoticeState;
  reads: number;
  demo: boolean;
  created_at: number;
  updated_at: number;
};
export type NoticePage = { data: NoticeRow[]; total: number; page: number; limit: number; users: number };
