/**
 * The session lookup of every authenticated request, kept in memory: token hash -> the user's row, the
 * session's id, whether it is remembered and when it expires. A request then costs no query, and a
 * short session is still renewed in the database at most once per SESSION_RENEW_INTERVAL_MS.
 *
 * Changes are honoured across processes through PostgreSQL's NOTIFY: whatever revokes a session or
 * changes a user row (logout, password change or reset, contact binding, freeze, profile edits) sends
 * `pg_notify('fairex_sessions', '<userId> <nonce>')` in the transaction that makes the change
 * (`publishSessionChange`), so it is delivered on commit only and no process can cache the old row
 * again after it. Every process LISTENs on one connection of its own (db/listen.ts) and drops the
 * user's entries when told. Three guards close the gaps around that:
 *  - a generation per user: a database read that started before a notification does not store what it read;
 *  - pending changes: from the moment this process publishes a change until its own notification comes
 *    back (the commit), it neither serves nor stores that user's entries, so the very next request after
 *    a revocation here already goes to the database, also on PostgreSQL where the notification arrives
 *    a moment after the commit;
 *  - while the listening connection is lost (notifications may be missed), nothing is served or kept,
 *    and everything is dropped when it is back.
 * An entry past its expiry is a miss (another process may have renewed the session). Negative answers
 * (unknown, revoked, expired tokens) are never kept.
 */
import type { Database, Db, Executor } from '../db/client.ts';
import { listen } from '../db/listen.ts';
import { sql, type SQL } from 'drizzle-orm';

export const SESSIONS_CHANNEL = 'fairex_sessions';
/** Sessions kept at most per process; the oldest go first. */
export const SESSION_CACHE_ENTRIES_MAX = 50_000;
/**
 * How long a change this process published keeps the user's entries out of use while its notification
 * has not come back (a transaction rolled back never sends it).
 */
const PENDING_CHANGE_MS = 60_000;
/** Users with a recent generation kept at most; beyond it every read under way is treated as outdated. */
const GENERATIONS_MAX = 10_000;

export type CachedSession<U> = { user: U; userId: number; sessionId: number; remembered: boolean; expiresAt: number };

/** What the cache asks of the sessions module: the database read and the renewal write. */
export type SessionStore<U> = {
  /** The live session of a token hash at `now`, renewed when due; undefined when unknown, revoked or expired. */
  load(hash: string, now: number): Promise<CachedSession<U> | undefined>;
  /** Moves a live short session's expiry to `expiresAt`; false when it is no longer live (revoked or expired). */
  renew(session: CachedSession<U>, now: number): Promise<number | undefined>;
  /** Whether a short session's expiry is due to be moved at `now`. */
  renewalDue(session: CachedSession<U>, now: number): boolean;
};

export class SessionCache<U> {
  private readonly entries = new Map<string, CachedSession<U>>();
  private readonly byUser = new Map<number, Set<string>>();
  /** Per user, the counter value of their last change; reads started before it store nothing. */
  private readonly changedAt = new Map<number, number>();
  private changes = 0;
  /** Bumped when everything is dropped (listener lost or back, too many generations). */
  private epoch = 0;
  /** Per user, the nonces of changes this process published whose notification has not come back, with their time. */
  private readonly pending = new Map<number, Map<string, number>>();
  private readsUnderWay = 0;
  /** The database read under way per token hash, with the epoch and change count it started at. */
  private readonly reading = new Map<string, { read: Promise<CachedSession<U> | undefined>; epoch: number; changes: number }>();
  private live = false;

  constructor(
    private readonly store: SessionStore<U>,
    private readonly entriesMax = SESSION_CACHE_ENTRIES_MAX,
  ) {}

  get size() {
    return this.entries.size;
  }

  /** Whether entries are served (the listener is in place). */
  get listening() {
    return this.live;
  }

  async userOf(hash: string, now: number): Promise<U | undefined> {
    const cached = this.live ? this.entries.get(hash) : undefined;
    if (cached && cached.expiresAt > now && !this.isPending(cached.userId)) {
      if (!this.store.renewalDue(cached, now)) return cached.user;
      const expiresAt = await this.store.renew(cached, now);
      if (expiresAt !== undefined) {
        cached.expiresAt = Math.max(cached.expiresAt, expiresAt);
        return cached.user;
      }
    }
    if (cached) this.forget(hash);
    const [epoch, changes] = [this.epoch, this.changes];
    // Many requests of one session arriving at once (a client's first burst) share one read, unless
    // anything changed since it started: what it reads may then be older than that change.
    const shared = this.reading.get(hash);
    if (shared && shared.epoch === epoch && shared.changes === changes) return (await shared.read)?.user;
    this.readsUnderWay++;
    const read = this.store.load(hash, now);
    this.reading.set(hash, { read, epoch, changes });
    try {
      const session = await read;
      if (!session) return undefined;
      const outdated = this.epoch !== epoch || (this.changedAt.get(session.userId) ?? -1) > changes;
      if (this.live && !outdated && !this.isPending(session.userId)) this.keep(hash, session);
      return session.user;
    } finally {
      if (this.reading.get(hash)?.read === read) this.reading.delete(hash);
      // No read under way: no generation can matter any more.
      if (--this.readsUnderWay === 0) this.changedAt.clear();
    }
  }

  /** A notification: `<userId>` or `<userId> <nonce>` (the nonce of a change this process published). */
  notified(payload: string) {
    const [id, nonce] = payload.split(' ');
    const userId = Number(id);
    if (!Number.isInteger(userId)) return;
    this.dropUser(userId);
    if (nonce === undefined) return;
    const nonces = this.pending.get(userId);
    if (nonces?.delete(nonce) && nonces.size === 0) this.pending.delete(userId);
  }

  /** This process is publishing a change of the user (see publishSessionChange). */
  changing(userId: number, nonce: string) {
    let nonces = this.pending.get(userId);
    if (!nonces) this.pending.set(userId, (nonces = new Map()));
    nonces.set(nonce, performance.now());
    this.dropUser(userId);
  }

  /** The listener is (again) in place, or lost: either way what was kept may be outdated. */
  setLive(live: boolean) {
    this.live = live;
    this.dropAll();
  }

  /** Pending changes are timed on the monotonic clock: tests move Date, and a change must not look old then. */
  private isPending(userId: number) {
    const nonces = this.pending.get(userId);
    if (!nonces) return false;
    const now = performance.now();
    for (const [nonce, at] of nonces) if (now - at > PENDING_CHANGE_MS) nonces.delete(nonce);
    if (nonces.size === 0) this.pending.delete(userId);
    return nonces.size > 0;
  }

  private dropUser(userId: number) {
    this.changes++;
    if (this.readsUnderWay > 0) {
      if (this.changedAt.size >= GENERATIONS_MAX) this.dropAll();
      else this.changedAt.set(userId, this.changes);
    }
    for (const hash of this.byUser.get(userId) ?? []) this.entries.delete(hash);
    this.byUser.delete(userId);
  }

  private dropAll() {
    this.epoch++;
    this.entries.clear();
    this.byUser.clear();
    this.changedAt.clear();
  }

  private keep(hash: string, session: CachedSession<U>) {
    // One row object answers every request of the session: frozen, so no handler can change it for the others.
    Object.freeze(session.user);
    if (this.entries.size >= this.entriesMax) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.forget(oldest);
    }
    this.entries.set(hash, session);
    let hashes = this.byUser.get(session.userId);
    if (!hashes) this.byUser.set(session.userId, (hashes = new Set()));
    hashes.add(hash);
  }

  private forget(hash: string) {
    const session = this.entries.get(hash);
    if (!session) return;
    this.entries.delete(hash);
    const hashes = this.byUser.get(session.userId);
    if (hashes?.delete(hash) && hashes.size === 0) this.byUser.delete(session.userId);
  }
}

/** The caches of this process, by the database they cache (tests build several apps, each on its own database). */
const caches = new Map<Db, { cache: SessionCache<unknown>; users: number; stop: Promise<() => Promise<void>> }>();
let nonces = 0;
const processTag = `${process.pid.toString(36)}${Date.now().toString(36)}`;

/**
 * The cache of a database, listening from now until the last app using it closes it. `store` reads and
 * renews sessions (accounts/sessions.ts). Without a working listener it serves nothing.
 */
export async function openSessionCache<U>(database: Database, store: SessionStore<U>): Promise<{ close: () => Promise<void> }> {
  let held = caches.get(database.db);
  if (!held) {
    const cache = new SessionCache<U>(store) as SessionCache<unknown>;
    const stop = listen(database, SESSIONS_CHANNEL, { notified: (payload) => cache.notified(payload), live: (live) => cache.setLive(live) });
    held = { cache, users: 0, stop };
    caches.set(database.db, held);
    await stop.catch(() => caches.delete(database.db));
  }
  held.users++;
  const entry = held;
  return {
    async close() {
      if (--entry.users > 0) return;
      if (caches.get(database.db) === entry) caches.delete(database.db);
      await (await entry.stop)();
    },
  };
}

/** The cache of `db`, if an app opened one. */
export const sessionCacheOf = <U>(db: Executor) => caches.get(db as Db)?.cache as SessionCache<U> | undefined;

/**
 * The SQL that publishes a change of a user's row or sessions to every process, for the statement that
 * makes the change (`.returning({ published: publishSessionChange(id) })`) or a `select` in its
 * transaction: delivered when that transaction commits. This process stops serving the user's cached
 * sessions at once, until the notification comes back.
 */
export function publishSessionChange(userId: number): SQL {
  const nonce = `${processTag}.${++nonces}`;
  for (const { cache } of caches.values()) cache.changing(userId, nonce);
  return sql`pg_notify(${SESSIONS_CHANNEL}, ${`${userId} ${nonce}`})`;
}
