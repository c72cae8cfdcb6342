import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ContentPageKey, ContentStatus, NewsCategoryId } from '@fairex/contract';
import { operators } from '../admin/tables.ts';
import { at, createdAt } from '../db/columns.ts';

/**
 * Content items: news and banners (spec: c_id 4 news, 5 banner) and the pages (by key, no category).
 * Their text lives in news_versions, one per language. Readers see an item once it is published and its
 * publish time has come.
 */
export const news = pgTable(
  'news',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id').$type<NewsCategoryId>(),
    pageKey: text('page_key').$type<ContentPageKey>(),
    status: text('status').$type<ContentStatus>().notNull().default('published'),
    /** Shown once per revision as the home page's popup ad. */
    popup: boolean('popup').notNull().default(false),
    /** Higher first. */
    sort: integer('sort').notNull().default(0),
    publishAt: at('publish_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    /** Bumped at every save (the popup's version). */
    revision: integer('revision').notNull().default(1),
    demo: boolean('demo').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('news_page_key').on(t.pageKey).where(sql`${t.pageKey} IS NOT NULL`),
    index('news_listing_idx').on(t.categoryId, t.status, t.publishAt),
  ],
);

/** One language's version of an item: its title, sanitised HTML body and image (a content image URL or ''). */
export const newsVersions = pgTable(
  'news_versions',
  {
    newsId: integer('news_id')
      .notNull()
      .references(() => news.id, { onDelete: 'cascade' }),
    lang: text('lang').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull().default(''),
    image: text('image').notNull().default(''),
  },
  (t) => [primaryKey({ name: 'news_versions_pkey', columns: [t.newsId, t.lang] })],
);

/** Images operators upload into content, served publicly under /content-images/ (content/images.ts). */
export const contentImages = pgTable(
  'content_images',
  {
    id: serial('id').primaryKey(),
    fileName: text('file_name').notNull(),
    mime: text('mime').notNull(),
    bytes: integer('bytes').notNull(),
    operatorId: integer('operator_id').references(() => operators.id),
    createdAt: at('created_at').notNull(),
  },
  (t) => [uniqueIndex('content_images_file_name_key').on(t.fileName), index('content_images_created_idx').on(t.createdAt, t.id)],
);
