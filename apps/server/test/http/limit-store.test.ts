// The shared request windows (http/limit-store.ts): the memory store's rules; the Redis store gives the
// same answers and shares them between two clients (two processes), atomically; a Redis that is away
// falls back to memory and says so once. The Redis part runs when npm test finds a Redis (it passes
// TEST_REDIS_URL) and is skipped, saying why, otherwise.
import { createClient, type RedisClientType } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMIT_KEY_PREFIX, MemoryLimitStore, openLimitStore, RedisLimitStore, rateLimitStoreOf, type LimitStore } from '../../src/http/limit-store.ts';
import { OrderRateLimiter } from '../../src/spot/order-limits.ts';

const redisUrl = process.env.TEST_REDIS_URL || undefined;
if (!redisUrl) console.log('limit-store: the Redis tests are skipped (no TEST_REDIS_URL: npm test passes it when a Redis answers)');

/** A log that keeps its lines. */
function recordingLog() {
  const lines: string[] = [];
  return { lines, warn: (line: string) => lines.push(`warn ${line}`), info: (line: string) => lines.push(`info ${line}`) };
}

/** Keys of this run only: a rerun within a window must not see the last run's counts in Redis. */
const run = `${process.pid}-${Date.now()}`;

/** The same rules whatever the store; `now` moves the memory store's clock (Redis keeps its own). */
function storeRules(name: string, open: () => Promise<{ store: LimitStore; wait: (ms: number) => Promise<void> }>) {
  describe(name, () => {
    it('counts hits of a key in one window and starts a new one when it ends', async () => {
      const { store, wait } = await open();
      const key = `test:${run}:${name}:window`;
      const first = await store.hit(key, 200);
      expect(first.count).toBe(1);
      expect((await store.hit(key, 200)).count).toBe(2);
      // A later hit does not extend the window.
      expect(Math.abs((await store.hit(key, 200)).resetAt - first.resetAt)).toBeLessThan(50);
      await wait(250);
      expect((await store.hit(key, 200)).count).toBe(1);
    });

    it('counts each key apart', async () => {
      const { store } = await open();
      await store.hit(`test:${run}:${name}:a`, 10_000);
      await store.hit(`test:${run}:${name}:a`, 10_000);
      expect((await store.hit(`test:${run}:${name}:b`, 10_000)).count).toBe(1);
    });

    it('takes in all windows or in none, a refusal counting nowhere', async () => {
      const { store } = await open();
      const small = { key: `test:${run}:${name}:small`, windowMs: 10_000, max: 2 };
      const large = { key: `test:${run}:${name}:large`, windowMs: 10_000, max: 3 };
      expect(await store.take([small, large])).toBe(true);
      expect(await store.take([small, large])).toBe(true);
      // small is full: nothing is counted in large either.
      expect(await store.take([small, large])).toBe(false);
      expect(await store.take([small, large])).toBe(false);
      expect(await store.take([large])).toBe(true);
      expect(await store.take([large])).toBe(false);
    });
  });
}

storeRules('MemoryLimitStore', async () => {
  let now = 0;
  return {
    store: new MemoryLimitStore(() => now),
    wait: async (ms) => {
      now += ms;
    },
  };
});

describe('the fastify rate-limit store over a LimitStore', () => {
  const incr = (store: ReturnType<InstanceType<ReturnType<typeof rateLimitStoreOf>>['child']>, key: string) =>
    new Promise<number>((resolve, reject) => store.incr(key, (error, result) => (error ? reject(error) : resolve(result!.current)), 60_000));

  it('keeps each route apart in the one shared store, and keys of createRateLimit as they are named', async () => {
    const Store = rateLimitStoreOf(new MemoryLimitStore());
    const root = new Store({});
    const login = root.child({ routeInfo: { method: 'POST', url: '/api/user/login' } } as never);
    const admin = root.child({ routeInfo: { method: 'POST', url: '/api/admin/login' } } as never);
    const named = root.child({ routeInfo: {} } as never);
    expect(await incr(login, '10.0.0.1')).toBe(1);
    expect(await incr(login, '10.0.0.1')).toBe(2);
    expect(await incr(admin, '10.0.0.1')).toBe(1);
    expect(await incr(named, 'upload:7')).toBe(1);
    // Another createRateLimit child with the same name counts together (the name is the key's owner).
    expect(await incr(root.child({ routeInfo: {} } as never), 'upload:7')).toBe(2);
  });
});

describe('a Redis that is away', () => {
  it('counts in memory, never fails, and logs the switch once', async () => {
    const log = recordingLog();
    // Nothing listens on port 1: the connection is refused.
    const store = await openLimitStore('redis://127.0.0.1:1', log);
    try {
      const counts = [];
      for (let i = 0; i < 3; i++) counts.push((await store.hit(`test:${run}:away`, 60_000)).count);
      expect(counts).toEqual([1, 2, 3]);
      expect(await store.take([{ key: `test:${run}:away-take`, windowMs: 60_000, max: 1 }])).toBe(true);
      expect(await store.take([{ key: `test:${run}:away-take`, windowMs: 60_000, max: 1 }])).toBe(false);
      expect(log.lines).toEqual([expect.stringMatching(/^warn rate limits: Redis not reachable at start/)]);
    } finally {
      await store.close();
    }
  });
});

describe.skipIf(!redisUrl)('RedisLimitStore', () => {
  const clients: RedisClientType[] = [];
  const stores: LimitStore[] = [];
  const connect = async () => {
    const client = createClient({ url: redisUrl }) as RedisClientType;
    await client.connect();
    clients.push(client);
    const store = new RedisLimitStore(client, recordingLog());
    stores.push(store);
    return store;
  };
  let inspector: RedisClientType;

  beforeAll(async () => {
    inspector = createClient({ url: redisUrl }) as RedisClientType;
    await inspector.connect();
  });
  afterAll(async () => {
    await Promise.all(stores.map((store) => store.close()));
    await inspector?.close();
  });

  storeRules('RedisLimitStore (rules)', async () => ({ store: await connect(), wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)) }));

  it('shares one window between two processes (clients), under fairex:rl:', async () => {
    const [a, b] = [await connect(), await connect()];
    const key = `test:${run}:shared`;
    expect((await a.hit(key, 60_000)).count).toBe(1);
    expect((await b.hit(key, 60_000)).count).toBe(2);
    expect((await a.hit(key, 60_000)).count).toBe(3);
    expect(await inspector.get(`${LIMIT_KEY_PREFIX}${key}`)).toBe('3');
    const ttl = await inspector.pTTL(`${LIMIT_KEY_PREFIX}${key}`);
    expect(ttl).toBeGreaterThan(50_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });

  it('never takes more than the max when two processes take at once', async () => {
    const [a, b] = [await connect(), await connect()];
    const window = [{ key: `test:${run}:race`, windowMs: 60_000, max: 7 }];
    const taken = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).take(window)));
    expect(taken.filter(Boolean)).toHaveLength(7);
  });

  it("holds one user's spot order rate across two processes", async () => {
    const limits = { ordersPerSecond: 1000, ordersPerMinute: 4 };
    const user = 1_000_000 + Math.floor(Math.random() * 1_000_000);
    const here = new OrderRateLimiter(limits, await connect());
    const there = new OrderRateLimiter(limits, await connect());
    const allowed = [];
    for (const limiter of [here, there, here, there, here, there]) allowed.push(await limiter.take(user));
    // Unless the minute turned mid-test, exactly 4 of 6 (and never more).
    expect(allowed.filter(Boolean).length).toBeLessThanOrEqual(4);
    expect(allowed.slice(0, 4)).toEqual([true, true, true, true]);
  });

  it('counts in memory while its connection is gone, and logs it once', async () => {
    const client = createClient({ url: redisUrl }) as RedisClientType;
    await client.connect();
    const log = recordingLog();
    const store = new RedisLimitStore(client, log);
    const key = `test:${run}:gone`;
    expect((await store.hit(key, 60_000)).count).toBe(1);
    await client.close();
    expect((await store.hit(key, 60_000)).count).toBe(1); // the memory window, fresh
    expect((await store.hit(key, 60_000)).count).toBe(2);
    expect(log.lines).toEqual([expect.stringMatching(/^warn rate limits: Redis unreachable/)]);
    await store.close();
  });
});

describe('MemoryLimitStore at once', () => {
  it('never takes more than the max when takes run at once', async () => {
    const store = new MemoryLimitStore();
    const windows = [
      { key: 'wide', windowMs: 60_000, max: 100 },
      { key: 'narrow', windowMs: 60_000, max: 7 },
    ];
    const taken = await Promise.all(Array.from({ length: 40 }, () => store.take(windows)));
    expect(taken.filter(Boolean)).toHaveLength(7);
    expect((await store.hit('narrow', 60_000)).count).toBe(8);
  });
});
