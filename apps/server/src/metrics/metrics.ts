/**
 * Prometheus metrics of one app (prom-client, its own registry: tests build several apps in a process).
 * Counters and histograms are fed where the work happens (requests, spot batches, jobs); gauges are read
 * from their sources at scrape time, so a scrape shows the state now and costs nothing between scrapes.
 * Served at GET /metrics behind METRICS_TOKEN (metrics/routes.ts). Names are fairex_*; the alert rules
 * and the Grafana dashboard in ops/ use them.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** What the gauges read at scrape time. */
export type MetricSources = {
  /** Each symbol's latest recorded index tick time (ms), undefined before its first. */
  tickTimes: () => { symbol: string; time: number | undefined }[];
  /** The spot symbols whose writer is stale (refusing orders). */
  staleWriters: () => string[];
  /** Commands queued per spot symbol, not yet in a batch. */
  queueDepths: () => { symbol: string; depth: number }[];
  /** This process's part in a cluster (cluster/cluster.ts view): live members, leases held here. */
  cluster?: () => { members: number; held: string[] };
  now: () => number;
};

export class Metrics {
  readonly registry = new Registry();
  readonly httpRequests: Counter<'method' | 'route' | 'status'>;
  readonly httpSeconds: Histogram<'method' | 'route'>;
  readonly spotBatchCommands: Histogram<'symbol'>;
  readonly spotBatchSeconds: Histogram<'symbol'>;
  readonly spotCommands: Counter<'symbol'>;
  readonly jobRuns: Counter<'job' | 'result'>;
  /** From a tick's time to its `ticker` event going to realtime (the core's process). */
  readonly tickerLag: Histogram;
  /** From a tick's time to another process of the cluster holding it (tick relay). */
  readonly tickRelayLag: Histogram;
  private readonly auditOk: Gauge;
  private readonly auditLastRun: Gauge;
  private realtimeClients: () => number = () => 0;

  constructor(sources: MetricSources) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry, prefix: 'fairex_' });
    this.httpRequests = new Counter({ name: 'fairex_http_requests_total', help: 'HTTP answers by method, route pattern and status', labelNames: ['method', 'route', 'status'], registers });
    this.httpSeconds = new Histogram({
      name: 'fairex_http_request_duration_seconds',
      help: 'HTTP answer time by method and route pattern',
      labelNames: ['method', 'route'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers,
    });
    this.spotBatchCommands = new Histogram({ name: 'fairex_spot_batch_commands', help: 'Commands (orders and cancels) per committed spot batch', labelNames: ['symbol'], buckets: [1, 2, 4, 8, 16, 32, 64, 128, 256, 512], registers });
    this.spotBatchSeconds = new Histogram({
      name: 'fairex_spot_batch_commit_seconds',
      help: 'Time from a spot batch planned to its transaction committed',
      labelNames: ['symbol'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
      registers,
    });
    this.spotCommands = new Counter({ name: 'fairex_spot_commands_total', help: 'Spot commands committed, by symbol (rate: orders per second)', labelNames: ['symbol'], registers });
    const lagBuckets = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
    this.tickerLag = new Histogram({ name: 'fairex_ticker_publish_lag_seconds', help: 'From an index tick to its ticker event reaching realtime', buckets: lagBuckets, registers });
    this.tickRelayLag = new Histogram({ name: 'fairex_tick_relay_lag_seconds', help: "From an index tick to this process holding it (the cluster core's relay)", buckets: lagBuckets, registers });
    this.auditOk = new Gauge({ name: 'fairex_ledger_audit_ok', help: 'Whether the last ledger audit run by this process passed every check (1) or not (0)', registers });
    this.auditLastRun = new Gauge({ name: 'fairex_ledger_audit_last_run_timestamp_seconds', help: 'When this process last ran the ledger audit (0: never)', registers });
    const cluster = sources.cluster;
    new Gauge({
      name: 'fairex_cluster_members',
      help: 'Live server processes of the cluster, as this process last read them (1 alone)',
      registers,
      collect() {
        this.set(cluster?.().members ?? 1);
      },
    });
    new Gauge({
      name: 'fairex_cluster_leases_held',
      help: "Leases this process holds ('core', 'spot:<symbol id>'): 1 each",
      labelNames: ['lease'],
      registers,
      collect() {
        this.reset();
        for (const lease of cluster?.().held ?? ['core']) this.set({ lease }, 1);
      },
    });
    this.jobRuns = new Counter({ name: 'fairex_job_runs_total', help: 'Scheduled job runs by job name and result (done or failed)', labelNames: ['job', 'result'], registers });
    new Gauge({
      name: 'fairex_index_tick_age_seconds',
      help: "Age of each symbol's latest recorded index tick (absent before its first)",
      labelNames: ['symbol'],
      registers,
      collect() {
        this.reset();
        const now = sources.now();
        for (const { symbol, time } of sources.tickTimes()) if (time !== undefined) this.set({ symbol }, Math.max(0, (now - time) / 1000));
      },
    });
    new Gauge({
      name: 'fairex_spot_writer_stale',
      help: '1 for a spot symbol whose writer is stale (refusing orders until its book is rebuilt)',
      labelNames: ['symbol'],
      registers,
      collect() {
        this.reset();
        for (const symbol of sources.staleWriters()) this.set({ symbol }, 1);
      },
    });
    new Gauge({
      name: 'fairex_spot_queue_depth',
      help: 'Spot commands waiting for a batch, by symbol',
      labelNames: ['symbol'],
      registers,
      collect() {
        for (const { symbol, depth } of sources.queueDepths()) this.set({ symbol }, depth);
      },
    });
    const clients = () => this.realtimeClients();
    new Gauge({
      name: 'fairex_realtime_clients',
      help: 'Realtime (socket.io) connections to this process',
      registers,
      collect() {
        this.set(clients());
      },
    });
  }

  /** A committed spot batch (spot/writer.ts onCommitted). */
  batchCommitted(symbol: string, commands: number, seconds: number) {
    this.spotBatchCommands.observe({ symbol }, commands);
    this.spotBatchSeconds.observe({ symbol }, seconds);
    this.spotCommands.inc({ symbol }, commands);
  }

  /** An answered request, by its route's pattern (an unknown path counts as "unmatched", not as itself). */
  requestAnswered(method: string, route: string | undefined, status: number, seconds: number) {
    const labels = { method, route: route ?? 'unmatched' };
    this.httpRequests.inc({ ...labels, status: String(status) });
    this.httpSeconds.observe(labels, seconds);
  }

  /** A ledger audit finished (the periodic job, or an operator's run). */
  ledgerAudited(ok: boolean, at: number) {
    this.auditOk.set(ok ? 1 : 0);
    this.auditLastRun.set(at / 1000);
  }

  /** The realtime server starts after the app (main.ts): its client count is read from then on. */
  countRealtimeClients(count: () => number) {
    this.realtimeClients = count;
  }
}
