import { sql } from 'drizzle-orm';
import { bigserial, bigint, boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { amount, createdAt } from '../db/columns.ts';

/**
 * One account per (user, currency, kind), or per (system account, currency). Figures are kept per
 * bucket; balance = available + frozen + locked. They equal the sum of the account's postings (audit).
 * `post` refuses to take a user bucket below zero; the check constraint backs it up should code ever
 * write figures another way.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id'),
    system: text('system'),
    currencyId: integer('currency_id').notNull(),
    kind: text('kind').notNull(),
    available: amount('available').notNull().default('0'),
    frozen: amount('frozen').notNull().default('0'),
    locked: amount('locked').notNull().default('0'),
  },
  (t) => [
    uniqueIndex('ledger_accounts_user_key')
      .on(t.userId, t.currencyId, t.kind)
      .where(sql`${t.userId} is not null`),
    uniqueIndex('ledger_accounts_system_key')
      .on(t.system, t.currencyId)
      .where(sql`${t.system} is not null`),
    check('ledger_accounts_owner_check', sql`(${t.userId} is null) <> (${t.system} is null)`),
    check(
      'ledger_accounts_user_not_negative_check',
      sql`${t.system} is not null or (${t.available} >= 0 and ${t.frozen} >= 0 and ${t.locked} >= 0)`,
    ),
  ],
);

/**
 * A journal entry: a set of postings that sums to zero per currency. A business row is posted at most
 * once per kind (the unique key on kind and reference): entries that legitimately share a reference,
 * like a withdrawal's request, payout and rejection, have distinct kinds.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    refType: text('ref_type').notNull(),
    refId: text('ref_id').notNull(),
    memo: text('memo'),
    createdAt: createdAt(),
  },
  (t) => [index('ledger_entries_ref_idx').on(t.refType, t.refId), uniqueIndex('ledger_entries_kind_ref_key').on(t.kind, t.refType, t.refId)],
);

/** One leg of an entry: a signed amount into one bucket of one account. */
export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    entryId: bigint('entry_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerEntries.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    currencyId: integer('currency_id').notNull(),
    bucket: text('bucket', { enum: ['available', 'frozen', 'locked'] }).notNull(),
    amount: amount('amount').notNull(),
    /** The bucket's figure right after this posting, for bills. */
    balanceAfter: amount('balance_after').notNull(),
    /** The leg's own business reference, where the entry moves money for several (null: the entry's). */
    refType: text('ref_type'),
    refId: text('ref_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_postings_account_idx').on(t.accountId, t.id),
    index('ledger_postings_entry_idx').on(t.entryId),
    check('ledger_postings_bucket_check', sql`${t.bucket} in ('available', 'frozen', 'locked')`),
  ],
);

/** The ledger audit's runs (audit-job.ts): each check by name with its offender count, for the transparency page. */
export const ledgerAuditRuns = pgTable(
  'ledger_audit_runs',
  {
    id: serial('id').primaryKey(),
    ranAt: timestamp('ran_at', { withTimezone: true }).notNull(),
    ok: boolean('ok').notNull(),
    entries: bigint('entries', { mode: 'number' }).notNull(),
    postings: bigint('postings', { mode: 'number' }).notNull(),
    checks: jsonb('checks').$type<{ name: string; ok: boolean; offenders: number }[]>().notNull(),
  },
  (t) => [index('ledger_audit_runs_ran_at_idx').on(t.ranAt)],
);
