import path from 'node:path';
import type { Limits } from './limits.ts';
import { parseTrustProxy, type TrustProxy } from './http/trust-proxy.ts';
import { repoRoot } from './paths.ts';

/** Everything the server reads from the environment, read once at start. */
export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /**
   * CLUSTER_ADDRESS: where the other processes of a cluster reach this one (http://host:port, `{hostname}`
   * standing for this host's name); on PostgreSQL every process is a member (cluster/). Default
   * http://127.0.0.1:PORT (one host).
   */
  clusterAddress: string | undefined;
  /** LOG_LEVEL: pino's level for the server log (info: errors, slow requests and start-up; debug adds one line per request). */
  logLevel: LogLevel;
  /** METRICS_TOKEN: the bearer token GET /metrics asks for; unset, there is no /metrics (metrics/routes.ts). */
  metricsToken: string | undefined;
  smtpUrl: string | undefined;
  production: boolean;
  /** TRUST_PROXY: which proxies may name the client address (X-Forwarded-For); none by default. */
  trustProxy: TrustProxy;
  /** ADMIN_USER / ADMIN_PASSWORD: the first operator of a production start, created only while there is none. */
  firstOperator: { username?: string; password?: string };
  /**
   * MARKET_SEED: a fixed seed for the simulation and the demo traders, so a run replays (tests, benchmarks).
   * Unset (the default): no seed, their randomness comes from node:crypto afresh at every start (markets/random.ts).
   */
  marketSeed: number | undefined;
  /** PRICE_FEED: where index prices come from, the offline simulation (default) or the public-market coin index (markets/public-feed.ts). */
  priceFeed: 'simulation' | 'public';
  /** True when the prices are simulated: every screen then says so (GET /site/feed), and a production start needs SIMULATED_PRICES=allow. */
  simulatedPrices: boolean;
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

/** Where the database is, and nothing else: for tools that open it without serving (operator:create). */
export function databaseConfig(env: NodeJS.ProcessEnv = process.env): Pick<Config, 'dataDir' | 'databaseUrl'> {
  return { dataDir: path.resolve(env.DATA_DIR ?? path.join(repoRoot, 'data')), databaseUrl: env.DATABASE_URL || undefined };
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

function logLevelOf(value: string | undefined): LogLevel {
  if (!value) return 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(value)) throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, not "${value}"`);
  return value as LogLevel;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const priceFeed = priceFeedOf(env.PRICE_FEED);
  const production = env.NODE_ENV === 'production';
  // Real money must never settle on a simulated path (money review 2, fairness 1b): a production start
  // on the simulation stops, unless the operator declares a demo with SIMULATED_PRICES=allow.
  if (production && priceFeed === 'simulation' && env.SIMULATED_PRICES !== 'allow') throw new Error(SIMULATION_IN_PRODUCTION);
  if (env.SIMULATED_PRICES && env.SIMULATED_PRICES !== 'allow') throw new Error(`SIMULATED_PRICES must be allow or unset, not "${env.SIMULATED_PRICES}"`);
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    ...databaseConfig(env),
    redisUrl: env.REDIS_URL || undefined,
    clusterAddress: env.CLUSTER_ADDRESS || undefined,
    logLevel: logLevelOf(env.LOG_LEVEL),
    metricsToken: env.METRICS_TOKEN || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    production,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    firstOperator: { username: env.ADMIN_USER || undefined, password: env.ADMIN_PASSWORD || undefined },
    marketSeed: marketSeedOf(env.MARKET_SEED),
    priceFeed,
    simulatedPrices: priceFeed === 'simulation',
    priceSourceUrls: env.PRICE_SOURCE_URLS || undefined,
    webDist: path.join(repoRoot, 'apps/web/dist'),
    adminDist: path.join(repoRoot, 'apps/admin/dist'),
    testClock: env.NODE_ENV === 'test' && env.TEST_CLOCK === '1',
    limits: {
      ...(env.SOCKET_CONNECTIONS_PER_ADDRESS_MAX ? { socketConnectionsPerAddressMax: positiveInteger('SOCKET_CONNECTIONS_PER_ADDRESS_MAX', env.SOCKET_CONNECTIONS_PER_ADDRESS_MAX) } : {}),
      ...(env.CODES_PER_ADDRESS_PER_HOUR ? { codesPerIpPerHour: positiveInteger('CODES_PER_ADDRESS_PER_HOUR', env.CODES_PER_ADDRESS_PER_HOUR) } : {}),
      // Per user (spot/order-limits.ts): raised for market makers' own API clients, load tests and benches.
      ...(env.SPOT_ORDERS_PER_SECOND ? { spotOrdersPerSecond: positiveInteger('SPOT_ORDERS_PER_SECOND', env.SPOT_ORDERS_PER_SECOND) } : {}),
      ...(env.SPOT_ORDERS_PER_MINUTE ? { spotOrdersPerMinute: positiveInteger('SPOT_ORDERS_PER_MINUTE', env.SPOT_ORDERS_PER_MINUTE) } : {}),
      ...(env.SPOT_OPEN_ORDERS_PER_SYMBOL_MAX ? { spotOpenOrdersPerSymbolMax: positiveInteger('SPOT_OPEN_ORDERS_PER_SYMBOL_MAX', env.SPOT_OPEN_ORDERS_PER_SYMBOL_MAX) } : {}),
    },
  };
}

export const SIMULATION_IN_PRODUCTION =
  'NODE_ENV=production with the simulated price feed: options, contracts and loans would settle real money on simulated prices. ' +
  'Set PRICE_FEED=public, or SIMULATED_PRICES=allow for a demo whose every screen says "Simulated prices".';

function marketSeedOf(text: string | undefined): number | undefined {
  if (text === undefined || text === '') return undefined;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0 || value > 0xffffffff) throw new Error(`MARKET_SEED must be a whole number from 0 to 4294967295, not "${text}"`);
  return value;
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
