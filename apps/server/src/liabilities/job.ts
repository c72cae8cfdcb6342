/**
 * When snapshots are taken: daily at LIABILITIES_DAILY_AT_MS past midnight UTC (once per UTC day,
 * checked every minute, so a process that was down takes the day's as soon as it runs), on an admin's
 * demand, and at a development start when none exists yet and the daily one is not due. In development
 * every snapshot is marked demo (its balances are demo data).
 */
import { DAY_MS, utcDay } from '@fairex/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { JobScheduler } from '../jobs/scheduler.ts';
import { snapshotRow } from './repository.ts';
import { takeSnapshot } from './snapshot.ts';
import { polSnapshots, type PolReason } from './tables.ts';

export const LIABILITIES_JOB = 'liabilities.daily_snapshot';
/** 00:05 UTC: the day's tick-chain and operator-log heads are final by then. */
export const LIABILITIES_DAILY_AT_MS = 5 * 60_000;
export const LIABILITIES_CHECK_EVERY_MS = 60_000;

/** Whether the daily snapshot of `now`'s UTC day is due: past the set time and none taken yet. Pure. */
export const dailySnapshotDue = (now: number, takenToday: boolean) => !takenToday && now % DAY_MS >= LIABILITIES_DAILY_AT_MS;

export class Snapshots {
  private running: Promise<number> | undefined;

  constructor(
    private readonly db: Db,
    private readonly options: { now: () => number; markOf: (symbol: string) => string | undefined; demo: boolean; onError: (error: unknown) => void },
  ) {}

  /** Takes one now; undefined when one is already under way in this process. */
  async take(reason: PolReason, operatorId?: number): Promise<number | undefined> {
    if (this.running) return undefined;
    this.running = takeSnapshot(this.db, { reason, now: this.options.now(), markOf: this.options.markOf, operatorId, demo: this.options.demo });
    try {
      return await this.running;
    } finally {
      this.running = undefined;
    }
  }

  /** Waits for a snapshot under way (closing the app). */
  async settled() {
    await this.running?.catch(() => undefined);
  }

  register(jobs: JobScheduler) {
    // The job only decides; the snapshot runs beside it in its own repeatable-read transaction (the
    // embedded database has one connection, which the job's transaction holds until it returns).
    jobs.every(LIABILITIES_JOB, LIABILITIES_CHECK_EVERY_MS, async (tx) => {
      const now = this.options.now();
      const [taken] = await tx
        .select({ id: polSnapshots.id })
        .from(polSnapshots)
        .where(and(eq(polSnapshots.day, utcDay(now)), eq(polSnapshots.reason, 'daily')))
        .limit(1);
      if (dailySnapshotDue(now, taken !== undefined)) this.take('daily').catch(this.options.onError);
    });
  }

  /** Development: a first snapshot so the screens have one on a fresh install (unless the daily job is about to take it). */
  async atStart() {
    if (dailySnapshotDue(this.options.now(), false)) return;
    if (!(await snapshotRow(this.db))) await this.take('start');
  }
}
