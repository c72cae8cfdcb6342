/**
 * Lock-up mining (spec sections 3, 4, 7, 9; rules in the contract's wealth-rules.ts). A user locks an
 * amount of a coin for a product's term: it moves from the spot account to the mining account's locked
 * bucket in the order's transaction. Each calendar day of the term (operator time zone, the day of
 * deposit first) earns amount x that day's rate, paid to spot once the day has ended by one recurring
 * job; at the unlock time the same job returns the principal. An early redemption returns the principal
 * less ratio x whole days left x amount. A day's rate is one figure per product, published before the
 * day starts (by the operator, or the range's low end), the same for every holder; nothing else decides
 * what an order earns.
 */
import {
  addDays,
  cmp,
  DAY_MS,
  localDay,
  MINING_PAYOUTS_SHOWN,
  money,
  toAmountString,
  type Lang,
  type MiningCategory,
  type MiningDepositInput,
  type MiningOrderListInput,
  type MiningOrderView,
  type MiningProductView,
} from '@fairex/contract';
import type { Clock } from '../clock.ts';
import type { Db, Tx } from '../db/client.ts';
import { DomainError } from '../http/errors.ts';
import { plainTransact, type Transact } from '../http/idempotency.ts';
import type { JobScheduler } from '../jobs/scheduler.ts';
import { post, userAccount } from '../ledger/index.ts';
import type { NotificationService } from '../notifications/service.ts';
import { allOrEachDue, CoinTotals, recordRun, type WealthJob } from '../wealth/runs.ts';
import { wealthTimeZone } from '../wealth/settings.ts';
import { payDueDays, payDueDaysMany, payoutDueAt, redeem, unlock, unlockable, unlockMany, type DayPaid } from './payouts.ts';
import {
  claimDuePayouts,
  claimUnlocks,
  coinById,
  insertOrder,
  latestPayouts,
  listProducts,
  lockOrder,
  orderFilter,
  pageOrders,
  productById,
  publishLowEnd,
  ratesOn,
  setPayoutsRun,
  spotAvailableByCoin,
  type Coin,
  type OrderWithProduct,
} from './repository.ts';
import { orderView, productView } from './views.ts';

/** The recurring job that pays the days that ended and unlocks the orders that reached their time. */
export const MINING_PAYOUT_JOB = 'mining.payout' satisfies WealthJob;
/** How often the wealth jobs look for due work. */
export const WEALTH_SWEEP_EVERY_MS = 10_000;
/** Orders one run pays (and, separately, unlocks) at most; a full batch leaves the rest to the next run. */
export const MINING_PAYOUT_BATCH_MAX = 1_000;

export type MiningOptions = {
  now: Clock;
  /** Tells each user whose order reached its term (the app's; tests may leave it out). */
  notifications?: NotificationService;
  /** Told about an order whose payout or unlock failed (it is rolled back alone and retried next run). */
  onError?: (error: unknown) => void;
  /** MINING_PAYOUT_BATCH_MAX unless a test makes it small. */
  batchMax?: number;
};

/** What one run of the payout job did. */
export type PayoutRun = { published: number; payouts: DayPaid[]; unlocked: number; runId: number | undefined };

export class MiningService {
  constructor(
    readonly db: Db,
    readonly options: MiningOptions,
  ) {}

  register(jobs: JobScheduler) {
    jobs.every(MINING_PAYOUT_JOB, WEALTH_SWEEP_EVERY_MS, async (tx) => {
      await this.runPayouts(tx);
    });
    return this;
  }

  /** GET /lh/deposit/config: the products on offer with today's (and, once published, tomorrow's) rate; the spot balance when logged in. */
  async products(lang: Lang, category: MiningCategory | undefined, userId: number | undefined): Promise<MiningProductView[]> {
    const products = await listProducts(this.db, { offered: true, category });
    const today = localDay(this.options.now(), await wealthTimeZone(this.db));
    const tomorrow = addDays(today, 1);
    const rates = await ratesOn(
      this.db,
      products.map((p) => p.product.id),
      [today, tomorrow],
    );
    const rateOf = (productId: number, day: string) => rates.find((r) => r.productId === productId && r.day === day)?.rate;
    const balances = userId === undefined ? undefined : await spotAvailableByCoin(this.db, userId, [...new Set(products.map((p) => p.coin.id))]);
    return products.map((p) =>
      productView(p, lang, { today: rateOf(p.product.id, today), tomorrow: rateOf(p.product.id, tomorrow) }, balances ? (balances.get(p.coin.id) ?? '0') : null),
    );
  }

  /** POST /lh/deposit: locks the amount from the spot account, in `transact`'s transaction (the idempotency key commits with it). */
  async deposit(userId: number, lang: Lang, input: MiningDepositInput, transact: Transact = plainTransact(this.db)): Promise<MiningOrderView> {
    const found = await productById(this.db, input.config_id);
    if (!found || !found.product.enabled || !found.coin.enabled) throw new DomainError('wealth_product_unavailable');
    const { product, coin } = found;
    if (money(input.amount).decimalPlaces() > coin.decimals) throw new DomainError('wrong_number');
    if (cmp(input.amount, product.amountMin) < 0) throw new DomainError('wealth_amount_below_minimum');
    if (product.amountMax !== null && cmp(input.amount, product.amountMax) > 0) throw new DomainError('wealth_amount_above_maximum');
    return transact(async (tx) => {
      const now = this.options.now();
      const timeZone = await wealthTimeZone(tx);
      const startDay = localDay(now, timeZone);
      // The first interest day's rate is fixed now, before anything is paid at it.
      await publishLowEnd(tx, startDay, now, product.id);
      const terms = { startDay, termDays: product.termDays, timeZone };
      const order = await insertOrder(tx, {
        userId,
        productId: product.id,
        currencyId: coin.id,
        amount: input.amount,
        termDays: product.termDays,
        penaltyRatio: product.penaltyRatio,
        startDay,
        timeZone,
        lockedAt: now,
        unlockAt: now + product.termDays * DAY_MS,
        nextPayoutAt: payoutDueAt(terms, 0),
      });
      await post(tx, {
        kind: 'mining_deposit',
        refType: 'mining_order',
        refId: order.id,
        legs: [
          { accountId: await userAccount(tx, userId, coin.id, 'spot'), amount: `-${input.amount}` },
          { accountId: await userAccount(tx, userId, coin.id, 'mining'), bucket: 'locked', amount: input.amount },
        ],
      });
      return orderView({ order, product, coin }, [], lang, now);
    });
  }

  /** GET /lh/deposit/order: the user's own orders, newest first, each with its latest payouts. */
  async orders(userId: number, lang: Lang, input: MiningOrderListInput) {
    const { rows, total } = await pageOrders(this.db, orderFilter({ userId, status: input.status }), input.page, input.limit);
    return { data: await this.views(this.db, rows, lang), total, page: input.page, limit: input.limit };
  }

  /**
   * POST /lh/deposit/order/cancel: early redemption of the user's own active order, its row locked (so
   * the payout job cannot move it at the same time). Days that ended and were not paid yet are paid
   * first, at their rates; the day under way is not. Past the unlock time with every day paid, the
   * order simply expires (nothing left to redeem early).
   */
  async redeem(userId: number, lang: Lang, id: number, transact: Transact = plainTransact(this.db)): Promise<MiningOrderView> {
    return transact(async (tx) => {
      const locked = await lockOrder(tx, id);
      if (!locked || locked.userId !== userId) throw new DomainError('not_found');
      if (locked.status !== 'active') throw new DomainError('mining_order_ended');
      const now = this.options.now();
      const coin = await this.coin(tx, locked.currencyId);
      const { order } = await payDueDays(tx, locked, coin, now);
      const ended = unlockable(order, now) ? await unlock(tx, order, coin, now) : await redeem(tx, order, coin, now);
      const found = await productById(tx, ended.productId);
      if (!found) throw new Error(`mining order ${ended.id}: product ${ended.productId} not found`);
      const [view] = await this.views(tx, [{ order: ended, product: found.product, coin }], lang);
      return view!;
    });
  }

  /**
   * One run of the payout job, in the job's transaction: publishes today's rate of every enabled product
   * that has none (the low end), pays the due days of the claimed orders (every missed day in turn), then
   * unlocks the orders past their time with every day paid; all claimed orders at once in a few set-based statements (each order in a savepoint of its own should that fail). The
   * run is recorded with its totals per coin, and its payouts name it.
   */
  async runPayouts(tx: Tx): Promise<PayoutRun> {
    const now = this.options.now();
    const batchMax = this.options.batchMax ?? MINING_PAYOUT_BATCH_MAX;
    const published = await publishLowEnd(tx, localDay(now, await wealthTimeZone(tx)), now);
    const coins = new Map<number, Coin>();
    const coinOf = async (db: Tx, id: number) => {
      let coin = coins.get(id);
      if (!coin) coins.set(id, (coin = await this.coin(db, id)));
      return coin;
    };
    const onError = (error: unknown) => this.options.onError?.(error);

    const paid = new CoinTotals();
    const due = await claimDuePayouts(tx, now, batchMax);
    for (const id of new Set(due.map((o) => o.currencyId))) await coinOf(tx, id);
    // Every claimed order at once, in a few set-based statements; should that fail, each alone (so one bad order cannot hold back the rest).
    const payoutsDone = await allOrEachDue(
      tx,
      due,
      async (savepoint, orders) => (await payDueDaysMany(savepoint, orders, (id) => coins.get(id)!, now)).map((r) => r.paid),
      async (savepoint, order) => (await payDueDays(savepoint, order, await coinOf(savepoint, order.currencyId), now)).paid,
      onError,
    );
    for (const { item, result } of payoutsDone) for (const day of result) paid.add((await coinOf(tx, item.currencyId)).name, day.amount);
    const payouts = payoutsDone.flatMap((d) => d.result);

    const returned = new CoinTotals();
    const unlocks = await claimUnlocks(tx, now, batchMax);
    for (const id of new Set(unlocks.map((o) => o.currencyId))) await coinOf(tx, id);
    const unlocked = await allOrEachDue(
      tx,
      unlocks,
      (savepoint, orders) => unlockMany(savepoint, orders, now),
      async (savepoint, order) => unlock(savepoint, order, await coinOf(savepoint, order.currencyId), now),
      onError,
    );
    for (const { item } of unlocked) returned.add((await coinOf(tx, item.currencyId)).name, item.amount);
    // Each owner is told the principal is back, in this run's transaction.
    const ended = [];
    for (const { result: order } of unlocked) {
      const figures = { order_id: order.id, amount: toAmountString(order.amount), currency: (await coinOf(tx, order.currencyId)).name, interest: toAmountString(order.interestPaid) };
      ended.push({ userId: order.userId, refId: order.id, event: { kind: 'mining_unlocked' as const, figures } });
    }
    await this.options.notifications?.recordMany(tx, ended);

    const runId = await recordRun(tx, MINING_PAYOUT_JOB, now, payoutsDone.length + unlocked.length, {
      paid: paid.toJSON(),
      returned: returned.toJSON(),
      orders_paid: payoutsDone.length,
      days_paid: payouts.length,
      orders_unlocked: unlocked.length,
      rates_published: published,
    });
    if (runId !== undefined) await setPayoutsRun(tx, payouts, runId);
    return { published, payouts, unlocked: unlocked.length, runId };
  }

  private async coin(db: Db | Tx, id: number): Promise<Coin> {
    const coin = await coinById(db, id);
    if (!coin) throw new Error(`mining: coin ${id} not found`);
    return coin;
  }

  private async views(db: Db | Tx, rows: OrderWithProduct[], lang: Lang): Promise<MiningOrderView[]> {
    const payouts = await latestPayouts(
      db,
      rows.map((r) => r.order.id),
      MINING_PAYOUTS_SHOWN,
    );
    const now = this.options.now();
    return rows.map((r) => orderView(r, payouts.get(r.order.id) ?? [], lang, now));
  }
}
