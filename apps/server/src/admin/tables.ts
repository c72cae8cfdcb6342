import { bigint, boolean, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, createdAt } from '../db/columns.ts';

export const OPERATOR_ROLES = ['admin', 'reviewer', 'support'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export const operators = pgTable(
  'operators',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: OPERATOR_ROLES }).notNull(),
    createdAt: createdAt(),
    /** Set for a password someone else chose (the environment, the command, another admin): only 'change own password' until changed. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** A disabled operator cannot log in; their sessions were revoked when this was set. */
    disabledAt: at('disabled_at'),
  },
  (t) => [uniqueIndex('operators_username_key').on(t.username)],
);

export const operatorSessions = pgTable(
  'operator_sessions',
  {
    id: serial('id').primaryKey(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
  },
  (t) => [uniqueIndex('operator_sessions_token_hash_key').on(t.tokenHash), index('operator_sessions_operator_idx').on(t.operatorId)],
);

/** Every operator action, written in the same transaction as the change it describes. */
export const operatorAuditLog = pgTable(
  'operator_audit_log',
  {
    id: serial('id').primaryKey(),
    operatorId: integer('operator_id').notNull(),
    action: text('action').notNull(),
    target: text('target').notNull(),
    detail: jsonb('detail').notNull().default({}),
    createdAt: createdAt(),
    /** The entry's place in the hash chain (admin/operator-log-chain.ts); null only before it is chained. */
    seq: bigint('seq', { mode: 'number' }),
    prevHash: text('prev_hash'),
    hash: text('hash'),
  },
  (t) => [index('operator_audit_log_operator_idx').on(t.operatorId, t.id), uniqueIndex('operator_audit_log_seq_key').on(t.seq)],
);

/** Each UTC day's last operator-log chain entry, published on the transparency page. */
export const operatorLogHeads = pgTable('operator_log_heads', {
  day: text('day').primaryKey(),
  seq: bigint('seq', { mode: 'number' }).notNull(),
  hash: text('hash').notNull(),
  createdAt: createdAt(),
});
