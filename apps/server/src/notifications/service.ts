/**
 * Notifications (spec section 2, settings; section 9, relative times on the client): the user's own
 * events and the system notices operators publish (back-office.ts), one list newest first, with an unread
 * count and marking read. An event's row is written in the transaction of the change it reports (a
 * deposit credited, a withdrawal or identity review decided, a loan's margin call or liquidation, a mining
 * order's end, a dual investment settled, an IEO subscription allocated, a copy skipped for want of
 * balance), so it exists exactly when the change does;
 * spot fills are the exception (see recordFills). The realtime signal goes out from a recurring job that
 * claims the rows not signalled yet: a row is only ever signalled once its transaction has committed.
 */
import type { Lang, NotificationEvent, NotificationFigures, NotificationItem, NotificationListInput, NotificationPage, NotificationReadInput, NotificationUnread } from '@fairex/contract';
import type { Clock } from '../clock.ts';
import type { Db, Tx } from '../db/client.ts';
import type { BusEvents, EventBus } from '../events/bus.ts';
import { DomainError } from '../http/errors.ts';
import type { JobScheduler } from '../jobs/scheduler.ts';
import {
  claimUnpushedEvents,
  claimUnpushedNotices,
  coinName,
  countUnread,
  insertNotifications,
  markAllRead,
  marketMakerId,
  markEventRead,
  markNoticeRead,
  pageItems,
  setPushed,
  type ItemRow,
  type NewNotification,
} from './repository.ts';
import { depositCreditedEvent, identityReviewedEvent, noticeVersion, spotOrderFilledEvent, withdrawalReviewedEvent } from './rules.ts';

/** The recurring job that sends the realtime signal of new events and of notices that became shown. */
export const NOTIFICATION_PUSH_JOB = 'notifications.push';
/** How often it looks (the scheduler's own poll interval: a signal goes out within about a second). */
export const NOTIFICATION_PUSH_EVERY_MS = 1_000;
/** Events (and, separately, notices) one run signals at most; a full batch leaves the rest to the next run. */
export const NOTIFICATION_PUSH_BATCH_MAX = 500;
/** Spot fills (and the events of one job run) written in one insert at most. */
export const NOTIFICATION_FILLS_PER_INSERT_MAX = 500;

export type NotificationOptions = { now: Clock; bus: EventBus; onError?: (error: unknown) => void };

function itemView(row: ItemRow, lang: Lang): NotificationItem {
  const common = { id: row.id, created_at: row.at, read: row.read };
  if (row.source === 'system') return { ...common, source: 'system', kind: 'system', ...noticeVersion(row.texts!, lang) };
  return { ...common, source: 'event', ...({ kind: row.kind, figures: row.figures } as NotificationEvent) };
}

export class NotificationService {
  /** Fills waiting for their insert, and the insert under way (tests wait for it with settled()). */
  private fills: NewNotification[] = [];
  private writing: Promise<void> | undefined;
  /** Looked up until found: it is seeded at start, possibly after the first fills of a test. */
  private marketMaker: number | undefined;

  /** Listens to the spot fills on the bus from the start (see recordFill). */
  constructor(
    readonly db: Db,
    readonly options: NotificationOptions,
  ) {
    options.bus.on('spot_order', (event) => this.recordFill(event));
  }

  /** The push job. */
  register(jobs: JobScheduler) {
    jobs.every(NOTIFICATION_PUSH_JOB, NOTIFICATION_PUSH_EVERY_MS, async (tx) => {
      await this.pushDue(tx);
    });
    return this;
  }

  /** GET /notification/list: the user's events and the system notices shown now, newest first. */
  async list(userId: number, lang: Lang, input: NotificationListInput): Promise<NotificationPage> {
    const { rows, total } = await pageItems(this.db, userId, this.options.now(), input.page, input.limit);
    return { data: rows.map((row) => itemView(row, lang)), total, page: input.page, limit: input.limit };
  }

  /** GET /notification/unread */
  async unread(userId: number): Promise<NotificationUnread> {
    return { unread: await countUnread(this.db, userId, this.options.now()) };
  }

  /** POST /notification/read: one of the user's own events, or a system notice shown now; anything else is not_found. */
  async markRead(userId: number, input: NotificationReadInput): Promise<NotificationUnread> {
    const now = this.options.now();
    const marked = input.source === 'event' ? await markEventRead(this.db, userId, input.id, now) : await markNoticeRead(this.db, userId, input.id, now);
    if (!marked) throw new DomainError('not_found');
    return this.unread(userId);
  }

  /** POST /notification/read_all */
  async markAllRead(userId: number): Promise<NotificationUnread> {
    const now = this.options.now();
    await this.db.transaction((tx) => markAllRead(tx, userId, now));
    return { unread: await countUnread(this.db, userId, now) };
  }

  // ---------------------------------------------------------------- events, in their change's transaction

  /** A deposit credited (funds/deposits.ts, in the confirmation's transaction). */
  async depositCredited(tx: Tx, recharge: { id: number; userId: number; currencyId: number; amount: string }) {
    await this.record(tx, recharge.userId, recharge.id, depositCreditedEvent(recharge, await coinName(tx, recharge.currencyId)));
  }

  /** A withdrawal approved or rejected (funds/withdrawals.ts, in the review's transaction). */
  async withdrawalReviewed(tx: Tx, withdrawal: Parameters<typeof withdrawalReviewedEvent>[0] & { id: number; userId: number; currencyId: number }) {
    await this.record(tx, withdrawal.userId, withdrawal.id, withdrawalReviewedEvent(withdrawal, await coinName(tx, withdrawal.currencyId)));
  }

  /** An identity verification approved or rejected (identity/service.ts, in the review's transaction). */
  async identityReviewed(tx: Tx, verification: Parameters<typeof identityReviewedEvent>[0] & { id: number; userId: number }) {
    await this.record(tx, verification.userId, verification.id, identityReviewedEvent(verification));
  }

  /** A loan's LTV reached its margin-call level (loans/liquidation.ts, in the watch job's transaction); one notice per margin call, named by its record. */
  async loanMarginCall(tx: Tx, call: { userId: number; eventId: number; figures: NotificationFigures['loan_margin_call'] }) {
    await this.record(tx, call.userId, call.eventId, { kind: 'loan_margin_call', figures: call.figures });
  }

  /** A loan's collateral liquidated (loans/liquidation.ts, in the liquidation's transaction); one notice per loan. */
  async loanLiquidated(tx: Tx, liquidation: { userId: number; loanId: number; figures: NotificationFigures['loan_liquidated'] }) {
    await this.record(tx, liquidation.userId, liquidation.loanId, { kind: 'loan_liquidated', figures: liquidation.figures });
  }

  /**
   * Events of one job run (wealth settlements, IEO allocations, skipped copies), in the transaction that
   * made their changes, in one insert; each names its business row (`refId`), so it is recorded once.
   */
  async recordMany(tx: Tx, events: { userId: number; refId: number; event: NotificationEvent }[]) {
    const createdAt = this.options.now();
    for (let i = 0; i < events.length; i += NOTIFICATION_FILLS_PER_INSERT_MAX) {
      const rows = events.slice(i, i + NOTIFICATION_FILLS_PER_INSERT_MAX).map(({ userId, refId, event }) => ({ userId, refId, kind: event.kind, figures: event.figures, createdAt }));
      await insertNotifications(tx, rows);
    }
  }

  private async record(tx: Tx, userId: number, refId: number, event: NotificationEvent | undefined) {
    if (!event) return;
    await insertNotifications(tx, [{ userId, refId, kind: event.kind, figures: event.figures, createdAt: this.options.now() }]);
  }

  // ---------------------------------------------------------------- spot fills, after their batch commits

  /**
   * A spot order filled in full. The spot writer persists fills in group-committed batches of many users'
   * orders (spot/writer.ts, batch-plan.ts) and publishes `spot_order` once a batch has committed; its batch
   * path is the engine's hot path and stays as it is, so a fill's notification is written here, right
   * after that commit, in a transaction of its own (the fills of one batch in one insert). Its key
   * (kind, order id) keeps it to one; a crash between the two commits would lose that one notice, never the fill.
   */
  private recordFill({ userId, order }: BusEvents['spot_order'][0]) {
    const event = spotOrderFilledEvent(order);
    if (!event) return;
    this.fills.push({ userId, refId: order.id, kind: event.kind, figures: event.figures, createdAt: this.options.now() });
    // The orders of one batch are published in one go: they are written together once it is done.
    this.writing ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.writeFills());
  }

  private async writeFills() {
    try {
      this.marketMaker ??= await marketMakerId(this.db);
      while (this.fills.length > 0) {
        const batch = this.fills.splice(0, NOTIFICATION_FILLS_PER_INSERT_MAX).filter((row) => row.userId !== this.marketMaker);
        await insertNotifications(this.db, batch);
      }
    } catch (error) {
      this.fills = [];
      this.options.onError?.(error);
    } finally {
      this.writing = undefined;
    }
  }

  /** Resolves once the fills published so far are written (or failed). */
  async settled() {
    while (this.writing) await this.writing;
  }

  // ---------------------------------------------------------------- the realtime signal

  /**
   * One run of the push job, in its transaction: claims the events and the shown notices not signalled
   * yet, signals each (an event to its user's room, a notice to everyone) and marks them signalled. Every
   * claimed row has committed, so a client that refreshes on the signal finds it; a run rolled back after
   * signalling signals again later, which only makes a client refresh twice.
   */
  async pushDue(tx: Tx): Promise<{ events: number; notices: number }> {
    const now = this.options.now();
    const events = await claimUnpushedEvents(tx, NOTIFICATION_PUSH_BATCH_MAX);
    const notices = await claimUnpushedNotices(tx, now, NOTIFICATION_PUSH_BATCH_MAX);
    await setPushed(tx, { events: events.map((e) => e.id), notices: notices.map((n) => n.id) }, now);
    for (const event of events) this.options.bus.emit('notification', { userId: event.userId, signal: { source: 'event', id: event.id, kind: event.kind } });
    for (const notice of notices) this.options.bus.emit('notification', { userId: null, signal: { source: 'system', id: notice.id, kind: 'system' } });
    return { events: events.length, notices: notices.length };
  }
}
