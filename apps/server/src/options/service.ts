/**
 * Seconds options (spec "microtrade/*"): a user stakes on the index going up or down over a duration.
 * When an order opens and closes follows the one index freshness rule (@fairex/contract
 * index-freshness.ts, limit indexFreshMs: one feed interval plus the recording delay):
 *  - Acceptance is refused while the latest recorded tick of the symbol is stale (index_unavailable).
 *    An accepted order has no open price yet ("opening"): it moves the stake to the option pool and the
 *    fee to the fees account through the ledger, adds the stake to the open exposure of its symbol and
 *    direction (refused past the symbol's limits, the same for both directions: exposure.ts), and
 *    schedules its settlement job at expiry, all in one transaction with the order row. Expiry = acceptance + seconds (the countdown the user sees
 *    starts when they submit, and does not depend on when the feed ticks next).
 *  - It opens on the FIRST index tick recorded after acceptance (openingTick), never on a price the
 *    user could already see: the tick store's listener opens the symbol's opening orders as each tick is
 *    recorded, and a recurring sweep (OPTION_OPEN_SWEEP_JOB) does the same after a restart. No tick
 *    within indexFreshMs of acceptance: the order is void, stake and fee refunded in full.
 *  - At expiry it settles on the tick in force only if that tick is fresh (settlementTick); a stale one
 *    (the feed was down) voids it, refunded in full, never settled on a price from before the gap.
 *  - An order staked by an experience coupon (coupon_id) spends the coupon in that transaction: the stake
 *    moves from the coupon fund instead of the user's account and no fee is charged; at settlement the
 *    user gets only a win's profit and the stake goes back to the coupon fund (coupons/rules.ts); a void
 *    coupon order's stake goes back to the fund.
 *  - Settlement is a job of the scheduler (so exactly once even with several processes or after a
 *    restart), one per symbol and settlement window: it takes the orders of the window, each with the
 *    tick in force at its own expiry, decides each outcome from its two ticks only (option-rules.ts),
 *    pays from the pool and marks the orders settled, all in the job's transaction. Settling a window
 *    at once (a handful of statements for thousands of orders) is what keeps up with many expiries.
 * Nothing else takes part in the outcome: there is no setting, flag or operator action for it.
 */
import {
  cmp,
  money,
  openingTick,
  settlementTick,
  tickFreshAt,
  OPTION_DIRECTION_TYPES,
  optionFee,
  optionNet,
  optionOutcome,
  optionPayout,
  optionRemainingMs,
  toAmountString,
  type OptionListInput,
  type OptionOutcome,
  type OptionOrderView,
  type OptionSubmitInput,
} from '@fairex/contract';
import type { Db, Tx } from '../db/client.ts';
import type { EventBus } from '../events/bus.ts';
import { DomainError } from '../http/errors.ts';
import { plainTransact, type Transact } from '../http/idempotency.ts';
import type { JobScheduler } from '../jobs/scheduler.ts';
import { scheduleJob } from '../jobs/scheduler.ts';
import { spendExperienceCoupon } from '../coupons/experience.ts';
import { stakingFund } from '../coupons/fund.ts';
import { experienceSettlement } from '../coupons/rules.ts';
import { accountsOf, BATCH_LEGS_PER_ENTRY_MAX, post, postMany, systemAccount, userAccount, type Entry, type Leg } from '../ledger/index.ts';
import { symbolById, ticksInForce, type MarketSymbol } from '../markets/repository.ts';
import type { RecordedTick, TickStore } from '../markets/ticks.ts';
import { acceptStake } from './exposure.ts';
import { OPTION_STAKE_COIN } from './pool.ts';
import {
  currencyById,
  currencyByName,
  findOrder,
  insertOrder,
  listDurations,
  findDuration,
  lockedAvailable,
  lockedPool,
  dueOrders,
  markOpened,
  markSettled,
  markVoid,
  openingOrders,
  symbolsOpening,
  openDueExists,
  optionsAccountsOf,
  openLiability,
  orderFilter,
  pageOrders,
  symbolsWithOverdue,
  type OptionOrder,
  type SettledResult,
} from './repository.ts';

/** The settlement job's name; its key is `<symbol id>:<window end>` (a follow-up job adds ":<step>"). */
export const OPTION_SETTLE_JOB = 'options.settle';
/**
 * Orders of one symbol expiring within one window of this length share a settlement job, due at the
 * window's end; each is still settled on the tick in force at its own expiry.
 */
export const OPTION_SETTLE_WINDOW_MS = 250;
/** Orders one settlement transaction takes at most; a fuller window goes on in a follow-up job at once. */
export const OPTION_SETTLE_BATCH_MAX = 5_000;
/** The recurring sweep that settles orders whose settlement job is gone (a failed job, a skewed clock). */
export const OPTION_SWEEP_JOB = 'options.settle_overdue';
export const OPTION_SWEEP_EVERY_MS = 60_000;

/** The end of the settlement window an expiry falls in (an expiry on a window's end belongs to it). */
export const settleWindowEnd = (expiresAt: number) => Math.ceil(expiresAt / OPTION_SETTLE_WINDOW_MS) * OPTION_SETTLE_WINDOW_MS;

/** A settlement job's work: the open orders of a symbol expired by `upTo`; `step` counts follow-ups, `waits` the looks for a close tick. */
type SettlePayload = { symbolId: number; upTo: number; step?: number; waits?: number };
/**
 * While the tick store has no tick at or after expiry yet, settlement looks again this much later,
 * doubling with each look up to the maximum (a feed silent for long adds few job rows).
 */
export const OPTION_CLOSE_TICK_RETRY_MS = 250;
export const OPTION_CLOSE_TICK_RETRY_MAX_MS = 10_000;
/** The recurring sweep that opens or voids orders still opening (after a restart, or while the feed is silent). */
export const OPTION_OPEN_SWEEP_JOB = 'options.open_sweep';
export const OPTION_OPEN_SWEEP_EVERY_MS = 2_000;
/** Opening orders one pass opens or voids at most per symbol; the rest go on at the next tick or sweep. */
export const OPTION_OPEN_BATCH_MAX = 5_000;

export type OptionsOptions = {
  ticks: TickStore;
  bus: EventBus;
  /** The freshness limit (Limits.indexFreshMs): a stale latest tick refuses an order, a stale close voids it. */
  indexFreshMs: number;
  /** Opening failures from the tick listener (it runs outside any request). */
  onError?: (error: unknown) => void;
  /** Orders one settlement transaction takes at most (OPTION_SETTLE_BATCH_MAX; tests make it small). */
  settleBatchMax?: number;
  /** Time of acceptance and of settlement checks; tests move it. */
  now?: () => number;
};

type Settled = { order: OptionOrder; symbol: string; currency: string };
type CloseTick = { id: string; price: string; time: number };
type Decided = SettledResult & { userId: number; stake: string; couponId: number | null };

export class OptionsService {
  private readonly now: () => number;
  /**
   * Symbols (name -> id, and the count of acceptances when last marked) with orders accepted here and
   * maybe still opening: their next recorded tick opens them.
   */
  private readonly awaitingOpen = new Map<string, { symbolId: number; mark: number }>();
  private acceptances = 0;
  /** Openings run one after another (each tick's in the feed's order). */
  private opening: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly options: OptionsOptions,
  ) {
    this.now = options.now ?? Date.now;
    options.ticks.onTick((tick) => this.onRecorded(tick));
  }

  /** A tick was recorded: the symbol's orders still opening open on it (or on an earlier first tick after them). */
  private onRecorded(tick: RecordedTick) {
    const awaiting = this.awaitingOpen.get(tick.symbol);
    if (awaiting === undefined) return;
    this.opening = this.opening
      .then(async () => {
        const left = await this.db.transaction((tx) => this.openPending(tx, awaiting.symbolId));
        // Forgotten only if no order of the symbol was accepted meanwhile (its transaction may not have seen it).
        if (!left && this.awaitingOpen.get(tick.symbol)?.mark === awaiting.mark) this.awaitingOpen.delete(tick.symbol);
      })
      .catch((error) => this.options.onError?.(error));
  }

  /** Resolves once the openings started so far are done (tests, shutdown). */
  opened(): Promise<void> {
    return this.opening;
  }

  /**
   * Opens or voids the symbol's orders still opening, in `tx`, each by openingTick on the first tick
   * recorded after its acceptance; answers whether some still wait for a tick.
   */
  async openPending(tx: Tx, symbolId: number): Promise<boolean> {
    const orders = await openingOrders(tx, symbolId, OPTION_OPEN_BATCH_MAX);
    if (orders.length === 0) return false;
    const now = this.now();
    const opened: { id: number; tickId: string; price: string; time: number }[] = [];
    const voided: OptionOrder[] = [];
    let waiting = orders.length === OPTION_OPEN_BATCH_MAX;
    for (const order of orders) {
      const decision = openingTick(order.acceptedAt, order.firstAfter, now, this.options.indexFreshMs);
      if (decision.kind === 'use') opened.push({ id: order.id, tickId: decision.tick.id, price: toAmountString(decision.tick.price), time: decision.tick.time });
      else if (decision.kind === 'void') voided.push(order);
      else waiting = true;
    }
    const symbol = await symbolById(tx, symbolId);
    const mine = new Set(await markOpened(tx, opened));
    const ended = await this.voidOrders(tx, voided, 'no_opening_tick');
    const told = [
      ...orders.flatMap((o) => {
        const open = opened.find((x) => x.id === o.id);
        return open && mine.has(o.id) ? [{ ...o, status: 'open' as const, openTickId: BigInt(open.tickId), openPrice: open.price, openTime: open.time }] : [];
      }),
      ...ended,
    ];
    this.tell(told, symbol?.symbol ?? '');
    return waiting;
  }

  /**
   * Voids orders (opening, or open with no fresh close tick): each row ends void with its payout the
   * full refund, the exposure is freed, and stake and fee go back through the ledger (one entry per
   * order, all posted in one postMany: the pool and fees accounts pay back what they took; a coupon
   * order's stake goes back to the coupon fund). Answers the orders this call voided.
   */
  private async voidOrders(tx: Tx, orders: OptionOrder[], reason: 'no_opening_tick' | 'stale_close'): Promise<OptionOrder[]> {
    if (orders.length === 0) return [];
    const settledAt = new Date(this.now());
    const mine = new Set(await markVoid(tx, orders.map((o) => o.id), reason, settledAt));
    const owned = orders.filter((o) => mine.has(o.id)).sort((a, b) => a.id - b.id);
    if (owned.length === 0) return [];
    const entries: Entry[] = [];
    for (const [currencyId, list] of groupBy(owned, (o) => o.currencyId)) {
      const pool = await systemAccount(tx, 'option_pool', currencyId);
      const fees = list.some((o) => money(o.fee).greaterThan(0)) ? await systemAccount(tx, 'fees', currencyId) : undefined;
      const fund = list.some((o) => o.couponId !== null) ? await systemAccount(tx, 'coupon_fund', currencyId) : undefined;
      const accounts = await optionsAccountsOf(tx, currencyId, [...new Set(list.filter((o) => o.couponId === null).map((o) => o.userId))]);
      for (const order of list) {
        const payer = order.couponId === null ? accounts.get(order.userId) : fund;
        if (payer === undefined) throw new Error(`option order ${order.id}: the options account of user ${order.userId} is missing`);
        const stake = toAmountString(order.stake);
        const fee = toAmountString(order.fee);
        const legs: Leg[] = [
          { accountId: pool, amount: `-${stake}` },
          { accountId: payer, amount: toAmountString(money(stake).plus(fee)) },
        ];
        if (money(fee).greaterThan(0)) legs.push({ accountId: fees!, amount: `-${fee}` });
        entries.push({ kind: 'option_void', refType: 'option_order', refId: order.id, legs });
      }
    }
    await postMany(tx, entries);
    return owned.map((o) => ({ ...o, status: 'void' as const, voidReason: reason, payout: toAmountString(money(o.stake).plus(o.fee)), settledAt }));
  }

  /** Tells each owner about their changed orders, after the transaction commits (the stake coin is OPTION_STAKE_COIN). */
  private tell(orders: OptionOrder[], symbol: string) {
    if (orders.length === 0 || this.options.bus.listenerCount('option_order') === 0) return;
    setImmediate(() => {
      const now = this.now();
      for (const order of orders) this.options.bus.emit('option_order', { userId: order.userId, order: viewOf({ order, symbol, currency: OPTION_STAKE_COIN }, now) });
    });
  }

  /** Registers the settlement job on a scheduler (the app's, or a test's with its own clock). */
  register(jobs: JobScheduler) {
    jobs.handle(OPTION_SETTLE_JOB, (tx, job) => this.settle(tx, job.payload as SettlePayload));
    jobs.every(OPTION_OPEN_SWEEP_JOB, OPTION_OPEN_SWEEP_EVERY_MS, async (tx) => {
      for (const symbolId of await symbolsOpening(tx)) await this.openPending(tx, symbolId);
    });
    jobs.every(OPTION_SWEEP_JOB, OPTION_SWEEP_EVERY_MS, async (tx, _job, now) => {
      const before = now.getTime() - OPTION_SWEEP_EVERY_MS;
      for (const symbolId of await symbolsWithOverdue(tx, before)) await this.settle(tx, { symbolId, upTo: before }, `${symbolId}:${before}:sweep`);
    });
    return this;
  }

  /** GET /microtrade/seconds: the durations offered. */
  async seconds() {
    const rows = await listDurations(this.db, { enabledOnly: true });
    return rows.map((d) => ({
      seconds: d.seconds,
      payout_ratio: toAmountString(d.payoutRatio),
      stake_min: toAmountString(d.stakeMin),
      stake_max: toAmountString(d.stakeMax),
      fee_rate: toAmountString(d.feeRate),
    }));
  }

  /** GET /microtrade/payable_currencies: the stake coins with the user's options-account balance. */
  async payableCurrencies(userId: number) {
    const coin = await currencyByName(this.db, OPTION_STAKE_COIN);
    if (!coin) return [];
    const account = (await accountsOf(this.db, userId)).find((a) => a.kind === 'options' && a.currency_id === coin.id);
    return [{ id: coin.id, name: coin.name, decimals: coin.decimals, balance: account?.available ?? '0' }];
  }

  /** POST /microtrade/submit, in `transact`'s transaction (the idempotency key commits with it). */
  async submit(userId: number, input: OptionSubmitInput, transact: Transact = plainTransact(this.db)): Promise<OptionOrderView> {
    const [symbol, coin, duration] = await Promise.all([
      symbolById(this.db, input.match_id),
      currencyById(this.db, input.currency_id),
      findDuration(this.db, input.seconds),
    ]);
    if (!symbol || !symbol.enabled) throw new DomainError('symbol_disabled');
    if (!coin || !coin.enabled || coin.name !== OPTION_STAKE_COIN) throw new DomainError('currency_unavailable');
    if (!duration || !duration.enabled) throw new DomainError('option_duration_unavailable');
    const stake = toAmountString(input.number);
    if (money(stake).decimalPlaces() > coin.decimals) throw new DomainError('wrong_number');
    if (cmp(stake, duration.stakeMin) < 0 || cmp(stake, duration.stakeMax) > 0) throw new DomainError('option_stake_out_of_range');
    // An experience coupon's order is the platform's trial: its fee is waived.
    const fee = input.coupon_id === undefined ? optionFee(stake, duration.feeRate, coin.decimals) : '0';

    const order = await transact(async (tx) => {
      const coupon = input.coupon_id === undefined ? undefined : await spendExperienceCoupon(tx, userId, input.coupon_id, { currencyId: coin.id, amount: stake }, this.now());
      // The symbol's limits, the same for both directions (exposure.ts).
      const refused = await acceptStake(tx, { userId, symbolId: symbol.id, direction: input.type, stake });
      if (refused) throw new DomainError(refused);
      const pool = await systemAccount(tx, 'option_pool', coin.id);
      // The pool row stays locked to the end: orders of one coin are accepted and settled one at a time.
      const poolAvailable = await lockedAvailable(tx, pool);
      const owed = money(await openLiability(tx, coin.id)).plus(money(stake).times(money(1).plus(duration.payoutRatio)));
      if (money(poolAvailable).plus(stake).lessThan(owed)) throw new DomainError('option_pool_short');
      // The coupon fund's row is locked after the pool's, the order settlement locks them in.
      const fund = coupon && (await stakingFund(tx, coin.id, stake));
      // Opened here for a coupon order too: settlement pays a win's profit into it.
      const account = await userAccount(tx, userId, coin.id, 'options');
      const payer = fund ?? account;
      const paid = toAmountString(money(stake).plus(fee));
      // The payer is locked and can pay before the order is accepted: acceptance time is read only once
      // nothing can refuse the order any more, so no one can wait on a lock while watching the next ticks
      // and then back out (a transfer draining the account made the payment fail after the open was seen).
      if (money(await lockedAvailable(tx, payer)).lessThan(paid)) throw new DomainError('insufficient_balance');
      // Acceptance time is now; the order is refused while the index is stale, and opens on the next tick.
      const acceptedAt = this.now();
      if (!tickFreshAt(this.options.ticks.latest(symbol.symbol), acceptedAt, this.options.indexFreshMs)) throw new DomainError('index_unavailable');
      const row = await insertOrder(tx, {
        userId,
        symbolId: symbol.id,
        currencyId: coin.id,
        direction: input.type,
        seconds: duration.seconds,
        stake,
        fee,
        payoutRatio: duration.payoutRatio,
        status: 'opening',
        acceptedAt,
        expiresAt: acceptedAt + duration.seconds * 1000,
        couponId: coupon?.id ?? null,
      });
      const legs = [
        { accountId: payer, amount: `-${paid}` },
        { accountId: pool, amount: stake },
      ];
      if (money(fee).greaterThan(0)) legs.push({ accountId: await systemAccount(tx, 'fees', coin.id), amount: fee });
      await post(tx, { kind: 'option_open', refType: 'option_order', refId: row.id, legs });
      const upTo = settleWindowEnd(row.expiresAt);
      await scheduleJob(tx, { name: OPTION_SETTLE_JOB, key: `${symbol.id}:${upTo}`, runAt: new Date(upTo), payload: { symbolId: symbol.id, upTo } satisfies SettlePayload });
      // The answer a retry with the same idempotency key gets too (stored with the order).
      return viewOf({ order: row, symbol: symbol.symbol, currency: coin.name }, acceptedAt);
    });
    this.awaitingOpen.set(symbol.symbol, { symbolId: symbol.id, mark: ++this.acceptances });
    this.options.bus.emit('option_order', { userId, order });
    return order;
  }

  /**
   * The settlement job: the open orders of a symbol expired by `upTo` whose close tick is final. The
   * tick store hands out a tick only once its row is written, and ticks come in time order, so once
   * one at or after an expiry is out, or indexFreshMs has passed since it (settlementTick), every tick
   * up to it is stored and the one in force is final. Orders not final yet wait for a later look (a
   * follow-up job, with backoff, not counted as a failure); a full batch goes on at once. Orders
   * already settled are left alone.
   */
  async settle(tx: Tx, work: SettlePayload, key = `${work.symbolId}:${work.upTo}`): Promise<void> {
    const symbol = await symbolById(tx, work.symbolId);
    if (!symbol) throw new Error(`option settlement: symbol ${work.symbolId} not found`);
    const latest = this.options.ticks.latest(symbol.symbol);
    const now = this.now();
    const through = Math.min(work.upTo, Math.max(latest?.time ?? -1, now - this.options.indexFreshMs));
    const batchMax = this.options.settleBatchMax ?? OPTION_SETTLE_BATCH_MAX;
    const due = through < 0 ? [] : await dueOrders(tx, symbol.id, through, batchMax);
    const settled = await this.pay(tx, symbol, due, latest?.time ?? -1);
    const step = (work.step ?? 0) + 1;
    const follow = (waits: number, delayMs: number) =>
      scheduleJob(tx, { name: OPTION_SETTLE_JOB, key: `${key}:${step}`, runAt: new Date(this.now() + delayMs), payload: { ...work, step, waits } satisfies SettlePayload });
    if (due.length === batchMax) await follow(work.waits ?? 0, 0);
    else if (through < work.upTo && (await openDueExists(tx, symbol.id, work.upTo))) {
      const waits = (work.waits ?? 0) + 1;
      await follow(waits, Math.min(OPTION_CLOSE_TICK_RETRY_MAX_MS, OPTION_CLOSE_TICK_RETRY_MS * 2 ** Math.min(waits - 1, 16)));
    }
    // Told after the job's transaction commits (the scheduler runs the next job only after it).
    if (settled.length === 0 || this.options.bus.listenerCount('option_order') === 0) return;
    setImmediate(() => {
      const now = this.now();
      for (const s of settled) this.options.bus.emit('option_order', { userId: s.order.userId, order: viewOf(s, now) });
    });
  }

  /**
   * Decides and pays the orders in the job's transaction. The order rows are written first: that
   * UPDATE takes each row's lock and answers the rows still open, so a settlement racing this one (a
   * duplicate job, the sweep) waits for it and then finds them settled; only the rows this one settled
   * move the exposure, the pool and the users' accounts.
   */
  private async pay(tx: Tx, symbol: MarketSymbol, due: OptionOrder[], latestTime: number): Promise<Settled[]> {
    if (due.length === 0) return [];
    const inForce = await ticksInForce(tx, symbol.id, due.map((o) => o.expiresAt));
    const now = this.now();
    // Each order's close by the freshness rule: the fresh tick in force at expiry, else void.
    const closes = new Map<number, CloseTick>();
    const stale: OptionOrder[] = [];
    for (const order of due) {
      const decision = settlementTick(inForce.get(order.expiresAt), latestTime >= order.expiresAt, order.expiresAt, now, this.options.indexFreshMs);
      if (decision.kind === 'use') closes.set(order.expiresAt, decision.tick);
      else if (decision.kind === 'void') stale.push(order);
    }
    const voided = await this.voidOrders(tx, stale, 'stale_close');
    const settledAt = new Date(now);
    const settled: Settled[] = voided.map((order) => ({ order, symbol: symbol.symbol, currency: OPTION_STAKE_COIN }));
    const byCoin = groupBy(
      due.filter((o) => closes.has(o.expiresAt)),
      (o) => o.currencyId,
    );
    for (const [currencyId, list] of byCoin) {
      const coin = await currencyById(tx, currencyId);
      if (!coin) throw new Error(`option settlement: coin ${currencyId} not found`);
      const decider = decisions(coin.decimals);
      const results = list.map((order) => {
        const close = closes.get(order.expiresAt);
        if (!close) throw new Error(`option order ${order.id}: no index tick at ${order.expiresAt}`);
        return decider(order, close);
      });
      const mine = new Set(await markSettled(tx, results, settledAt));
      const owned = list.map((order, i) => ({ order, result: results[i]! })).filter(({ order }) => mine.has(order.id));
      if (owned.length === 0) continue;
      await this.payFromPool(tx, coin, owned.map(({ result }) => result));
      for (const { order, result } of owned) settled.push({ order: { ...order, status: 'settled', ...result, settledAt }, symbol: symbol.symbol, currency: coin.name });
    }
    return settled;
  }

  /**
   * Pays the orders that won or drew from the pool, only from what it holds (accepting each order made
   * sure it could): one ledger entry per BATCH_LEGS_PER_ENTRY_MAX - 1 payouts, each leg naming its order, the
   * users' accounts in id order, all the entries posted in one postMany. A coupon order's payout is
   * split: a win's profit to the user, the stake back to the coupon fund.
   */
  private async payFromPool(tx: Tx, coin: { id: number; name: string }, results: Decided[]) {
    const paid = results.filter((r) => money(r.payout).greaterThan(0));
    if (paid.length === 0) return;
    // The pool row locked and read in one statement (opened first in the unlikely case it is missing).
    const found = await lockedPool(tx, coin.id);
    const pool = found?.id ?? (await systemAccount(tx, 'option_pool', coin.id));
    const available = found?.available ?? (await lockedAvailable(tx, pool));
    const total = paid.reduce((t, r) => t.plus(r.payout), money(0));
    if (money(available).lessThan(total)) throw new Error(`option pool ${coin.name} cannot pay ${toAmountString(total)}`);
    const accounts = await optionsAccountsOf(tx, coin.id, [...new Set(paid.map((r) => r.userId))]);
    const fund = paid.some((r) => r.couponId !== null) ? await systemAccount(tx, 'coupon_fund', coin.id) : undefined;
    const legs = paid
      .flatMap((r) => {
        const accountId = accounts.get(r.userId);
        if (accountId === undefined) throw new Error(`option order ${r.id}: the options account of user ${r.userId} is missing`);
        const ref = { refType: 'option_order', refId: r.id };
        if (r.couponId === null) return [{ accountId, amount: r.payout, ...ref }];
        const { toHolder, toFund } = experienceSettlement(r.outcome, r.payout, r.stake);
        return [
          { accountId, amount: toHolder, ...ref },
          { accountId: fund!, amount: toFund, ...ref },
        ].filter((leg) => money(leg.amount).greaterThan(0));
      })
      .sort((a, b) => a.accountId - b.accountId || a.refId - b.refId);
    const entries: Entry[] = [];
    for (let i = 0; i < legs.length; i += BATCH_LEGS_PER_ENTRY_MAX - 1) {
      const chunk = legs.slice(i, i + BATCH_LEGS_PER_ENTRY_MAX - 1);
      const chunkTotal = toAmountString(chunk.reduce((t, l) => t.plus(l.amount), money(0)));
      // The entry is named after its first order: each order is paid once, so no two entries share it.
      const refId = chunk.reduce((least, l) => Math.min(least, l.refId), Number.POSITIVE_INFINITY);
      entries.push({ kind: 'option_settle', refType: 'option_settlement', refId, legs: [{ accountId: pool, amount: `-${chunkTotal}` }, ...chunk] });
    }
    await postMany(tx, entries, BATCH_LEGS_PER_ENTRY_MAX);
  }

  /** GET /microtrade/lists: the user's own orders, holding or history, newest first. */
  async list(userId: number, input: OptionListInput) {
    const where = orderFilter({ userId, symbolId: input.match_id, status: input.status === 'holding' ? ['opening', 'open'] : ['settled', 'void'] });
    const { rows, total } = await pageOrders(this.db, where, input.page, input.limit);
    const now = this.now();
    return { data: rows.map((r) => viewOf(r, now)), total, page: input.page, limit: input.limit };
  }

  /** GET /microtrade/get_result: one of the user's own orders with its open and close ticks. */
  async result(userId: number, id: number): Promise<OptionOrderView> {
    const order = await findOrder(this.db, id);
    if (!order || order.userId !== userId) throw new DomainError('not_found');
    const [symbol, coin] = await Promise.all([symbolById(this.db, order.symbolId), currencyById(this.db, order.currencyId)]);
    return viewOf({ order, symbol: symbol?.symbol ?? '', currency: coin?.name ?? '' }, this.now());
  }
}

/** Items by a key, each list in the items' order (a Map: first key first). */
function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = groups.get(k);
    if (list) list.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

/**
 * Decides orders of one coin: each outcome and payout from the order's open tick and the tick in force
 * at its expiry, nothing else. Orders of a window share their ticks and stakes, so each rule's answer
 * is kept per distinct input (thousands of orders, a handful of computations).
 */
function decisions(coinDecimals: number) {
  const outcomes = new Map<string, OptionOutcome>();
  const payouts = new Map<string, string>();
  return (order: OptionOrder, close: CloseTick): Decided => {
    // Only open orders are due, and an open order has its open tick (migration 0030's check).
    const openPrice = order.openPrice!;
    const outcomeKey = `${order.direction}|${openPrice}|${close.price}`;
    let outcome = outcomes.get(outcomeKey);
    if (outcome === undefined) {
      outcome = optionOutcome(order.direction, openPrice, close.price);
      outcomes.set(outcomeKey, outcome);
    }
    const payoutKey = `${outcome}|${order.stake}|${order.payoutRatio}`;
    let payout = payouts.get(payoutKey);
    if (payout === undefined) {
      payout = optionPayout(outcome, order.stake, order.payoutRatio, coinDecimals);
      payouts.set(payoutKey, payout);
    }
    return {
      id: order.id,
      userId: order.userId,
      stake: order.stake,
      couponId: order.couponId,
      outcome,
      payout,
      closeTickId: BigInt(close.id),
      closePrice: toAmountString(close.price),
      closeTime: close.time,
    };
  };
}

/** The wire form of an order (lists, get_result, realtime). */
export function viewOf({ order, symbol, currency }: Settled, now: number): OptionOrderView {
  const ended = order.status === 'settled' || order.status === 'void';
  return {
    id: String(order.id),
    match_id: order.symbolId,
    symbol,
    currency_id: order.currencyId,
    currency,
    type: OPTION_DIRECTION_TYPES[order.direction],
    seconds: order.seconds,
    number: toAmountString(order.stake),
    fee: toAmountString(order.fee),
    payout_ratio: toAmountString(order.payoutRatio),
    status: VIEW_STATUSES[order.status],
    void_reason: order.voidReason ?? null,
    outcome: order.outcome ?? null,
    ...settledFigures(order),
    coupon_id: order.couponId,
    open:
      order.openTickId === null || order.openPrice === null || order.openTime === null
        ? null
        : { id: order.openTickId.toString(), price: toAmountString(order.openPrice), time: order.openTime },
    close:
      order.closeTickId === null || order.closePrice === null || order.closeTime === null
        ? null
        : { id: order.closeTickId.toString(), price: toAmountString(order.closePrice), time: order.closeTime },
    created_at: order.createdAt.getTime(),
    accepted_at: order.acceptedAt,
    expires_at: order.expiresAt,
    remaining_ms: ended ? 0 : optionRemainingMs(order.expiresAt, now),
  };
}

/** The wire status: an open order is "holding" (the spec's word). */
const VIEW_STATUSES = { opening: 'opening', open: 'holding', settled: 'settled', void: 'void' } as const satisfies Record<OptionOrder['status'], OptionOrderView['status']>;

/** What settlement paid the user and their result; for a coupon order, only a win's profit (the stake was the coupon fund's). */
function settledFigures(order: OptionOrder): Pick<OptionOrderView, 'payout' | 'profit'> {
  // A void order was refunded in full (stake and fee; a coupon order's stake went back to the fund).
  if (order.status === 'void') return order.couponId === null ? { payout: toAmountString(order.payout ?? '0'), profit: '0' } : { payout: '0', profit: '0' };
  if (order.payout === null || order.outcome === null) return { payout: null, profit: null };
  if (order.couponId === null) return { payout: toAmountString(order.payout), profit: optionNet(order.payout, order.stake, order.fee) };
  const { toHolder } = experienceSettlement(order.outcome, order.payout, order.stake);
  return { payout: toHolder, profit: toHolder };
}
