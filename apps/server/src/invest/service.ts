/**
 * Dual investment (spec "dual/*"): products linked to a symbol's index price, bought in whole shares and
 * settled at 16:00 (operator time zone) on the maturity date by the rules of wealth-rules.ts.
 *  - Buying takes the shares with a conditional UPDATE, then moves the amount from the user's spot
 *    account to the locked bucket of their financial account, with the order row, in one transaction.
 *  - Settlement is a recurring job (settlement.ts); cancellation while on sale is a back-office call
 *    (back-office.ts). There is no cancellation or early redemption by the user (spec section 4).
 */
import {
  dualAmount,
  money,
  type DualBuyInput,
  type DualIndexInput,
  type DualOrderView,
  type DualOrderStatus,
  type DualProductView,
  type ErrorCode,
} from '@fairex/contract';
import type { Clock } from '../clock.ts';
import type { Db, Tx } from '../db/client.ts';
import { DomainError } from '../http/errors.ts';
import { plainTransact, type Transact } from '../http/idempotency.ts';
import type { JobScheduler } from '../jobs/scheduler.ts';
import { accountsOf, post, userAccount } from '../ledger/index.ts';
import type { TickStore } from '../markets/ticks.ts';
import { wealthTimeZone } from '../wealth/settings.ts';
import { findProduct, fitsAmountColumn, insertOrder, listOpenProducts, pageOrders, takeShares, type ProductRow } from './repository.ts';
import type { NotificationService } from '../notifications/service.ts';
import { DUAL_SETTLE_JOB, settleDueProducts, WEALTH_SWEEP_EVERY_MS } from './settlement.ts';
import { holdingDaysAt, investCoinOf, orderView, productView } from './views.ts';

/** Products GET /dual/index lists at most. */
export const DUAL_INDEX_PRODUCTS_MAX = 100;

export type InvestOptions = {
  now: Clock;
  ticks: TickStore;
  /** Limits.indexFreshMs: settlement voids a product whose tick in force at settle_at is older (settlement.ts). */
  indexFreshMs: number;
  onError?: (error: unknown) => void;
  /** Products and orders one settlement run takes at most (settlement.ts's limits unless given; tests make them small). */
  settleProductsMax?: number;
  settleOrdersMax?: number;
  /** Tells each buyer how their order ended at settlement (the app's; tests may leave it out). */
  notifications?: NotificationService;
};

export class InvestService {
  constructor(
    readonly db: Db,
    readonly options: InvestOptions,
  ) {}

  /** Registers the settlement job on a scheduler (the app's, or a test's). */
  register(jobs: JobScheduler) {
    jobs.every(DUAL_SETTLE_JOB, WEALTH_SWEEP_EVERY_MS, (tx) => this.settleDue(tx));
    return this;
  }

  /** The job's work, in its transaction. */
  settleDue(tx: Tx) {
    const { ticks, indexFreshMs, onError, settleProductsMax: productsMax, settleOrdersMax: ordersMax, notifications } = this.options;
    return settleDueProducts(tx, { now: this.options.now(), ticks, indexFreshMs, onError, productsMax, ordersMax, notifications });
  }

  /** GET /dual/index: the open products of a type, with the user's spot balance of the invested coin when logged in. */
  async index(input: DualIndexInput, userId: number | undefined): Promise<DualProductView[]> {
    const rows = await listOpenProducts(this.db, { type: input.type, currencyId: input.currency_id, limit: DUAL_INDEX_PRODUCTS_MAX });
    const views = await this.viewer(userId);
    return rows.map((row) => views(row, 1));
  }

  /** GET /dual/detail: one product, with the income estimate for `num` shares bought now. */
  async detail(input: { id: number; num: number }, userId: number | undefined): Promise<DualProductView> {
    const row = await findProduct(this.db, input.id);
    if (!row || !row.product.enabled) throw new DomainError('wealth_product_unavailable');
    return (await this.viewer(userId))(row, input.num);
  }

  /** Product views at one instant, in the operator's zone, with the index now and the user's balances. */
  private async viewer(userId: number | undefined) {
    const now = this.options.now();
    const [timeZone, accounts] = await Promise.all([wealthTimeZone(this.db), userId === undefined ? undefined : accountsOf(this.db, userId)]);
    return (row: ProductRow, num: number) => {
      const coin = investCoinOf(row);
      const balance = accounts === undefined ? null : (accounts.find((a) => a.kind === 'spot' && a.currency_id === coin.id)?.available ?? '0');
      return productView(row, { now, timeZone, indexPrice: this.options.ticks.latest(row.symbol)?.price ?? null, num, balance });
    };
  }

  /** POST /dual/buyDual, in `transact`'s transaction (the idempotency key commits with it). */
  async buy(userId: number, input: DualBuyInput, transact: Transact = plainTransact(this.db)): Promise<DualOrderView> {
    return transact(async (tx) => {
      const now = this.options.now();
      const product = await takeShares(tx, input.id, input.num, now);
      if (!product) throw new DomainError(await this.whyNotSold(tx, input.id, now));
      const row = await findProduct(tx, product.id);
      if (!row) throw new Error(`dual product ${product.id} vanished`);
      const coin = investCoinOf(row);
      const amount = dualAmount(input.num, product.perPrice);
      // The back office keeps the per-share price on the coin's unit; an amount finer than it, or beyond
      // what an amount column holds, is refused.
      if (money(amount).decimalPlaces() > coin.decimals || !fitsAmountColumn(amount)) throw new DomainError('wrong_number');
      const holdingDays = holdingDaysAt(now, await wealthTimeZone(tx), product.maturityDate);
      const order = await insertOrder(tx, { userId, productId: product.id, num: input.num, amount, investCurrencyId: coin.id, holdingDays, purchasedAt: now });
      await post(tx, {
        kind: 'dual_buy',
        refType: 'dual_order',
        refId: order.id,
        legs: [
          { accountId: await userAccount(tx, userId, coin.id, 'spot'), amount: `-${amount}` },
          { accountId: await userAccount(tx, userId, coin.id, 'financial'), bucket: 'locked', amount },
        ],
      });
      return orderView({ ...row, product, order, payoutCoin: null }, now);
    });
  }

  /** Why a product's shares could not be taken: not on sale at all, its sale over, or too few left. */
  private async whyNotSold(tx: Tx, id: number, now: number): Promise<ErrorCode> {
    const row = await findProduct(tx, id);
    if (!row || !row.product.enabled || row.product.status !== 'open') return 'wealth_product_unavailable';
    if (now >= row.product.saleEndAt) return 'invest_sale_closed';
    return 'invest_sold_out';
  }

  /** POST /dual/dual_list: the user's own orders, newest first. */
  async list(userId: number, input: { page: number; limit: number; status?: DualOrderStatus }) {
    const now = this.options.now();
    const { rows, total } = await pageOrders(this.db, { userId, status: input.status, now }, input.page, input.limit);
    return { data: rows.map((row) => orderView(row, now)), total, page: input.page, limit: input.limit };
  }
}
