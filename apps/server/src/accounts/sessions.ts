import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Executor } from '../db/client.ts';
import { DomainError } from '../http/errors.ts';
import { newToken, sha256 } from './passwords.ts';
import { publishSessionChange, sessionCacheOf, type CachedSession, type SessionStore } from './session-cache.ts';
import { sessions, users } from './tables.ts';

/** A session the user asked to remember (stay logged in) lasts this long from login. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Any other session ends this long after its last use; each use moves its expiry forward. */
export const SESSION_IDLE_MS = 2 * 60 * 60 * 1000;
/** A short session's expiry is moved at most once per this interval, so every request does not write. */
export const SESSION_RENEW_INTERVAL_MS = 60 * 1000;

export type SessionUser = typeof users.$inferSelect;

declare module 'fastify' {
  interface FastifyRequest {
    user?: SessionUser;
  }
}

/*
 * Session lifetimes read the system clock, not the app's movable clock: they guard real time, and a
 * test or e2e journey that moves the app's clock by days must not log its users out.
 */

/** A new session: remembered ones last SESSION_TTL_MS, others SESSION_IDLE_MS from their last use. */
export async function createSession(db: Executor, userId: number, remembered = true): Promise<string> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + (remembered ? SESSION_TTL_MS : SESSION_IDLE_MS));
  await db.insert(sessions).values({ userId, tokenHash: sha256(token), remembered, expiresAt });
  return token;
}

/** Ends a session of `userId`, published to every process's session cache as it commits. */
export async function revokeSession(db: Executor, userId: number, token: string) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.tokenHash, sha256(token)), eq(sessions.userId, userId)))
    .returning({ published: publishSessionChange(userId) });
}

const TOKEN_LENGTH_MAX = 200;

/** A session token as a client sends it (Authorization header, socket handshake), with or without a "Bearer " prefix. */
export function parseToken(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const token = value.startsWith('Bearer ') ? value.slice(7) : value;
  return token.length > 0 && token.length <= TOKEN_LENGTH_MAX ? token : undefined;
}

/** The token of a request: its Authorization header. */
export const tokenOf = (request: FastifyRequest): string | undefined => parseToken(request.headers.authorization);

/** A live session as the database holds it (and the session cache keeps it). */
type LiveSession = CachedSession<SessionUser>;

/** Whether a short session's expiry is due to move at `now`: at most once per SESSION_RENEW_INTERVAL_MS of use. */
const renewalDue = (session: LiveSession, now: number) => !session.remembered && session.expiresAt < now + SESSION_IDLE_MS - SESSION_RENEW_INTERVAL_MS;

/** Moves a short session's expiry to SESSION_IDLE_MS after `now`, if it is still live; answers the new expiry. */
async function renew(db: Executor, session: LiveSession, now: number): Promise<number | undefined> {
  const expiresAt = new Date(now + SESSION_IDLE_MS);
  const rows = await db
    .update(sessions)
    .set({ expiresAt })
    .where(and(eq(sessions.id, session.sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date(now))))
    .returning({ id: sessions.id });
  return rows.length > 0 ? expiresAt.getTime() : undefined;
}

/** The live session of a token hash at `now` (renewed when due), from the database. */
async function loadSession(db: Executor, hash: string, now: number): Promise<LiveSession | undefined> {
  const [row] = await db
    .select({ user: users, sessionId: sessions.id, remembered: sessions.remembered, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hash), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date(now))))
    .limit(1);
  if (!row) return undefined;
  const session: LiveSession = { user: row.user, userId: row.user.id, sessionId: row.sessionId, remembered: row.remembered, expiresAt: row.expiresAt.getTime() };
  if (renewalDue(session, now)) session.expiresAt = (await renew(db, session, now)) ?? session.expiresAt;
  return session;
}

/** What the session cache of `db` reads and writes through (accounts/session-cache.ts). */
export const sessionStore = (db: Executor): SessionStore<SessionUser> => ({
  load: (hash, now) => loadSession(db, hash, now),
  renew: (session, now) => renew(db, session, now),
  renewalDue,
});

/**
 * The live user of a session token: unknown, revoked and expired tokens give undefined. Using a session
 * that is not remembered renews it: it then ends SESSION_IDLE_MS after this use. `now` is the session
 * clock's reading (AppContext.sessionClock; the system clock by default). Answered from the session
 * cache when the app opened one for `db` (no query), else from the database.
 */
export async function userOfToken(db: Executor, token: string, now = Date.now()): Promise<SessionUser | undefined> {
  const hash = sha256(token);
  const cache = sessionCacheOf<SessionUser>(db);
  if (cache) return cache.userOf(hash, now);
  return (await loadSession(db, hash, now))?.user;
}

/**
 * Which of these session token hashes are still live at `now` (not revoked, not expired, user not
 * frozen), without renewing any: an open socket is not a use of its session. For the realtime re-check.
 */
export async function liveSessionHashes(db: Executor, tokenHashes: string[], now: number): Promise<Set<string>> {
  if (tokenHashes.length === 0) return new Set();
  const rows = await db
    .select({ tokenHash: sessions.tokenHash })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(inArray(sessions.tokenHash, tokenHashes), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date(now)), eq(users.frozen, false)));
  return new Set(rows.map((r) => r.tokenHash));
}

/** preHandler for protected user routes: answers 999 for a missing, unknown, revoked or expired token. */
export function requireUser(db: Executor) {
  return async (request: FastifyRequest) => {
    const token = tokenOf(request);
    if (!token) throw new DomainError('not_logged_in');
    const user = await userOfToken(db, token);
    if (!user || user.frozen) throw new DomainError('session_invalid');
    request.user = user;
  };
}

/**
 * For public routes that show a logged-in reader more (their balance beside a product): the id of the
 * live user of a valid token, else undefined. A stale or unknown token reads as logged out, never as 999.
 */
export async function optionalUserId(db: Executor, request: FastifyRequest): Promise<number | undefined> {
  const token = tokenOf(request);
  const user = token ? await userOfToken(db, token) : undefined;
  return user && !user.frozen ? user.id : undefined;
}

/** For handlers behind requireUser. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new DomainError('not_logged_in');
  return request.user;
}
