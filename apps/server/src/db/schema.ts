/** Every table, gathered for Drizzle and drizzle-kit. Each domain keeps its tables in its own folder. */
export * from '../accounts/tables.ts';
export * from '../uploads/tables.ts';
export * from '../jobs/tables.ts';
export * from '../site/tables.ts';
export * from '../ledger/tables.ts';
export * from '../idempotency/tables.ts';
export * from '../admin/tables.ts';
export * from '../markets/tables.ts';
export * from '../spot/tables.ts';
export * from '../options/tables.ts';
export * from '../funds/schema.ts';
export * from '../content/tables.ts';
export * from '../contracts/tables.ts';
export * from '../wealth/tables.ts';
export * from '../mining/tables.ts';
export * from '../ieo/tables.ts';
export * from '../invest/tables.ts';
