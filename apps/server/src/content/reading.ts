/**
 * What readers get (GET/POST of spec section 7 "Home"): each visible item in the reader's language or
 * else English (rules.ts), its body sanitised once more on the way out, its image only when it is one of
 * the site's content images.
 */
import {
  CONTENT_PAGE_KEYS,
  CONTENT_PAGE_ROUTES,
  DEFAULT_LANG,
  isContentImage,
  type ContentMenuEntry,
  type ContentPage,
  type ContentPageKey,
  type Lang,
  type NewsArticle,
  type NewsCategoryId,
  type NewsListItem,
  type NewsPage,
  type PopupAd,
} from '@fairex/contract';
import type { Executor } from '../db/client.ts';
import { DomainError } from '../http/errors.ts';
import { pageVisibleNews, visibleNewsItem, visiblePages, visiblePopup, type ContentVersion, type ItemWithVersions } from './repository.ts';
import { pickVersion } from './rules.ts';
import { sanitizeContent, summaryOf } from './sanitize.ts';

type Reading = { lang: Lang; now: number };

/** The item with the version its reader gets; undefined when it has none in their language or English. */
function read(item: ItemWithVersions | undefined, lang: Lang): { item: ItemWithVersions; version: ContentVersion } | undefined {
  const version = item && pickVersion(item.versions, lang);
  return item && version ? { item, version } : undefined;
}

/** The version's image, else the English version's (a banner keeps its picture in every language); only content images. */
function imageOf(item: ItemWithVersions, version: ContentVersion): string {
  const image = version.image || (pickVersion(item.versions, DEFAULT_LANG)?.image ?? '');
  return isContentImage(image) ? image : '';
}

function listItem(item: ItemWithVersions, version: ContentVersion): NewsListItem {
  return {
    id: item.id,
    c_id: item.categoryId as NewsCategoryId,
    lang: version.lang as Lang,
    title: version.title,
    summary: summaryOf(version.content),
    image: imageOf(item, version),
    published_at: item.publishAt.toISOString(),
  };
}

export async function readNewsPage(db: Executor, categoryId: NewsCategoryId, page: number, limit: number, { lang, now }: Reading): Promise<NewsPage> {
  const { items, total } = await pageVisibleNews(db, categoryId, lang, new Date(now), page, limit);
  const data = items.flatMap((item) => {
    const found = read(item, lang);
    return found ? [listItem(found.item, found.version)] : [];
  });
  return { data, total, page, limit };
}

export async function readArticle(db: Executor, id: number, { lang, now }: Reading): Promise<NewsArticle> {
  const found = read(await visibleNewsItem(db, id, lang, new Date(now)), lang);
  if (!found) throw new DomainError('not_found');
  return { ...listItem(found.item, found.version), content: sanitizeContent(found.version.content) };
}

export async function readPopup(db: Executor, { lang, now }: Reading): Promise<PopupAd | null> {
  const found = read(await visiblePopup(db, lang, new Date(now)), lang);
  return found ? { ...listItem(found.item, found.version), version: found.item.revision } : null;
}

export async function readPage(db: Executor, key: ContentPageKey, { lang, now }: Reading): Promise<ContentPage | null> {
  const found = read((await visiblePages(db, lang, new Date(now), key))[0], lang);
  if (!found) return null;
  return { key, lang: found.version.lang as Lang, title: found.version.title, content: sanitizeContent(found.version.content), updated_at: found.item.updatedAt.toISOString() };
}

/** The visible pages with their titles, in the operator's order (the pages' own order when equal). */
export async function readMenu(db: Executor, { lang, now }: Reading): Promise<ContentMenuEntry[]> {
  const pages = await visiblePages(db, lang, new Date(now));
  return pages
    .flatMap((item) => {
      const found = read(item, lang);
      return found && item.pageKey ? [{ key: item.pageKey, title: found.version.title, path: CONTENT_PAGE_ROUTES[item.pageKey], sort: item.sort }] : [];
    })
    .sort((a, b) => b.sort - a.sort || CONTENT_PAGE_KEYS.indexOf(a.key) - CONTENT_PAGE_KEYS.indexOf(b.key))
    .map(({ key, title, path }) => ({ key, title, path }));
}
