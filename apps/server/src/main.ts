import { buildApp } from './app.ts';
import { seedOperators } from './admin/operators.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { holdTradingLease } from './db/lease.ts';
import { appRealtimeSources, attachRealtime } from './realtime/socket.ts';
import { seedMarkets } from './markets/seed.ts';
import { seedMarketMaker } from './spot/market-maker.ts';
import { seedDemo } from './site/demo.ts';
import { seedSite } from './site/seed.ts';

/** Starts the API, realtime and the built web apps from one process: the database's one trading process. */
const config = loadConfig();
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
await seedSite(database.db);
await seedOperators(database.db);
await seedDemo(database.db);
await seedMarkets(database.db);
await seedMarketMaker(database.db);
const { app, ctx } = await buildApp({
  config,
  database,
  logger: config.production ? true : { level: 'info', transport: { target: 'pino-pretty', options: { singleLine: true } } },
});
await app.listen({ port: config.port, host: config.host });
const realtime = await attachRealtime(app.server, appRealtimeSources(ctx, (error) => app.log.error(error)), { redisUrl: config.redisUrl });
ctx.markets.start();
ctx.spot.marketMaker?.start();
app.log.info(`database: ${database.kind}${database.kind === 'pglite' ? ` in ${config.dataDir}` : ''}; realtime: ${config.redisUrl ? 'redis adapter' : 'in-process'}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    await realtime.close();
    await app.close();
    await database.close();
    await lease.release();
    process.exit(0);
  });
}
