import os from 'node:os';
import { buildApp } from './app.ts';
import { OperatorSetupError } from './admin/operator-accounts.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { holdTradingLease } from './db/lease.ts';
import { Cluster } from './cluster/cluster.ts';
import { Membership } from './cluster/membership.ts';
import { appRealtimeSources, attachRealtime } from './realtime/socket.ts';
import { seedOnStart } from './first-start.ts';
import { DemoDataError } from './production-start.ts';
import { errorForLog } from './http/errors.ts';
import { backfillSimulatedHistory } from './markets/history.ts';

/**
 * Starts the API, realtime and the built web apps. On the embedded database this is the database's one
 * process (a second waits as a standby). On PostgreSQL every process is a member of the cluster
 * (cluster/): any number run at once, sharing the spot books and the core between them.
 */
let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  // A refused setting (the simulation under NODE_ENV=production, ...) stops the start with its reason, no stack.
  console.error(`cannot start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
const clustered = config.databaseUrl !== undefined;
// The embedded database: the trading lease for the process's life. PostgreSQL: the same lock held only
// while this process migrates, seeds and builds the app (its first-start rows), so processes starting
// together do that one after the other.
const lease = await holdTradingLease({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  onWait: (holder) => console.log(clustered ? `waiting while ${holder} starts` : `waiting as a standby: ${holder} holds the trading lease; this one starts when it stops`),
  onLost: (error) => {
    // Another process may take over now; two order books must never run on one database.
    if (clustered) return;
    console.error('the trading lease was lost; stopping', error);
    process.exit(1);
  },
});
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await seedOnStart(database.db, { production: config.production, firstOperator: config.firstOperator, log: console, now: Date.now(), dataDir: config.dataDir });
} catch (error) {
  if (!(error instanceof OperatorSetupError) && !(error instanceof DemoDataError)) throw error;
  // A weak ADMIN_PASSWORD, or a development database under NODE_ENV=production, must stop the start:
  // a production server is never left with a guessable operator or demo logins.
  console.error(error instanceof DemoDataError ? `cannot start in production: ${error.message}` : `cannot create the first operator: ${error.message}`);
  await database.close();
  await lease.release();
  process.exit(1);
}
// A new install on the simulation has a K-line: the declared simulation's history, once per symbol
// (markets/history.ts); a public feed gets none. The seed is never logged: whoever knows it knows the path.
const history = await backfillSimulatedHistory(database.db, { feed: config.priceFeed, seed: config.marketSeed, now: Date.now() });
if (history.symbols.length > 0) {
  console.log(`simulated history for ${history.symbols.map((s) => s.symbol).join(', ')}: ${history.symbols.reduce((n, s) => n + s.candles, 0)} candles in ${history.ms} ms`);
}
const stopNow = (why: string) => (error?: unknown) => {
  // Another process may already hold this one's leases: nothing more may be written from here.
  console.error(`${why}; stopping`, error ?? '');
  process.exit(1);
};
// CLUSTER_ADDRESS may name this host as {hostname} (containers of one image: each its own).
const clusterAddress = (config.clusterAddress ?? `http://127.0.0.1:${config.port}`).replace('{hostname}', os.hostname());
const membership = clustered ? await Membership.join(config.databaseUrl!, clusterAddress, stopNow('the cluster membership was lost')) : undefined;
const cluster = membership && new Cluster(membership);
const { app, ctx, leaseHandlers } = await buildApp({
  config,
  database,
  cluster: cluster && { cluster, onCoreLost: stopNow('another process took the core') },
  // Errors are logged without the values their queries carried (http/errors.ts errorForLog).
  logger: config.production
    ? { level: config.logLevel, serializers: { err: (error: Error) => errorForLog(error) } }
    : { level: config.logLevel, serializers: { err: (error: Error) => errorForLog(error) }, transport: { target: 'pino-pretty', options: { singleLine: true } } },
});
// The app's first-start rows (funds, markets) exist: the next starting process may go on.
if (clustered) await lease.release();
await app.listen({ port: config.port, host: config.host });
const realtime = await attachRealtime(app.server, appRealtimeSources(ctx, (error) => app.log.error({ err: error }, 'realtime failed'), cluster), { redisUrl: config.redisUrl });
ctx.metrics.countRealtimeClients(() => realtime.io.engine.clientsCount);
ctx.spot.marketMaker?.start();
if (cluster) {
  // Takes this process's share of the leases (the core's feed and jobs, spot books) and keeps it balanced.
  await cluster.start(leaseHandlers!);
} else {
  ctx.markets.start();
  // Scheduled jobs (the upload orphan sweep, ...): each job runs once, through its row.
  ctx.jobs.start();
}
// Development: a first proof-of-liabilities snapshot, so its screens have one on a fresh install (marked demo).
if (!config.production) ctx.liabilities.atStart().catch((error) => app.log.warn({ err: error }, 'the first proof of liabilities snapshot failed'));
// performance.now() counts from the process's start: how long this start took to serve (npm run bench:start measures it from outside).
app.log.info(
  `database: ${database.kind}${database.kind === 'pglite' ? ` in ${config.dataDir}` : ''}; realtime: ${config.redisUrl ? 'redis adapter' : 'in-process'}` +
    `${cluster ? `; cluster member ${cluster.memberId} holding ${cluster.view().held.join(', ') || 'nothing yet'}` : ''}; started in ${Math.round(performance.now())} ms`,
);
if (cluster && !config.redisUrl) app.log.warn('several processes without REDIS_URL: realtime events reach only the clients of the process where they happen');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    // Graceful: the books' queued batches commit and the leases go to the other processes first, while
    // requests still in flight are answered (forwarded once their symbol moved); then the sockets get
    // their reconnect hint and the server closes.
    app.log.info(`${signal}: stopping`);
    await cluster?.stop();
    if (cluster) app.log.info('leases handed over');
    // Closing the HTTP server (socket.io's close does it first) waits for every connection: kept-alive ones
    // (clients', peers' forwarding agents) would hold it open for their keep-alive time. Each is ended once
    // idle (after its answer); after 10 s every one is.
    const endIdle = setInterval(() => app.server.closeIdleConnections(), 100);
    const late = setTimeout(() => app.server.closeAllConnections(), 10_000);
    await realtime.close();
    await app.close();
    clearInterval(endIdle);
    clearTimeout(late);
    app.log.info('requests answered, closing the database');
    await database.close();
    if (!clustered) await lease.release();
    process.exit(0);
  });
}
