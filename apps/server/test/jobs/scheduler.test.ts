// Proves the job scheduler's promises on a real database with a moved clock: a due job runs exactly
// once even with two schedulers racing for it; a failing job's writes are undone and it is retried
// later with a growing delay (and left as failed after the last attempt); an overdue recurring job runs
// once after downtime, not once per missed period; the loop stops with the app. The retry delay and
// the next due time are pure rules with worked examples.
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import {
  JOB_ATTEMPTS_MAX,
  JobScheduler,
  RECURRING_KEY,
  nextRunAtMs,
  retryDelayMs,
  scheduleJob,
} from '../../src/jobs/scheduler.ts';
import { jobs } from '../../src/jobs/tables.ts';
import { settings } from '../../src/site/tables.ts';
import { openTestDatabase } from '../support/db.ts';

let database: Database;
let dispose: () => Promise<void>;
beforeAll(async () => {
  ({ database, dispose } = await openTestDatabase());
});
afterAll(() => dispose());
beforeEach(async () => {
  await database.db.delete(jobs);
  await database.db.delete(settings).where(like(settings.key, 'job-test:%'));
});

const T0 = Date.parse('2026-11-23T10:00:00Z');
/** A clock the test moves. */
function testClock(start = T0) {
  let now = start;
  return { now: () => now, set: (ms: number) => (now = ms) };
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const jobRow = async (name: string) => (await database.db.select().from(jobs).where(eq(jobs.name, name)))[0]!;

describe('retry delay', () => {
  it('doubles from the base with each failure and stops at the maximum', () => {
    expect(retryDelayMs(1, 5_000, 60_000)).toBe(5_000);
    expect(retryDelayMs(2, 5_000, 60_000)).toBe(10_000);
    expect(retryDelayMs(3, 5_000, 60_000)).toBe(20_000);
    expect(retryDelayMs(4, 5_000, 60_000)).toBe(40_000);
    expect(retryDelayMs(5, 5_000, 60_000)).toBe(60_000);
    expect(retryDelayMs(40, 5_000, 60_000)).toBe(60_000);
  });
});

describe('next due time of a recurring job', () => {
  it('is one period later when the job ran on time', () => {
    expect(nextRunAtMs(1_000, 60_000, 1_000)).toBe(61_000);
    expect(nextRunAtMs(1_000, 60_000, 30_000)).toBe(61_000);
  });
  it('is the first tick after now when ticks were missed, keeping the schedule', () => {
    // Due at 0:01, every minute, run at 0:10:30: ticks 0:02 .. 0:10 are skipped, the next is 0:11:01.
    expect(nextRunAtMs(1_000, 60_000, 630_000)).toBe(661_000);
    // Run exactly on a later tick: the next tick, never now.
    expect(nextRunAtMs(1_000, 60_000, 121_000)).toBe(181_000);
  });
});

describe('job scheduler', () => {
  it('runs a due job exactly once when two schedulers race for it', async () => {
    const runs: string[] = [];
    const handler = (who: string) => async (tx: Parameters<Parameters<JobScheduler['handle']>[1]>[0], job: { key: string }) => {
      runs.push(`${who}:${job.key}`);
      await sleep(20);
      await tx.insert(settings).values({ key: `job-test:${job.key}`, value: who });
    };
    const clock = testClock();
    const first = new JobScheduler(database.db, { now: clock.now }).handle('race', handler('first'));
    const second = new JobScheduler(database.db, { now: clock.now }).handle('race', handler('second'));
    const JOB_COUNT = 10;
    for (let i = 0; i < JOB_COUNT; i++) await scheduleJob(database.db, { name: 'race', key: `k${i}`, runAt: new Date(T0 - 1) });
    // Scheduling again is idempotent.
    await scheduleJob(database.db, { name: 'race', key: 'k0', runAt: new Date(T0 - 1) });

    const [a, b] = await Promise.all([first.runDue(), second.runDue()]);
    expect(a + b).toBe(JOB_COUNT);
    expect(runs.map((r) => r.split(':')[1]).sort()).toEqual(Array.from({ length: JOB_COUNT }, (_, i) => `k${i}`).sort());
    const rows = await database.db.select().from(jobs).where(eq(jobs.name, 'race'));
    expect(rows.map((r) => r.status)).toEqual(Array(JOB_COUNT).fill('done'));
    expect(rows.every((r) => r.attempts === 1 && r.doneAt?.getTime() === T0)).toBe(true);
    const written = await database.db.select().from(settings).where(like(settings.key, 'job-test:%'));
    expect(written).toHaveLength(JOB_COUNT);
    // Nothing is due any more.
    expect(await first.runDue()).toBe(0);
  });

  it('leaves a job alone before its due time', async () => {
    const clock = testClock();
    let runs = 0;
    const scheduler = new JobScheduler(database.db, { now: clock.now }).handle('later', async () => {
      runs += 1;
    });
    await scheduleJob(database.db, { name: 'later', key: 'one', runAt: new Date(T0 + 60_000) });
    expect(await scheduler.runDue()).toBe(0);
    clock.set(T0 + 60_000);
    expect(await scheduler.runDue()).toBe(1);
    expect(runs).toBe(1);
  });

  it('undoes a failed attempt and retries it later with a growing delay', async () => {
    const clock = testClock();
    const errors: unknown[] = [];
    let calls = 0;
    const scheduler = new JobScheduler(database.db, { now: clock.now, onError: (error) => errors.push(error) }).handle('flaky', async (tx, job) => {
      calls += 1;
      await tx.insert(settings).values({ key: `job-test:flaky-${calls}`, value: calls });
      if (calls <= 2) throw new Error(`attempt ${calls} failed`);
    });
    await scheduleJob(database.db, { name: 'flaky', key: 'one', runAt: new Date(T0) });

    expect(await scheduler.runDue()).toBe(1);
    let row = await jobRow('flaky');
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: 'attempt 1 failed' });
    expect(row.runAt.getTime()).toBe(T0 + retryDelayMs(1));
    // The failed attempt's write was rolled back with it.
    expect(await database.db.select().from(settings).where(like(settings.key, 'job-test:%'))).toEqual([]);

    clock.set(T0 + retryDelayMs(1) - 1);
    expect(await scheduler.runDue()).toBe(0);
    clock.set(T0 + retryDelayMs(1));
    expect(await scheduler.runDue()).toBe(1);
    row = await jobRow('flaky');
    expect(row).toMatchObject({ status: 'pending', attempts: 2, lastError: 'attempt 2 failed' });
    expect(row.runAt.getTime()).toBe(T0 + retryDelayMs(1) + retryDelayMs(2));
    expect(retryDelayMs(2)).toBe(2 * retryDelayMs(1));

    clock.set(row.runAt.getTime());
    expect(await scheduler.runDue()).toBe(1);
    row = await jobRow('flaky');
    expect(row).toMatchObject({ status: 'done', attempts: 3 });
    expect(errors).toHaveLength(2);
    const written = await database.db.select().from(settings).where(like(settings.key, 'job-test:%'));
    expect(written.map((r) => r.key)).toEqual(['job-test:flaky-3']);
  });

  it('leaves a one-off job as failed after the last attempt', async () => {
    const clock = testClock();
    const scheduler = new JobScheduler(database.db, { now: clock.now }).handle('broken', async () => {
      throw new Error('always');
    });
    await scheduleJob(database.db, { name: 'broken', key: 'one', runAt: new Date(T0) });
    for (let attempt = 1; attempt <= JOB_ATTEMPTS_MAX; attempt++) {
      expect(await scheduler.runDue()).toBe(1);
      clock.set(clock.now() + retryDelayMs(attempt));
    }
    expect(await jobRow('broken')).toMatchObject({ status: 'failed', attempts: JOB_ATTEMPTS_MAX, lastError: 'always' });
    clock.set(clock.now() + 365 * 24 * 3600_000);
    expect(await scheduler.runDue()).toBe(0);
  });

  it('runs an overdue recurring job once after downtime, then on its schedule', async () => {
    const EVERY_MS = 60_000;
    const clock = testClock();
    const runs: number[] = [];
    const make = () =>
      new JobScheduler(database.db, { now: clock.now }).every('tick', EVERY_MS, async (_tx, _job, now) => {
        runs.push(now.getTime());
      });
    expect(await make().runDue()).toBe(1);
    expect(runs).toEqual([T0]);
    let row = await jobRow('tick');
    expect(row).toMatchObject({ key: RECURRING_KEY, status: 'pending', everyMs: EVERY_MS });
    expect(row.runAt.getTime()).toBe(T0 + EVERY_MS);

    // Down for ten and a half periods; a new process (a new scheduler) starts.
    clock.set(T0 + 10.5 * EVERY_MS);
    const restarted = make();
    expect(await restarted.runDue()).toBe(1);
    expect(await restarted.runDue()).toBe(0);
    expect(runs).toEqual([T0, T0 + 10.5 * EVERY_MS]);
    row = await jobRow('tick');
    expect(row.runAt.getTime()).toBe(T0 + 11 * EVERY_MS);
    expect(await database.db.select().from(jobs).where(eq(jobs.name, 'tick'))).toHaveLength(1);

    clock.set(T0 + 11 * EVERY_MS);
    expect(await restarted.runDue()).toBe(1);
    expect(runs).toHaveLength(3);
  });

  it('stores every recurring job in one row each, taking over a changed period', async () => {
    const make = (tickMs: number) =>
      new JobScheduler(database.db, { now: () => T0 }).every('tick', tickMs, async () => {}).every('tock', 30_000, async () => {});
    await make(60_000).runDue();
    await make(120_000).runDue();
    const rows = await database.db.select().from(jobs);
    expect(rows.map((r) => [r.name, r.key, r.everyMs]).sort()).toEqual([
      ['tick', RECURRING_KEY, 120_000],
      ['tock', RECURRING_KEY, 30_000],
    ]);
  });

  it('lets waiting I/O callbacks run between two jobs of one pass', async () => {
    // On the embedded database a query never waits on a socket: without a turn of the event loop between
    // jobs, a request arriving during a pass (the first ones after a restart) would wait for the whole pass.
    const order: string[] = [];
    const scheduler = new JobScheduler(database.db).handle('turn', async (_tx, job) => {
      if (job.key === 'a') setImmediate(() => order.push('callback'));
      order.push(job.key);
    });
    for (const key of ['a', 'b']) await scheduleJob(database.db, { name: 'turn', key, runAt: new Date(Date.now() - 1) });
    expect(await scheduler.runDue()).toBe(2);
    expect(order).toEqual(['a', 'callback', 'b']);
  });

  it('runs due jobs from its loop and runs none after stop', async () => {
    let runs = 0;
    const scheduler = new JobScheduler(database.db, { pollIntervalMs: 10 }).handle('looped', async () => {
      runs += 1;
    });
    await scheduleJob(database.db, { name: 'looped', key: 'first', runAt: new Date(Date.now() - 1) });
    scheduler.start();
    await expect.poll(() => runs, { timeout: 5_000 }).toBe(1);
    await scheduler.stop();
    await scheduleJob(database.db, { name: 'looped', key: 'second', runAt: new Date(Date.now() - 1) });
    await sleep(100);
    expect(runs).toBe(1);
    expect((await database.db.select().from(jobs).where(eq(jobs.key, 'second')))[0]?.status).toBe('pending');
  });
});
