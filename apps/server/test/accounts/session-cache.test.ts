// Proves the session cache (accounts/session-cache.ts): requests are answered from memory, and every
// revocation or user-row change takes effect on the next request, in this process and (on PostgreSQL) in
// a second app on the same database that hears it through NOTIFY; an idle session still expires and one
// renewed elsewhere stays valid. The races around a notification are proved on the cache alone.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sha256 } from '../../src/accounts/passwords.ts';
import { SESSIONS_CHANNEL, SessionCache, sessionCacheOf, type CachedSession, type SessionStore } from '../../src/accounts/session-cache.ts';
import { SESSION_IDLE_MS } from '../../src/accounts/sessions.ts';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { openDatabase, queryRows, type Database } from '../../src/db/client.ts';
import { call, makeTestApp, makeUser, type TestApp } from '../support/app.ts';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let test: TestApp;
beforeAll(async () => {
  test = await makeTestApp();
});
afterAll(async () => {
  await test.close();
});

const infoOf = async (app: TestApp['app'], token: string) => (await call(app, '/user/info', { method: 'GET', token })).body;
const loginAs = async (user: { email: string; password: string }, remember: string) =>
  (await call(test.app, '/user/login', { ip: test.nextIp(), payload: { user_string: user.email, password: user.password, remember } })).body.message as string;

/** Session lifetimes read the system clock, so these tests move Date itself. */
async function atTime<T>(ms: number, run: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(ms);
  try {
    return await run();
  } finally {
    vi.useRealTimers();
  }
}

/** Revokes a user's sessions behind the app's back: no notification, as a careless script would. */
const revokeSilently = (db: TestApp['db'], userId: number) => db.execute(sql`update sessions set revoked_at = now() where user_id = ${userId}`);

describe('session cache in one process', () => {
  it('answers from memory once a session was used, and drops it when told', async () => {
    const user = await makeUser(test);
    expect((await infoOf(test.app, user.token)).type).toBe('ok');
    expect(sessionCacheOf(test.db)?.listening).toBe(true);
    await revokeSilently(test.db, user.id);
    // Nothing told the cache: the revocation went around every publishing path.
    expect((await infoOf(test.app, user.token)).type).toBe('ok');
    await test.db.execute(sql`select pg_notify(${SESSIONS_CHANNEL}, ${String(user.id)})`);
    await expect.poll(async () => (await infoOf(test.app, user.token)).type, { timeout: 2_000, interval: 20 }).toBe('999');
  });

  it('shows a profile edit and ends other sessions on a password change on the very next request', async () => {
    const user = await makeUser(test);
    const other = await loginAs(user, '1');
    expect((await infoOf(test.app, other)).type).toBe('ok');
    expect((await call(test.app, '/user/editNickname', { token: user.token, payload: { nickname: 'Cached' } })).body.type).toBe('ok');
    expect((await infoOf(test.app, user.token)).message.nickname).toBe('Cached');
    const changed = await call(test.app, '/safe/update_login_password', {
      token: user.token,
      payload: { oldpassword: user.password, password: 'other-pass-2', re_password: 'other-pass-2' },
    });
    expect(changed.body.type).toBe('ok');
    expect((await infoOf(test.app, other)).type).toBe('999');
    expect((await infoOf(test.app, user.token)).type).toBe('ok');
  });

  it('ends an idle session that is cached, and keeps renewing a used one in the database', async () => {
    const user = await makeUser(test);
    const start = Date.now();
    const token = await atTime(start, () => loginAs(user, '0'));
    expect(await atTime(start, async () => (await infoOf(test.app, token)).type)).toBe('ok');
    const use = start + SESSION_IDLE_MS - 30_000;
    expect(await atTime(use, async () => (await infoOf(test.app, token)).type)).toBe('ok');
    const [row] = await queryRows<{ expires_ms: string }>(test.db, sql`select (extract(epoch from expires_at) * 1000)::bigint::text as expires_ms from sessions where token_hash = ${sha256(token)}`);
    expect(Number(row!.expires_ms)).toBe(use + SESSION_IDLE_MS);
    expect(await atTime(use + SESSION_IDLE_MS + 1_000, async () => (await infoOf(test.app, token)).type)).toBe('999');
  });
});

/** A second app on the test's PostgreSQL database, as another server process would run. */
async function secondApp() {
  const url = (test.db as unknown as { $client: pg.Pool }).$client.options.connectionString!;
  const database: Database = await openDatabase({ databaseUrl: url, dataDir: '' });
  const config = { ...loadConfig({ MARKET_SEED: '20261122' }), dataDir: test.ctx.config.dataDir, webDist: '/nonexistent', adminDist: '/nonexistent' };
  const { app } = await buildApp({ config, database });
  await app.ready();
  return {
    app,
    db: database.db,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

describe.skipIf(!onPostgres)('session cache across processes (PostgreSQL)', () => {
  let other: Awaited<ReturnType<typeof secondApp>>;
  beforeAll(async () => {
    other = await secondApp();
  });
  afterAll(async () => {
    await other.close();
  });

  it('ends a session in the other process on its next request after a logout here', async () => {
    const user = await makeUser(test);
    expect((await infoOf(other.app, user.token)).type).toBe('ok');
    expect((await call(test.app, '/user/logout', { method: 'GET', token: user.token })).body.type).toBe('ok');
    expect((await infoOf(other.app, user.token)).type).toBe('999');
  });

  it('drops a session when the notification of another process arrives, and not before', async () => {
    const user = await makeUser(test);
    expect((await infoOf(other.app, user.token)).type).toBe('ok');
    await revokeSilently(test.db, user.id);
    expect((await infoOf(other.app, user.token)).type).toBe('ok');
    // What another process's revocation sends: the notification, in the transaction, delivered on commit.
    const client = new pg.Client({ connectionString: (test.db as unknown as { $client: pg.Pool }).$client.options.connectionString });
    await client.connect();
    try {
      await client.query('begin');
      await client.query('select pg_notify($1, $2)', [SESSIONS_CHANNEL, `${user.id} elsewhere.1`]);
      await client.query('commit');
    } finally {
      await client.end();
    }
    await expect.poll(async () => (await infoOf(other.app, user.token)).type, { timeout: 2_000, interval: 10 }).toBe('999');
  });

  it('keeps a session renewed by the other process valid past the expiry it cached', async () => {
    const user = await makeUser(test);
    const start = Date.now();
    const token = await atTime(start, () => loginAs(user, '0'));
    expect(await atTime(start, async () => (await infoOf(other.app, token)).type)).toBe('ok');
    expect(await atTime(start + SESSION_IDLE_MS - 30_000, async () => (await infoOf(test.app, token)).type)).toBe('ok');
    // Past what the other process cached, within the renewal: a miss that finds the session live (and renews it again).
    const lastUse = start + SESSION_IDLE_MS + 60_000;
    expect(await atTime(lastUse, async () => (await infoOf(other.app, token)).type)).toBe('ok');
    expect(await atTime(lastUse + SESSION_IDLE_MS + 1_000, async () => (await infoOf(other.app, token)).type)).toBe('999');
  });
});

describe('session cache races', () => {
  type User = { id: number };
  /** A store whose reads wait until the test lets them finish. */
  function slowStore() {
    const reads: { hash: string; finish: (session: CachedSession<User> | undefined) => void }[] = [];
    const store: SessionStore<User> = {
      load: (hash) => new Promise((resolve) => reads.push({ hash, finish: resolve })),
      renew: async () => undefined,
      renewalDue: () => false,
    };
    return { store, reads };
  }
  const session = (userId: number): CachedSession<User> => ({ user: { id: userId }, userId, sessionId: userId, remembered: true, expiresAt: Date.now() + 60_000 });

  it('does not keep what a read found when its user changed while it ran', async () => {
    const { store, reads } = slowStore();
    const cache = new SessionCache(store);
    cache.setLive(true);
    const answer = cache.userOf('a', Date.now());
    cache.notified('7');
    reads[0]!.finish(session(7));
    expect(await answer).toEqual({ id: 7 });
    expect(cache.size).toBe(0);
    // A read that starts after the notification is kept.
    const again = cache.userOf('a', Date.now());
    reads[1]!.finish(session(7));
    await again;
    expect(cache.size).toBe(1);
    expect(await cache.userOf('a', Date.now())).toEqual({ id: 7 });
    expect(reads).toHaveLength(2);
  });

  it('shares one read among requests of a session that miss at once, but not across a change', async () => {
    const { store, reads } = slowStore();
    const cache = new SessionCache(store);
    cache.setLive(true);
    const burst = [cache.userOf('a', Date.now()), cache.userOf('a', Date.now())];
    cache.notified('9');
    const afterChange = cache.userOf('a', Date.now());
    expect(reads).toHaveLength(2);
    for (const read of reads) read.finish(session(5));
    expect(await Promise.all([...burst, afterChange])).toEqual([{ id: 5 }, { id: 5 }, { id: 5 }]);
  });

  it('serves and keeps nothing while its listener is lost, and nothing of before once it is back', async () => {
    const { store, reads } = slowStore();
    const cache = new SessionCache(store);
    cache.setLive(true);
    const first = cache.userOf('a', Date.now());
    reads[0]!.finish(session(1));
    await first;
    cache.setLive(false);
    const deaf = cache.userOf('a', Date.now());
    expect(reads).toHaveLength(2);
    reads[1]!.finish(session(1));
    await deaf;
    expect(cache.size).toBe(0);
    cache.setLive(true);
    void cache.userOf('a', Date.now());
    expect(reads).toHaveLength(3);
  });

  it('neither serves nor keeps a user it is changing until its own notification comes back', async () => {
    const { store, reads } = slowStore();
    const cache = new SessionCache(store);
    cache.setLive(true);
    const first = cache.userOf('a', Date.now());
    reads[0]!.finish(session(3));
    await first;
    cache.changing(3, 'n1');
    const during = cache.userOf('a', Date.now());
    reads[1]!.finish(session(3));
    await during;
    expect(cache.size).toBe(0);
    cache.notified('3 someone-else');
    const still = cache.userOf('a', Date.now());
    reads[2]!.finish(session(3));
    await still;
    expect(cache.size).toBe(0);
    cache.notified('3 n1');
    const after = cache.userOf('a', Date.now());
    reads[3]!.finish(session(3));
    await after;
    expect(cache.size).toBe(1);
  });
});
