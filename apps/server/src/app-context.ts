import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { EventBus } from './events/bus.ts';
import type { Markets } from './markets/service.ts';
import type { Notifier } from './notify/notifier.ts';
import type { SpotService } from './spot/service.ts';
import type { OptionsService } from './options/service.ts';
import type { ContractService } from './contracts/service.ts';
import type { UploadUrls } from './uploads/signing.ts';
import type { JobScheduler } from './jobs/scheduler.ts';
import type { TickStore, TickStoreLimits } from './markets/ticks.ts';
import type { Clock } from './clock.ts';
import type { MiningService } from './mining/service.ts';
import type { IeoService } from './ieo/service.ts';
import type { InvestService } from './invest/service.ts';
import type { NftService } from './nft/service.ts';
import type { OtcService } from './otc/service.ts';
import type { LoanService } from './loans/service.ts';
import type { CopyService } from './copy/service.ts';
import type { SupportService } from './support/service.ts';
import type { ReferralService } from './referrals/service.ts';
import type { CouponService } from './coupons/service.ts';
import type { NotificationService } from './notifications/service.ts';
import type { Metrics } from './metrics/metrics.ts';

/** What every domain's routes are given: no globals, so tests can build as many apps as they like. */
export type AppContext = {
  config: Config;
  /** Prometheus metrics of this app (metrics/metrics.ts), served at /metrics behind METRICS_TOKEN. */
  metrics: Metrics;
  database: Database;
  db: Db;
  /** The server's one clock (clock.ts): the feed, the scheduler and every product read it. */
  clock: Clock;
  /**
   * What session lifetimes (operator and user sessions, realtime re-checks) are judged on: the system
   * clock, apart from `clock` so a journey that moves the app's clock by days keeps its sessions; tests
   * pass their own to move it.
   */
  sessionClock: Clock;
  notifier: Notifier;
  bus: EventBus;
  markets: Markets;
  /** Recorded index ticks (markets/ticks.ts): the mark price, and the tick any settlement or trigger cites. */
  ticks: TickStore;
  spot: SpotService;
  /** Seconds options (options/service.ts): /microtrade/*, settled by jobs of `jobs`. */
  options: OptionsService;
  /** Contracts (contracts/service.ts): /lever/*, triggered by recorded index ticks. */
  contracts: ContractService;
  /** Lock-up mining (mining/service.ts): /lh/*, daily payouts and unlocks by a recurring job. */
  mining: MiningService;
  /** IEO subscriptions (ieo/service.ts): /project*, allocation and release by a recurring job. */
  ieo: IeoService;
  /** Dual investment (invest/service.ts): /dual/*, settled at 16:00 on the maturity date by a recurring job. */
  invest: InvestService;
  /** The NFT marketplace (nft/service.ts): /bind_box/*, auctions ended and unpaid wins timed out by jobs. */
  nft: NftService;
  /** OTC and quick buy (otc/service.ts): merchants' ads, escrowed orders, appeals, pay time-outs by a job. */
  otc: OtcService;
  /** Crypto-backed loans (loans/service.ts): borrow and repay, daily interest, margin calls and liquidations. */
  loans: LoanService;
  /** Copy trading (copy/service.ts): follows, copies of traders' contract positions, hourly trader statistics. */
  copy: CopyService;
  /** Customer service threads (support/service.ts): /pages/kefu/index and the back-office inbox. */
  support: SupportService;
  /** Invitations and rebates (referrals/service.ts): rebates on invitees' trading fees by a recurring job. */
  referrals: ReferralService;
  /** Coupons (coupons/service.ts): fee discounts and experience coupons. */
  coupons: CouponService;
  /** Notifications (notifications/service.ts): the user's events and the operator's system notices. */
  notifications: NotificationService;
  /** Signs every upload reference an answer gives (see uploads/signing.ts). */
  uploads: UploadUrls;
  /** Scheduled jobs (jobs/scheduler.ts); main.ts starts its loop, closing the app stops it. */
  jobs: JobScheduler;
  limits: Limits;
};

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
