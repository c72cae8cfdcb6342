import { and, count, desc, eq, gt, lt, sql, type SQL } from 'drizzle-orm';
import { users } from '../accounts/tables.ts';
import { operators } from '../admin/tables.ts';
import type { Executor } from '../db/client.ts';
import { supportMessages, supportThreads } from './tables.ts';

export type SupportThread = typeof supportThreads.$inferSelect;
export type MessageRow = typeof supportMessages.$inferSelect & { operator: string | null };

export async function threadOfUser(db: Executor, userId: number) {
  const [row] = await db.select().from(supportThreads).where(eq(supportThreads.userId, userId)).limit(1);
  return row;
}

/** The user's thread, created at their first message, locked for the caller's transaction (one writer at a time). */
export async function lockThreadOfUser(db: Executor, userId: number, now: Date) {
  await db.insert(supportThreads).values({ userId, lastMessageAt: now, createdAt: now }).onConflictDoNothing({ target: supportThreads.userId });
  const [row] = await db.select().from(supportThreads).where(eq(supportThreads.userId, userId)).for('update');
  return row!;
}

export async function lockThread(db: Executor, id: number) {
  const [row] = await db.select().from(supportThreads).where(eq(supportThreads.id, id)).for('update');
  return row;
}

export async function insertMessage(db: Executor, values: typeof supportMessages.$inferInsert) {
  const [row] = await db.insert(supportMessages).values(values).returning();
  return row!;
}

/** Records the thread's last message time; the author's side has read everything up to its own message. */
export async function touchThread(db: Executor, id: number, message: { id: number; createdAt: Date; author: 'user' | 'operator' }) {
  const read = message.author === 'user' ? { userReadId: message.id } : { operatorReadId: message.id };
  await db
    .update(supportThreads)
    .set({ lastMessageAt: message.createdAt, ...read })
    .where(eq(supportThreads.id, id));
}

/** A page of a thread, newest first (messages older than `before` when given); one more than `limit` tells there is more. */
export async function messagesOf(db: Executor, threadId: number, before: number | undefined, limit: number): Promise<MessageRow[]> {
  const rows = await db
    .select({ message: supportMessages, operator: operators.username })
    .from(supportMessages)
    .leftJoin(operators, eq(operators.id, supportMessages.operatorId))
    .where(and(eq(supportMessages.threadId, threadId), before === undefined ? undefined : lt(supportMessages.id, before)))
    .orderBy(desc(supportMessages.id))
    .limit(limit + 1);
  return rows.map((row) => ({ ...row.message, operator: row.operator }));
}

/**
 * Columns named with their table inside the subqueries below: Drizzle writes a selected column without
 * its table, which inside a subquery on support_messages would name the message's own column.
 */
const threads = (column: 'id' | 'user_read_id' | 'operator_read_id') => sql.raw(`"support_threads"."${column}"`);
const messages = (column: 'id' | 'thread_id' | 'author' | 'body') => sql.raw(`"support_messages"."${column}"`);

/** Messages of the other side after what `side` has read. */
const unreadBy = (side: 'user' | 'operator'): SQL<number> =>
  sql<number>`(SELECT count(*)::int FROM "support_messages" WHERE ${messages('thread_id')} = ${threads('id')}
    AND ${messages('author')} <> ${side} AND ${messages('id')} > ${threads(side === 'user' ? 'user_read_id' : 'operator_read_id')})`;

export async function unreadOfUser(db: Executor, userId: number): Promise<number> {
  const [row] = await db.select({ unread: unreadBy('user') }).from(supportThreads).where(eq(supportThreads.userId, userId)).limit(1);
  return row?.unread ?? 0;
}

/**
 * `side` has read the thread up to `lastId`: its mark moves forward only, and never past the thread's
 * newest message (an id from the future would hide later messages).
 */
export async function markRead(db: Executor, threadId: number, side: 'user' | 'operator', lastId: number) {
  const column = threads(side === 'user' ? 'user_read_id' : 'operator_read_id');
  const newest = sql`(SELECT coalesce(max(${messages('id')}), 0) FROM "support_messages" WHERE ${messages('thread_id')} = ${threads('id')})`;
  const mark = sql`greatest(${column}, least(${lastId}, ${newest}))`;
  await db
    .update(supportThreads)
    .set(side === 'user' ? { userReadId: mark } : { operatorReadId: mark })
    .where(eq(supportThreads.id, threadId));
}

export type ThreadFilter = { unread?: boolean; userId?: number };
export type ThreadRow = Awaited<ReturnType<typeof threadRows>>[number];

const lastOf = <T>(column: 'body' | 'author') =>
  sql<T>`(SELECT ${messages(column)} FROM "support_messages" WHERE ${messages('thread_id')} = ${threads('id')} ORDER BY ${messages('id')} DESC LIMIT 1)`;

/** Threads with their user, unread user messages and last message: unread ones first, then by their last message, newest first. */
function threadRows(db: Executor, where: SQL | undefined, limit: number, offset = 0) {
  const unread = unreadBy('operator');
  return db
    .select({
      thread: supportThreads,
      account: users.account,
      nickname: users.nickname,
      unread,
      lastBody: lastOf<string>('body'),
      lastAuthor: lastOf<'user' | 'operator'>('author'),
    })
    .from(supportThreads)
    .innerJoin(users, eq(users.id, supportThreads.userId))
    .where(where)
    .orderBy(desc(sql`${unread} > 0`), desc(supportThreads.lastMessageAt), desc(supportThreads.id))
    .limit(limit)
    .offset(offset);
}

/** The inbox page. */
export async function pageThreads(db: Executor, filter: ThreadFilter, page: number, limit: number) {
  const where = and(filter.userId === undefined ? undefined : eq(supportThreads.userId, filter.userId), filter.unread ? gt(unreadBy('operator'), 0) : undefined);
  const [rows, [total]] = await Promise.all([threadRows(db, where, limit, (page - 1) * limit), db.select({ n: count() }).from(supportThreads).where(where)]);
  return { rows, total: total?.n ?? 0 };
}

export async function threadRow(db: Executor, id: number): Promise<ThreadRow | undefined> {
  return (await threadRows(db, eq(supportThreads.id, id), 1))[0];
}
