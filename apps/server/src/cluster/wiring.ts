/**
 * What holding a lease means in this app, and how a process that holds little still serves everything.
 *
 * - 'core': the price feed (its ticks recorded, chained and relayed to the others), contract triggers,
 *   scheduled jobs, and the candles of symbols without a spot book. Requests for contracts and copy
 *   trading (whose trigger index lives in the core's memory) and the back office's market and contract
 *   settings are forwarded to the core's process.
 * - 'spot:<id>': the symbol's book (its writer), its candles and its market maker's quotes. Orders and
 *   cancels for it are forwarded to the holder (spot/routes.ts).
 * Everything else (accounts, funds, wealth products, reads) is served by whichever process a request
 * reaches, from the database.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { listen } from '../db/listen.ts';
import type { ContractService } from '../contracts/service.ts';
import type { JobScheduler } from '../jobs/scheduler.ts';
import type { Markets } from '../markets/service.ts';
import type { IndexTickStore, RecordedTick } from '../markets/ticks.ts';
import type { SpotService } from '../spot/service.ts';
import { MARKET_MAKER_SETTING, marketMakerConfigOf } from '../spot/market-maker.ts';
import { readSetting } from '../site/repository.ts';
import { CORE_LEASE, spotLease, symbolOfLease } from './assignment.ts';
import type { Cluster, LeaseHandlers } from './cluster.ts';
import type { FollowableFeed } from './followable-feed.ts';
import { forwarded } from './forward.ts';
import { fence, holdsLease } from './membership.ts';
import { followTicks, publishTicks } from './tick-relay.ts';

/** Routes served by the core's process (their state is the core's memory, or they change what it holds). */
const CORE_ROUTES = [/^\/api\/transparency$/, /^\/api\/lever\//, /^\/api\/follow\//, /^\/api\/wallet\/change$/, /^\/api\/admin\/contracts\//, /^\/api\/admin\/copy\//, /^\/api\/admin\/symbols/, /^\/api\/admin\/spot\/fees$/];
/** Back-office changes every process must take: the process that saved one tells the others (NOTIFY). */
const ANNOUNCED: [RegExp, Announcement][] = [
  [/^\/api\/admin\/symbols/, 'markets'],
  [/^\/api\/admin\/spot\/fees$/, 'markets'],
  [/^\/api\/admin\/contracts\/settings$/, 'contracts'],
  [/^\/api\/admin\/market-maker$/, 'market-maker'],
];
type Announcement = 'markets' | 'contracts' | 'market-maker';
const ANNOUNCE_CHANNEL = 'fairex_cluster';

export const isCoreRoute = (url: string) => CORE_ROUTES.some((route) => route.test(url.split('?')[0]!));

export type ClusterParts = {
  database: Database;
  cluster: Cluster;
  feed: FollowableFeed;
  markets: Markets;
  ticks: IndexTickStore;
  spot: SpotService;
  contracts: ContractService;
  jobs: JobScheduler;
  /** The core was taken over by another process while this one held it: it must stop now. */
  onCoreLost: () => void;
  /** A tick the core relayed, as this process takes it (metrics: the relay's lag). */
  onRelayed?: (tick: RecordedTick) => void;
  onError: (error: unknown) => void;
};

/** Whether this process leads now (set as it starts taking the core, before its feed runs). */
export function coreState() {
  return { leading: false };
}

/** The relay of recorded ticks, in their order (a NOTIFY per stored batch). */
export function tickPublisher(database: Database, onError: (error: unknown) => void) {
  let publishing: Promise<void> = Promise.resolve();
  return (batch: RecordedTick[]) => {
    publishing = publishing.then(() => publishTicks(database.db, batch)).catch(onError);
  };
}

/** The lease handlers (cluster.ts) and what a follower listens to; answers the function that stops listening. */
export async function wireCluster(app: FastifyInstance, parts: ClusterParts, state: { leading: boolean }): Promise<{ handlers: LeaseHandlers; stop: () => Promise<void> }> {
  const { cluster, feed, markets, ticks, spot, contracts, jobs, onError } = parts;
  const symbolName = (id: number) => spot.symbols.find((s) => s.id === id)?.symbol;
  markets.owns = (symbol) => {
    const spotSymbol = spot.symbols.find((s) => s.symbol === symbol);
    return spotSymbol && spot.hasMarket(spotSymbol.id) ? spot.holds(spotSymbol.id) : state.leading;
  };

  const stopTicks = await followTicks(
    parts.database,
    (batch) => {
      if (state.leading) return;
      for (const tick of batch) {
        feed.relay(tick);
        ticks.ingest([tick]);
        parts.onRelayed?.(tick);
      }
    },
    // Ticks missed while deaf would leave a hole that `at` and `firstAfter` answer from memory: the
    // database answers until the next relayed tick.
    () => state.leading || ticks.forgetRecent(),
    onError,
  );
  const stopAnnouncements = await listen(parts.database, ANNOUNCE_CHANNEL, {
    notified: (topic) => void take(topic as Announcement).catch(onError),
    live: () => {},
  });
  async function take(topic: Announcement) {
    if (topic === 'markets') {
      await markets.reload();
      await spot.sync();
    } else if (topic === 'contracts') await contracts.reloadSymbols();
    else if (topic === 'market-maker') spot.marketMaker?.configure(marketMakerConfigOf(await readSetting(parts.database.db, MARKET_MAKER_SETTING)));
  }
  app.addHook('onResponse', async (request, reply) => {
    if (request.method === 'GET' || reply.statusCode !== 200) return;
    const topic = ANNOUNCED.find(([route]) => route.test(request.url.split('?')[0]!))?.[1];
    if (topic) await parts.database.db.execute(sql`select pg_notify(${ANNOUNCE_CHANNEL}, ${topic})`).catch(onError);
  });

  const handlers: LeaseHandlers = {
    names: () => [CORE_LEASE, ...spot.symbolIds().map(spotLease)],
    async adopt(name, epoch) {
      const symbolId = symbolOfLease(name);
      if (symbolId === undefined) {
        state.leading = true;
        await contracts.rebuild();
        ticks.startRecording({ fence: holdsLease(name, cluster.memberId, epoch) });
        markets.start();
        jobs.start();
        return;
      }
      await spot.adopt(symbolId, { fence: (tx) => fence(tx, name, cluster.memberId, epoch) });
      const symbol = symbolName(symbolId);
      if (symbol) await markets.adopt(symbol);
    },
    async release(name) {
      const symbolId = symbolOfLease(name);
      if (symbolId === undefined) {
        await jobs.stop();
        await markets.stop();
        await ticks.stop();
        await contracts.settled();
        state.leading = false;
        return;
      }
      await spot.release(symbolId);
      await markets.settled();
    },
    lost(name) {
      const symbolId = symbolOfLease(name);
      if (symbolId === undefined) parts.onCoreLost();
      else spot.lost(symbolId);
    },
    onError,
  };
  return {
    handlers,
    stop: async () => {
      await stopTicks();
      await stopAnnouncements();
    },
  };
}

/** Forwards the core's routes to its process (a preValidation hook: the body is parsed, nothing else ran). */
export function forwardCoreRoutes(cluster: Cluster) {
  return async (request: FastifyRequest, reply: Parameters<typeof forwarded>[2]) => {
    if (!isCoreRoute(request.url)) return;
    if (await forwarded(cluster, request, reply, CORE_LEASE)) return reply;
  };
}
