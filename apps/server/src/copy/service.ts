/**
 * Copy trading (issue 15): users apply to become traders (an operator decides), others follow them with a
 * fixed multiple or fixed lots, and every contract position a trader opens is copied to the followers'
 * contract accounts, closed with the trader's at the same tick (mirror.ts). Statistics come only from the
 * traders' own closed positions (copy-rules.ts traderFigures), recomputed at start, after each close of a
 * trader's own position (once its mirror is handled) and hourly; follower counts are counted follows.
 * Nothing here, in the settings or in the back office can choose a result.
 *
 * Rules decided here (with the worked examples in copy-rules.ts):
 *  - A follower's open copies stay linked after the follow is cancelled (or the trader revoked) and close
 *    with the trader's positions; the follower may take any over (self-hold) and close it by hand.
 *  - A self-held copy is the follower's own from then on, after the trader's share of its profit so far is
 *    settled at the mark, citing the tick (copy-rules selfHoldShare; review money 10), so taking a winning
 *    copy over does not dodge the agreed share. The mark is the first tick recorded after the request, as
 *    for a contract close (contracts/service.ts), never the latest one the follower has seen: seeing the
 *    exchanges rise, a follower would otherwise take over at the lower mark and share less profit. A stale
 *    index, or no tick in time, refuses the self-hold (index_unavailable).
 *  - A follow counts among a trader's followers only while it holds funds (copy-rules followHoldsFunds).
 *  - The profit share is the one agreed when following (an edit of the follow keeps it); a later change of
 *    the setting applies to new follows only.
 *  - A trader cannot follow; a user who follows cannot apply to become a trader until the follows end.
 */
import {
  normalizeCopyNumber,
  isPositive,
  selfHoldShare,
  PAGE_SIZE,
  cmp,
  addDays,
  localDay,
  traderFigures,
  toAmountString,
  COPY_SERIES_DAYS,
  type CopyFollowStatus,
  type CopyLimits,
  type CopyMe,
  type CopyPositionView,
  type CopySettingsInput,
  type CopySettingsView,
  type CopySkipView,
  type CopyTraderAdminView,
  type CopyTraderStatus,
  type FollowInput,
  type FollowView,
  type TraderCard,
  type TraderDetail,
  type TraderTrade,
} from '@fairex/contract';
import type { Db, Executor, Tx } from '../db/client.ts';
import { DomainError } from '../http/errors.ts';
import { errorText, retryDelayMs, type JobScheduler } from '../jobs/scheduler.ts';
import type { ContractService, PositionMirror } from '../contracts/service.ts';
import { lockPosition, positionsById, type PositionRow } from '../contracts/repository.ts';
import type { Locked } from '../contracts/settlement.ts';
import { post, userAccount } from '../ledger/index.ts';
import type { NotificationService } from '../notifications/service.ts';
import { maskAccount } from '../referrals/rules.ts';
import type { UploadUrls } from '../uploads/signing.ts';
import { wealthTimeZone } from '../wealth/settings.ts';
import { logAction, type Operator } from '../admin/operators.ts';
import { closeCopies, openCopies, payProfitShares } from './mirror.ts';
import {
  activeFollow,
  activeFollowCount,
  approvedTraderIds,
  approvedTraderPage,
  cancelFollows,
  claimMirror,
  copyIdPage,
  copySettings,
  decideTrader,
  followerTotals,
  followFiguresOf,
  followPage,
  insertFollow,
  markMirrorDone,
  markMirrorFailed,
  insertSelfHold,
  markSelfHeld,
  profitShareReceived,
  recordMirrors,
  saveApplication,
  saveTraderStats,
  setCopyShares,
  skipPage,
  traderAdminPage,
  traderAdminRow,
  traderCardRow,
  traderDays,
  traderRow,
  traderTradePage,
  updateCopySettings,
  updateFollow,
  userNames,
  type CopySettingsRow,
  type MirrorRow,
  type FollowFiguresRow,
  type SkipRow,
  type TraderAdminRow,
  type TraderCardRow,
} from './repository.ts';

/** How often pending mirrors left by a crash or by another process are picked up. */
export const MIRROR_JOB_EVERY_MS = 2_000;
/** Trader data updates hourly (spec section 9). */
export const STATS_JOB_EVERY_MS = 60 * 60_000;
/** Mirrors one drain handles at most before yielding to the next kick. */
export const MIRRORS_PER_DRAIN_MAX = 100;

export type CopyServiceOptions = {
  contracts: ContractService;
  uploads: UploadUrls;
  now?: () => number;
  onError?: (error: unknown) => void;
  /** Tells a follower a copy was skipped for want of balance (the app's; tests may leave it out). */
  notifications?: NotificationService;
};

const nameOf = (u: { account: string; nickname: string | null }) => u.nickname || maskAccount(u.account);

export class CopyService implements PositionMirror {
  private queue: Promise<void> = Promise.resolve();
  private kicked = false;
  private readonly now: () => number;
  private readonly contracts: ContractService;

  constructor(
    private readonly db: Db,
    private readonly options: CopyServiceOptions,
  ) {
    this.now = options.now ?? Date.now;
    this.contracts = options.contracts;
    this.contracts.setMirror(this);
  }

  // ---------------------------------------------------------------- mirroring

  /**
   * In the transaction that opened or closed positions: the approved traders' own ones get an outbox row;
   * closed copies still following their trader pay the trader's share, whatever closed them (mirror.ts),
   * set on their rows before the close writes them.
   */
  async record(tx: Tx, action: 'open' | 'close', rows: Locked[]) {
    await recordMirrors(tx, action, rows.filter((r) => r.copyOf === null), new Date(this.now()));
    if (action === 'close') await payProfitShares(tx, this.contracts, rows);
  }

  /** After that transaction committed: the pending mirrors are handled in turn (one queue per process). */
  kick() {
    if (this.kicked) return;
    this.kicked = true;
    this.queue = this.queue
      .then(() => {
        this.kicked = false;
        return this.drain();
      })
      .catch((error) => this.options.onError?.(error));
  }

  /** Waits until every mirror kicked so far is handled (tests, shutdown). */
  settled() {
    return this.queue;
  }

  /**
   * Pending mirrors in id order (a trader's open before its close), one transaction each. One that fails
   * is rolled back and waits (JobScheduler's backoff) while the later ones go on: a trader's close handled
   * before its failed open closes no copy, and the open, tried again, finds the trader's position closed
   * and records skips instead of opening copies. The traders whose positions closed then get their
   * statistics recomputed, once each, so the figures match the closed trades without waiting for the hour.
   */
  private async drain() {
    const closed = new Set<number>();
    for (let i = 0; i < MIRRORS_PER_DRAIN_MAX; i++) {
      let claimed: MirrorRow | undefined;
      const result = await this.db
        .transaction(async (tx) => {
          const now = new Date(this.now());
          claimed = await claimMirror(tx, now);
          if (!claimed) return null;
          const done =
            claimed.action === 'open'
              ? await openCopies(tx, this.contracts, claimed.trader_position_id, now, this.options.notifications)
              : await closeCopies(tx, this.contracts, claimed.trader_position_id);
          await markMirrorDone(tx, claimed.id, done.copies, done.skipped, now);
          return done;
        })
        .catch(async (error: unknown) => {
          this.options.onError?.(error);
          if (!claimed) throw error;
          await markMirrorFailed(this.db, claimed.id, (attempts) => new Date(this.now() + retryDelayMs(attempts)), errorText(error));
          return 'failed' as const;
        });
      if (result === null) break;
      if (result !== 'failed') await this.contracts.afterCommit(result.rows);
      // The trader's own close has committed whatever happened to the copies: the figures may count it.
      if (claimed?.action === 'close') closed.add(claimed.trader_id);
    }
    // Statistics apart from the money: a failure here is reported and the hourly run corrects it.
    if (closed.size > 0) await this.refreshStats(this.db, new Date(this.now()), [...closed]).catch((error: unknown) => this.options.onError?.(error));
  }

  /**
   * POST /follow/selfHolding: the follower takes a copy over; it closes by hand from then on. The trader's
   * share of the profit so far is paid at the first tick after the request (awaited before anything is
   * locked; the tick recorded with it), in one transaction: refused as insufficient_balance when the
   * follower's available cannot pay it.
   */
  async selfHold(userId: number, positionId: number): Promise<CopyPositionView> {
    // Checked before the wait and again once locked.
    const copyHeld = (p: PositionRow | undefined) => {
      if (!p || p.userId !== userId) throw new DomainError('not_found');
      if (p.copyOf === null || p.selfHeldAt !== null || p.status !== 'open') throw new DomainError('copy_not_a_copy');
      return p;
    };
    const symbol = this.contracts.symbolById(copyHeld((await positionsById(this.db, [positionId]))[0]).symbolId);
    if (!symbol) throw new DomainError('index_unavailable');
    const tick = await this.contracts.tickAfterNow(symbol);
    const row = await this.db.transaction(async (tx) => {
      const p = copyHeld(await lockPosition(tx, positionId));
      const at = this.now();
      const { profit, share } = selfHoldShare(
        { side: p.side, openPrice: p.openPrice!, markPrice: tick.price, lots: p.lots, contractSize: p.contractSize, fee: p.fee, overnightFee: p.overnightFee },
        p.copyShareRate ?? '0',
        symbol.coinDecimals,
      );
      if (isPositive(share)) {
        const ref = { refType: 'contract_position', refId: p.id };
        await post(tx, {
          kind: 'copy_profit_share',
          ...ref,
          legs: [
            { accountId: await userAccount(tx, p.userId, p.currencyId, 'contract'), amount: `-${share}` },
            { accountId: await userAccount(tx, p.copyTraderId!, p.currencyId, 'contract'), amount: share },
          ],
        });
      }
      const now = new Date(at);
      await insertSelfHold(tx, { positionId: p.id, followerId: p.userId, traderId: p.copyTraderId!, tickId: tick.id, markPrice: tick.price, profit, share, at: now });
      // A copy taken over at no profit keeps no share figure (as one closed by hand before this rule).
      if (isPositive(share)) await setCopyShares(tx, [{ id: p.id, share }]);
      await markSelfHeld(tx, p.id, now);
      return { ...p, selfHeldAt: now, copyShare: isPositive(share) ? share : p.copyShare };
    });
    await this.contracts.afterCommit([row]);
    // The share moved the follower's and the trader's contract balances.
    await this.contracts.refreshAccounts(this.db, [
      { userId: row.userId, currencyId: row.currencyId },
      { userId: row.copyTraderId!, currencyId: row.currencyId },
    ]);
    return (await this.copyViews(this.db, [row]))[0]!;
  }

  // ---------------------------------------------------------------- traders

  private async limits(db: Executor): Promise<{ settings: CopySettingsRow; limits: CopyLimits }> {
    const settings = await copySettings(db);
    return {
      settings,
      limits: {
        traders_per_follower_max: settings.traders_per_follower_max,
        ratio_max: toAmountString(settings.ratio_max),
        lots_max: settings.lots_max,
        profit_share_rate: toAmountString(settings.profit_share_rate),
      },
    };
  }

  private card(row: TraderCardRow, shareRate: string, following: boolean): TraderCard {
    const { series: _series, ...figures } = row.figures ?? traderFigures([], '', '', []);
    return {
      trader_user_id: row.user_id,
      name: nameOf(row),
      avatar: this.options.uploads.sign(row.head_portrait, this.now()),
      demo: row.demo,
      since: (row.decided_at ?? row.applied_at),
      profit_share_rate: shareRate,
      stats: { ...figures, current_positions: row.current_positions, followers: row.followers, computed_at: row.computed_at, first_trade_at: row.first_trade_at },
      following,
    };
  }

  private async followedBy(viewerId: number | undefined): Promise<Set<number>> {
    if (viewerId === undefined) return new Set();
    const { rows } = await followPage(this.db, { followerId: viewerId, status: 'following' }, 1, 100);
    return new Set(rows.map((r) => r.trader_id));
  }

  /** GET /follow/index. */
  async index(viewerId: number | undefined, input: { page: number; sort: 'return' | 'profit' | 'accuracy' | 'followers' }) {
    const { rows, total } = await approvedTraderPage(this.db, input.sort, input.page, PAGE_SIZE);
    const { limits } = await this.limits(this.db);
    const followed = await this.followedBy(viewerId);
    return { data: rows.map((r) => this.card(r, limits.profit_share_rate, followed.has(r.user_id))), total, page: input.page, limit: PAGE_SIZE };
  }

  private async approvedCard(traderId: number) {
    const row = await traderCardRow(this.db, traderId);
    const trader = await traderRow(this.db, traderId);
    if (!row || trader?.status !== 'approved') throw new DomainError('copy_trader_unavailable');
    return row;
  }

  /** GET /follow/traderDetail. */
  async traderDetail(viewerId: number | undefined, traderId: number): Promise<TraderDetail> {
    const row = await this.approvedCard(traderId);
    const { limits } = await this.limits(this.db);
    const follow = viewerId === undefined ? undefined : await activeFollow(this.db, viewerId, traderId);
    const reason = await this.cannotFollow(viewerId, traderId, follow !== undefined, limits);
    const series = row.figures?.series ?? [];
    return {
      ...this.card(row, limits.profit_share_rate, follow !== undefined),
      series,
      time_zone: await wealthTimeZone(this.db),
      my_follow: follow ? this.followView((await followFiguresOf(this.db, follow.id))!) : null,
      can_follow: reason === null,
      cannot_follow_reason: reason,
      limits,
    };
  }

  private async cannotFollow(viewerId: number | undefined, traderId: number, following: boolean, limits: CopyLimits): Promise<TraderDetail['cannot_follow_reason']> {
    if (viewerId === undefined) return 'not_logged_in';
    if (viewerId === traderId) return 'self';
    const own = await traderRow(this.db, viewerId);
    if (own?.status === 'approved' || own?.status === 'pending') return 'is_trader';
    if (!following && (await activeFollowCount(this.db, viewerId)) >= limits.traders_per_follower_max) return 'follows_max';
    return null;
  }

  /** GET /follow/historyTrade. */
  async historyTrade(traderId: number, page: number) {
    await this.approvedCard(traderId);
    const { rows, total } = await traderTradePage(this.db, traderId, page, PAGE_SIZE);
    const data: TraderTrade[] = rows.map((r) => ({
      id: Number(r.id),
      symbol: r.symbol,
      side: r.side,
      share: r.lots,
      multiple: r.multiple,
      open_price: toAmountString(r.open_price),
      close_price: toAmountString(r.close_price),
      margin: toAmountString(r.margin),
      profit: toAmountString(r.net),
      opened_at: r.opened_at,
      closed_at: r.closed_at,
    }));
    return { data, total, page, limit: PAGE_SIZE };
  }

  /** POST /follow/apply: an application to become a trader (after accepting the agreement); an operator decides. */
  async apply(userId: number, input: { agreement: 'zh' | 'en' }): Promise<CopyMe> {
    await this.db.transaction(async (tx) => {
      const own = await traderRow(tx, userId, true);
      if (own?.status === 'pending' || own?.status === 'approved') throw new DomainError('copy_already_applied');
      if ((await activeFollowCount(tx, userId)) > 0) throw new DomainError('copy_apply_while_following');
      await saveApplication(tx, userId, input.agreement, new Date(this.now()));
    });
    return this.me(userId);
  }

  /** GET /follow/me. */
  async me(userId: number): Promise<CopyMe> {
    const { limits } = await this.limits(this.db);
    const own = await traderRow(this.db, userId);
    const totals = await followerTotals(this.db, userId);
    const cardRow = own?.status === 'approved' ? await traderCardRow(this.db, userId) : undefined;
    const cannotApply = own?.status === 'pending' ? 'pending' : own?.status === 'approved' ? 'approved' : totals.following > 0 ? 'following' : null;
    return {
      trader: own
        ? {
            status: own.status,
            reason: own.reason,
            applied_at: own.applied_at,
            decided_at: own.decided_at,
            card: cardRow ? this.card(cardRow, limits.profit_share_rate, false) : null,
            profit_share_received: toAmountString(await profitShareReceived(this.db, userId)),
          }
        : null,
      can_apply: cannotApply === null,
      cannot_apply_reason: cannotApply,
      follower: { following: totals.following, follow_amount: toAmountString(totals.follow_amount), earnings: toAmountString(totals.earnings), open_copies: totals.open_copies, self_held: totals.self_held },
      limits,
    };
  }

  // ---------------------------------------------------------------- follows

  private followView(r: FollowFiguresRow): FollowView {
    return {
      id: Number(r.id),
      trader_user_id: r.trader_id,
      trader_name: nameOf({ account: r.trader_account, nickname: r.trader_nickname }),
      type: r.type,
      number: toAmountString(r.number),
      status: r.status,
      profit_share_rate: toAmountString(r.profit_share_rate),
      created_at: r.created_at,
      updated_at: r.updated_at,
      cancelled_at: r.cancelled_at,
      follow_amount: toAmountString(r.follow_amount),
      open_copies: r.open_copies,
      closed_copies: r.closed_copies,
      self_held: r.self_held,
      earnings: toAmountString(r.earnings),
      profit_share_paid: toAmountString(r.profit_share_paid),
      skipped: r.skipped,
    };
  }

  /** POST /follow/follow: follows the trader, or edits the caller's follow of them (type and number). */
  async follow(userId: number, input: FollowInput, demo = false): Promise<FollowView> {
    const number = normalizeCopyNumber(input.type, input.number);
    if (number === null) throw new DomainError('wrong_number');
    const id = await this.db.transaction(async (tx) => {
      const { limits, settings } = await this.limits(tx);
      if (input.type === 'multiple' && cmp(number, settings.ratio_max) > 0) throw new DomainError('copy_ratio_above_max');
      if (input.type === 'lots' && cmp(number, settings.lots_max) > 0) throw new DomainError('copy_lots_above_max');
      if (userId === input.trader_user_id) throw new DomainError('copy_self_follow');
      const trader = await traderRow(tx, input.trader_user_id, true);
      if (trader?.status !== 'approved') throw new DomainError('copy_trader_unavailable');
      // The follower's own row locked too: an application cannot pass while this follow is being made.
      const own = await traderRow(tx, userId, true);
      if (own?.status === 'approved' || own?.status === 'pending') throw new DomainError('copy_trader_cannot_follow');
      const now = new Date(this.now());
      const existing = await activeFollow(tx, userId, input.trader_user_id, true);
      if (existing) {
        await updateFollow(tx, existing.id, input.type, number, now);
        return existing.id;
      }
      if ((await activeFollowCount(tx, userId)) >= limits.traders_per_follower_max) throw new DomainError('copy_follows_max');
      return insertFollow(tx, { followerId: userId, traderId: input.trader_user_id, type: input.type, number, shareRate: settings.profit_share_rate, demo }, now);
    });
    return this.followView((await followFiguresOf(this.db, id))!);
  }

  /** POST /follow/cancel (follow_user_id: the trader). New positions are no longer copied; open copies stay linked. */
  async cancel(userId: number, traderId: number): Promise<FollowView> {
    const id = await this.db.transaction(async (tx) => {
      const existing = await activeFollow(tx, userId, traderId, true);
      if (!existing) throw new DomainError('copy_not_following');
      await cancelFollows(tx, { id: existing.id }, new Date(this.now()));
      return existing.id;
    });
    return this.followView((await followFiguresOf(this.db, id))!);
  }

  /** GET /follow/myFollows. */
  async myFollows(userId: number, input: { status: CopyFollowStatus | 'all'; page: number }) {
    const { rows, total } = await followPage(this.db, { followerId: userId, status: input.status }, input.page, PAGE_SIZE);
    return { data: rows.map((r) => this.followView(r)), total, page: input.page, limit: PAGE_SIZE };
  }

  private async copyViews(db: Executor, rows: PositionRow[]): Promise<CopyPositionView[]> {
    const names = await userNames(db, [...new Set(rows.map((r) => r.copyTraderId!))]);
    return rows.map((p) => ({
      ...this.contracts.view(p),
      trader_user_id: p.copyTraderId!,
      trader_name: nameOf(names.get(p.copyTraderId!) ?? { account: '', nickname: null }),
      copy_of: p.copyOf!,
      self_held: p.selfHeldAt !== null,
      profit_share: p.copyShare === null ? null : toAmountString(p.copyShare),
    }));
  }

  /** GET /follow/myCopies: the caller's copied positions, current (open) or history (closed). */
  async myCopies(userId: number, input: { status: 'current' | 'history'; page: number }) {
    const { ids, total } = await copyIdPage(this.db, userId, input.status, input.page, PAGE_SIZE);
    const rows = await positionsById(this.db, ids);
    return { data: await this.copyViews(this.db, rows), total, page: input.page, limit: PAGE_SIZE };
  }

  private skipView(r: SkipRow): CopySkipView {
    return {
      id: Number(r.id),
      trader_user_id: r.trader_id,
      trader_name: nameOf({ account: r.trader_account, nickname: r.trader_nickname }),
      symbol: r.symbol,
      side: r.side,
      trader_lots: r.trader_lots,
      reason: r.reason,
      created_at: r.created_at,
    };
  }

  /** GET /follow/mySkips. */
  async mySkips(userId: number, page: number) {
    const { rows, total } = await skipPage(this.db, userId, page, PAGE_SIZE);
    return { data: rows.map((r) => this.skipView(r)), total, page, limit: PAGE_SIZE };
  }

  // ---------------------------------------------------------------- statistics

  /** Recomputes every approved trader's figures, or the named traders' (at start, hourly, after an approval, after a trader's close). */
  async refreshStats(db: Executor, now: Date, traderIds?: number[]) {
    const timeZone = await wealthTimeZone(db);
    const today = localDay(now.getTime(), timeZone);
    const seriesDays = Array.from({ length: COPY_SERIES_DAYS }, (_, i) => addDays(today, i - COPY_SERIES_DAYS + 1));
    for (const id of traderIds ?? (await approvedTraderIds(db))) {
      const { days, firstTradeAt } = await traderDays(db, id, timeZone);
      await saveTraderStats(db, id, traderFigures(days, today, addDays(today, -1), seriesDays), firstTradeAt, now);
    }
  }

  /**
   * At start: every trader's figures computed now. The hourly job's row keeps its due time across
   * restarts, so without this the figures could miss the closes of up to an hour.
   */
  async start() {
    await this.refreshStats(this.db, new Date(this.now()));
  }

  register(jobs: JobScheduler) {
    jobs.every('copy.mirror', MIRROR_JOB_EVERY_MS, async () => {
      // Queued, not awaited: the drain opens its own transactions (one connection on PGlite).
      this.kick();
    });
    jobs.every('copy.stats', STATS_JOB_EVERY_MS, async (tx, _job, now) => {
      await this.refreshStats(tx, now);
    });
  }

  // ---------------------------------------------------------------- back office

  private adminView(r: TraderAdminRow, shareRate: string): CopyTraderAdminView {
    return {
      user_id: r.user_id,
      account: r.account,
      name: nameOf(r),
      status: r.status,
      agreement: r.agreement,
      reason: r.reason,
      demo: r.demo,
      applied_at: r.applied_at,
      decided_at: r.decided_at,
      decided_by: r.operator,
      stats: r.figures ? this.card(r, shareRate, false).stats : null,
    };
  }

  async adminTraders(input: { status: CopyTraderStatus | 'all'; page: number }) {
    const { rows, total } = await traderAdminPage(this.db, input.status, input.page, PAGE_SIZE);
    const { limits } = await this.limits(this.db);
    return { data: rows.map((r) => this.adminView(r, limits.profit_share_rate)), total, page: input.page, limit: PAGE_SIZE };
  }

  /**
   * Approve or refuse a pending application, or revoke an approved trader (logged). Revoking ends the
   * trader's follows in the same transaction; open copies stay linked and close with the trader's positions.
   */
  async decide(operator: Operator, input: { user_id: number; decision: 'approve' | 'reject' | 'revoke'; reason: string }): Promise<CopyTraderAdminView> {
    await this.db.transaction(async (tx) => {
      const row = await traderRow(tx, input.user_id, true);
      if (!row) throw new DomainError('not_found');
      const from = input.decision === 'revoke' ? 'approved' : 'pending';
      if (row.status !== from) throw new DomainError('already_reviewed');
      const to: CopyTraderStatus = input.decision === 'approve' ? 'approved' : input.decision === 'reject' ? 'rejected' : 'revoked';
      const now = new Date(this.now());
      await decideTrader(tx, input.user_id, to, input.decision === 'approve' ? null : input.reason, operator.id, now);
      if (to === 'revoked') await cancelFollows(tx, { traderId: input.user_id }, now);
      if (to === 'approved') await this.refreshStats(tx, now, [input.user_id]);
      await logAction(tx, operator.id, `copy.trader.${input.decision}`, `user:${input.user_id}`, { reason: input.reason || null });
    });
    const { limits } = await this.limits(this.db);
    return this.adminView((await traderAdminRow(this.db, input.user_id))!, limits.profit_share_rate);
  }

  async adminFollows(input: { status: CopyFollowStatus | 'all'; trader_user_id?: number; page: number }) {
    const { rows, total } = await followPage(this.db, { traderId: input.trader_user_id, status: input.status }, input.page, PAGE_SIZE);
    return { data: rows.map((r) => ({ ...this.followView(r), follower_user_id: r.follower_id, follower_account: r.follower_account })), total, page: input.page, limit: PAGE_SIZE };
  }

  async adminSkips(page: number) {
    const { rows, total } = await skipPage(this.db, undefined, page, PAGE_SIZE);
    return { data: rows.map((r) => ({ ...this.skipView(r), follower_user_id: r.follower_id, follower_account: r.follower_account })), total, page, limit: PAGE_SIZE };
  }

  async settings(): Promise<CopySettingsView> {
    const { settings, limits } = await this.limits(this.db);
    return { ...limits, demo_trading: settings.demo_trading, updated_at: settings.updated_at };
  }

  async saveSettings(operator: Operator, input: CopySettingsInput): Promise<CopySettingsView> {
    await this.db.transaction(async (tx) => {
      const before = await copySettings(tx);
      await updateCopySettings(tx, input, new Date(this.now()));
      await logAction(tx, operator.id, 'copy.settings', 'copy_settings', { before, after: input });
    });
    return this.settings();
  }
}
