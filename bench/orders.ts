// npm run bench:orders: end-to-end spot orders over HTTP (POST and PUT /api/coin/trade), each answered
// only after its batch committed (group commit), on embedded PGlite and on PostgreSQL when one answers.
// Concurrent clients (after one warm-up order each, not measured) send 70 % limit orders around the
// index price (about half of them cross the market maker's ladder or each other and trade), 15 % market
// orders and 15 % cancels of their own open orders, while the price feed ticks and the market maker
// requotes as under npm start. Prints the ok answers per second (refusals are counted apart, by code),
// p50/p99 latency of the ok answers, commands per committed batch, the server's CPU time per ok answer,
// trades, and whether the ledger audit holds afterwards. BENCH_SMOKE=1: about a second with 4
// clients; the exit code is 1 when the audit fails or no order was answered ok (also in a full run).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { createSession } from '../apps/server/src/accounts/sessions.ts';
import { insertUser } from '../apps/server/src/accounts/repository.ts';
import { seedOperators } from '../apps/server/src/admin/operators.ts';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { queryRows } from '../apps/server/src/db/client.ts';
import { audit, openUserAccounts, post, systemAccount, userAccount } from '../apps/server/src/ledger/index.ts';
import { seedMarkets } from '../apps/server/src/markets/seed.ts';
import { seedSite } from '../apps/server/src/site/seed.ts';
import { seedMarketMaker } from '../apps/server/src/spot/market-maker.ts';
import type { OrdersLoad } from './orders-client.ts';
import { benchDatabases, percentile, smokeCheck, smokeOr } from './support.ts';
import { benchOrdersCluster, runLoad } from './orders-cluster.ts';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? smokeOr(10, 1));
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? smokeOr(64, 4));
const USERS = smokeOr(32, 4);
const BENCH_LIMITS = { spotOrdersPerSecond: 1_000_000, spotOrdersPerMinute: 10_000_000, spotOpenOrdersPerSymbolMax: 1_000_000 };

// BENCH_PROCESSES=1,2,3: the cluster mode instead (orders-cluster.ts), once per process count.
if (process.env.BENCH_PROCESSES) {
  await benchOrdersCluster(process.env.BENCH_PROCESSES.split(',').map(Number));
  process.exit();
}

const rows: Record<string, string | number>[] = [];
for (const target of await benchDatabases({ prefix: 'fairex_orders_bench', pgliteDir: true })) {
  const { database, dispose } = await target.open();
  const db = database.db;
  await seedSite(db);
  await seedOperators(db);
  await seedMarkets(db);
  await seedMarketMaker(db);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fairex-bench-'));
  // A few users firing as fast as they can: above the per-user spot limits of a real user, so raised here.
  const { app, ctx } = await buildApp({ config: { ...loadConfig({}), dataDir }, database, limits: BENCH_LIMITS });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/coin/trade`;
  const symbol = ctx.markets.symbolByName('BTC/USDT')!;
  const index = Number(ctx.markets.feed.price('BTC/USDT'));
  await ctx.spot.marketMaker!.quoteAll();
  // As npm start: the index ticks every second and the market maker requotes on each tick.
  ctx.markets.start();
  ctx.spot.marketMaker!.start();

  // Funded users with sessions, created directly (the benchmark measures orders, not sign-ups).
  const tokens: string[] = [];
  for (let i = 0; i < USERS; i++) {
    tokens.push(
      await db.transaction(async (tx) => {
        const user = await insertUser(tx, { account: `bench-${i}@example.com`, passwordHash: 'x', extensionCode: `BENCH${i}` });
        await openUserAccounts(tx, user.id);
        for (const [currencyId, amount] of [
          [symbol.quoteCurrencyId, '100000000'],
          [symbol.baseCurrencyId!, '1000'],
        ] as const) {
          await post(tx, {
            kind: 'deposit',
            refType: 'bench_seed',
            refId: `${user.id}:${currencyId}`,
            legs: [
              { accountId: await systemAccount(tx, 'deposits_in_transit', currencyId), amount: `-${amount}` },
              { accountId: await userAccount(tx, user.id, currencyId, 'spot'), amount },
            ],
          });
        }
        return createSession(tx, user.id);
      }),
    );
  }

  const load: OrdersLoad = {
    url,
    tokens,
    durationS: DURATION_S,
    connections: CONNECTIONS,
    index,
    currencyId: symbol.baseCurrencyId!,
    legalId: symbol.quoteCurrencyId,
  };
  const writer = ctx.spot.writer(symbol.id)!;
  let [batchesBefore, commandsBefore] = [0, 0];
  const { latencies, ok, errors, elapsedS: elapsed, serverCpuMs } = await runLoad(load, () => {
    [batchesBefore, commandsBefore] = [writer.committedBatches, writer.committedCommands];
  });
  latencies.sort((a, b) => a - b);
  const batches = writer.committedBatches - batchesBefore;
  const commands = writer.committedCommands - commandsBefore;
  const [trades] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from spot_trades`);
  const [maker] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from spot_orders o join users u on u.id = o.user_id where u.account = 'market-maker'`);
  await app.close();
  const result = await audit(db);
  smokeCheck(result.ok, `${target.name}: ledger audit failed`);
  smokeCheck(latencies.length > 0, `${target.name}: no order was answered ok`);
  rows.push({
    database: target.name,
    'ok/s': Math.round(latencies.length / elapsed),
    'limit ok': ok.limit,
    'market ok': ok.market,
    'cancel ok': ok.cancel,
    refused: Object.entries(errors)
      .map(([code, n]) => `${code} ${n}`)
      .join(', ') || 'none',
    'p50 ms': Number(percentile(latencies, 50).toFixed(1)),
    'p99 ms': Number(percentile(latencies, 99).toFixed(1)),
    'commands/batch': Number((commands / Math.max(batches, 1)).toFixed(1)),
    // The server's CPU time per ok answer: what load on a busy machine does not blur as much as ok/s.
    'server cpu ms/ok': Number((serverCpuMs / Math.max(latencies.length, 1)).toFixed(2)),
    trades: trades!.n,
    'maker orders': maker!.n,
    audit: result.ok ? 'ok' : 'FAILED',
  });
  await dispose();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
console.log(`\n${DURATION_S} s per run, ${CONNECTIONS} concurrent clients, ${USERS} users, node ${process.version}, ${os.cpus().length} cores`);
console.table(rows);
