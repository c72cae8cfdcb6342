/** Notifications and system notices: the only place their SQL is written. */
import type { NoticeTexts, NotificationEventKind, NotificationSource } from '@fairex/contract';
import { and, asc, count, desc, eq, isNull, lte, ne, sql } from 'drizzle-orm';
import { users } from '../accounts/tables.ts';
import { bigintArray, queryRows, type Executor, type Tx } from '../db/client.ts';
import { currencies } from '../site/tables.ts';
import { MARKET_MAKER_ACCOUNT } from '../spot/market-maker.ts';
import { notifications, systemNoticeReads, systemNotices } from './tables.ts';

export type NotificationRow = typeof notifications.$inferSelect;
export type SystemNotice = typeof systemNotices.$inferSelect;
export type NewNotification = Pick<typeof notifications.$inferInsert, 'userId' | 'kind' | 'refId' | 'figures' | 'createdAt'>;

// ---------------------------------------------------------------- the user's events

/**
 * Records events; one already recorded (same kind and business row) is left as it is. One JSON parameter
 * however many rows: the fills of every spot batch come here, and a bind per column and row built by
 * Drizzle cost the order path.
 */
export async function insertNotifications(db: Executor, rows: NewNotification[]): Promise<void> {
  if (rows.length === 0) return;
  const json = JSON.stringify(rows.map((r) => ({ user_id: r.userId, kind: r.kind, ref_id: r.refId, figures: r.figures, created_at: r.createdAt })));
  await db.execute(sql`
    insert into notifications (user_id, kind, ref_id, figures, created_at)
    select user_id, kind, ref_id, figures, created_at from json_to_recordset(${json}::json) as n (user_id int, kind text, ref_id bigint, figures jsonb, created_at bigint)
    on conflict (kind, ref_id) do nothing`);
}

export async function coinName(db: Executor, currencyId: number): Promise<string> {
  const [row] = await db.select({ name: currencies.name }).from(currencies).where(eq(currencies.id, currencyId)).limit(1);
  if (!row) throw new Error(`notifications: coin ${currencyId} not found`);
  return row.name;
}

/** The market maker's user id (its fills are the platform's own, nobody to tell), or undefined before it is seeded. */
export async function marketMakerId(db: Executor): Promise<number | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.account, MARKET_MAKER_ACCOUNT)).limit(1);
  return row?.id;
}

/** A list row as the union of both sources reads it. */
export type ItemRow = {
  source: NotificationSource;
  id: number;
  kind: NotificationEventKind | 'system';
  figures: Record<string, unknown> | null;
  texts: NoticeTexts | null;
  at: number;
  read: boolean;
};

/** System notices a user sees at `now`: published, not withdrawn. */
const shownNotices = (now: number) => sql`s.withdrawn_at is null and s.publish_at <= ${now}`;

/** One page of the user's events and the system notices shown, newest first (ties: events first, then by id). */
export async function pageItems(db: Executor, userId: number, now: number, page: number, limit: number): Promise<{ rows: ItemRow[]; total: number }> {
  const rows = await queryRows<Omit<ItemRow, 'id' | 'at'> & { id: string | number; at: string | number }>(
    db,
    sql`select * from (
          select 'event' as source, n.id, n.kind, n.figures, null::jsonb as texts, n.created_at as at, n.read_at is not null as read
          from ${notifications} n where n.user_id = ${userId}
          union all
          select 'system', s.id::bigint, 'system', null::jsonb, s.texts, s.publish_at,
                 exists (select 1 from ${systemNoticeReads} r where r.notice_id = s.id and r.user_id = ${userId})
          from ${systemNotices} s where ${shownNotices(now)}
        ) items
        order by at desc, source asc, id desc
        limit ${limit} offset ${(page - 1) * limit}`,
  );
  const [totals] = await queryRows<{ total: string | number }>(
    db,
    sql`select (select count(*) from ${notifications} n where n.user_id = ${userId})
             + (select count(*) from ${systemNotices} s where ${shownNotices(now)}) as total`,
  );
  return { rows: rows.map((row) => ({ ...row, id: Number(row.id), at: Number(row.at) })), total: Number(totals?.total ?? 0) };
}

/** The user's unread events plus the shown system notices they have not read. */
export async function countUnread(db: Executor, userId: number, now: number): Promise<number> {
  const [row] = await queryRows<{ unread: string | number }>(
    db,
    sql`select (select count(*) from ${notifications} n where n.user_id = ${userId} and n.read_at is null)
             + (select count(*) from ${systemNotices} s where ${shownNotices(now)}
                and not exists (select 1 from ${systemNoticeReads} r where r.notice_id = s.id and r.user_id = ${userId})) as unread`,
  );
  return Number(row?.unread ?? 0);
}

/** Marks one of the user's own events read (a second time changes nothing); false when the user has no such event. */
export async function markEventRead(db: Executor, userId: number, id: number, now: number): Promise<boolean> {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, ${now}::bigint)` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return row !== undefined;
}

/** Marks a shown system notice read by the user (once); false when no such notice is shown now. */
export async function markNoticeRead(db: Executor, userId: number, id: number, now: number): Promise<boolean> {
  const rows = await queryRows<{ id: string | number }>(
    db,
    sql`with shown as (select s.id from ${systemNotices} s where s.id = ${id} and ${shownNotices(now)}),
             marked as (insert into ${systemNoticeReads} (notice_id, user_id, read_at) select id, ${userId}::int, ${now}::bigint from shown on conflict do nothing)
        select id from shown`,
  );
  return rows.length > 0;
}

/** Marks every event of the user and every system notice shown now read. */
export async function markAllRead(tx: Tx, userId: number, now: number) {
  await tx
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  await tx.execute(
    sql`insert into ${systemNoticeReads} (notice_id, user_id, read_at)
        select s.id, ${userId}::int, ${now}::bigint from ${systemNotices} s where ${shownNotices(now)}
        on conflict do nothing`,
  );
}

// ---------------------------------------------------------------- the realtime signal

/** Events whose signal has not gone out, oldest first, rows locked; rows another run holds are skipped. */
export function claimUnpushedEvents(tx: Tx, limit: number): Promise<Pick<NotificationRow, 'id' | 'userId' | 'kind'>[]> {
  return tx
    .select({ id: notifications.id, userId: notifications.userId, kind: notifications.kind })
    .from(notifications)
    .where(isNull(notifications.pushedAt))
    .orderBy(asc(notifications.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** Shown notices whose signal has not gone out, rows locked; rows another run holds are skipped. */
export function claimUnpushedNotices(tx: Tx, now: number, limit: number): Promise<Pick<SystemNotice, 'id'>[]> {
  return tx
    .select({ id: systemNotices.id })
    .from(systemNotices)
    .where(and(isNull(systemNotices.pushedAt), isNull(systemNotices.withdrawnAt), lte(systemNotices.publishAt, now)))
    .orderBy(asc(systemNotices.publishAt), asc(systemNotices.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function setPushed(tx: Tx, ids: { events: number[]; notices: number[] }, now: number) {
  if (ids.events.length > 0) await tx.update(notifications).set({ pushedAt: now }).where(sql`${notifications.id} = any(${bigintArray(ids.events)}::bigint[])`);
  if (ids.notices.length > 0) await tx.update(systemNotices).set({ pushedAt: now }).where(sql`${systemNotices.id} = any(${bigintArray(ids.notices)}::int[])`);
}

// ---------------------------------------------------------------- back office

export type NoticeWithReads = { notice: SystemNotice; reads: number };

/** Every notice, newest first, each with how many users read it. */
export async function pageNotices(db: Executor, page: number, limit: number): Promise<{ rows: NoticeWithReads[]; total: number }> {
  const reads = db
    .select({ noticeId: systemNoticeReads.noticeId, reads: count().as('reads') })
    .from(systemNoticeReads)
    .groupBy(systemNoticeReads.noticeId)
    .as('reads');
  const rows = await db
    .select({ notice: systemNotices, reads: sql<number>`coalesce(${reads.reads}, 0)::int` })
    .from(systemNotices)
    .leftJoin(reads, eq(reads.noticeId, systemNotices.id))
    .orderBy(desc(systemNotices.publishAt), desc(systemNotices.id))
    .limit(limit)
    .offset((page - 1) * limit);
  const [total] = await db.select({ n: count() }).from(systemNotices);
  return { rows, total: total?.n ?? 0 };
}

/** The users a notice may reach (every account but the market maker's). */
export async function countUsers(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(ne(users.account, MARKET_MAKER_ACCOUNT));
  return row?.n ?? 0;
}

export async function readsOf(db: Executor, noticeId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(systemNoticeReads).where(eq(systemNoticeReads.noticeId, noticeId));
  return row?.n ?? 0;
}

export async function insertNotice(db: Executor, values: typeof systemNotices.$inferInsert): Promise<SystemNotice> {
  const [row] = await db.insert(systemNotices).values(values).returning();
  return row!;
}

/** The notice row locked until the transaction ends (an edit or a withdrawal). */
export async function lockNotice(tx: Tx, id: number): Promise<SystemNotice | undefined> {
  const [row] = await tx.select().from(systemNotices).where(eq(systemNotices.id, id)).for('update');
  return row;
}

export async function updateNotice(tx: Tx, id: number, values: Partial<typeof systemNotices.$inferInsert>): Promise<SystemNotice> {
  const [row] = await tx.update(systemNotices).set(values).where(eq(systemNotices.id, id)).returning();
  return row!;
}

/** Whether any demo notice exists (the development seed runs once). */
export async function hasDemoNotice(db: Executor): Promise<boolean> {
  const [row] = await db.select({ id: systemNotices.id }).from(systemNotices).where(eq(systemNotices.demo, true)).limit(1);
  return row !== undefined;
}
