/**
 * Notifications' pure rules: which event a decided business row reports (and with which figures), which
 * version of a system notice a reader gets, when a notice is shown, and its state in the back office.
 */
import { toAmountString, type Lang, type NoticeState, type NoticeText, type NoticeTexts, type NotificationEvent } from '@fairex/contract';

/** A confirmed deposit: what was credited, in which coin. */
export function depositCreditedEvent(recharge: { amount: string }, currency: string): NotificationEvent {
  return { kind: 'deposit_credited', figures: { amount: toAmountString(recharge.amount), currency } };
}

/** A reviewed withdrawal: approved (what was sent, what arrives, the fee) or rejected with the operator's reason; a pending one reports nothing. */
export function withdrawalReviewedEvent(
  withdrawal: { status: 'pending' | 'approved' | 'rejected'; number: string; arrival: string; fee: string; reason: string | null },
  currency: string,
): NotificationEvent | undefined {
  const number = toAmountString(withdrawal.number);
  if (withdrawal.status === 'approved') {
    return { kind: 'withdrawal_approved', figures: { number, arrival: toAmountString(withdrawal.arrival), fee: toAmountString(withdrawal.fee), currency } };
  }
  if (withdrawal.status === 'rejected') return { kind: 'withdrawal_rejected', figures: { number, currency, reason: withdrawal.reason ?? '' } };
  return undefined;
}

/** A reviewed identity verification of level 1 (basic) or 2 (advanced): approved, or rejected with the reason. */
export function identityReviewedEvent(verification: { status: 'pending' | 'approved' | 'rejected'; level: number; reason: string | null }): NotificationEvent | undefined {
  const level = verification.level === 2 ? 2 : 1;
  if (verification.status === 'approved') return { kind: 'identity_approved', figures: { level } };
  if (verification.status === 'rejected') return { kind: 'identity_rejected', figures: { level, reason: verification.reason ?? '' } };
  return undefined;
}

/** A spot order update reports an event only once the order is filled in full (a cancelled rest, even partly filled, is not "filled"). */
export function spotOrderFilledEvent(order: {
  id: number;
  symbol: string;
  status: string;
  side?: unknown;
  filled_quantity?: unknown;
  average_price?: unknown;
}): NotificationEvent | undefined {
  if (order.status !== 'filled') return undefined;
  return {
    kind: 'spot_order_filled',
    figures: {
      order_id: order.id,
      symbol: order.symbol,
      side: order.side === 'sell' ? 'sell' : 'buy',
      quantity: toAmountString(String(order.filled_quantity ?? '0')),
      average_price: toAmountString(String(order.average_price ?? '0')),
    },
  };
}

/** The version a reader of `lang` gets: their own when the operator wrote one, else English. */
export function noticeVersion(texts: NoticeTexts, lang: Lang): NoticeText & { lang: Lang } {
  const own = texts[lang];
  return own ? { ...own, lang } : { ...texts.en, lang: 'en' };
}

/**
 * When a saved notice is shown. No time given: the stored one, or now for a new notice. The stored time
 * sent back unchanged (an edit of the text) stays. Any other time already passed means now, so a notice
 * cannot be slipped in below older ones; a future time schedules it.
 */
export function publishAtOf(given: number | undefined, stored: number | undefined, now: number): number {
  if (given === undefined) return stored ?? now;
  if (given === stored) return stored;
  return Math.max(given, now);
}

export function noticeState(notice: { publishAt: number; withdrawnAt: number | null }, now: number): NoticeState {
  if (notice.withdrawnAt !== null) return 'withdrawn';
  return notice.publishAt <= now ? 'published' : 'scheduled';
}
