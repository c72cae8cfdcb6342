import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, createdAt } from '../db/columns.ts';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    account: text('account').notNull(),
    email: text('email'),
    mobile: text('mobile'),
    areaCode: text('area_code').notNull().default('86'),
    nickname: text('nickname'),
    signature: text('signature'),
    headPortrait: text('head_portrait'),
    passwordHash: text('password_hash').notNull(),
    payPasswordHash: text('pay_password_hash'),
    extensionCode: text('extension_code').notNull(),
    parentId: integer('parent_id'),
    creditScore: integer('credit_score').notNull().default(100),
    frozen: boolean('frozen').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_account_key').on(t.account),
    // Stored normalised (contract: normaliseEmail, normaliseMobile), so these compare without regard to case or format.
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_mobile_key').on(t.areaCode, t.mobile),
    uniqueIndex('users_extension_code_key').on(t.extensionCode),
    check('users_email_normalised', sql`${t.email} = lower(btrim(${t.email}))`),
    check('users_mobile_normalised', sql`${t.mobile} ~ '^[0-9]+$'`),
    check('users_area_code_normalised', sql`${t.areaCode} ~ '^[0-9]{1,4}$'`),
  ],
);

/** Opaque session tokens; only their SHA-256 is stored, so a database leak does not leak sessions. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    /** Stay logged in: a fixed expiry (SESSION_TTL_MS); otherwise it ends SESSION_IDLE_MS after its last use. */
    remembered: boolean('remembered').notNull().default(true),
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/** Verification codes (mail or SMS), stored hashed, single use, with an expiry and an attempt count. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: serial('id').primaryKey(),
    target: text('target').notNull(),
    scene: text('scene').notNull(),
    codeHash: text('code_hash').notNull(),
    ip: text('ip').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: at('expires_at').notNull(),
    consumedAt: at('consumed_at'),
  },
  (t) => [index('verification_codes_target_idx').on(t.target, t.scene), index('verification_codes_ip_idx').on(t.ip)],
);

/** Mail and SMS that the server sent or would have sent; the back office reads it when no provider is set. */
export const outbox = pgTable('outbox', {
  id: serial('id').primaryKey(),
  channel: text('channel', { enum: ['mail', 'sms'] }).notNull(),
  recipient: text('recipient').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  delivered: boolean('delivered').notNull().default(false),
  /** The body carries a verification code: masked for every operator but an admin (and stored masked once delivered). */
  hasCode: boolean('has_code').notNull().default(false),
  createdAt: createdAt(),
});

/** Login failures in a row per login name (`user:<id>`, `operator:name:<name>`...) and per (name, address) pair (`user:<id>@<address>`), and the lock they earned. */
export const loginAttempts = pgTable('login_attempts', {
  subject: text('subject').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lockedUntil: at('locked_until'),
  updatedAt: at('updated_at').notNull().defaultNow(),
  /** For an (account, address) pair: its last successful login, which lets the address past the account-wide lock (login-throttle.ts). */
  succeededAt: at('succeeded_at'),
});
