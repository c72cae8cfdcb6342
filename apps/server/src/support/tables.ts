import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { SupportAuthor } from '@fairex/contract';
import { users } from '../accounts/tables.ts';
import { operators } from '../admin/tables.ts';
import { at } from '../db/columns.ts';

/** One customer-service thread per user; each side has read up to a message id. */
export const supportThreads = pgTable(
  'support_threads',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    lastMessageAt: at('last_message_at').notNull(),
    userReadId: bigint('user_read_id', { mode: 'number' }).notNull().default(0),
    operatorReadId: bigint('operator_read_id', { mode: 'number' }).notNull().default(0),
    createdAt: at('created_at').notNull(),
  },
  (t) => [uniqueIndex('support_threads_user_key').on(t.userId), index('support_threads_last_idx').on(t.lastMessageAt, t.id)],
);

/** A message: plain text and/or one image (a user's upload reference, bare); an operator's names its author. */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    threadId: integer('thread_id')
      .notNull()
      .references(() => supportThreads.id),
    author: text('author').$type<SupportAuthor>().notNull(),
    operatorId: integer('operator_id').references(() => operators.id),
    body: text('body').notNull().default(''),
    image: text('image'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('support_messages_thread_idx').on(t.threadId, t.id), index('support_messages_image_idx').on(t.image).where(sql`${t.image} IS NOT NULL`)],
);
