// npm run bench:orders with BENCH_PROCESSES=1,2,3: the same order load (orders-client.ts) against a cluster
// of N built server processes on one PostgreSQL database and Redis (cluster/), for each N listed. Clients
// trade every spot symbol, sent either to any process (an order reaching a process that does not hold its
// symbol's book is forwarded to the one that does) or to the book's holder. Prints ok answers per second,
// latency, the share of orders forwarded, and whether the ledger audit holds afterwards. BENCH_NO_REDIS=1
// starts the processes without REDIS_URL (rate limits and realtime rooms per process), to see Redis's share. PostgreSQL and Redis only (skipped, saying so, without them).
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildServerIfStale } from '../apps/server/build.mjs';
import { createSession } from '../apps/server/src/accounts/sessions.ts';
import { insertUser } from '../apps/server/src/accounts/repository.ts';
import { startLocalCluster } from '../apps/server/src/cluster/local.ts';
import { openDatabase, queryRows } from '../apps/server/src/db/client.ts';
import { createScratchDatabase, postgresAnswers } from '../apps/server/src/db/scratch.ts';
import { audit, openUserAccounts, post, systemAccount, userAccount } from '../apps/server/src/ledger/index.ts';
import type { OrdersLoad, OrdersResult } from './orders-client.ts';
import { benchPostgresUrl, percentile, smokeCheck, smokeOr } from './support.ts';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? smokeOr(10, 1));
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? smokeOr(64, 4));
const USERS = smokeOr(32, 4);
/**
 * 'any process': clients spread over the processes whatever the symbol, as behind a plain load balancer
 * ((N - 1) / N of the orders forwarded); 'holder': each order sent to the process holding its book, as a
 * client or balancer that asks the cluster where a symbol lives would (none forwarded).
 */
const ROUTINGS = ['any process', 'holder'] as const;

async function redisAnswers(url: string) {
  const { createClient } = await import('redis');
  const client = createClient({ url, socket: { connectTimeout: 2000, reconnectStrategy: false } });
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    await client.quit().catch(() => {});
  }
}

export async function benchOrdersCluster(counts: number[]) {
  const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
  const skipped = !(await postgresAnswers(benchPostgresUrl())) ? 'no PostgreSQL answers' : !(await redisAnswers(redisUrl)) ? `no Redis answers at ${redisUrl}` : undefined;
  if (skipped) {
    console.table([{ processes: counts.join(', '), skipped }]);
    return;
  }
  await buildServerIfStale();
  const rows: Record<string, string | number>[] = [];
  for (const count of counts) {
    const { url, drop } = await createScratchDatabase(benchPostgresUrl(), 'fairex_orders_cluster', process.env.BENCH_POSTGRES_TEMPLATE || undefined);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fairex-bench-cluster-'));
    const processes = await startLocalCluster({
      count,
      entry: 'built',
      env: { DATABASE_URL: url, REDIS_URL: process.env.BENCH_NO_REDIS ? '' : redisUrl, DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'development', SPOT_ORDERS_PER_SECOND: '1000000', SPOT_ORDERS_PER_MINUTE: '10000000', SPOT_OPEN_ORDERS_PER_SYMBOL_MAX: '1000000' },
    });
    const database = await openDatabase({ databaseUrl: url, dataDir: '' });
    try {
      // Every process holds its share of the books before the load starts.
      for (let waited = 0; waited < 15_000; waited += 100) {
        const [held] = await queryRows<{ n: number }>(database.db, sql`select count(distinct member_id)::int as n from cluster_leases where member_id is not null`);
        if (held!.n >= Math.min(count, 4)) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      // Every spot symbol priced (the core's first ticks reach every process a moment after the start).
      type Quotation = { id: number; symbol: string; kind: string; price: string | null; currency_id: number; legal_id: number };
      let spot: Quotation[] = [];
      for (let waited = 0; waited < 30_000; waited += 200) {
        const quotations = (await (await fetch(`${processes[0]!.url}/api/currency/quotation_new`)).json()) as { message: Quotation[] };
        spot = quotations.message.filter((q) => q.kind === 'spot');
        if (spot.length > 0 && spot.every((q) => q.price !== null)) break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const markets = spot
        .filter((q) => q.price !== null)
        .map((q) => ({ symbolId: q.id, index: Number(q.price), currencyId: q.currency_id, legalId: q.legal_id }));
      if (markets.length === 0) throw new Error(`${count} processes: no spot symbol was priced within 30 s`);
      const tokens = await fundedUsers(database.db, [...new Set(markets.flatMap((m) => [m.currencyId, m.legalId]))]);
      // Each book's holder, for the run whose clients send every order straight to it.
      const holders = await queryRows<{ symbol_id: number; address: string }>(
        database.db,
        sql`select substr(l.name, 6)::int as symbol_id, m.address from cluster_leases l join cluster_members m on m.id = l.member_id where l.name like 'spot:%'`,
      );
      const holderOf = new Map(holders.map((h) => [h.symbol_id, h.address]));
      for (const routing of ROUTINGS) {
        const routed = routing === 'any process' ? markets : markets.map((m) => ({ ...m, url: `${holderOf.get(m.symbolId)}/api/coin/trade` }));
        const [before] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from spot_orders`);
        const load: OrdersLoad = { url: '', urls: processes.map((p) => `${p.url}/api/coin/trade`), markets: routed, tokens, durationS: DURATION_S, connections: CONNECTIONS, index: 0, currencyId: 0, legalId: 0 };
        const { latencies, errors, elapsedS } = await runLoad(load);
        latencies.sort((a, b) => a - b);
        const [after] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from spot_orders`);
        smokeCheck(latencies.length > 0, `${count} processes, ${routing}: no order was answered ok`);
        rows.push({
          processes: count,
          routing,
          symbols: markets.length,
          'ok/s': Math.round(latencies.length / elapsedS),
          'p50 ms': Number(percentile(latencies, 50).toFixed(1)),
          'p99 ms': Number(percentile(latencies, 99).toFixed(1)),
          // Sent to any process, (N - 1) / N of the orders reach a process without their book.
          forwarded: routing === 'any process' ? `${Math.round((100 * (count - 1)) / count)} %` : '0 %',
          'orders stored': after!.n - before!.n,
          refused: Object.entries(errors)
            .map(([code, n]) => `${code} ${n}`)
            .join(', ') || 'none',
        });
      }
      for (const p of processes) p.child.kill('SIGTERM');
      const codes = await Promise.all(processes.map((p) => p.exited));
      const result = await audit(database.db);
      smokeCheck(result.ok, `${count} processes: ledger audit failed`);
      smokeCheck(
        codes.every((code) => code === 0),
        `${count} processes: a process did not stop cleanly (${codes.join(', ')})`,
      );
      for (const row of rows) if (row.processes === count) row.audit = result.ok ? 'ok' : 'FAILED';
    } finally {
      for (const p of processes) p.child.kill('SIGKILL');
      await database.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  console.log(`\n${DURATION_S} s per run, ${CONNECTIONS} concurrent clients over every process and spot symbol, ${USERS} users, node ${process.version}, ${os.cpus().length} cores`);
  console.table(rows);
}

/**
 * Runs the load in a child process (orders-client.ts) and answers what it measured, with the CPU time
 * this process (the in-process server of the one-process mode, and PGlite when embedded) spent meanwhile.
 * `warmed` runs when the clients have made their warm-up order and the measured load starts.
 */
export async function runLoad(load: OrdersLoad, warmed: () => void = () => {}): Promise<OrdersResult & { serverCpuMs: number }> {
  const child = fork(new URL('./orders-client.ts', import.meta.url), [], { execArgv: ['--import', 'tsx'], serialization: 'advanced' });
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`orders client exited with ${code}`))));
  const next = <T>() => Promise.race([new Promise<T>((resolve) => child.once('message', (message) => resolve(message as T))), exited]);
  await next<{ ready: true }>();
  child.send(load);
  await next<{ warmed: true }>();
  const cpu = process.cpuUsage();
  warmed();
  const result = await next<OrdersResult>();
  const used = process.cpuUsage(cpu);
  exited.catch(() => {});
  return { ...result, serverCpuMs: (used.user + used.system) / 1000 };
}

/** Users funded in every spot coin, with sessions, created directly (the bench measures orders, not sign-ups). */
async function fundedUsers(db: Awaited<ReturnType<typeof openDatabase>>['db'], coins: number[]) {
  const tokens: string[] = [];
  for (let i = 0; i < USERS; i++) {
    tokens.push(
      await db.transaction(async (tx) => {
        const user = await insertUser(tx, { account: `bench-${i}@example.com`, passwordHash: 'x', extensionCode: `BENCH${i}` });
        await openUserAccounts(tx, user.id);
        for (const currencyId of coins) {
          await post(tx, {
            kind: 'deposit',
            refType: 'bench_seed',
            refId: `${user.id}:${currencyId}`,
            legs: [
              { accountId: await systemAccount(tx, 'deposits_in_transit', currencyId), amount: '-100000000' },
              { accountId: await userAccount(tx, user.id, currencyId, 'spot'), amount: '100000000' },
            ],
          });
        }
        return createSession(tx, user.id);
      }),
    );
  }
  return tokens;
}
