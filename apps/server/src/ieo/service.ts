/**
 * IEO subscriptions (spec "project*", wealth-rules.ts "IEO").
 *  - A project sells a fixed supply of a token at a fixed price in a pay coin between its start and end;
 *    its state (warm-up, in progress, ended) follows from those times and the server's clock only.
 *  - Subscribing freezes amount x price (rounded up) in the user's spot account of the pay coin and adds
 *    the amount to the project's applied total, in one transaction with the order row, the project row
 *    locked so the per-user cap holds under concurrent subscriptions. Oversubscription is allowed.
 *  - After the end, the recurring 'ieo.allocate' job allocates each project once (allocation.ts); the
 *    'ieo.release' job unlocks allocated tokens when their lock period ends.
 * No setting or operator call decides an allocation: it follows the subscriptions and the rules only.
 */
import {
  add,
  cmp,
  ieoCost,
  ieoState,
  money,
  toAmountString,
  type IeoOrderInput,
  type IeoOrderView,
  type IeoProjectView,
  type Lang,
} from '@fairex/contract';
import type { Clock } from '../clock.ts';
import type { Db, Tx } from '../db/client.ts';
import { fitsDecimals } from '../funds/rules.ts';
import { DomainError } from '../http/errors.ts';
import { plainTransact, type Transact } from '../http/idempotency.ts';
import type { JobScheduler } from '../jobs/scheduler.ts';
import { accountsOf, freeze, post, userAccount } from '../ledger/index.ts';
import { CoinTotals, eachDue, recordRun } from '../wealth/runs.ts';
import type { NotificationService } from '../notifications/service.ts';
import { allocateProject } from './allocation.ts';
import {
  addApplied,
  appliedByUser,
  dueProjects,
  dueReleases,
  findProject,
  insertOrder,
  lockProject,
  markReleased,
  orderFilter,
  pageOrders,
  pageProjects,
  type IeoOrder,
  type ProjectRow,
} from './repository.ts';
import { describedIn } from './demo.ts';
import { orderView, projectView } from './views.ts';

/** How often the allocation and release jobs look for due work. */
export const WEALTH_SWEEP_EVERY_MS = 10_000;
export const IEO_ALLOCATE_JOB = 'ieo.allocate';
export const IEO_RELEASE_JOB = 'ieo.release';
/** Projects one allocation run takes at most (each with all its orders); the rest wait for the next run. */
export const IEO_ALLOCATE_PROJECTS_MAX = 20;
/** Orders one release run unlocks at most; the rest wait for the next run. */
export const IEO_RELEASE_ORDERS_MAX = 500;

/** notifications: tells each subscriber their allocation (the app's; tests may leave it out). */
export type IeoOptions = { now: Clock; onError?: (error: unknown) => void; notifications?: NotificationService };

type Page<T> = { data: T[]; total: number; page: number; limit: number };

export class IeoService {
  constructor(
    readonly db: Db,
    readonly options: IeoOptions,
  ) {}

  /** Registers the allocation and release jobs on a scheduler (the app's, or a test's). */
  register(jobs: JobScheduler) {
    jobs.every(IEO_ALLOCATE_JOB, WEALTH_SWEEP_EVERY_MS, (tx) => this.allocateDue(tx));
    jobs.every(IEO_RELEASE_JOB, WEALTH_SWEEP_EVERY_MS, (tx) => this.releaseDue(tx));
    return this;
  }

  /** GET /project: enabled projects, in progress first; with a user, their applied totals and balances. */
  async list(userId: number | undefined, input: { page: number; limit: number }, lang: Lang): Promise<Page<IeoProjectView>> {
    const now = this.options.now();
    const { rows, total } = await pageProjects(this.db, { now, page: input.page, limit: input.limit, enabledOnly: true });
    const mine = await this.mine(userId, rows);
    return { data: rows.map((row) => ({ ...projectView(row, now, mine?.(row)), description: describedIn(row.project, lang) })), total, page: input.page, limit: input.limit };
  }

  /** GET /project/detail: one enabled project. */
  async detail(userId: number | undefined, projectId: number, lang: Lang): Promise<IeoProjectView> {
    const row = await findProject(this.db, projectId);
    if (!row) throw new DomainError('not_found');
    if (!row.project.enabled) throw new DomainError('wealth_product_unavailable');
    const mine = await this.mine(userId, [row]);
    return { ...projectView(row, this.options.now(), mine?.(row)), description: describedIn(row.project, lang) };
  }

  /** The user's applied total per project and spot available per pay coin, for the views. */
  private async mine(userId: number | undefined, rows: ProjectRow[]) {
    if (userId === undefined) return undefined;
    const [applied, accounts] = await Promise.all([appliedByUser(this.db, userId, rows.map((r) => r.project.id)), accountsOf(this.db, userId)]);
    const spot = new Map(accounts.filter((a) => a.kind === 'spot').map((a) => [a.currency_id, a.available]));
    return (row: ProjectRow) => ({ applied: applied.get(row.project.id) ?? '0', balance: spot.get(row.project.payCurrencyId) ?? '0' });
  }

  /** POST /project/order, in `transact`'s transaction (the idempotency key commits with it). */
  async subscribe(userId: number, input: IeoOrderInput, transact: Transact = plainTransact(this.db)): Promise<IeoOrderView> {
    const found = await findProject(this.db, input.project_id);
    if (!found) throw new DomainError('not_found');
    const amount = toAmountString(input.amount);
    return transact(async (tx) => {
      // Read again under the row lock: the state, figures and applied total are the ones in force now.
      const project = await lockProject(tx, input.project_id);
      if (!project || !project.enabled) throw new DomainError('wealth_product_unavailable');
      const now = this.options.now();
      // Allocated already (another process whose clock is a little ahead ended it): closed whatever this clock says.
      if (ieoState({ start_at: project.startAt, end_at: project.endAt }, now) !== 'in_progress' || project.allocatedAt !== null) throw new DomainError('ieo_not_in_progress');
      // The user saw other figures: they subscribe only at the price and in the coin they were shown.
      if (input.pay_currency !== project.payCurrencyId || cmp(input.price, project.price) !== 0) throw new DomainError('ieo_price_changed');
      if (cmp(amount, project.amountMin) < 0) throw new DomainError('wealth_amount_below_minimum');
      if (!fitsDecimals(amount, found.currencyDecimals)) throw new DomainError('wrong_number');
      if (project.amountMaxPerUser !== null) {
        const applied = (await appliedByUser(tx, userId, [project.id])).get(project.id) ?? '0';
        if (cmp(add(applied, amount), project.amountMaxPerUser) > 0) throw new DomainError('ieo_user_cap_exceeded');
      }
      const cost = ieoCost(amount, project.price, found.payDecimals);
      const order = await insertOrder(tx, { userId, projectId: project.id, amount, price: toAmountString(project.price), paid: cost, createdAt: now });
      await addApplied(tx, project.id, amount);
      // Refused with insufficient_balance (and everything above rolled back) when the spot account is short.
      await freeze(tx, await userAccount(tx, userId, project.payCurrencyId, 'spot'), cost, { kind: 'ieo_subscribe', refType: 'ieo_order', refId: order.id });
      // The answer a retry with the same idempotency key gets too (stored with the order).
      return orderView({ order, project: found.project.name, startAt: project.startAt, endAt: project.endAt, currency: found.currency, payCurrency: found.payCurrency }, now);
    });
  }

  /** GET /user/project/order: the user's own subscriptions, newest first. */
  async orders(userId: number, input: { page: number; limit: number }): Promise<Page<IeoOrderView>> {
    const { rows, total } = await pageOrders(this.db, orderFilter({ userId }), input.page, input.limit);
    const now = this.options.now();
    return { data: rows.map((row) => orderView(row, now)), total, page: input.page, limit: input.limit };
  }

  /** The 'ieo.allocate' job: each ended project not yet allocated, once (see allocation.ts). */
  async allocateDue(tx: Tx): Promise<void> {
    const now = this.options.now();
    const due = await dueProjects(tx, now, IEO_ALLOCATE_PROJECTS_MAX);
    const done = await eachDue(tx, due, (savepoint, project) => allocateProject(savepoint, project, now, this.options.notifications), (error) => this.options.onError?.(error));
    const paid = new CoinTotals();
    const charged = new CoinTotals();
    const refunded = new CoinTotals();
    for (const { result } of done) {
      paid.add(result.token, result.allocated);
      paid.add(result.payCurrency, result.refunded);
      charged.add(result.payCurrency, result.charged);
      refunded.add(result.payCurrency, result.refunded);
    }
    await recordRun(tx, IEO_ALLOCATE_JOB, now, done.length, {
      // paid: what reached users (tokens and refunds); charged: the proceeds kept in ieo_sale.
      paid: paid.toJSON(),
      charged: charged.toJSON(),
      refunded: refunded.toJSON(),
      orders: done.reduce((n, { result }) => n + result.orders, 0),
      projects: done.map(({ item }) => item.id),
    });
  }

  /** The 'ieo.release' job: allocated tokens whose lock period ended move from locked to available, once. */
  async releaseDue(tx: Tx): Promise<void> {
    const now = this.options.now();
    const due = await dueReleases(tx, now, IEO_RELEASE_ORDERS_MAX);
    const tokens = new Map<number, { id: number; name: string }>();
    const tokenOf = async (order: IeoOrder) => {
      const cached = tokens.get(order.projectId);
      if (cached) return cached;
      const project = await findProject(tx, order.projectId);
      if (!project) throw new Error(`ieo order ${order.id}: project ${order.projectId} missing`);
      const token = { id: project.project.currencyId, name: project.currency };
      tokens.set(order.projectId, token);
      return token;
    };
    const done = await eachDue(
      tx,
      due,
      async (savepoint, order) => {
        if (!(await markReleased(savepoint, order.id, now))) return null;
        const token = await tokenOf(order);
        const account = await userAccount(savepoint, order.userId, token.id, 'spot');
        const allocated = toAmountString(order.allocated!);
        await post(savepoint, {
          kind: 'ieo_release',
          refType: 'ieo_order',
          refId: order.id,
          legs: [
            { accountId: account, bucket: 'locked', amount: toAmountString(money(allocated).negated()) },
            { accountId: account, amount: allocated },
          ],
        });
        return { coin: token.name, amount: allocated };
      },
      (error) => this.options.onError?.(error),
    );
    const released = done.flatMap(({ result }) => (result ? [result] : []));
    const paid = new CoinTotals();
    for (const r of released) paid.add(r.coin, r.amount);
    await recordRun(tx, IEO_RELEASE_JOB, now, released.length, { paid: paid.toJSON(), orders: released.length });
  }
}
