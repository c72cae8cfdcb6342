import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { EventBus } from './events/bus.ts';
import type { Markets } from './markets/service.ts';
import type { Notifier } from './notify/notifier.ts';
import type { SpotService } from './spot/service.ts';
import type { UploadUrls } from './uploads/signing.ts';

/** What every domain's routes are given: no globals, so tests can build as many apps as they like. */
export type AppContext = {
  config: Config;
  database: Database;
  db: Db;
  notifier: Notifier;
  bus: EventBus;
  markets: Markets;
  spot: SpotService;
  /** Signs every upload reference an answer gives (see uploads/signing.ts). */
  uploads: UploadUrls;
  limits: Limits;
};

/** Rate limits, named and adjustable per app (tests build apps with small windows). */
export type Limits = {
  loginPerMinute: number;
  codeResendMs: number;
  codesPerIpPerHour: number;
  codesPerTargetPerDay: number;
  codeAttemptsMax: number;
  /** Per user: POST /wallet/out, and POST /safe/update_password (each guesses at a pay password or a code). */
  withdrawalsPerMinute: number;
  payPasswordChangesPerMinute: number;
};

export const DEFAULT_LIMITS: Limits = {
  loginPerMinute: 10,
  codeResendMs: 60_000,
  codesPerIpPerHour: 20,
  codesPerTargetPerDay: 10,
  codeAttemptsMax: 5,
  withdrawalsPerMinute: 10,
  payPasswordChangesPerMinute: 5,
};
