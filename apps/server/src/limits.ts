/**
 * The app's named rate and size limits. Their own module (not app-context.ts) so the services that
 * check a limit need not import the context, which imports every service: that made an import circle.
 */
import type { TickStoreLimits } from './markets/ticks.ts';

/** Rate limits, named and adjustable per app (tests build apps with small windows). */
export type Limits = TickStoreLimits & {
  loginPerMinute: number;
  codeResendMs: number;
  codesPerIpPerHour: number;
  codesPerTargetPerDay: number;
  codeAttemptsMax: number;
  /** Per user: POST /wallet/out, and POST /safe/update_password (each guesses at a pay password or a code). */
  withdrawalsPerMinute: number;
  payPasswordChangesPerMinute: number;
  /** Calls that try a verification code (check_email, register, forget, binding), per client address and per target. */
  codeGuessesPerIpPerMinute: number;
  codeGuessesPerTargetPerMinute: number;
  /** Login per account (users and operators): failures in a row before it locks, the first lock (doubling after), the longest. */
  loginFailuresFree: number;
  loginLockBaseMs: number;
  loginLockMaxMs: number;
  /** Pay-password checks in a row (in flight or missed) before its use locks (identity/service.ts checkPayPassword). */
  payPasswordAttemptsMax: number;
  /** Spot, per user (spot/order-limits.ts): orders and cancels per second and per minute, open orders per symbol. */
  spotOrdersPerSecond: number;
  spotOrdersPerMinute: number;
  spotOpenOrdersPerSymbolMax: number;
  /** Realtime (realtime/limits.ts): events one socket may send per second, sockets one client address may hold. */
  socketEventsPerSecond: number;
  socketConnectionsPerAddressMax: number;
  /** Uploads, per user (uploads/quota.ts): POST /upload and /user/uploadHeadPortrait per minute, files and bytes kept at once. */
  uploadsPerMinute: number;
  uploadFilesPerUserMax: number;
  uploadBytesPerUserMax: number;
  /**
   * The one index freshness limit (contract index-freshness.ts): one feed interval plus the recording
   * delay. An order on the index is refused while the latest recorded tick is older; an option opens on
   * the first tick recorded within it after acceptance; a tick in force older than it at an expiry or
   * settlement time voids (refunds) instead of settling. Set per feed (markets/ticks.ts indexFreshMsFor).
   */
  indexFreshMs: number;
  /** Customer service, per user (support/routes.ts): messages a minute. */
  supportMessagesPerMinute: number;
};

export const DEFAULT_LIMITS: Limits = {
  // Index ticks (markets/ticks.ts): one INSERT per batch, a tick stored within a quarter second, ten minutes per symbol kept in memory.
  indexTickBatchMax: 500,
  indexTickFlushMs: 250,
  indexTicksInMemoryPerSymbol: 600,
  spotOrdersPerSecond: 10,
  spotOrdersPerMinute: 300,
  spotOpenOrdersPerSymbolMax: 200,
  // A client joins all its rooms at once after a reconnect (up to ROOMS_PER_SOCKET_MAX, 64).
  socketEventsPerSecond: 100,
  socketConnectionsPerAddressMax: 100,
  uploadsPerMinute: 10,
  uploadFilesPerUserMax: 50,
  uploadBytesPerUserMax: 100 * 1024 * 1024,
  // The simulation ticks every second, a tick is stored within indexTickFlushMs: 1,000 + 250 + 250 of slack (app.ts sets the public feed's).
  indexFreshMs: 1_500,
  supportMessagesPerMinute: 10,
  loginPerMinute: 10,
  codeResendMs: 60_000,
  codesPerIpPerHour: 20,
  codesPerTargetPerDay: 10,
  codeAttemptsMax: 5,
  withdrawalsPerMinute: 10,
  payPasswordChangesPerMinute: 5,
  codeGuessesPerIpPerMinute: 30,
  codeGuessesPerTargetPerMinute: 10,
  loginFailuresFree: 5,
  loginLockBaseMs: 60_000,
  loginLockMaxMs: 60 * 60_000,
  payPasswordAttemptsMax: 5,
};
