import { boolean, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns.ts';

/** News and banners (spec: c_id 4 news, 5 banner), written by operators per language. */
export const news = pgTable(
  'news',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id').notNull(),
    lang: text('lang').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull().default(''),
    thumbnail: text('thumbnail').notNull().default(''),
    link: text('link').notNull().default(''),
    /** Shown once as the home page's popup ad. */
    popup: boolean('popup').notNull().default(false),
    published: boolean('published').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('news_category_idx').on(t.categoryId, t.lang)],
);
