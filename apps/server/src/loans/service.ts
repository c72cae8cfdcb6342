/**
 * Crypto-backed loans (spec sections 1, 2: borrowing and repayment; rules with worked examples in the
 * contract's loan-rules.ts). A user pledges collateral from the spot account (moved to its locked bucket)
 * and receives the loan from the lending pool, the initial LTV checked at the recorded index; repays any
 * part (interest first), adds collateral, and gets the collateral back once nothing is owed. Two recurring
 * jobs do the rest: `loans.interest` charges each started day once per loan (missed days caught up), and
 * `loans.watch` follows the recorded index: it reads, per index, only the loans whose kept trigger price a
 * tick crossed, calls for margin, clears the call, and liquidates past the liquidation level or 3 days
 * after a fixed term ended. Every step is a row written with its ledger entry in one transaction.
 */
import {
  cmp,
  loanDebt,
  loanLtvReaches,
  loanMaxAmount,
  loanNextChargeAt,
  loanOverdueLiquidationAt,
  loanRepaySplit,
  loanToValue,
  money,
  sub,
  add,
  isZero,
  toAmountString,
  type Lang,
  type LoanAddCollateralInput,
  type LoanBorrowInput,
  type LoanEventView,
  type LoanHistoryInput,
  type LoanListInput,
  type LoanPage,
  type LoanProductView,
  type LoanRepayInput,
  type LoanView,
  tickFreshAt,
} from '@fairex/contract';
import type { Clock } from '../clock.ts';
import type { Db, Executor, Tx } from '../db/client.ts';
import { DomainError } from '../http/errors.ts';
import { plainTransact, type Transact } from '../http/idempotency.ts';
import type { JobScheduler } from '../jobs/scheduler.ts';
import { post, systemAccount, userAccount } from '../ledger/index.ts';
import type { RecordedTick, TickStore } from '../markets/ticks.ts';
import { spotAvailableByCoin } from '../mining/repository.ts';
import type { NotificationService } from '../notifications/service.ts';
import { allOrEachDue, eachDue } from '../wealth/runs.ts';
import { chargeDueDays, chargeDueDaysMany, triggerPrices, type DayCharged } from './charges.ts';
import { callMargin, clearMarginCall, liquidate, type LoanCoins } from './liquidation.ts';
import { requirePoolNotShort } from './pool.ts';
import {
  claimDueCharges,
  claimOverdue,
  claimTriggered,
  coinsById,
  collateralsOf,
  insertEvent,
  insertLoan,
  listProducts,
  liquidationsOf,
  loanFilter,
  loanRowById,
  lockLoan,
  pageEvents,
  pageLoans,
  poolBalances,
  productById,
  updateLoan,
  watchedIndexes,
  type Coin,
  type Loan,
  type LoanRow,
} from './repository.ts';
import { eventView, loanView, productView } from './views.ts';

/** The recurring job that charges each started day's interest. */
export const LOAN_CHARGE_JOB = 'loans.interest';
export const LOAN_CHARGE_EVERY_MS = 10_000;
/** The recurring job that follows the index: margin calls, and liquidations past the level or overdue. */
export const LOAN_WATCH_JOB = 'loans.watch';
export const LOAN_WATCH_EVERY_MS = 2_000;
/** Loans one run handles at most per step (and per index); a full batch leaves the rest to the next run. */
export const LOAN_BATCH_MAX = 500;

export type LoanOptions = {
  now: Clock;
  /** The recorded index (markets/ticks.ts): LTV is valued at its latest tick, and a liquidation cites the tick it used. */
  ticks: TickStore;
  /**
   * Limits.indexFreshMs, the one freshness rule (@fairex/contract index-freshness.ts): a latest tick
   * older than this is not acted on: no borrowing (index_unavailable), no margin call, no liquidation.
   */
  indexFreshMs: number;
  /** Margin calls and liquidations tell the borrower, in their transaction. */
  notifications: NotificationService;
  /** Told about a loan whose charge or liquidation failed (it is rolled back alone and retried next run). */
  onError?: (error: unknown) => void;
  /** LOAN_BATCH_MAX unless a test makes it small. */
  batchMax?: number;
};

/** What one run of the watch job did. */
export type WatchRun = { liquidated: number; marginCalls: number; cleared: number };

export class LoanService {
  constructor(
    readonly db: Db,
    readonly options: LoanOptions,
  ) {}

  register(jobs: JobScheduler) {
    jobs.every(LOAN_CHARGE_JOB, LOAN_CHARGE_EVERY_MS, async (tx) => {
      await this.runCharges(tx);
    });
    jobs.every(LOAN_WATCH_JOB, LOAN_WATCH_EVERY_MS, async (tx) => {
      await this.runWatch(tx);
    });
    return this;
  }

  /** The latest recorded tick of an index while it is fresh (tickFreshAt, indexFreshMs), else undefined. */
  freshTick(symbol: string, now: number): RecordedTick | undefined {
    const tick = this.options.ticks.latest(symbol);
    return tickFreshAt(tick, now, this.options.indexFreshMs) ? tick : undefined;
  }

  /** GET /loan/products: the products on offer, each collateral with its index now; the user's balances when logged in. */
  async products(lang: Lang, userId: number | undefined): Promise<LoanProductView[]> {
    const products = await listProducts(this.db, { offered: true });
    const collaterals = await collateralsOf(
      this.db,
      products.map((p) => p.product.id),
      { accepted: true },
    );
    const coinIds = [...products.map((p) => p.coin.id), ...collaterals.map((c) => c.coin.id)];
    const balances = userId === undefined ? undefined : await spotAvailableByCoin(this.db, userId, [...new Set(coinIds)]);
    const pool = await poolBalances(this.db);
    const now = this.options.now();
    return products.map((p) =>
      productView(
        p,
        collaterals.filter((c) => c.productId === p.product.id && c.coin.enabled),
        lang,
        {
          priceOf: (symbol) => this.freshTick(symbol, now),
          balances,
          poolAvailable: pool.find((b) => b.system === 'loans' && b.currency_id === p.coin.id)?.balance ?? '0',
        },
      ),
    );
  }

  /**
   * POST /loan/borrow, in `transact`'s transaction (the idempotency key commits with it): the collateral
   * moves to the spot account's locked bucket and the loan from the pool to the spot account, the first
   * day's interest charged; refused when that debt (the amount and day 1's interest) would pass the
   * initial LTV at the latest fresh index tick (loanMaxAmount, the rule the form's "Max" fills by).
   */
  async borrow(userId: number, lang: Lang, input: LoanBorrowInput, transact: Transact = plainTransact(this.db)): Promise<LoanView> {
    const found = await productById(this.db, input.product_id);
    if (!found || !found.product.enabled || !found.coin.enabled) throw new DomainError('loan_product_unavailable');
    const { product, coin } = found;
    const [collateral] = (await collateralsOf(this.db, [product.id], { accepted: true })).filter((c) => c.coin.id === input.collateral_currency_id && c.coin.enabled);
    if (!collateral || !product.terms.includes(input.term_days)) throw new DomainError('loan_product_unavailable');
    if (money(input.amount).decimalPlaces() > coin.decimals || money(input.collateral).decimalPlaces() > collateral.coin.decimals) throw new DomainError('wrong_number');
    if (cmp(input.amount, product.amountMin) < 0) throw new DomainError('loan_amount_below_minimum');
    if (product.amountMax !== null && cmp(input.amount, product.amountMax) > 0) throw new DomainError('loan_amount_above_maximum');
    return transact(async (tx) => {
      const now = this.options.now();
      const tick = this.freshTick(collateral.index.symbol, now);
      if (!tick) throw new DomainError('index_unavailable');
      if (cmp(input.amount, loanMaxAmount(input.collateral, tick.price, product.initialLtv, product.dailyRate, coin.decimals)) > 0) throw new DomainError('loan_ltv_too_high');
      const terms = { principal: input.amount, interestOutstanding: '0', collateral: input.collateral, marginCallLtv: product.marginCallLtv, liquidationLtv: product.liquidationLtv };
      const opened = await insertLoan(tx, {
        userId,
        productId: product.id,
        currencyId: coin.id,
        collateralCurrencyId: collateral.coin.id,
        symbolId: collateral.index.id,
        borrowed: input.amount,
        interestCharged: '0',
        dailyRate: product.dailyRate,
        initialLtv: product.initialLtv,
        termDays: input.term_days,
        borrowedAt: now,
        borrowPrice: tick.price,
        daysCharged: 0,
        nextChargeAt: loanNextChargeAt(now, input.term_days, 0),
        overdueLiquidationAt: loanOverdueLiquidationAt(now, input.term_days),
        ...terms,
        ...triggerPrices(terms),
      });
      const collateralAccount = await userAccount(tx, userId, collateral.coin.id, 'spot');
      const pool = await systemAccount(tx, 'loans', coin.id);
      await post(tx, {
        kind: 'loan_borrow',
        refType: 'loan',
        refId: opened.id,
        legs: [
          { accountId: collateralAccount, amount: `-${input.collateral}` },
          { accountId: collateralAccount, bucket: 'locked', amount: input.collateral },
          { accountId: pool, amount: `-${input.amount}` },
          { accountId: await userAccount(tx, userId, coin.id, 'spot'), amount: input.amount },
        ],
      });
      await requirePoolNotShort(tx, pool);
      // Day 1 is charged at borrowing: interest is charged per started day.
      const { loan } = await chargeDueDays(tx, opened, coin.decimals, now);
      await insertEvent(tx, {
        loanId: loan.id,
        userId,
        kind: 'borrow',
        amount: input.amount,
        collateral: input.collateral,
        price: tick.price,
        // The LTV the loan opened at, day 1's interest included, as "My loans" shows it.
        ltv: loanToValue(loanDebt(loan.principal, loan.interestOutstanding), input.collateral, tick.price),
        createdAt: now,
      });
      return this.view(tx, loan.id, lang, now);
    });
  }

  /**
   * POST /loan/repay: the user's own open loan, its row locked (the jobs skip it meanwhile), its started
   * days charged first; at most the debt, interest first. Nothing left owed returns the collateral.
   */
  async repay(userId: number, lang: Lang, input: LoanRepayInput, transact: Transact = plainTransact(this.db)): Promise<LoanView> {
    return transact(async (tx) => {
      const { loan, coins, now } = await this.ownOpenLoan(tx, userId, input.id);
      if (money(input.amount).decimalPlaces() > coins.coin.decimals) throw new DomainError('wrong_number');
      if (cmp(input.amount, loanDebt(loan.principal, loan.interestOutstanding)) > 0) throw new DomainError('loan_repay_exceeds_debt');
      const split = loanRepaySplit(input.amount, loan.interestOutstanding);
      const event = await insertEvent(tx, { loanId: loan.id, userId, kind: 'repay', amount: input.amount, interest: split.interest, principal: split.principal, createdAt: now });
      await post(tx, {
        kind: 'loan_repay',
        refType: 'loan_event',
        refId: event.id,
        legs: [
          { accountId: await userAccount(tx, userId, coins.coin.id, 'spot'), amount: `-${input.amount}` },
          { accountId: await systemAccount(tx, 'loans', coins.coin.id), amount: input.amount },
        ],
      });
      const figures = { principal: sub(loan.principal, split.principal), interestOutstanding: sub(loan.interestOutstanding, split.interest), interestPaid: add(loan.interestPaid, split.interest) };
      if (isZero(figures.principal) && isZero(figures.interestOutstanding)) {
        await this.returnCollateral(tx, loan, now);
        await updateLoan(tx, loan.id, { ...figures, status: 'repaid', nextChargeAt: null, marginCallPrice: null, liquidationPrice: null, endedAt: now });
      } else {
        await updateLoan(tx, loan.id, { ...figures, ...triggerPrices({ ...loan, ...figures }) });
      }
      return this.view(tx, loan.id, lang, now);
    });
  }

  /** POST /loan/add_collateral: more of the loan's collateral coin, from the spot account to its locked bucket; LTV falls. */
  async addCollateral(userId: number, lang: Lang, input: LoanAddCollateralInput, transact: Transact = plainTransact(this.db)): Promise<LoanView> {
    return transact(async (tx) => {
      const { loan, coins, now } = await this.ownOpenLoan(tx, userId, input.id);
      if (money(input.amount).decimalPlaces() > coins.collateralCoin.decimals) throw new DomainError('wrong_number');
      const event = await insertEvent(tx, { loanId: loan.id, userId, kind: 'collateral_add', collateral: input.amount, createdAt: now });
      const account = await userAccount(tx, userId, coins.collateralCoin.id, 'spot');
      await post(tx, {
        kind: 'loan_collateral_add',
        refType: 'loan_event',
        refId: event.id,
        legs: [
          { accountId: account, amount: `-${input.amount}` },
          { accountId: account, bucket: 'locked', amount: input.amount },
        ],
      });
      const collateral = add(loan.collateral, input.amount);
      await updateLoan(tx, loan.id, { collateral, ...triggerPrices({ ...loan, collateral }) });
      return this.view(tx, loan.id, lang, now);
    });
  }

  /** GET /loan/orders: the user's own loans, newest first. */
  async loans(userId: number, lang: Lang, input: LoanListInput): Promise<LoanPage<LoanView>> {
    const { rows, total } = await pageLoans(this.db, loanFilter({ userId, status: input.status }), input.page, input.limit);
    return { data: await this.views(this.db, rows, lang), total, page: input.page, limit: input.limit };
  }

  /** GET /loan/history: the records of the user's own loans (of one of them when asked), newest first. */
  async history(userId: number, input: LoanHistoryInput): Promise<LoanPage<LoanEventView>> {
    const { rows, total } = await pageEvents(this.db, { userId, loanId: input.loan_id }, input.page, input.limit);
    return { data: rows.map(eventView), total, page: input.page, limit: input.limit };
  }

  // ---------------------------------------------------------------- the jobs

  /** One run of the charge job, in its transaction: every open loan with a day started and not charged, all at once (each in a savepoint of its own should that fail). */
  async runCharges(tx: Tx): Promise<DayCharged[]> {
    const now = this.options.now();
    const due = await claimDueCharges(tx, now, this.options.batchMax ?? LOAN_BATCH_MAX);
    const coins = await coinsById(
      tx,
      due.map((l) => l.currencyId),
    );
    // Every claimed loan at once, in two set-based statements; should that fail, each alone (one bad loan cannot hold back the rest).
    const done = await allOrEachDue(
      tx,
      due,
      (savepoint, loans) => chargeDueDaysMany(savepoint, loans, (id) => coins.get(id)!.decimals, now),
      async (savepoint, loan) => (await chargeDueDays(savepoint, loan, coins.get(loan.currencyId)!.decimals, now)).charged,
      this.options.onError,
    );
    return done.flatMap((d) => d.result);
  }

  /**
   * One run of the watch job, in its transaction: for each index a loan may be valued at, with a fresh
   * tick, the loans past their liquidation level are liquidated at that tick, overdue ones too, then those
   * that reached their margin-call level are called and those back below it cleared. Only loans whose kept
   * trigger price the tick crossed are read; each is charged its started days first and decided exactly,
   * in a savepoint of its own.
   */
  async runWatch(tx: Tx): Promise<WatchRun> {
    const now = this.options.now();
    const batchMax = this.options.batchMax ?? LOAN_BATCH_MAX;
    const { notifications, onError } = this.options;
    const run: WatchRun = { liquidated: 0, marginCalls: 0, cleared: 0 };
    for (const index of await watchedIndexes(tx)) {
      const tick = this.freshTick(index.symbol, now);
      if (!tick) continue;
      const decide = async (claimed: Loan[], step: (savepoint: Tx, loan: Loan, coins: LoanCoins) => Promise<boolean>) => {
        const coins = await coinsById(
          tx,
          claimed.flatMap((l) => [l.currencyId, l.collateralCurrencyId]),
        );
        const done = await eachDue(
          tx,
          claimed,
          async (savepoint, claimedLoan) => {
            const loanCoins = { coin: coins.get(claimedLoan.currencyId)!, collateralCoin: coins.get(claimedLoan.collateralCurrencyId)!, symbol: index.symbol };
            const { loan } = await chargeDueDays(savepoint, claimedLoan, loanCoins.coin.decimals, now);
            return step(savepoint, loan, loanCoins);
          },
          onError,
        );
        return done.filter((d) => d.result).length;
      };
      const reaches = (loan: Loan, level: string) => loanLtvReaches(loanDebt(loan.principal, loan.interestOutstanding), loan.collateral, tick.price, level);
      const claim = (at: Parameters<typeof claimTriggered>[4]) => claimTriggered(tx, index.id, tick.price, batchMax, at);

      run.liquidated += await decide(await claim({ level: 'liquidation' }), async (savepoint, loan, coins) => {
        if (!reaches(loan, loan.liquidationLtv)) return false;
        await liquidate(savepoint, loan, coins, tick, 'ltv', now, notifications);
        return true;
      });
      run.liquidated += await decide(await claimOverdue(tx, index.id, now, batchMax), async (savepoint, loan, coins) => {
        await liquidate(savepoint, loan, coins, tick, 'overdue', now, notifications);
        return true;
      });
      run.marginCalls += await decide(await claim({ level: 'margin_call', called: false }), async (savepoint, loan, coins) => {
        if (!reaches(loan, loan.marginCallLtv)) return false;
        await callMargin(savepoint, loan, coins, tick, now, notifications);
        return true;
      });
      run.cleared += await decide(await claim({ level: 'margin_call', called: true }), async (savepoint, loan) => {
        if (reaches(loan, loan.marginCallLtv)) return false;
        await clearMarginCall(savepoint, loan);
        return true;
      });
    }
    return run;
  }

  // ---------------------------------------------------------------- helpers

  /** The user's own open loan, its row locked and its started days charged; another user's is not_found. */
  private async ownOpenLoan(tx: Tx, userId: number, id: number): Promise<{ loan: Loan; coins: { coin: Coin; collateralCoin: Coin }; now: number }> {
    const locked = await lockLoan(tx, id);
    if (!locked || locked.userId !== userId) throw new DomainError('not_found');
    if (locked.status !== 'open') throw new DomainError('loan_closed');
    const now = this.options.now();
    const coins = await coinsById(tx, [locked.currencyId, locked.collateralCurrencyId]);
    const coin = coins.get(locked.currencyId)!;
    const { loan } = await chargeDueDays(tx, locked, coin.decimals, now);
    return { loan, coins: { coin, collateralCoin: coins.get(locked.collateralCurrencyId)! }, now };
  }

  /** Nothing owed: the whole collateral from the locked bucket back to available. */
  private async returnCollateral(tx: Tx, loan: Loan, now: number) {
    const account = await userAccount(tx, loan.userId, loan.collateralCurrencyId, 'spot');
    const collateral = toAmountString(loan.collateral);
    await post(tx, {
      kind: 'loan_collateral_return',
      refType: 'loan',
      refId: loan.id,
      legs: [
        { accountId: account, bucket: 'locked', amount: `-${collateral}` },
        { accountId: account, amount: collateral },
      ],
    });
    await insertEvent(tx, { loanId: loan.id, userId: loan.userId, kind: 'collateral_return', collateral, createdAt: now });
  }

  private async view(db: Executor, id: number, lang: Lang, now: number): Promise<LoanView> {
    const row = await loanRowById(db, id);
    if (!row) throw new Error(`loan ${id} not found`);
    const [view] = await this.views(db, [row], lang, now);
    return view!;
  }

  private async views(db: Executor, rows: LoanRow[], lang: Lang, now = this.options.now()): Promise<LoanView[]> {
    const liquidations = await liquidationsOf(
      db,
      rows.filter((r) => r.loan.status === 'liquidated').map((r) => r.loan.id),
    );
    return rows.map((row) => loanView(row, lang, now, (symbol) => this.freshTick(symbol, now), liquidations.get(row.loan.id)));
  }
}
