/**
 * OTC and quick buy (spec sections 2, 6, 9): the rules the server prices, sizes and limits orders by and
 * the screens preview with, so both show the same figures.
 *
 * - An ad is a merchant's. A sell ad sells coins (its takers buy them); a buy ad buys coins (its takers
 *   sell). Amounts in fiat are in the ad's fiat currency (one of the kept fiat list).
 * - Price: fixed, or floating = the coin's index price in USDT x the kept fiat rate (fiat per USD, USDT
 *   taken at one USD) x (1 + margin), rounded half up to OTC_PRICE_DECIMALS. Example: BTC at 65000 USDT,
 *   CNY at 7.24, margin 0.01: 65000 x 7.24 x 1.01 = 475306 CNY.
 * - An order for an amount in fiat F at price P: quantity = F / P rounded down to the coin's unit (the
 *   buyer receives rounded down), and the fiat to pay = quantity x P rounded up to the cent (the buyer
 *   pays rounded up, never more than F). Example: 100 CNY at 7.23 gives 13.831258 USDT (6 decimals) and
 *   13.831258 x 7.23 = 99.99999534, paid as 100.00 CNY. An amount in coin Q: quantity Q, fiat Q x P
 *   rounded up.
 * - The taker's per-order limit by verification level (spec section 6): quantity x the coin's index
 *   price in USDT, at most 2,000 USDT at Lv1 and 1,000,000 at Lv2; an unverified user is sent to verify
 *   (998). Example: 0.031 BTC at 65000 is 2015 USDT, beyond Lv1.
 * - Merchant counters, from the orders on the merchant's ads, each ended order judged by whose fault
 *   it ended (otcOrderFault), so a taker who never pays cannot spoil a merchant's record (the large
 *   exchanges count only a user's own cancellations against them): completed = orders released and not
 *   at the merchant's fault; failed = orders at the merchant's fault; completion rate = completed /
 *   (completed + failed), a percent with 2 decimals rounded down (none before one counts); average
 *   release time = the mean of (released - marked paid) over the orders the merchant released as the
 *   seller, in whole seconds rounded down.
 * - When coins are frozen: a sell ad freezes its whole quantity in the merchant's fiat (legal, id 1)
 *   account when it is POSTED (as the large exchanges do: an ad never offers coins the merchant does
 *   not hold, and a taker's order can never fail for the merchant's balance); closing it unfreezes what
 *   remains. A buy ad freezes nothing: a selling taker's coins are escrowed when they place the order.
 * - Escrow: an order's coins move into the otc_escrow system account when it is placed, and out of it
 *   to the buyer on release, or back to the seller (into the ad while it is online) when the order is
 *   cancelled, times out or an appeal is decided for the seller.
 * - Order states (otcNextStatus): pending -> paid (the buyer, before the pay deadline, with a proof) ->
 *   released (the seller). pending -> cancelled (the buyer, or the time-out job once the deadline
 *   passed; a paid order never times out). paid -> appealed (either side) -> released or cancelled (an
 *   operator). The seller may still release while an appeal waits: conceding ends the dispute for the
 *   buyer, as on the large exchanges.
 * - Release time limit (otcReleaseDueAt): an order marked paid at P goes to appeal by itself at
 *   P + the limit in force when it was marked paid (a later change of the setting moves no order
 *   already paid), so escrowed coins never stay frozen with nobody looking; an operator then decides
 *   it like any appeal. Example: marked paid at 12:00:00 with the default 30 minutes: still paid at
 *   12:29:59.999, appealed by the job from 12:30:00.
 * - A taker keeps at most OTC_OPEN_ORDERS_PER_USER_MAX open orders and may take no more after
 *   OTC_CANCELS_PER_DAY_MAX cancellations as the buyer (their own or timed out) in 24 hours, so nobody
 *   can lock up merchants' coins by placing orders they never pay.
 */
import { Decimal } from 'decimal.js';
import { money, toAmountString, type MoneyInput } from './money.ts';

/** The ad's side, the merchant's: a sell ad sells coins to its takers, a buy ad buys coins from them. */
export const OTC_SIDES = ['sell', 'buy'] as const;
export type OtcSide = (typeof OTC_SIDES)[number];
export const OTC_PRICE_TYPES = ['fixed', 'floating'] as const;
export type OtcPriceType = (typeof OTC_PRICE_TYPES)[number];
/** pending: waiting for the buyer's payment; paid: marked paid; appealed: an operator decides; released and cancelled end it. */
export const OTC_ORDER_STATUSES = ['pending', 'paid', 'appealed', 'released', 'cancelled'] as const;
export type OtcOrderStatus = (typeof OTC_ORDER_STATUSES)[number];
/** The states whose coins are still in escrow. */
export const OTC_OPEN_STATUSES = ['pending', 'paid', 'appealed'] as const satisfies readonly OtcOrderStatus[];
/** Why an order was cancelled: the buyer cancelled, the pay time limit passed, or an operator returned the coins on appeal. */
export const OTC_CANCEL_REASONS = ['buyer', 'timeout', 'appeal'] as const;
export type OtcCancelReason = (typeof OTC_CANCEL_REASONS)[number];
/** Who released the coins: the seller, or an operator deciding an appeal. */
export const OTC_RELEASED_BY = ['seller', 'operator'] as const;
export type OtcReleasedBy = (typeof OTC_RELEASED_BY)[number];
export const OTC_MERCHANT_STATUSES = ['pending', 'approved', 'rejected', 'suspended'] as const;
export type OtcMerchantStatus = (typeof OTC_MERCHANT_STATUSES)[number];
export const OTC_AD_STATUSES = ['online', 'closed'] as const;
export type OtcAdStatus = (typeof OTC_AD_STATUSES)[number];
/** A payment method is the user's domestic or international bank card (saved in settings), or an account of a method the operator configured. */
export const OTC_METHOD_KINDS = ['bank', 'international', 'account'] as const;
export type OtcMethodKind = (typeof OTC_METHOD_KINDS)[number];
/** How a taker gives an amount: in the ad's fiat currency or in the coin. */
export const OTC_AMOUNT_UNITS = ['fiat', 'coin'] as const;
export type OtcAmountUnit = (typeof OTC_AMOUNT_UNITS)[number];

/** Fiat amounts are whole cents; prices are quoted to the cent too. */
export const OTC_FIAT_DECIMALS = 2;
export const OTC_PRICE_DECIMALS = 2;
/** A floating price's margin over the index: a fraction from -0.2 to 0.2 (at most 4 decimals). */
export const OTC_MARGIN_MAX = '0.2';
export const OTC_MARGIN_DECIMALS = 4;
/** The time a buyer has to pay, in minutes, as an ad sets it. */
export const OTC_PAY_MINUTES = { min: 10, max: 120 } as const;
/**
 * The release time limit, in minutes (an operator sets it in the back office within these bounds): an
 * order marked paid and not released by then goes to appeal by itself (review 2026-11-27, money 9).
 */
export const OTC_RELEASE_MINUTES = { min: 10, max: 720, default: 30 } as const;
/** Lengths of the texts people write. */
export const OTC_MERCHANT_NAME_CHARS = { min: 2, max: 20 } as const;
export const OTC_REMARK_CHARS_MAX = 200;
export const OTC_MESSAGE_CHARS_MAX = 500;
export const OTC_APPEAL_REASON_CHARS_MAX = 300;
export const OTC_ACCOUNT_FIELD_CHARS_MAX = 80;
export const OTC_METHOD_NAME_CHARS_MAX = 40;
/** Methods one ad accepts at most. */
export const OTC_AD_METHODS_MAX = 5;
/** Per user: open orders at once (as buyer or seller), and cancellations (their own or timed out as the buyer) in 24 hours before taking more is refused. */
export const OTC_OPEN_ORDERS_PER_USER_MAX = 5;
export const OTC_CANCELS_PER_DAY_MAX = 3;
/** Online ads one merchant keeps at once. */
export const OTC_ONLINE_ADS_PER_MERCHANT_MAX = 20;
/** The socket.io event to both sides' user rooms when an order changes or a message arrives: a sign to refresh. */
export const OTC_REALTIME_EVENT = 'otc';

const down = (x: Decimal, decimals: number) => toAmountString(x.toDecimalPlaces(decimals, Decimal.ROUND_DOWN));
const up = (x: Decimal, decimals: number) => toAmountString(x.toDecimalPlaces(decimals, Decimal.ROUND_UP));

/** A floating ad's price now: index (USDT) x fiat rate x (1 + margin), half up to the cent. */
export function otcFloatingPrice(indexUsdt: MoneyInput, fiatRate: MoneyInput, margin: MoneyInput): string {
  return toAmountString(money(indexUsdt).times(fiatRate).times(money(1).plus(margin)).toDecimalPlaces(OTC_PRICE_DECIMALS, Decimal.ROUND_HALF_UP));
}

export type OtcFigures = { quantity: string; fiat_amount: string };

/**
 * An order's quantity and fiat from the amount a taker gives. Undefined when nothing can be traded: a
 * fiat amount below one coin unit's worth, or a coin amount finer than the coin's unit.
 */
export function otcOrderFigures(input: { price: MoneyInput; amount: MoneyInput; unit: OtcAmountUnit; coinDecimals: number }): OtcFigures | undefined {
  const amount = money(input.amount);
  if (input.unit === 'coin' && amount.decimalPlaces() > input.coinDecimals) return undefined;
  const quantity = input.unit === 'coin' ? amount : money(down(amount.dividedBy(input.price), input.coinDecimals));
  if (!quantity.isPositive() || quantity.isZero()) return undefined;
  return { quantity: toAmountString(quantity), fiat_amount: up(quantity.times(input.price), OTC_FIAT_DECIMALS) };
}

/** What an order is worth in USDT for the per-order limit: quantity x the coin's index price. */
export const otcUsdtValue = (quantity: MoneyInput, indexUsdt: MoneyInput) => toAmountString(money(quantity).times(indexUsdt));

/** The most fiat an ad takes in one order now: its maximum, or less when what remains is worth less (rounded down to the cent). */
export function otcAdFiatMax(ad: { max_fiat: MoneyInput; remaining: MoneyInput; price: MoneyInput }): string {
  return toAmountString(Decimal.min(money(ad.max_fiat), money(down(money(ad.remaining).times(ad.price), OTC_FIAT_DECIMALS))));
}

/** Completed / (completed + failed) as a percent with 2 decimals, rounded down; null before one counts. */
export function otcCompletionRate(completed: number, failed: number): string | null {
  const counted = completed + failed;
  if (counted === 0) return null;
  return down(money(completed).dividedBy(counted).times(100), 2);
}

/**
 * Whose fault an ended order is: none when the seller released it; the buyer's when it was cancelled
 * (their own cancel, their pay time running out, or an appeal decided that they had not paid); the
 * seller's when an operator had to release it on appeal. Undefined while the order is open.
 */
export function otcOrderFault(order: { status: OtcOrderStatus; released_by: OtcReleasedBy | null }): 'none' | 'buyer' | 'seller' | undefined {
  if (order.status === 'released') return order.released_by === 'operator' ? 'seller' : 'none';
  if (order.status === 'cancelled') return 'buyer';
  return undefined;
}

/** What a side (or the time-out job, or an operator) may do to an order, and the state it leads to. */
export type OtcAction = 'pay' | 'release' | 'cancel' | 'timeout' | 'appeal' | 'release_timeout' | 'decide_release' | 'decide_return';
const OTC_TRANSITIONS: Record<OtcAction, { from: readonly OtcOrderStatus[]; to: OtcOrderStatus }> = {
  pay: { from: ['pending'], to: 'paid' },
  release: { from: ['paid', 'appealed'], to: 'released' },
  cancel: { from: ['pending'], to: 'cancelled' },
  timeout: { from: ['pending'], to: 'cancelled' },
  appeal: { from: ['paid'], to: 'appealed' },
  release_timeout: { from: ['paid'], to: 'appealed' },
  decide_release: { from: ['appealed'], to: 'released' },
  decide_return: { from: ['appealed'], to: 'cancelled' },
};

/** When a paid order goes to appeal by itself: marked paid at `paidAt`, with the release limit then in force. */
export const otcReleaseDueAt = (paidAt: number, releaseMinutes: number) => paidAt + releaseMinutes * 60_000;

/** The state an action leads to from `status`, or undefined when the order cannot do that now. */
export function otcNextStatus(status: OtcOrderStatus, action: OtcAction): OtcOrderStatus | undefined {
  const transition = OTC_TRANSITIONS[action];
  return transition.from.includes(status) ? transition.to : undefined;
}

/** The states from which an action is allowed (the server checks a locked order against these). */
export const otcStatesFor = (action: OtcAction): readonly OtcOrderStatus[] => OTC_TRANSITIONS[action].from;
