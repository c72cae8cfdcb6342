import { CONTENT_IMAGE_URL_PREFIX, DEFAULT_LANG, type ContentPageKey, type Lang, type NewsCategoryId } from '@fairex/contract';
import { and, asc, count, desc, eq, exists, inArray, isNotNull, lt, lte, notExists, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { settings } from '../site/tables.ts';
import { contentImages, news, newsVersions } from './tables.ts';

export type ContentItem = typeof news.$inferSelect;
export type ContentVersion = typeof newsVersions.$inferSelect;
export type ItemWithVersions = ContentItem & { versions: ContentVersion[] };

/** What readers see: published, publish time reached, with a version in the reader's language or in English. */
function visibleIn(lang: Lang, now: Date): SQL {
  return and(
    eq(news.status, 'published'),
    lte(news.publishAt, now),
    exists(sql`(SELECT 1 FROM ${newsVersions} WHERE ${newsVersions.newsId} = ${news.id} AND ${newsVersions.lang} IN (${lang}, ${DEFAULT_LANG}))`),
  )!;
}

/** The operator's order: higher sort first, then the latest publish time, then the newest item. */
const READING_ORDER = [desc(news.sort), desc(news.publishAt), desc(news.id)];

/** The versions of `items` (only the reader's language and English when `lang` is given), attached to each. */
async function withVersions(db: Executor, items: ContentItem[], lang?: Lang): Promise<ItemWithVersions[]> {
  if (items.length === 0) return [];
  const ids = items.map((item) => item.id);
  const versions = await db
    .select()
    .from(newsVersions)
    .where(and(inArray(newsVersions.newsId, ids), lang ? inArray(newsVersions.lang, [lang, DEFAULT_LANG]) : undefined))
    .orderBy(asc(newsVersions.newsId), asc(newsVersions.lang));
  return items.map((item) => ({ ...item, versions: versions.filter((v) => v.newsId === item.id) }));
}

// ---- readers ----

/** One page of the items `where` selects, in the reading order, with their versions (in `lang` and English, or all of them). */
async function pageWhere(db: Executor, where: SQL | undefined, page: number, limit: number, lang?: Lang) {
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(news)
      .where(where)
      .orderBy(...READING_ORDER)
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(news).where(where),
  ]);
  return { items: await withVersions(db, items, lang), total: total?.n ?? 0 };
}

export const pageVisibleNews = (db: Executor, categoryId: NewsCategoryId, lang: Lang, now: Date, page: number, limit: number) =>
  pageWhere(db, and(eq(news.categoryId, categoryId), visibleIn(lang, now)), page, limit, lang);

/** A visible news item or banner (not a page). */
export async function visibleNewsItem(db: Executor, id: number, lang: Lang, now: Date) {
  const [item] = await db
    .select()
    .from(news)
    .where(and(eq(news.id, id), isNotNull(news.categoryId), visibleIn(lang, now)))
    .limit(1);
  return item ? (await withVersions(db, [item], lang))[0] : undefined;
}

/** The popup: the first visible news item or banner marked popup, in the reading order. */
export async function visiblePopup(db: Executor, lang: Lang, now: Date) {
  const [item] = await db
    .select()
    .from(news)
    .where(and(eq(news.popup, true), isNotNull(news.categoryId), visibleIn(lang, now)))
    .orderBy(...READING_ORDER)
    .limit(1);
  return item ? (await withVersions(db, [item], lang))[0] : undefined;
}

/** The visible pages (all of them, or the one of `key`), in the reading order. */
export async function visiblePages(db: Executor, lang: Lang, now: Date, key?: ContentPageKey) {
  const items = await db
    .select()
    .from(news)
    .where(and(isNotNull(news.pageKey), key ? eq(news.pageKey, key) : undefined, visibleIn(lang, now)))
    .orderBy(...READING_ORDER);
  return withVersions(db, items, lang);
}

// ---- back office ----

export type KindFilter = { categoryId: NewsCategoryId } | { pages: true };
const kindWhere = (kind: KindFilter) => ('pages' in kind ? isNotNull(news.pageKey) : eq(news.categoryId, kind.categoryId));

export const pageItems = (db: Executor, kind: KindFilter, page: number, limit: number) => pageWhere(db, kindWhere(kind), page, limit);

export async function itemById(db: Executor, id: number) {
  const [item] = await db.select().from(news).where(eq(news.id, id)).limit(1);
  return item ? (await withVersions(db, [item]))[0] : undefined;
}

/** The item of `id` with its versions, its row locked for the caller's transaction. */
export async function lockItem(db: Executor, id: number) {
  const [item] = await db.select().from(news).where(eq(news.id, id)).for('update');
  return item ? (await withVersions(db, [item]))[0] : undefined;
}

/** The page of `key`, created empty (a draft) when there is none, locked for the caller's transaction. */
export async function lockPage(db: Executor, key: ContentPageKey, now: Date) {
  await db
    .insert(news)
    .values({ pageKey: key, status: 'draft', publishAt: now, updatedAt: now, createdAt: now, revision: 0 })
    .onConflictDoNothing({ target: news.pageKey, where: isNotNull(news.pageKey) });
  const [item] = await db.select().from(news).where(eq(news.pageKey, key)).for('update');
  return (await withVersions(db, [item!]))[0]!;
}

export type ItemValues = Pick<typeof news.$inferInsert, 'status' | 'sort' | 'publishAt' | 'popup'> & { demo?: boolean };

export async function insertItem(db: Executor, values: ItemValues & { categoryId: NewsCategoryId }, now: Date) {
  const [row] = await db
    .insert(news)
    .values({ ...values, updatedAt: now, createdAt: now })
    .returning();
  return row!;
}

/** Writes the item's fields and bumps its revision. */
export async function updateItem(db: Executor, id: number, values: ItemValues, now: Date) {
  const [row] = await db
    .update(news)
    .set({ ...values, updatedAt: now, revision: sql`${news.revision} + 1` })
    .where(eq(news.id, id))
    .returning();
  return row!;
}

/** Replaces all of the item's versions. */
export async function replaceVersions(db: Executor, id: number, versions: Omit<typeof newsVersions.$inferInsert, 'newsId'>[]) {
  await db.delete(newsVersions).where(eq(newsVersions.newsId, id));
  if (versions.length > 0) await db.insert(newsVersions).values(versions.map((v) => ({ ...v, newsId: id })));
}

export async function deleteItem(db: Executor, id: number) {
  await db.delete(news).where(eq(news.id, id));
}

export async function demoItemCount(db: Executor) {
  const [row] = await db.select({ n: count() }).from(news).where(eq(news.demo, true));
  return row?.n ?? 0;
}

/** The keys of the pages that have any version (the demo seed leaves an operator's pages alone). */
export async function writtenPageKeys(db: Executor): Promise<ContentPageKey[]> {
  const rows = await db
    .select({ key: news.pageKey })
    .from(news)
    .where(and(isNotNull(news.pageKey), exists(sql`(SELECT 1 FROM ${newsVersions} WHERE ${newsVersions.newsId} = ${news.id})`)));
  return rows.map((r) => r.key!).filter(Boolean);
}

// ---- content images ----

export async function insertContentImage(db: Executor, values: typeof contentImages.$inferInsert) {
  await db.insert(contentImages).values(values);
}

export async function deleteContentImage(db: Executor, fileName: string) {
  await db.delete(contentImages).where(eq(contentImages.fileName, fileName));
}

/**
 * Up to `limit` content images uploaded before `cutoff` that nothing uses (no version's body or image,
 * not the site logo), locked (skipping those another sweep holds) for the caller's transaction.
 */
export async function claimUnusedContentImages(db: Executor, cutoff: Date, limit: number) {
  const url = sql`${CONTENT_IMAGE_URL_PREFIX} || ${contentImages.fileName}`;
  return db
    .select({ id: contentImages.id, fileName: contentImages.fileName })
    .from(contentImages)
    .where(
      and(
        lt(contentImages.createdAt, cutoff),
        notExists(
          db
            .select({ one: sql`1` })
            .from(newsVersions)
            .where(or(eq(newsVersions.image, url), sql`position(${contentImages.fileName} in ${newsVersions.content}) > 0`)),
        ),
        notExists(
          db
            .select({ one: sql`1` })
            .from(settings)
            .where(and(eq(settings.key, 'site_logo'), sql`${settings.value} = to_jsonb(${url})`)),
        ),
      ),
    )
    .orderBy(asc(contentImages.createdAt), asc(contentImages.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function deleteContentImages(db: Executor, ids: number[]) {
  if (ids.length > 0) await db.delete(contentImages).where(inArray(contentImages.id, ids));
}
