/**
 * OTC and quick buy (issue 14; rules in the contract's otc-rules.ts): merchants (Lv2, approved by an
 * operator) post buy and sell ads; a taker places an order on one (or quick buy picks the best-priced
 * ad for the amount); the coins sit in escrow through the ledger until the seller releases them, the
 * buyer cancels before paying, the pay time limit passes (a recurring job) or an operator decides an
 * appeal. Both sides are told of every change on the realtime bus; nobody else sees an order or its chat.
 */
import {
  LEVEL_LIMITS,
  type OtcAdListInput,
  type OtcAdPostInput,
  type OtcConfig,
  type OtcMessagePage,
  type OtcMessageSendInput,
  type OtcOrderListInput,
  type OtcOrderPlaceInput,
  type OtcPaymentSaveInput,
  type OtcQuickInput,
  type OtcQuote,
} from '@fairex/contract';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import type { EventBus } from '../events/bus.ts';
import { enabledCoins } from '../funds/repository.ts';
import { DomainError } from '../http/errors.ts';
import { plainTransact, type Transact } from '../http/idempotency.ts';
import { identityLevel } from '../identity/service.ts';
import type { JobScheduler } from '../jobs/scheduler.ts';
import type { PriceFeed } from '../markets/price-feed.ts';
import { ownsUpload } from '../uploads/repository.ts';
import { adViews, closeAd, listAds, oneAdView, pageAdViews, pickQuick, postAd, type AdsDeps } from './ads.ts';
import { applyAsMerchant } from './merchants.ts';
import {
  appealOrder,
  appealOverdue,
  cancelByBuyer,
  cancelExpired,
  markPaid,
  oneOrderView,
  orderOfSide,
  orderViews,
  OTC_TIMEOUT_BATCH_MAX,
  placeOrder,
  releaseBySeller,
  type OrderDeps,
  type Signal,
} from './orders.ts';
import { paymentSetup, removePaymentAccount, savePaymentAccount } from './payments.ts';
import { readMarket } from './pricing.ts';
import { fiatAvailable, insertMessage, listMethods, lockAd, merchantOfUser, messagesOf, pageOrdersOfUser, type Order } from './repository.ts';
import { messageView, methodView, type Signer } from './views.ts';

/** The recurring job that cancels pending orders past their pay time limit. */
export const OTC_TIMEOUT_JOB = 'otc.timeout';
/** How often it looks: a buyer late by up to this long still finds the order pending. */
export const OTC_TIMEOUT_SWEEP_EVERY_MS = 15_000;
/** The recurring job that sends paid orders past their release time limit to appeal. */
export const OTC_RELEASE_TIMEOUT_JOB = 'otc.release_timeout';
/** Messages of an order's chat one page reads. */
export const OTC_MESSAGES_PER_PAGE = 30;

export type OtcOptions = {
  now: Clock;
  bus: EventBus;
  feed: Pick<PriceFeed, 'price'>;
  onError?: (error: unknown) => void;
  /** OTC_TIMEOUT_BATCH_MAX unless a test makes it small. */
  batchMax?: number;
};

export class OtcService {
  readonly deps: OrderDeps;

  constructor(
    readonly db: Db,
    readonly options: OtcOptions,
  ) {
    const ads: AdsDeps = { db, feed: options.feed, now: options.now };
    this.deps = { ...ads, signal: this.signal };
  }

  register(jobs: JobScheduler) {
    jobs.every(OTC_TIMEOUT_JOB, OTC_TIMEOUT_SWEEP_EVERY_MS, async (tx) => {
      const cancelled = await cancelExpired(tx, this.options.now(), this.options.batchMax ?? OTC_TIMEOUT_BATCH_MAX, (error) => this.options.onError?.(error));
      // Told after the job's transaction commits (the scheduler runs the next job only after it).
      if (cancelled.length > 0) setImmediate(() => cancelled.forEach((order) => this.signal(order)));
    });
    jobs.every(OTC_RELEASE_TIMEOUT_JOB, OTC_TIMEOUT_SWEEP_EVERY_MS, async (tx) => {
      const appealed = await appealOverdue(tx, this.options.now(), this.options.batchMax ?? OTC_TIMEOUT_BATCH_MAX);
      if (appealed.length > 0) setImmediate(() => appealed.forEach((order) => this.signal(order, undefined, 'release_timeout')));
    });
    return this;
  }

  /** Both sides' user rooms: a sign to refresh the order (and its chat when a message came). */
  readonly signal: Signal = (order, messageId, reason) => {
    this.options.bus.emit('otc_order', {
      userIds: [order.buyerId, order.sellerId],
      signal: { order_id: String(order.id), status: order.status, ...(messageId === undefined ? {} : { message_id: String(messageId) }), ...(reason ? { reason } : {}) },
    });
  };

  /** One run of the release time-limit job now, in a transaction of its own (tests; the scheduler calls the same), both sides told. */
  async runReleaseTimeouts(): Promise<Order[]> {
    const appealed = await this.db.transaction((tx) => appealOverdue(tx, this.options.now(), this.options.batchMax ?? OTC_TIMEOUT_BATCH_MAX));
    appealed.forEach((order) => this.signal(order, undefined, 'release_timeout'));
    return appealed;
  }

  /** One run of the time-out job now, in a transaction of its own (tests; the scheduler calls the same). */
  runTimeouts(): Promise<Order[]> {
    return this.db.transaction((tx) => cancelExpired(tx, this.options.now(), this.options.batchMax ?? OTC_TIMEOUT_BATCH_MAX, (error) => this.options.onError?.(error)));
  }

  // ---------------------------------------------------------------- what the screens read

  /** GET /otc/config */
  async config(userId: number): Promise<OtcConfig> {
    const market = await readMarket(this.db, this.options.feed);
    const [coins, methods, level, merchant, balances] = await Promise.all([
      enabledCoins(this.db),
      listMethods(this.db, true),
      identityLevel(this.db, userId),
      merchantOfUser(this.db, userId),
      fiatAvailable(this.db, userId),
    ]);
    return {
      // Only coins the index prices: a floating price and the per-order limit are read from it.
      coins: coins.filter((c) => market.indexUsdt(c.name) !== undefined).map((c) => ({ id: c.id, name: c.name, decimals: c.decimals })),
      fiats: market.rates,
      methods: methods.map(methodView),
      level,
      fiat_limit_usdt: LEVEL_LIMITS[level].fiat_trade_per_order_usdt,
      merchant: merchant ? { id: merchant.id, name: merchant.name, status: merchant.status, reason: merchant.reason } : null,
      balances,
    };
  }

  listAds(userId: number, input: OtcAdListInput) {
    return listAds(this.deps, userId, input);
  }

  /** GET /otc/my/ads: the merchant's own ads, newest first. */
  async myAds(userId: number, input: { status?: 'online' | 'closed'; page: number; limit: number }) {
    const page = await pageAdViews(this.deps, { userId, status: input.status }, input.page, input.limit, userId);
    return { ...page, data: page.data.map((d) => d.view) };
  }

  // ---------------------------------------------------------------- merchants and ads

  async apply(userId: number, name: string) {
    const merchant = await applyAsMerchant(this.db, userId, name, this.options.now());
    return { id: merchant.id, name: merchant.name, status: merchant.status, reason: merchant.reason };
  }

  async postAd(userId: number, input: OtcAdPostInput) {
    return (await postAd(this.deps, userId, input)).view;
  }

  /** POST /otc/ad/close: the merchant's own online ad; a sell ad's remaining coins go back to their available balance. */
  async closeAd(userId: number, id: number) {
    const ad = await this.db.transaction(async (tx) => {
      const locked = await lockAd(tx, id);
      if (!locked || locked.userId !== userId) throw new DomainError('not_found');
      if (locked.status !== 'online') throw new DomainError('otc_ad_unavailable');
      return closeAd(tx, locked, 'merchant', this.options.now());
    });
    return oneAdView(this.deps, ad.id, userId);
  }

  // ---------------------------------------------------------------- payment details

  paymentSetup(userId: number) {
    return paymentSetup(this.db, userId);
  }

  savePayment(userId: number, input: OtcPaymentSaveInput, confirm: () => Promise<void>) {
    return savePaymentAccount(this.db, userId, input, confirm, this.options.now());
  }

  removePayment(userId: number, methodId: number) {
    return removePaymentAccount(this.db, userId, methodId);
  }

  // ---------------------------------------------------------------- orders

  /** POST /otc/order/place, in `transact`'s transaction (the idempotency key commits with it). */
  place(userId: number, input: OtcOrderPlaceInput, sign: Signer, transact: Transact = plainTransact(this.db)) {
    return placeOrder(this.deps, transact, userId, { adId: input.ad_id, amount: input.amount, unit: input.amount_in }, sign);
  }

  /** GET /otc/quick/quote: the ad quick buy would take now and the order it would make. */
  async quote(userId: number, input: OtcQuickInput): Promise<OtcQuote> {
    const pick = await pickQuick(this.deps, userId, input);
    const market = await readMarket(this.db, this.options.feed);
    const [ad] = await adViews(this.db, [pick.row], market, userId);
    return { ad: ad!, price: pick.price, quantity: pick.figures.quantity, fiat_amount: pick.figures.fiat_amount };
  }

  /** POST /otc/quick: the same order on the ad the quote picks now. */
  async quick(userId: number, input: OtcQuickInput, sign: Signer, transact: Transact = plainTransact(this.db)) {
    const pick = await pickQuick(this.deps, userId, input);
    return placeOrder(this.deps, transact, userId, { adId: pick.row.ad.id, amount: input.amount, unit: input.amount_in }, sign);
  }

  async orders(userId: number, input: OtcOrderListInput, sign: Signer) {
    const { rows, total } = await pageOrdersOfUser(this.db, userId, input.status, input.page, input.limit);
    return { data: await orderViews(this.db, rows, userId, sign), total, page: input.page, limit: input.limit };
  }

  order(userId: number, id: number, sign: Signer) {
    return oneOrderView(this.db, userId, id, sign);
  }

  async cancel(userId: number, id: number, sign: Signer) {
    await cancelByBuyer(this.deps, userId, id);
    return oneOrderView(this.db, userId, id, sign);
  }

  async paid(userId: number, input: { id: number; method_id: number; proof: string }, sign: Signer) {
    await markPaid(this.deps, userId, input);
    return oneOrderView(this.db, userId, input.id, sign);
  }

  async release(userId: number, id: number, confirm: () => Promise<void>, sign: Signer) {
    await releaseBySeller(this.deps, userId, id, confirm);
    return oneOrderView(this.db, userId, id, sign);
  }

  async appeal(userId: number, input: { id: number; reason: string }, sign: Signer) {
    await appealOrder(this.deps, userId, input);
    return oneOrderView(this.db, userId, input.id, sign);
  }

  // ---------------------------------------------------------------- the order chat

  /** GET /otc/order/messages: newest first, a page at a time; only the order's two sides. */
  async messages(userId: number, input: { id: number; before?: number }, sign: Signer): Promise<OtcMessagePage> {
    await orderOfSide(this.db, userId, input.id);
    const rows = await messagesOf(this.db, input.id, input.before, OTC_MESSAGES_PER_PAGE);
    return { messages: rows.slice(0, OTC_MESSAGES_PER_PAGE).map((m) => messageView(m, userId, sign)), has_more: rows.length > OTC_MESSAGES_PER_PAGE };
  }

  /** POST /otc/order/message: text and/or the writer's own uploaded image, in any state of the order. */
  async send(userId: number, input: OtcMessageSendInput, sign: Signer) {
    const { order } = await orderOfSide(this.db, userId, input.id);
    if (input.image !== undefined && !(await ownsUpload(this.db, userId, input.image))) throw new DomainError('upload_missing');
    const message = await insertMessage(this.db, { orderId: order.id, userId, body: input.body, image: input.image ?? null, createdAt: this.options.now() });
    this.signal(order, message.id);
    return messageView(message, userId, sign);
  }
}
