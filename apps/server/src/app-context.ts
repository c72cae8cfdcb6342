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
import type { TickStore } from './markets/ticks.ts';
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
import type { Snapshots } from './liabilities/job.ts';
import type { Metrics } from './metrics/metrics.ts';
import type { Limits } from './limits.ts';


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
  /** Proof-of-liabilities snapshots (liabilities/job.ts): daily, on an admin's demand, and at a development start. */
  liabilities: Snapshots;
  /** Signs every upload reference an answer gives (see uploads/signing.ts). */
  uploads: UploadUrls;
  /** Scheduled jobs (jobs/scheduler.ts); main.ts starts its loop, closing the app stops it. */
  jobs: JobScheduler;
  limits: Limits;
};
