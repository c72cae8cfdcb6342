// npm run bench:orders: end-to-end spot order placement over HTTP (POST /api/coin/trade), each order
// answered only after its batch committed (group commit), on embedded PGlite and on PostgreSQL when one
// answers. Concurrent clients place limit orders around the index price (about half of them cross the
// market maker's ladder or each other and trade). Prints orders/s, p50/p99 latency, trades, and
// whether the ledger audit holds afterwards.
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
import { benchDatabases } from './support.ts';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const USERS = 32;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

const rows: Record<string, string | number>[] = [];
for (const target of await benchDatabases({ prefix: 'fairex_orders_bench', pgliteDir: true })) {
  const { database, dispose } = await target.open();
  const db = database.db;
  await seedSite(db);
  await seedOperators(db);
  await seedMarkets(db);
  await seedMarketMaker(db);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fairex-bench-'));
  const { app, ctx } = await buildApp({ config: { ...loadConfig({}), dataDir }, database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/coin/trade`;
  const symbol = ctx.markets.symbolByName('BTC/USDT')!;
  const index = Number(ctx.markets.feed.price('BTC/USDT'));
  await ctx.spot.marketMaker!.quoteAll();

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
            refId: user.id,
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

  const latencies: number[] = [];
  let errors = 0;
  let sequence = 0;
  const deadline = Date.now() + DURATION_S * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, connection) => {
      const token = tokens[connection % USERS]!;
      while (Date.now() < deadline) {
        const n = sequence++;
        const side = n % 2 === 0 ? 'buy' : 'sell';
        // Within +-0.3 % of the index: buys above the ask and sells below the bid trade at once.
        const offset = (((n * 7919) % 61) - 30) / 10_000;
        const body = new URLSearchParams({
          amount: (0.0001 + (n % 10) / 10_000).toFixed(4),
          target_price: (index * (1 + offset)).toFixed(2),
          currency_id: String(symbol.baseCurrencyId),
          legal_id: String(symbol.quoteCurrencyId),
          type: side,
        });
        const t0 = performance.now();
        const response = await fetch(url, { method: 'POST', headers: { authorization: token, 'content-type': 'application/x-www-form-urlencoded' }, body });
        const answer = (await response.json()) as { type: string };
        latencies.push(performance.now() - t0);
        if (answer.type !== 'ok') errors++;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const [trades] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from spot_trades`);
  await app.close();
  const result = await audit(db);
  rows.push({
    database: target.name,
    orders: latencies.length,
    'orders/s': Math.round(latencies.length / elapsed),
    'p50 ms': Number(percentile(latencies, 50).toFixed(1)),
    'p99 ms': Number(percentile(latencies, 99).toFixed(1)),
    trades: trades!.n,
    errors,
    audit: result.ok ? 'ok' : 'FAILED',
  });
  await dispose();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
console.log(`\n${DURATION_S} s per run, ${CONNECTIONS} concurrent clients, ${USERS} users, node ${process.version}, ${os.cpus().length} cores`);
console.table(rows);
