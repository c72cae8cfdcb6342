import { integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns.ts';

export const uploads = pgTable('uploads', {
  id: serial('id').primaryKey(),
  userId: integer('user_id'),
  fileName: text('file_name').notNull(),
  mime: text('mime').notNull(),
  bytes: integer('bytes').notNull(),
  createdAt: createdAt(),
});
