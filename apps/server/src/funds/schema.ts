/** The funds and identity tables, gathered for db/schema.ts. */
export * from './tables.ts';
export * from '../identity/tables.ts';
