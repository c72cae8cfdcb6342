/**
 * The server's one clock (DESIGN.md, "Time, jobs and demo data"): the price feed stamps its ticks with
 * it, and the scheduler, options, contracts and wealth products read it, so a test can move time for
 * all of them at once instead of waiting. Production reads the system clock; only a test start
 * (NODE_ENV=test with TEST_CLOCK=1) gets a clock that POST /api/test/clock moves forward.
 */

/** Milliseconds since the epoch. */
export type Clock = () => number;

export const systemClock: Clock = () => Date.now();

/** The system clock plus an offset that only grows: time moved forward never runs back. */
export class MovableClock {
  private offsetMs = 0;
  readonly now: Clock = () => Date.now() + this.offsetMs;

  advance(ms: number): number {
    if (!Number.isInteger(ms) || ms < 0) throw new Error(`the clock moves forward by whole milliseconds, not ${ms}`);
    this.offsetMs += ms;
    return this.now();
  }
}
