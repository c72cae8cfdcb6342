import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables.ts';
import { amount, createdAt } from '../db/columns.ts';
import { currencies } from '../site/tables.ts';

/** IEO projects (migration 0018): a token sold at a fixed price in a pay coin between two times. */
export const ieoProjects = pgTable('ieo_projects', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  currencyId: integer('currency_id')
    .notNull()
    .references(() => currencies.id),
  payCurrencyId: integer('pay_currency_id')
    .notNull()
    .references(() => currencies.id),
  price: amount('price').notNull(),
  totalIssuance: amount('total_issuance').notNull(),
  amountMin: amount('amount_min').notNull(),
  amountMaxPerUser: amount('amount_max_per_user'),
  whitePaper: text('white_paper').notNull().default(''),
  website: text('website').notNull().default(''),
  lockDays: integer('lock_days').notNull().default(0),
  startAt: bigint('start_at', { mode: 'number' }).notNull(),
  endAt: bigint('end_at', { mode: 'number' }).notNull(),
  listingAt: bigint('listing_at', { mode: 'number' }),
  enabled: boolean('enabled').notNull().default(true),
  demo: boolean('demo').notNull().default(false),
  /** Running totals: tokens applied for, and passed (allocated) once the allocation ran. */
  applied: amount('applied').notNull().default('0'),
  passed: amount('passed').notNull().default('0'),
  allocatedAt: bigint('allocated_at', { mode: 'number' }),
  createdAt: createdAt(),
});

export const IEO_ORDER_STATUSES = ['pending', 'allocated', 'released'] as const;

/** A subscription: its payment frozen until the allocation, then charged for what passed and the rest refunded. */
export const ieoOrders = pgTable(
  'ieo_orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    projectId: integer('project_id')
      .notNull()
      .references(() => ieoProjects.id),
    amount: amount('amount').notNull(),
    price: amount('price').notNull(),
    paid: amount('paid').notNull(),
    status: text('status', { enum: IEO_ORDER_STATUSES }).notNull().default('pending'),
    allocated: amount('allocated'),
    charged: amount('charged'),
    refunded: amount('refunded'),
    unlockAt: bigint('unlock_at', { mode: 'number' }),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    allocatedAt: bigint('allocated_at', { mode: 'number' }),
    releasedAt: bigint('released_at', { mode: 'number' }),
  },
  (t) => [
    index('ieo_orders_user_idx').on(t.userId, t.id),
    index('ieo_orders_project_idx').on(t.projectId, t.status, t.id),
    index('ieo_orders_unlock_idx').on(t.unlockAt).where(sql`${t.status} = 'allocated'`),
  ],
);
