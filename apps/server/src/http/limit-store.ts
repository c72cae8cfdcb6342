/**
 * Shared request windows for rate limits (issue 25): the HTTP limits (@fastify/rate-limit and
 * http/rate-limits.ts) and the spot order rate (spot/order-limits.ts) count in one LimitStore, so
 * several server processes on one Redis hold one limit. Without REDIS_URL it is process memory, as
 * one process needs nothing more.
 *
 * Redis unreachable at run time (down, restarting, slower than REDIS_CALL_TIMEOUT_MS): each process
 * counts in its own memory window until Redis answers again, and logs the switch once each way. A
 * limit then holds per process (N processes allow up to N times it) rather than refusing everyone or
 * answering 500: a rate limit guards against abuse, not money, and an exchange that stops taking
 * logins and orders because its counter store is down is worse than one briefly more lenient.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyRateLimitOptions, FastifyRateLimitStore } from '@fastify/rate-limit';
import type { RedisClientType } from 'redis';

/** One counted hit: the window's count so far (this hit included) and when the window ends (ms since the epoch). */
export type WindowHit = { count: number; resetAt: number };

/** A window to count in only while it is below `max` (LimitStore.take). */
export type CappedWindow = { key: string; windowMs: number; max: number };

export interface LimitStore {
  /** Counts one hit under `key`; its window starts at the key's first hit and lasts `windowMs`. */
  hit(key: string, windowMs: number): Promise<WindowHit>;
  /**
   * Counts one hit in every window only when each is below its max, all or none at once (a refused
   * request uses no quota); answers whether it was counted.
   */
  take(windows: CappedWindow[]): Promise<boolean>;
  close(): Promise<void>;
}

/** Every key this store writes starts so: other data in the same Redis cannot collide. */
export const LIMIT_KEY_PREFIX = 'fairex:rl:';
/** Keys one process keeps at most in memory; past it, ended windows are dropped, then everything. */
const MEMORY_KEYS_MAX = 100_000;
/** A Redis call slower than this counts in memory instead, so a stalled Redis cannot stall requests. */
const REDIS_CALL_TIMEOUT_MS = 250;
/** How long start-up waits for Redis before serving (counting in memory until it is there). */
const REDIS_CONNECT_WAIT_MS = 2000;
/** Longest pause between reconnection attempts. */
const REDIS_RECONNECT_DELAY_MAX_MS = 2000;

/** Windows in process memory: one process, or a process whose Redis is away. */
export class MemoryLimitStore implements LimitStore {
  private readonly windows = new Map<string, WindowHit>();

  constructor(private readonly now: () => number = () => Date.now()) {}

  async hit(key: string, windowMs: number): Promise<WindowHit> {
    return { ...this.count(key, windowMs, this.now()) };
  }

  async take(windows: CappedWindow[]): Promise<boolean> {
    // Checked and counted without a pause between, so takes at once cannot both pass a max.
    const now = this.now();
    if (windows.some((w) => (this.live(w.key, now)?.count ?? 0) >= w.max)) return false;
    for (const w of windows) this.count(w.key, w.windowMs, now);
    return true;
  }

  async close() {
    this.windows.clear();
  }

  private count(key: string, windowMs: number, now: number) {
    const window = this.live(key, now) ?? { count: 0, resetAt: now + windowMs };
    window.count += 1;
    this.windows.set(key, window);
    return window;
  }

  private live(key: string, now: number) {
    const window = this.windows.get(key);
    if (window && window.resetAt > now) return window;
    if (window) this.windows.delete(key);
    if (this.windows.size >= MEMORY_KEYS_MAX) this.forgetEnded(now);
    return undefined;
  }

  private forgetEnded(now: number) {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
    // Every window still running: start afresh rather than grow without bound.
    if (this.windows.size >= MEMORY_KEYS_MAX) this.windows.clear();
  }
}

// INCR, and a fresh key gets its window (PEXPIRE only at 1, so later hits do not extend it). Answers
// the count and the milliseconds left.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}`;

// ARGV holds windowMs, max for each key in order. Counts in all keys only if each is below its max.
const TAKE_SCRIPT = `
for i, key in ipairs(KEYS) do
  local count = tonumber(redis.call('GET', key) or '0')
  if count >= tonumber(ARGV[i * 2]) then return 0 end
end
for i, key in ipairs(KEYS) do
  if redis.call('INCR', key) == 1 then redis.call('PEXPIRE', key, ARGV[i * 2 - 1]) end
end
return 1`;

type Log = { warn(message: string): void; info(message: string): void };

/** Windows in Redis, shared by every process on it; memory while Redis is away (see the file's comment). */
export class RedisLimitStore implements LimitStore {
  private readonly fallback: MemoryLimitStore;
  private usingFallback = false;

  constructor(
    private readonly client: RedisClientType,
    private readonly log: Log,
    private readonly now: () => number = () => Date.now(),
  ) {
    this.fallback = new MemoryLimitStore(now);
  }

  async hit(key: string, windowMs: number): Promise<WindowHit> {
    const reply = await this.call(() => this.client.eval(HIT_SCRIPT, { keys: [LIMIT_KEY_PREFIX + key], arguments: [String(windowMs)] }));
    if (reply === undefined) return this.fallback.hit(key, windowMs);
    const [count, ttl] = reply as [number, number];
    return { count, resetAt: this.now() + ttl };
  }

  async take(windows: CappedWindow[]): Promise<boolean> {
    const reply = await this.call(() =>
      this.client.eval(TAKE_SCRIPT, { keys: windows.map((w) => LIMIT_KEY_PREFIX + w.key), arguments: windows.flatMap((w) => [String(w.windowMs), String(w.max)]) }),
    );
    if (reply === undefined) return this.fallback.take(windows);
    return reply === 1;
  }

  async close() {
    await this.fallback.close();
    // close() lets the commands in flight finish; a client still trying to connect is just stopped.
    if (this.client.isReady) await this.client.close();
    else if (this.client.isOpen) this.client.destroy();
  }

  /** The script's reply, or undefined when Redis is away (then the caller counts in memory). */
  private async call(run: () => Promise<unknown>): Promise<unknown> {
    if (!this.client.isReady) return this.away();
    const stopWaiting = new AbortController();
    try {
      const timeout = sleep(REDIS_CALL_TIMEOUT_MS, undefined, { signal: stopWaiting.signal });
      const reply = await Promise.race([run(), timeout]);
      if (reply === undefined) return this.away();
      if (this.usingFallback) {
        this.usingFallback = false;
        this.log.info('rate limits: Redis answers again, counting there');
      }
      return reply;
    } catch {
      return this.away();
    } finally {
      stopWaiting.abort();
    }
  }

  /** Counts in memory from now on until Redis answers; logged once per outage. */
  away(why = 'rate limits: Redis unreachable, counting in this process until it answers (each process allows the full limit meanwhile)') {
    if (!this.usingFallback) {
      this.usingFallback = true;
      this.log.warn(why);
    }
    return undefined;
  }
}

/**
 * The store REDIS_URL asks for: Redis (waiting up to REDIS_CONNECT_WAIT_MS for it, counting in memory
 * until it connects) or memory.
 */
export async function openLimitStore(redisUrl: string | undefined, log: Log): Promise<LimitStore> {
  if (!redisUrl) return new MemoryLimitStore();
  // Loaded only when asked for: the Redis client is slow to load, and most starts have no Redis.
  const { createClient } = await import('redis');
  const client = createClient({
    url: redisUrl,
    // Commands while disconnected fail at once (and count in memory) instead of queueing behind a reconnect.
    disableOfflineQueue: true,
    socket: { connectTimeout: REDIS_CONNECT_WAIT_MS, reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, REDIS_RECONNECT_DELAY_MAX_MS) },
  }) as RedisClientType;
  // Without a listener an 'error' event would end the process; the store logs the switch itself.
  client.on('error', () => {});
  const connected = client.connect().catch(() => undefined);
  await Promise.race([connected, new Promise((resolve) => setTimeout(resolve, REDIS_CONNECT_WAIT_MS).unref())]);
  const store = new RedisLimitStore(client, log);
  if (!client.isReady) store.away('rate limits: Redis not reachable at start, counting in this process until it answers');
  return store;
}

/**
 * @fastify/rate-limit's `store` option over a LimitStore. The plugin makes a child per route (and per
 * createRateLimit); in one shared store they must not share counters, so a route's child prefixes its
 * keys with the route's method and path (createRateLimit callers name their keys: http/rate-limits.ts).
 */
export function rateLimitStoreOf(limits: LimitStore) {
  class PluginStore implements FastifyRateLimitStore {
    constructor(
      _options: FastifyRateLimitOptions,
      private readonly prefix = 'http:',
    ) {}

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number) {
      limits.hit(this.prefix + key, timeWindow).then(
        (hit) => callback(null, { current: hit.count, ttl: Math.max(0, hit.resetAt - Date.now()) }),
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]) {
      // The plugin passes its merged parameters, whose routeInfo is the route ({} for createRateLimit).
      const route = (routeOptions as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo;
      const method = Array.isArray(route?.method) ? route.method.join(',') : route?.method;
      return new PluginStore({}, route?.url ? `http:${method}:${route.url}:` : 'http:');
    }
  }
  return PluginStore;
}
