import { buildApp } from './app.ts';
import { OperatorSetupError } from './admin/operator-accounts.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { holdTradingLease } from './db/lease.ts';
import { appRealtimeSources, attachRealtime } from './realtime/socket.ts';
import { seedOnStart } from './first-start.ts';
import { DemoDataError } from './production-start.ts';
import { errorForLog } from './http/errors.ts';
import { backfillSimulatedHistory } from './markets/history.ts';

/** Starts the API, realtime and the built web apps from one process: the database's one trading process. */
let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  // A refused setting (the simulation under NODE_ENV=production, ...) stops the start with its reason, no stack.
  console.error(`cannot start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
const lease = await holdTradingLease({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  onWait: (holder) => console.log(`waiting as a standby: ${holder} holds the trading lease; this one starts when it stops`),
  onLost: (error) => {
    // Another process may take over now; two order books must never run on one database.
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
const { app, ctx } = await buildApp({
  config,
  database,
  // Errors are logged without the values their queries carried (http/errors.ts errorForLog).
  logger: config.production
    ? { level: config.logLevel, serializers: { err: (error: Error) => errorForLog(error) } }
    : { level: config.logLevel, serializers: { err: (error: Error) => errorForLog(error) }, transport: { target: 'pino-pretty', options: { singleLine: true } } },
});
await app.listen({ port: config.port, host: config.host });
const realtime = await attachRealtime(app.server, appRealtimeSources(ctx, (error) => app.log.error({ err: error }, 'realtime failed')), { redisUrl: config.redisUrl });
ctx.metrics.countRealtimeClients(() => realtime.io.engine.clientsCount);
ctx.markets.start();
ctx.spot.marketMaker?.start();
// Scheduled jobs (the upload orphan sweep, ...): safe beside other processes, each job runs once.
ctx.jobs.start();
// performance.now() counts from the process's start: how long this start took to serve (npm run bench:start measures it from outside).
app.log.info(`database: ${database.kind}${database.kind === 'pglite' ? ` in ${config.dataDir}` : ''}; realtime: ${config.redisUrl ? 'redis adapter' : 'in-process'}; started in ${Math.round(performance.now())} ms`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    await realtime.close();
    await app.close();
    await database.close();
    await lease.release();
    process.exit(0);
  });
}
