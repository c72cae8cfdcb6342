import path from 'node:path';
import type { Limits } from './app-context.ts';
import { parseTrustProxy, type TrustProxy } from './http/trust-proxy.ts';

/** Everything the server reads from the environment, read once at start. */
export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  production: boolean;
  /** TRUST_PROXY: which proxies may name the client address (X-Forwarded-For); none by default. */
  trustProxy: TrustProxy;
  /** ADMIN_USER / ADMIN_PASSWORD: the first operator of a production start, created only while there is none. */
  firstOperator: { username?: string; password?: string };
  /** Seed of the offline price simulation (MARKET_SEED), so a run can be replayed. */
  marketSeed: number;
  /** PRICE_FEED: where index prices come from, the offline simulation (default) or the public-market coin index (markets/public-feed.ts). */
  priceFeed: 'simulation' | 'public';
  /** PRICE_SOURCE_URLS: base URL per public source ("binance=http://...,okx=http://..."), the exchanges' own by default. */
  priceSourceUrls: string | undefined;
  /** Serve the built web app and back office from these folders when they exist. */
  webDist: string;
  adminDist: string;
  /**
   * TEST_CLOCK=1 with NODE_ENV=test: the server's clock can be moved forward (POST /api/test/clock), so an
   * e2e run sees a day's interest or a settlement without waiting. Never honoured outside NODE_ENV=test.
   */
  testClock: boolean;
  /** Limits an operator set in the environment (SOCKET_CONNECTIONS_PER_ADDRESS_MAX, CODES_PER_ADDRESS_PER_HOUR); the rest keep DEFAULT_LIMITS. */
  limits: Partial<Limits>;
};

const repoRoot = path.resolve(import.meta.dirname, '../../..');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? path.join(repoRoot, 'data')),
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    production: env.NODE_ENV === 'production',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    firstOperator: { username: env.ADMIN_USER || undefined, password: env.ADMIN_PASSWORD || undefined },
    marketSeed: Number(env.MARKET_SEED ?? 20261122),
    priceFeed: priceFeedOf(env.PRICE_FEED),
    priceSourceUrls: env.PRICE_SOURCE_URLS || undefined,
    webDist: path.join(repoRoot, 'apps/web/dist'),
    adminDist: path.join(repoRoot, 'apps/admin/dist'),
    testClock: env.NODE_ENV === 'test' && env.TEST_CLOCK === '1',
    limits: {
      ...(env.SOCKET_CONNECTIONS_PER_ADDRESS_MAX ? { socketConnectionsPerAddressMax: positiveInteger('SOCKET_CONNECTIONS_PER_ADDRESS_MAX', env.SOCKET_CONNECTIONS_PER_ADDRESS_MAX) } : {}),
      ...(env.CODES_PER_ADDRESS_PER_HOUR ? { codesPerIpPerHour: positiveInteger('CODES_PER_ADDRESS_PER_HOUR', env.CODES_PER_ADDRESS_PER_HOUR) } : {}),
    },
  };
}

function priceFeedOf(text: string | undefined): Config['priceFeed'] {
  if (!text || text === 'simulation') return 'simulation';
  if (text === 'public') return 'public';
  throw new Error(`PRICE_FEED must be simulation or public, not "${text}"`);
}

function positiveInteger(name: string, text: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number above 0, not "${text}"`);
  return value;
}
