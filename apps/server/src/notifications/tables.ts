import { NOTIFICATION_EVENT_KINDS, type NoticeTexts } from '@fairex/contract';
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables.ts';

/**
 * A user's own events (migration 0021): the kind, the business row it is about and the figures its
 * sentence is made of; clients render the sentence in the reader's language. (kind, ref_id) is unique, so
 * an event has one notification however often it is recorded. Times are epoch ms from the server's clock;
 * `pushed_at` is when the realtime signal went out (the push job sends the ones without it).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: NOTIFICATION_EVENT_KINDS }).notNull(),
    refId: bigint('ref_id', { mode: 'number' }).notNull(),
    figures: jsonb('figures').$type<Record<string, unknown>>().notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    readAt: bigint('read_at', { mode: 'number' }),
    pushedAt: bigint('pushed_at', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('notifications_event_key').on(t.kind, t.refId),
    index('notifications_user_idx').on(t.userId, t.createdAt, t.id),
    index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
    index('notifications_unpushed_idx').on(t.id).where(sql`${t.pushedAt} is null`),
    check('notifications_kind_check', sql`${t.kind} in (${sql.raw(NOTIFICATION_EVENT_KINDS.map((k) => `'${k}'`).join(', '))})`),
  ],
);

/**
 * System notices operators publish to every user: a title and text per language (English always, the
 * fallback), shown from `publish_at` until withdrawn. `pushed_at`: when the realtime signal went out.
 */
export const systemNotices = pgTable(
  'system_notices',
  {
    id: serial('id').primaryKey(),
    texts: jsonb('texts').$type<NoticeTexts>().notNull(),
    publishAt: bigint('publish_at', { mode: 'number' }).notNull(),
    withdrawnAt: bigint('withdrawn_at', { mode: 'number' }),
    pushedAt: bigint('pushed_at', { mode: 'number' }),
    /** Seeded by a development start (DESIGN.md: demo data is marked as demo). */
    demo: boolean('demo').notNull().default(false),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('system_notices_shown_idx').on(t.publishAt, t.id).where(sql`${t.withdrawnAt} is null`),
    index('system_notices_unpushed_idx').on(t.publishAt).where(sql`${t.pushedAt} is null and ${t.withdrawnAt} is null`),
    check('system_notices_english_check', sql`${t.texts} ? 'en'`),
  ],
);

/** Who read which system notice, once (the key): the back office counts them. */
export const systemNoticeReads = pgTable(
  'system_notice_reads',
  {
    noticeId: integer('notice_id')
      .notNull()
      .references(() => systemNotices.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    readAt: bigint('read_at', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ name: 'system_notice_reads_pkey', columns: [t.noticeId, t.userId] }), index('system_notice_reads_user_idx').on(t.userId)],
);
