import { numeric, timestamp } from 'drizzle-orm/pg-core';

/** Money columns: NUMERIC(36,18), read and written as strings (never floats). */
export const amount = (name: string) => numeric(name, { precision: 36, scale: 18 });
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const at = (name: string) => timestamp(name, { withTimezone: true });
