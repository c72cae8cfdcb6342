import { index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns.ts';

export const uploads = pgTable(
  'uploads',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id'),
    fileName: text('file_name').notNull(),
    mime: text('mime').notNull(),
    bytes: integer('bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('uploads_user_idx').on(t.userId),
    index('uploads_created_idx').on(t.createdAt, t.id),
    uniqueIndex('uploads_file_name_key').on(t.fileName),
  ],
);
