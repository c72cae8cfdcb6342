/**
 * Probes for a load balancer or an orchestrator, unauthenticated and cheap (no table is read):
 * - GET /healthz: the process answers (alive). 200 {"status":"ok"}.
 * - GET /readyz: the process can serve trading. 200 when every check passes, else 503, each naming
 *   what failed so an operator sees why:
 *   - database: `select 1` answers within READY_DATABASE_TIMEOUT_MS (migrations ran before listening);
 *   - spot: no symbol's writer is stale (a stale writer refuses orders until its book is rebuilt);
 *   - feed: at least one symbol has a tick recorded within indexFreshMs, the same limit orders are
 *     refused beyond; the symbols whose latest tick is older are listed (a public feed may lack sources
 *     for one symbol while the others trade, which alone does not make the process unready).
 * Outside /api and the spec's envelope: probes read the status code.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { tickFreshAt } from '@fairex/contract';
import type { AppContext } from '../app-context.ts';

export const READY_DATABASE_TIMEOUT_MS = 2_000;

export type Readiness = { ready: boolean; database: 'ok' | 'unreachable'; staleWriters: string[]; freshSymbols: number; staleTicks: string[] };

/** The pure decision: ready when the database answers, no writer is stale and the feed prices some symbol. */
export function readiness(database: boolean, staleWriters: string[], ticks: { symbol: string; fresh: boolean }[]): Readiness {
  const freshSymbols = ticks.filter((t) => t.fresh).length;
  return {
    ready: database && staleWriters.length === 0 && freshSymbols > 0,
    database: database ? 'ok' : 'unreachable',
    staleWriters,
    freshSymbols,
    staleTicks: ticks.filter((t) => !t.fresh).map((t) => t.symbol),
  };
}

async function databaseAnswers(ctx: Pick<AppContext, 'db'>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), READY_DATABASE_TIMEOUT_MS)));
  try {
    return await Promise.race([ctx.db.execute(sql`select 1`).then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

export function healthRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'db' | 'limits' | 'markets' | 'ticks' | 'spot'>, now: () => number) {
  app.get('/healthz', async (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    const at = now();
    const ticks = ctx.markets.symbolNames().map((symbol) => ({ symbol, fresh: tickFreshAt(ctx.ticks.latest(symbol), at, ctx.limits.indexFreshMs) }));
    const state = readiness(await databaseAnswers(ctx), ctx.spot.staleSymbols(), ticks);
    return reply
      .code(state.ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: state.ready ? 'ready' : 'not_ready', ...state });
  });
}
