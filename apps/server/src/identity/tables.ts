import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, createdAt } from '../db/columns.ts';

/**
 * One submission per level (1 basic, 2 advanced). A user's level is the highest approved one. At most
 * one live (pending or approved) submission per level, enforced by the index, so a double submit fails.
 */
export const identityVerifications = pgTable(
  'identity_verifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    level: integer('level').notNull(),
    idType: text('id_type'),
    name: text('name'),
    cardId: text('card_id'),
    frontPic: text('front_pic'),
    reversePic: text('reverse_pic'),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] }).notNull().default('pending'),
    reason: text('reason'),
    operatorId: integer('operator_id'),
    createdAt: createdAt(),
    reviewedAt: at('reviewed_at'),
  },
  (t) => [
    uniqueIndex('identity_verifications_live_key')
      .on(t.userId, t.level)
      .where(sql`${t.status} in ('pending', 'approved')`),
    // One identity, one account: an ID number (stored normalised) is live on one basic submission at most.
    uniqueIndex('identity_verifications_card_live_key')
      .on(t.cardId)
      .where(sql`${t.level} = 1 and ${t.status} in ('pending', 'approved')`),
    index('identity_verifications_status_idx').on(t.status, t.id),
    // The reviewers' duplicate flag looks an ID number up across every state.
    index('identity_verifications_card_idx').on(t.cardId),
    check('identity_verifications_level_check', sql`${t.level} in (1, 2)`),
    check('identity_verifications_status_check', sql`${t.status} in ('pending', 'approved', 'rejected')`),
  ],
);

/**
 * Pay-password misses since the last success, per user. After too many, pay-password use is locked
 * until `locked_until`. A check claims its attempt before verifying, so concurrent guesses count too.
 */
export const payPasswordAttempts = pgTable('pay_password_attempts', {
  userId: integer('user_id').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lockedUntil: at('locked_until'),
});
