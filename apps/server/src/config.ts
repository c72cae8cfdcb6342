import path from 'node:path';

/** Everything the server reads from the environment, read once at start. */
export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  production: boolean;
  /** Seed of the offline price simulation (MARKET_SEED), so a run can be replayed. */
  marketSeed: number;
  /** Serve the built web app and back office from these folders when they exist. */
  webDist: string;
  adminDist: string;
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
    marketSeed: Number(env.MARKET_SEED ?? 20261122),
    webDist: path.join(repoRoot, 'apps/web/dist'),
    adminDist: path.join(repoRoot, 'apps/admin/dist'),
  };
}
