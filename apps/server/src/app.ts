import fs from 'node:fs';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { accountRoutes } from './accounts/routes.ts';
import { openSessionCache } from './accounts/session-cache.ts';
import { sessionStore } from './accounts/sessions.ts';
import { adminRoutes } from './admin/routes.ts';
import type { AppContext } from './app-context.ts';
import { DEFAULT_LIMITS, type Limits } from './limits.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { installEnvelope, sendError } from './http/envelope.ts';
import { openLimitStore, rateLimitStoreOf } from './http/limit-store.ts';
import { securityHeadersHook } from './http/security-headers.ts';
import { refuseUnstorableText } from './http/text-input.ts';
import { API_COMPRESSION, builtAppFiles } from './http/web-delivery.ts';
import { contentRoutes } from './content/routes.ts';
import { FrameHosts } from './content/frame-hosts.ts';
import { serveContentImages } from './content/images.ts';
import { createEventBus } from './events/bus.ts';
import { fundsRoutes } from './funds/routes.ts';
import { marketRoutes } from './markets/routes.ts';
import { Markets } from './markets/service.ts';
import { SimulatedPriceFeed, type PriceFeed, type SimulatedSymbol } from './markets/price-feed.ts';
import { soloCluster, type Cluster } from './cluster/cluster.ts';
import { FollowableFeed } from './cluster/followable-feed.ts';
import { clusterRoutes } from './cluster/routes.ts';
import { fromPeer, peerRequestHook } from './cluster/forward.ts';
import { coreState, forwardCoreRoutes, tickPublisher, wireCluster } from './cluster/wiring.ts';
import { IndexTickStore, indexFreshMsFor } from './markets/ticks.ts';
import { tickRoutes } from './markets/tick-routes.ts';
import { parseSourceUrls, PublicIndexFeed } from './markets/public-feed.ts';
import { createNotifier } from './notify/notifier.ts';
import { siteRoutes } from './site/routes.ts';
import { spotRoutes } from './spot/routes.ts';
import { SpotService } from './spot/service.ts';
import { OptionsService } from './options/service.ts';
import { registerRetention } from './retention/retention.ts';
import { chainUnchained, registerOperatorLogHeads } from './admin/operator-log-chain.ts';
import { registerLedgerAudit } from './ledger/audit-job.ts';
import { Snapshots } from './liabilities/job.ts';
import { liabilitiesRoutes } from './liabilities/routes.ts';
import { transparencyRoutes } from './transparency/routes.ts';
import { fundOptionPool } from './options/pool.ts';
import { fundCouponFund } from './coupons/fund.ts';
import { optionRoutes } from './options/routes.ts';
import { ContractService } from './contracts/service.ts';
import { contractRoutes } from './contracts/routes.ts';
import { UPLOAD_BYTES_MAX, uploadRoutes, uploadsDir } from './uploads/routes.ts';
import { UploadUrls } from './uploads/signing.ts';
import { registerUploadJobs } from './uploads/orphans.ts';
import { JobScheduler } from './jobs/scheduler.ts';
import { inBackground } from './jobs/background.ts';
import { MovableClock, systemClock, type Clock } from './clock.ts';
import { testClockRoutes } from './http/test-clock.ts';
import { healthRoutes } from './http/health.ts';
import { Metrics } from './metrics/metrics.ts';
import { metricsRoutes } from './metrics/routes.ts';
import { installRequestLog, requestLogOptions } from './http/request-log.ts';
import { MiningService } from './mining/service.ts';
import { miningRoutes } from './mining/routes.ts';
import { IeoService } from './ieo/service.ts';
import { ieoRoutes } from './ieo/routes.ts';
import { InvestService } from './invest/service.ts';
import { investRoutes } from './invest/routes.ts';
import { seedVaultFromEnv } from './nft/seed-vault.ts';
import { NftService } from './nft/service.ts';
import { nftRoutes } from './nft/routes.ts';
import { serveNftMedia } from './nft/media.ts';
import { OtcService } from './otc/service.ts';
import { otcRoutes } from './otc/routes.ts';
import { LoanService } from './loans/service.ts';
import { loanRoutes } from './loans/routes.ts';
import { CopyService } from './copy/service.ts';
import { copyRoutes } from './copy/routes.ts';
import { DEMO_TRADING_EVERY_MS, DemoTraders } from './copy/demo.ts';
import { DemoSpotTraders, SPOT_DEMO_EVERY_MS } from './spot/demo.ts';
import { SupportService } from './support/service.ts';
import { supportRoutes } from './support/routes.ts';
import { ReferralService } from './referrals/service.ts';
import { referralRoutes } from './referrals/routes.ts';
import { CouponService } from './coupons/service.ts';
import { couponRoutes } from './coupons/routes.ts';
import { NotificationService } from './notifications/service.ts';
import { notificationRoutes } from './notifications/routes.ts';

export const BODY_BYTES_MAX = 1024 * 1024;

export type BuildOptions = {
  config: Config;
  database: Database;
  limits?: Partial<Limits>;
  logger?: FastifyServerOptions['logger'];
  /** The server's clock (clock.ts); tests pass their own. Default: the system clock, or a movable one on a TEST_CLOCK start. */
  clock?: Clock;
  /** The clock of session lifetimes (AppContext.sessionClock); tests pass their own. Default: the system clock. */
  sessionClock?: Clock;
  /**
   * This process's membership of a cluster (several processes on one PostgreSQL: cluster/); alone when
   * absent. `onCoreLost`: another process took the core while this one held it, so this one must stop.
   */
  cluster?: { cluster: Cluster; onCoreLost: () => void };
};

/** The whole HTTP app: API under /api, back office API under /api/admin, uploads, and the built web apps. */
export async function buildApp(options: BuildOptions) {
  const app = Fastify({ logger: options.logger ?? false, bodyLimit: BODY_BYTES_MAX, trustProxy: options.config.trustProxy, ...requestLogOptions });
  const bus = createEventBus();
  const movable = options.config.testClock && !options.clock ? new MovableClock() : undefined;
  const clock = options.clock ?? movable?.now ?? systemClock;
  const cluster = options.cluster?.cluster;
  // In a cluster the feed follows the core's recorded ticks until this process takes the core (cluster/followable-feed.ts).
  let followable: FollowableFeed | undefined;
  const createFeed = (symbols: SimulatedSymbol[]): PriceFeed => {
    const feed: PriceFeed =
      options.config.priceFeed === 'public'
        ? new PublicIndexFeed(symbols, {
            now: clock,
            baseUrls: parseSourceUrls(options.config.priceSourceUrls),
            onError: (error) => app.log.warn({ err: error }, 'public price source failed'),
          })
        : new SimulatedPriceFeed(symbols, options.config.marketSeed, clock);
    return cluster ? (followable = new FollowableFeed(feed)) : feed;
  };
  const markets = await Markets.open(options.database.db, bus, {
    seed: options.config.marketSeed,
    now: clock,
    onError: (error) => app.log.error({ err: error }, 'saving candles failed'),
    createFeed,
  });
  const core = coreState();
  const given = { ...DEFAULT_LIMITS, ...options.config.limits, ...options.limits };
  // Freshness follows the feed (one interval plus the recording delay) unless a test or the config sets it.
  const limits: Limits = { ...given, indexFreshMs: options.limits?.indexFreshMs ?? options.config.limits.indexFreshMs ?? indexFreshMsFor(options.config.priceFeed, given.indexTickFlushMs) };
  const tickError = (error: unknown) => app.log.error({ err: error }, 'recording index ticks failed');
  const ticks = new IndexTickStore(options.database.db, markets.feed, (symbol) => markets.symbolId(symbol), limits, tickError, {
    recording: !cluster,
    onRecorded: cluster && tickPublisher(options.database, tickError),
  });
  markets.publishRecordedTicks(ticks, () => !cluster || core.leading);
  // Gauges read their sources at scrape time (metrics/metrics.ts); `spot` is the ctx's, set just below.
  let spotSource: SpotService | undefined;
  const metrics = new Metrics({
    tickTimes: () => markets.symbolNames().map((symbol) => ({ symbol, time: ticks.latest(symbol)?.time })),
    staleWriters: () => spotSource?.staleSymbols() ?? [],
    queueDepths: () => spotSource?.queueDepths() ?? [],
    cluster: () => (cluster ?? soloCluster).view(),
    now: clock,
  });
  bus.on('ticker', (tick) => metrics.tickerLag.observe(Math.max(0, clock() - tick.time) / 1000));
  // Built first: other services (loans, mining, IEO, dual, copy trading) record their users' notifications through it.
  const notifications = new NotificationService(options.database.db, { now: clock, bus, onError: (error) => app.log.error({ err: error }, 'notifications failed') });
  const contracts = await ContractService.open(options.database.db, ticks, bus, {
    now: clock,
    indexFreshMs: limits.indexFreshMs,
    onError: (error) => app.log.error({ err: error }, 'contract triggers failed'),
    leads: () => !cluster || core.leading,
  });
  const uploads = await UploadUrls.open(options.database.db);
  // Rate-limit windows: in Redis with REDIS_URL so every process holds one limit, else in memory (http/limit-store.ts).
  const limitStore = await openLimitStore(options.config.redisUrl, app.log);
  app.addHook('onClose', () => limitStore.close());
  const ctx: AppContext = {
    config: options.config,
    database: options.database,
    db: options.database.db,
    clock,
    sessionClock: options.sessionClock ?? systemClock,
    notifier: createNotifier({ smtpUrl: options.config.smtpUrl, log: app.log, production: options.config.production }),
    limits,
    bus,
    markets,
    ticks,
    spot: (spotSource = await SpotService.open(options.database.db, bus, {
      markets,
      limits,
      onError: (error) => app.log.error({ err: error }, 'spot trading failed'),
      onCommitted: (symbol, commands, seconds) => metrics.batchCommitted(symbol, commands, seconds),
      holdsAll: !cluster,
      limitStore,
    })),
    metrics,
    uploads,
    jobs: new JobScheduler(options.database.db, {
      now: clock,
      onError: (error, job) => app.log.error({ err: error, job: job.name }, 'scheduled job failed'),
      onRun: (job, result) => metrics.jobRuns.inc({ job: job.name, result }),
    }),
    options: new OptionsService(options.database.db, { ticks, bus, indexFreshMs: limits.indexFreshMs, now: clock }),
    contracts,
    copy: new CopyService(options.database.db, { contracts, uploads, now: clock, notifications, onError: (error) => app.log.error({ err: error }, 'copy trading failed') }),
    mining: new MiningService(options.database.db, { now: clock, notifications, onError: (error) => app.log.error({ err: error }, 'mining payout failed') }),
    ieo: new IeoService(options.database.db, { now: clock, notifications, onError: (error) => app.log.error({ err: error }, 'IEO allocation failed') }),
    support: new SupportService(options.database.db, { now: clock, bus, onError: (error) => app.log.error({ err: error }, 'support failed') }),
    referrals: new ReferralService(options.database.db, { now: clock, bus, onError: (error) => app.log.error({ err: error }, 'referrals failed') }),
    coupons: new CouponService(options.database.db, { now: clock, bus, onError: (error) => app.log.error({ err: error }, 'coupons failed') }),
    notifications,
    nft: new NftService(options.database.db, {
      now: clock,
      bus,
      seedVault: seedVaultFromEnv(options.config.dataDir, options.config.production),
      onError: (error) => app.log.error({ err: error }, 'nft failed'),
    }),
    otc: new OtcService(options.database.db, { now: clock, bus, feed: markets.feed, onError: (error) => app.log.error({ err: error }, 'otc failed') }),
    loans: new LoanService(options.database.db, { now: clock, ticks, indexFreshMs: limits.indexFreshMs, notifications, onError: (error) => app.log.error({ err: error }, 'loans failed') }),
    invest: new InvestService(options.database.db, { now: clock, ticks, indexFreshMs: limits.indexFreshMs, notifications, onError: (error) => app.log.error({ err: error }, 'dual settlement failed') }),
    liabilities: new Snapshots(options.database.db, {
      now: clock,
      markOf: (symbol) => ticks.latest(symbol)?.price,
      demo: !options.config.production,
      onError: (error) => app.log.error({ err: error }, 'proof of liabilities snapshot failed'),
    }),
  };
  // Session lookups answered from memory; revocations reach every process through NOTIFY (accounts/session-cache.ts).
  const sessionCache = await openSessionCache(options.database, sessionStore(options.database.db));
  app.addHook('onClose', () => sessionCache.close());
  registerUploadJobs(ctx.jobs, uploadsDir(ctx));
  registerRetention(ctx.jobs);
  registerOperatorLogHeads(ctx.jobs);
  // Operator-log rows written before migration 0041 join the hash chain (a no-op once done).
  await chainUnchained(options.database.db);
  registerLedgerAudit(ctx.jobs, (result, at) => {
    metrics.ledgerAudited(result.ok, at);
    if (!result.ok) app.log.error({ failed: result.failed }, 'the ledger audit failed');
  });
  await fundOptionPool(ctx.db);
  await fundCouponFund(ctx.db);
  ctx.options.register(ctx.jobs);
  ctx.contracts.register(ctx.jobs);
  ctx.mining.register(ctx.jobs);
  ctx.ieo.register(ctx.jobs);
  ctx.invest.register(ctx.jobs);
  ctx.nft.register(ctx.jobs);
  ctx.otc.register(ctx.jobs);
  ctx.loans.register(ctx.jobs);
  ctx.copy.register(ctx.jobs);
  await ctx.copy.start();
  if (!options.config.production) {
    // Development only: the seeded demo traders trade (copy/demo.ts); a production start has none.
    const demo = new DemoTraders(ctx.db, contracts, ctx.copy, options.config.marketSeed, clock, (error) => app.log.warn({ err: error }, 'demo trader order failed'));
    const demoRound = inBackground(() => demo.round(), (error) => app.log.warn({ err: error }, 'demo traders failed'));
    ctx.jobs.every('copy.demo_trading', DEMO_TRADING_EVERY_MS, async () => demoRound());
    // Development only: the seeded demo spot traders keep every pair trading (spot/demo.ts).
    const spotDemo = new DemoSpotTraders(ctx.db, ctx.spot, options.config.marketSeed);
    const spotDemoRound = inBackground(() => spotDemo.round(), (error) => app.log.warn({ err: error }, 'demo spot traders failed'));
    ctx.jobs.every('spot.demo_trading', SPOT_DEMO_EVERY_MS, async () => spotDemoRound());
  }
  ctx.support.register(ctx.jobs);
  ctx.referrals.register(ctx.jobs);
  ctx.coupons.register(ctx.jobs);
  ctx.notifications.register(ctx.jobs);
  ctx.liabilities.register(ctx.jobs);
  app.addHook('onClose', () => ctx.contracts.stop());
  app.addHook('onClose', () => ctx.copy.settled());
  app.addHook('onClose', () => ctx.jobs.stop());
  app.addHook('onClose', () => ctx.liabilities.settled());
  app.addHook('onClose', () => ctx.spot.stop());
  app.addHook('onClose', () => markets.stop());
  // After the feed stopped: the buffered ticks are written.
  app.addHook('onClose', () => ticks.stop());

  // A cluster's lease handlers (main.ts starts the cluster with them once the server listens).
  const clustered =
    cluster &&
    (await wireCluster(
      app,
      {
        database: options.database,
        cluster,
        feed: followable!,
        markets,
        ticks,
        spot: ctx.spot,
        contracts,
        jobs: ctx.jobs,
        onCoreLost: options.cluster!.onCoreLost,
        onRelayed: (tick) => metrics.tickRelayLag.observe(Math.max(0, Date.now() - tick.time) / 1000),
        onError: (error) => app.log.error({ err: error }, 'cluster failed'),
      },
      core,
    ));
  if (clustered) app.addHook('onClose', () => clustered.stop());

  installEnvelope(app);
  // A peer's forward carries the client's host, scheme and address as they arrived (cluster/forward.ts).
  if (cluster) app.addHook('onRequest', peerRequestHook(cluster));
  // Before any route validates: a NUL or a lone surrogate anywhere in the input is a parameter error (http/text-input.ts).
  refuseUnstorableText(app);
  // Security headers (CSP, nosniff, no framing, referrer policy) on every answer: API, pages, assets, errors.
  app.addHook('onRequest', securityHeadersHook((await FrameHosts.open(ctx)).current));
  await app.register(formbody);
  await app.register(multipart, { limits: { fileSize: UPLOAD_BYTES_MAX, files: 1 } });
  // Body-dependent keys (login per account) need the parsed body, hence the preHandler hook.
  // A request a peer process forwarded (cluster/forward.ts) was counted where it arrived: not twice.
  await app.register(rateLimit, { global: false, hook: 'preHandler', store: rateLimitStoreOf(limitStore), allowList: (request) => fromPeer(cluster ?? soloCluster, request) });

  // One line per request at debug (errors and slow ones above), its id in x-request-id, and the request
  // metrics (http/request-log.ts).
  installRequestLog(app, (method, route, status, seconds) => metrics.requestAnswered(method, route, status, seconds));
  // Liveness and readiness probes, and the metrics behind METRICS_TOKEN, outside /api.
  healthRoutes(app, ctx, clock);
  metricsRoutes(app, metrics, options.config.metricsToken);
  clusterRoutes(app, cluster ?? soloCluster, ctx.spot);
  await app.register(
    async (api) => {
      // Compression for the API only: the built apps' files are compressed once, at build time.
      await api.register(compress, API_COMPRESSION);
      // Contracts, copy trading and some back-office settings are served by the core's process (cluster/wiring.ts).
      if (cluster) api.addHook('preValidation', forwardCoreRoutes(cluster));
      accountRoutes(api, ctx);
      uploadRoutes(api, ctx);
      siteRoutes(api, ctx);
      marketRoutes(api, ctx);
      tickRoutes(api, ctx);
      liabilitiesRoutes(api, ctx);
      transparencyRoutes(api, ctx);
      fundsRoutes(api, ctx);
      spotRoutes(api, ctx, cluster);
      optionRoutes(api, ctx);
      contractRoutes(api, ctx);
      contentRoutes(api, ctx);
      miningRoutes(api, ctx);
      ieoRoutes(api, ctx);
      investRoutes(api, ctx);
      nftRoutes(api, ctx);
      otcRoutes(api, ctx);
      loanRoutes(api, ctx);
      copyRoutes(api, ctx);
      supportRoutes(api, ctx);
      referralRoutes(api, ctx);
      couponRoutes(api, ctx);
      notificationRoutes(api, ctx);
      if (movable) testClockRoutes(api, movable);
      await api.register(async (admin) => adminRoutes(admin, ctx), { prefix: '/admin' });
    },
    { prefix: '/api' },
  );

  fs.mkdirSync(uploadsDir(ctx), { recursive: true });
  // Uploads are served only on a valid signed URL; anything else gets the same 404 as a missing file.
  await app.register(async (uploads) => {
    uploads.addHook('onRequest', async (request, reply) => {
      if (ctx.uploads.secondsLeft(request.url) === 0) return sendError(request, reply, 'not_found');
    });
    await uploads.register(fastifyStatic, {
      root: uploadsDir(ctx),
      prefix: '/uploads/',
      decorateReply: false,
      index: false,
      cacheControl: false,
      // The user's own browser may keep it, shared caches may not, and no one past the URL's expiry.
      setHeaders: (reply) => reply.header('cache-control', `private, max-age=${ctx.uploads.secondsLeft(reply.request.url)}`),
    });
  });
  await serveContentImages(app, ctx);
  await serveNftMedia(app, ctx);
  if (fs.existsSync(options.config.adminDist)) {
    // The back office is served under /admin/; /admin (no slash) goes there too instead of a 404, query kept.
    app.get('/admin', (request, reply) => reply.redirect(`/admin/${request.url.slice('/admin'.length)}`));
    await app.register(fastifyStatic, builtAppFiles(options.config.adminDist, '/admin/'));
  }
  if (fs.existsSync(options.config.webDist)) {
    await app.register(fastifyStatic, builtAppFiles(options.config.webDist, '/'));
  }

  app.setNotFoundHandler((request, reply) => sendError(request, reply, 'not_found'));
  return { app, ctx, leaseHandlers: clustered?.handlers };
}

