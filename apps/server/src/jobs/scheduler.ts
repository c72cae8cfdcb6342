/**
 * The job scheduler (DESIGN.md, "Time, jobs and demo data"): scheduled work is a row of `jobs` with a
 * due time. A loop claims one due row at a time with FOR UPDATE SKIP LOCKED, runs its handler inside
 * the same transaction, and marks it done there (a recurring job moves to its next due time instead),
 * so the work and its "done" commit together: with several schedulers on one database a job runs
 * exactly once, and after downtime an overdue recurring job runs once, not once per missed period.
 * A handler that throws is rolled back to a savepoint and the row, still locked, records the failure
 * and a later due time (exponential backoff). Time comes from an injectable clock.
 */
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../db/client.ts';
import { jobs } from './tables.ts';

/** Milliseconds since the epoch; tests pass their own to move time. */
export type Clock = () => number;

/** How often the loop looks for due jobs. */
export const JOB_POLL_INTERVAL_MS = 1_000;
/** Jobs one pass of the loop runs at most, so one pass cannot run forever. */
export const JOBS_PER_PASS_MAX = 50;
/** A one-off job that failed this many times is left as failed (a recurring job keeps its schedule). */
export const JOB_ATTEMPTS_MAX = 8;
/** The first retry waits this long; each further failure doubles it, up to JOB_RETRY_DELAY_MAX_MS. */
export const JOB_RETRY_DELAY_BASE_MS = 5_000;
export const JOB_RETRY_DELAY_MAX_MS = 60 * 60_000;
/** The stored error message is cut to this length. */
export const JOB_ERROR_LENGTH_MAX = 2_000;

/** What a failure records: the cause first (a failed query's own message sits behind the query text), cut to JOB_ERROR_LENGTH_MAX. */
export function errorText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : undefined;
  return (cause ? `${cause} (${message})` : message).slice(0, JOB_ERROR_LENGTH_MAX);
}
/** The key of a recurring job's one row. */
export const RECURRING_KEY = 'recurring';

export type Job = { id: number; name: string; key: string; payload: unknown; attempts: number; runAt: Date; everyMs: number | null };
/** A job's work: every write goes through `tx`, the transaction that also marks the job done. */
export type JobHandler = (tx: Tx, job: Job, now: Date) => Promise<void>;

/** The wait before the next attempt after `failures` failures in a row: base x 2^(failures - 1), capped. */
export function retryDelayMs(failures: number, baseMs = JOB_RETRY_DELAY_BASE_MS, maxMs = JOB_RETRY_DELAY_MAX_MS): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, failures - 1));
}

/**
 * A recurring job's next due time after it ran at `nowMs`: the first tick of its schedule (its due time
 * plus whole periods) after now. Ticks missed while the server was down are skipped, not replayed.
 */
export function nextRunAtMs(dueMs: number, everyMs: number, nowMs: number): number {
  const periods = Math.max(1, Math.floor((nowMs - dueMs) / everyMs) + 1);
  return dueMs + periods * everyMs;
}

/**
 * Adds a one-off job due at `runAt`, in the caller's transaction (so it exists exactly when the business
 * row that needs it does). Scheduling the same (name, key) again does nothing.
 */
export async function scheduleJob(db: Executor, job: { name: string; key: string; runAt: Date; payload?: unknown }) {
  await db
    .insert(jobs)
    .values({ name: job.name, key: job.key, runAt: job.runAt, payload: job.payload ?? {} })
    .onConflictDoNothing({ target: [jobs.name, jobs.key] });
}

export type SchedulerOptions = {
  now?: Clock;
  pollIntervalMs?: number;
  /** Told about every failed attempt (the job is retried or, past the attempts, left as failed). */
  onError?: (error: unknown, job: Job) => void;
  /** Told after every run, done or failed (metrics). */
  onRun?: (job: Job, result: 'done' | 'failed') => void;
};

type Outcome = 'none' | 'done' | 'failed';

export class JobScheduler {
  private readonly handlers = new Map<string, JobHandler>();
  private readonly recurring = new Map<string, number>();
  private readonly now: Clock;
  private recurringStored = false;
  private timer: NodeJS.Timeout | undefined;
  private pass: Promise<void> | undefined;
  private running = false;

  constructor(
    private readonly db: Db,
    private readonly options: SchedulerOptions = {},
  ) {
    this.now = options.now ?? Date.now;
  }

  /** Registers the handler of one-off jobs named `name` (scheduled with scheduleJob). */
  handle(name: string, handler: JobHandler): this {
    if (this.handlers.has(name)) throw new Error(`job ${name} is registered twice`);
    this.handlers.set(name, handler);
    return this;
  }

  /** Registers a recurring job: due at the first pass, then every `everyMs`. */
  every(name: string, everyMs: number, handler: JobHandler): this {
    if (!Number.isInteger(everyMs) || everyMs <= 0) throw new Error(`job ${name}: everyMs must be a positive integer`);
    this.handle(name, handler);
    this.recurring.set(name, everyMs);
    this.recurringStored = false;
    return this;
  }

  /** The names of the registered jobs. */
  names(): string[] {
    return [...this.handlers.keys()];
  }

  /** Starts the loop: a pass now, then one every poll interval until stop(). */
  start() {
    if (this.running) return;
    this.running = true;
    const loop = async () => {
      try {
        await this.runDue();
      } catch (error) {
        // The database was unreachable for a moment: the next pass tries again.
        this.options.onError?.(error, { id: 0, name: '(scheduler)', key: '', payload: {}, attempts: 0, runAt: new Date(this.now()), everyMs: null });
      }
      if (!this.running) return;
      this.timer = setTimeout(() => {
        this.pass = loop();
      }, this.options.pollIntervalMs ?? JOB_POLL_INTERVAL_MS);
      this.timer.unref();
    };
    this.pass = loop();
  }

  /** Stops the loop and waits for the pass under way, so no job runs after the app closes. */
  async stop() {
    this.running = false;
    clearTimeout(this.timer);
    await this.pass;
  }

  /** Runs the jobs due now, one transaction each, up to JOBS_PER_PASS_MAX; answers how many ran (done or failed). */
  async runDue(): Promise<number> {
    await this.storeRecurring();
    let ran = 0;
    while (ran < JOBS_PER_PASS_MAX) {
      const outcome = await this.runOne();
      if (outcome === 'none') break;
      ran += 1;
      // A turn of the event loop between jobs: on the embedded database a query never waits on a socket,
      // so without it a request arriving during a pass (the first ones after a restart) waits for all of it.
      await new Promise((resolve) => setImmediate(resolve));
    }
    return ran;
  }

  /** Each recurring job has one row, due now when it is new; a changed period is taken over. */
  private async storeRecurring() {
    if (this.recurringStored || this.recurring.size === 0) return;
    const runAt = new Date(this.now());
    // One statement for all of them (a start registers a couple of dozen).
    await this.db
      .insert(jobs)
      .values([...this.recurring].map(([name, everyMs]) => ({ name, key: RECURRING_KEY, runAt, everyMs })))
      .onConflictDoUpdate({ target: [jobs.name, jobs.key], set: { everyMs: sql`excluded.every_ms`, status: 'pending' } });
    this.recurringStored = true;
  }

  /** Claims the oldest due job nobody else holds, runs it and records the outcome, all in one transaction. */
  private runOne(): Promise<Outcome> {
    return this.db.transaction(async (tx) => {
      const now = new Date(this.now());
      const [row] = await tx
        .select()
        .from(jobs)
        .where(and(eq(jobs.status, 'pending'), lte(jobs.runAt, now)))
        .orderBy(asc(jobs.runAt), asc(jobs.id))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!row) return 'none';
      const job: Job = { id: row.id, name: row.name, key: row.key, payload: row.payload, attempts: row.attempts, runAt: row.runAt, everyMs: row.everyMs };
      try {
        const handler = this.handlers.get(job.name);
        if (!handler) throw new Error(`no handler for job ${job.name}`);
        // A savepoint: a failing handler's writes are undone while the row stays claimed.
        await tx.transaction((work) => handler(work, job, now));
      } catch (error) {
        await this.recordFailure(tx, job, now, error);
        this.options.onError?.(error, job);
        this.options.onRun?.(job, 'failed');
        return 'failed';
      }
      if (job.everyMs !== null) {
        const runAt = new Date(nextRunAtMs(job.runAt.getTime(), job.everyMs, now.getTime()));
        await tx.update(jobs).set({ runAt, attempts: 0, lastError: null, doneAt: now }).where(eq(jobs.id, job.id));
      } else {
        await tx.update(jobs).set({ status: 'done', attempts: sql`${jobs.attempts} + 1`, doneAt: now }).where(eq(jobs.id, job.id));
      }
      this.options.onRun?.(job, 'done');
      return 'done';
    });
  }

  private async recordFailure(tx: Tx, job: Job, now: Date, error: unknown) {
    const failures = job.attempts + 1;
    const lastError = errorText(error);
    const givenUp = job.everyMs === null && failures >= JOB_ATTEMPTS_MAX;
    await tx
      .update(jobs)
      .set(
        givenUp
          ? { status: 'failed', attempts: failures, lastError, doneAt: now }
          : { attempts: failures, lastError, runAt: new Date(now.getTime() + retryDelayMs(failures)) },
      )
      .where(eq(jobs.id, job.id));
  }
}
