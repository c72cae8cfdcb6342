/** The wire forms of OTC merchants, ads, orders and messages. */
import {
  otcAdFiatMax,
  otcCompletionRate,
  toAmountString,
  type OtcAdView,
  type OtcAppealView,
  type OtcMerchantView,
  type OtcMessageView,
  type OtcOrderView,
  type OtcPaymentMethod,
} from '@fairex/contract';
import { maskAccount } from '../referrals/rules.ts';
import type { UploadUrls } from '../uploads/signing.ts';
import { adPrice, type Market } from './pricing.ts';
import type { AdRow, Appeal, Merchant, MerchantCounts, Message, Method, OrderRow } from './repository.ts';

/** Signs the image references of the answers (uploads/signing.ts). */
export type Signer = Pick<UploadUrls, 'sign'>;

export const methodView = (method: Method): OtcPaymentMethod => ({ id: method.id, kind: method.kind, name: method.name });

export function merchantView(merchant: { id: number; name: string }, counts: MerchantCounts | undefined): OtcMerchantView {
  return {
    id: merchant.id,
    name: merchant.name,
    completed_orders: counts?.completed ?? 0,
    completion_rate: otcCompletionRate(counts?.completed ?? 0, counts?.failed ?? 0),
    avg_release_seconds: counts?.avgReleaseSeconds ?? null,
  };
}

/**
 * An ad at its price now (a closed or unpriced ad at its fixed price or '0') with the coin's index, which
 * the taker's per-order limit is valued at; its methods as the operator offers them now (a method switched
 * off is left out).
 */
export function adView(row: AdRow, market: Market, counts: MerchantCounts | undefined, methods: Map<number, Method>, readerId: number): OtcAdView {
  const { ad, coin } = row;
  const price = adPrice(ad, coin.name, market) ?? '0';
  return {
    id: ad.id,
    side: ad.side,
    merchant: merchantView(row.merchant, counts),
    currency_id: coin.id,
    coin: coin.name,
    decimals: coin.decimals,
    fiat: ad.fiat,
    price_type: ad.priceType,
    price,
    fixed_price: ad.price === null ? null : toAmountString(ad.price),
    margin: ad.margin === null ? null : toAmountString(ad.margin),
    quantity: toAmountString(ad.quantity),
    remaining: toAmountString(ad.remaining),
    min_fiat: toAmountString(ad.minFiat),
    max_fiat: toAmountString(ad.maxFiat),
    fiat_max_now: otcAdFiatMax({ max_fiat: ad.maxFiat, remaining: ad.remaining, price }),
    index_usdt: market.indexUsdt(coin.name) ?? null,
    methods: ad.methodIds.flatMap((id) => {
      const method = methods.get(id);
      return method?.enabled ? [methodView(method)] : [];
    }),
    pay_minutes: ad.payMinutes,
    remark: ad.remark,
    status: ad.status,
    created_at: ad.createdAt,
    own: ad.userId === readerId,
  };
}

export function appealView(appeal: Appeal | undefined): OtcAppealView | null {
  if (!appeal) return null;
  return { by: appeal.role, automatic: appeal.automatic, reason: appeal.reason, created_at: appeal.createdAt, decision: appeal.decision, note: appeal.note, decided_at: appeal.decidedAt };
}

/** A user as the other side sees them: their merchant name when they are one, else their nickname or masked account. */
export function displayName(user: { account: string; nickname: string | null } | undefined, merchant: Merchant | undefined): string {
  if (merchant) return merchant.name;
  if (!user) return '';
  return user.nickname || maskAccount(user.account);
}

/** The figures of an order every view shares. */
export function orderFigures({ order, coin }: OrderRow, appeal: Appeal | undefined, sign: Signer) {
  return {
    id: String(order.id),
    ad_id: order.adId,
    currency_id: coin.id,
    coin: coin.name,
    decimals: coin.decimals,
    fiat: order.fiat,
    price: toAmountString(order.price),
    quantity: toAmountString(order.quantity),
    fiat_amount: toAmountString(order.fiatAmount),
    status: order.status,
    cancel_reason: order.cancelReason,
    released_by: order.releasedBy,
    created_at: order.createdAt,
    pay_deadline: order.payDeadline,
    paid_at: order.paidAt,
    release_due_at: order.releaseDueAt,
    released_at: order.releasedAt,
    cancelled_at: order.cancelledAt,
    payment_details: order.paymentDetails,
    paid_method_id: order.paidMethodId,
    proof: sign.sign(order.proof),
    appeal: appealView(appeal),
  };
}

export type Counterparty = OtcOrderView['counterparty'];

/** One order as `readerId` (its buyer or its seller) sees it. */
export function orderView(row: OrderRow, readerId: number, counterparty: Counterparty, appeal: Appeal | undefined, sign: Signer): OtcOrderView {
  return {
    ...orderFigures(row, appeal, sign),
    role: row.order.buyerId === readerId ? 'buyer' : 'seller',
    maker: row.order.makerId === readerId,
    counterparty,
  };
}

export function messageView(message: Message, readerId: number, sign: Signer): OtcMessageView {
  return {
    id: String(message.id),
    author: message.userId === null ? 'operator' : message.userId === readerId ? 'me' : 'counterparty',
    body: message.body,
    image: sign.sign(message.image),
    created_at: message.createdAt,
  };
}
