/**
 * Back office for content: news, banners and pages, each with its versions per language (English
 * required), draft or published, an order and a publish time. Bodies are sanitised before they are
 * stored; every save and delete is logged in its transaction with what changed. Content moves no money.
 */
import {
  type ContentAdminItem,
  type ContentAdminRow,
  type ContentKind,
  type ContentSaveInput,
  type Lang,
  type NewsCategoryId,
  NEWS_CATEGORIES,
} from '@fairex/contract';
import { logAction, type Operator } from '../admin/operators.ts';
import type { AppContext } from '../app-context.ts';
import { DomainError } from '../http/errors.ts';
import { deleteItem, insertItem, itemById, lockItem, lockPage, pageItems, replaceVersions, updateItem, type ContentItem, type ItemWithVersions } from './repository.ts';
import { isVisible } from './rules.ts';
import { sanitizeContent } from './sanitize.ts';

const CATEGORY_OF: Record<Exclude<ContentKind, 'page'>, NewsCategoryId> = { news: NEWS_CATEGORIES.news, banner: NEWS_CATEGORIES.banner };
const kindOf = (item: ContentItem): ContentKind => (item.pageKey ? 'page' : item.categoryId === NEWS_CATEGORIES.banner ? 'banner' : 'news');

function itemFields(item: ContentItem, now: number): Omit<ContentAdminItem, 'versions'> {
  return {
    id: item.id,
    kind: kindOf(item),
    c_id: item.categoryId ?? null,
    page_key: item.pageKey ?? null,
    status: item.status,
    sort: item.sort,
    publish_at: item.publishAt.toISOString(),
    popup: item.popup,
    revision: item.revision,
    demo: item.demo,
    visible: isVisible(item, now),
    updated_at: item.updatedAt.toISOString(),
  };
}

const itemView = (item: ItemWithVersions, now: number): ContentAdminItem => ({
  ...itemFields(item, now),
  versions: item.versions.map((v) => ({ lang: v.lang as Lang, title: v.title, content: v.content, image: v.image })),
});

const rowView = (item: ItemWithVersions, now: number): ContentAdminRow => ({
  ...itemFields(item, now),
  versions: item.versions.map((v) => ({ lang: v.lang as Lang, title: v.title, image: v.image })),
});

/** GET /api/admin/content/items: one kind's items in the reading order, with their languages and titles. */
export async function listContent(ctx: Pick<AppContext, 'clock' | 'db'>, input: { kind: ContentKind; page: number; limit: number }) {
  const kind = input.kind === 'page' ? { pages: true as const } : { categoryId: CATEGORY_OF[input.kind] };
  const { items, total } = await pageItems(ctx.db, kind, input.page, input.limit);
  const now = ctx.clock();
  return { data: items.map((item) => rowView(item, now)), total, page: input.page, limit: input.limit };
}

export async function contentItem(ctx: Pick<AppContext, 'clock' | 'db'>, id: number) {
  const item = await itemById(ctx.db, id);
  if (!item) throw new DomainError('not_found');
  return itemView(item, ctx.clock());
}

/** What the operator log keeps of an item: its fields and each version's title. */
const logged = (item: ItemWithVersions | undefined) =>
  item && { status: item.status, sort: item.sort, publish_at: item.publishAt.toISOString(), popup: item.popup, titles: Object.fromEntries(item.versions.map((v) => [v.lang, v.title])) };

/**
 * POST /api/admin/content/save: creates or edits an item and replaces its versions. A page is found by
 * its key (created at its first save); an id must name an item of the same kind.
 */
export async function saveContent(ctx: Pick<AppContext, 'clock' | 'db'>, operator: Operator, input: ContentSaveInput) {
  const now = new Date(ctx.clock());
  const values = { status: input.status, sort: input.sort, publishAt: new Date(input.publish_at), popup: input.popup };
  const versions = input.versions.map((v) => ({ lang: v.lang, title: v.title, content: sanitizeContent(v.content), image: v.image }));
  const saved = await ctx.db.transaction(async (tx) => {
    let before: ItemWithVersions | undefined;
    if (input.kind === 'page') {
      before = await lockPage(tx, input.page_key!, now);
      if (input.id !== undefined && input.id !== before.id) throw new DomainError('not_found');
    } else if (input.id !== undefined) {
      before = await lockItem(tx, input.id);
      if (!before || kindOf(before) !== input.kind) throw new DomainError('not_found');
    }
    const row = before ? await updateItem(tx, before.id, values, now) : await insertItem(tx, { ...values, categoryId: CATEGORY_OF[input.kind as 'news' | 'banner'] }, now);
    await replaceVersions(tx, row.id, versions);
    const after = { ...row, versions: versions.map((v) => ({ ...v, newsId: row.id })) };
    // A page's first save edits the empty draft lockPage made (revision 0): it is the page's creation.
    await logAction(tx, operator.id, before?.revision ? 'content.edit' : 'content.create', `content:${row.id}`, { kind: input.kind, before: logged(before?.revision ? before : undefined), after: logged(after) });
    return after;
  });
  return itemView(saved, ctx.clock());
}

export async function deleteContent(ctx: Pick<AppContext, 'db'>, operator: Operator, id: number) {
  await ctx.db.transaction(async (tx) => {
    const before = await lockItem(tx, id);
    if (!before) throw new DomainError('not_found');
    await deleteItem(tx, id);
    await logAction(tx, operator.id, 'content.delete', `content:${id}`, { kind: kindOf(before), before: logged(before) });
  });
  return { id };
}

/** POST /api/admin/content/preview: the HTML as readers would get it (the editor's live preview). */
export const previewContent = (content: string) => ({ content: sanitizeContent(content) });
