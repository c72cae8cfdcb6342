import { and, count, desc, eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { news } from './tables.ts';

type NewsRow = typeof news.$inferSelect;

const toItem = (n: NewsRow) => ({
  id: n.id,
  c_id: n.categoryId,
  title: n.title,
  content: n.content,
  thumbnail: n.thumbnail,
  link: n.link,
  created_at: n.createdAt.toISOString(),
});

export async function pageNews(db: Executor, categoryId: number, lang: string, page: number, limit: number) {
  const where = and(eq(news.categoryId, categoryId), eq(news.lang, lang), eq(news.published, true));
  const [rows, [total]] = await Promise.all([
    db.select().from(news).where(where).orderBy(desc(news.sort), desc(news.id)).limit(limit).offset((page - 1) * limit),
    db.select({ n: count() }).from(news).where(where),
  ]);
  return { data: rows.map(toItem), total: total?.n ?? 0, page, limit };
}

export async function newsItem(db: Executor, id: number) {
  const [row] = await db.select().from(news).where(and(eq(news.id, id), eq(news.published, true))).limit(1);
  return row ? toItem(row) : undefined;
}

export async function popupNews(db: Executor, lang: string) {
  const [row] = await db
    .select()
    .from(news)
    .where(and(eq(news.popup, true), eq(news.lang, lang), eq(news.published, true)))
    .orderBy(desc(news.id))
    .limit(1);
  return row ? toItem(row) : null;
}
