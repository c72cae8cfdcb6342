/**
 * Time a test moves by hand, the edge the product tests steer instead of waiting: the app, the services
 * and the test's job schedulers all read `clock.now`.
 */
import { DAY_MS } from '@fairex/contract';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { JobScheduler } from '../../src/jobs/scheduler.ts';
import { makeTestApp, type TestApp } from './app.ts';

/** How far apart the tests of one file start: far enough that one test's days, products and ticks never meet another's. */
export const TEST_SPACING_MS = 30 * DAY_MS;

export class TestClock {
  /** What the app, the services and the schedulers read as now; a test sets it. */
  now: number;
  /** When the current test started. */
  testStart: number;

  constructor(start: number) {
    this.now = start;
    this.testStart = start;
  }

  /** Starts the next test TEST_SPACING_MS after the previous one started, at the same time of day. */
  nextTest(): number {
    this.testStart += TEST_SPACING_MS;
    this.now = this.testStart;
    return this.testStart;
  }
}

/** A test app whose clock starts at `start` and moves only when the test sets `clock.now`. */
export async function makeClockedApp(start: number) {
  const clock = new TestClock(start);
  const now = () => clock.now;
  const test = await makeTestApp({}, { clock: now });
  return { test, clock, now };
}

/**
 * A fresh job scheduler on the test's database and clock with one service's jobs: another process, or
 * the same one after a restart.
 */
export function testScheduler(test: TestApp, now: () => number, service: { register(jobs: JobScheduler): void }) {
  const jobs = new JobScheduler(test.db, { now });
  service.register(jobs);
  return jobs;
}

/**
 * A test file's rig, opened by `open` before its tests and closed after them, each test started by
 * clock.nextTest(). The answer is filled in by the beforeAll hook, so a file can keep it in a const.
 */
export function useRig<Rig extends { clock: TestClock; close(): Promise<void> }>(open: () => Promise<Rig>): Rig {
  const rig = {} as Rig;
  beforeAll(async () => {
    Object.assign(rig, await open());
  });
  afterAll(() => rig.close());
  beforeEach(() => {
    rig.clock.nextTest();
  });
  return rig;
}
